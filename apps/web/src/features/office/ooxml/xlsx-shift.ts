import { child, descendants, elements, setText, textOf, type OoxmlPackage } from './package';
import { anchorDelta, cellOf, shiftRefs, translate } from './refs';

/** What of a workbook this needs (xlsx.ts's Workbook and Sheet have it; not imported, as xlsx.ts imports this). */
interface Workbook {
  pkg: OoxmlPackage;
  sheets: Sheet[];
}
interface Sheet {
  name: string;
  path: string;
}

// What else in a .xlsx refers to cells, moved when rows or columns are inserted or deleted (as Excel does):
// conditional formats and data validations (their ranges and formulas, in every sheet and in the x14 extensions),
// defined names (print areas and filters among them), chart series, hyperlinks, the sheet's auto-filter, its tables
// (xl/tables: their range, filter and columns; a deleted header row's names written into the row that replaces it),
// its pivot tables' locations and the source ranges of pivot caches.

type Axis = 'row' | 'col';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Where index `i` (a row or column) goes; null when it is deleted. */
const moveIndex = (i: number, at: number, count: number): number | null => (count > 0 ? (i >= at ? i + count : i) : i < at ? i : i >= at - count ? i + count : null);

/**
 * A space-separated list of ranges (sqref) on the sheet that changed: each range moved, grown or shrunk; ranges wholly
 * deleted are dropped (null when none is left). Whole-row/column ranges (A:A) are not cell ranges and stay.
 */
export function shiftSqref(sqref: string, axis: Axis, at: number, count: number): string | null {
  const out: string[] = [];
  for (const range of sqref.trim().split(/\s+/)) {
    if (!range) continue;
    const moved = shiftRefs(range, '', '', axis, at, count);
    if (moved !== '#REF!') out.push(moved);
  }
  return out.length ? out.join(' ') : null;
}

/**
 * A rule's formulas (conditional format, data validation) are written as seen from the top-left cell of its first
 * range; relative references mean "this far from the cell". When that cell moves or is deleted, the formulas are taken
 * at the cell that becomes the new top-left (where it was before), moved with the sheet, so each cell keeps its rule.
 */
function shiftAnchored(formulas: string[], oldSqref: string, newSqref: string, ownSheet: string, target: string, axis: Axis, at: number, count: number): string[] {
  const oldAnchor = cellOf(oldSqref.trim().split(/\s+/)[0]!.split(':')[0]!);
  const newAnchor = cellOf(newSqref.split(' ')[0]!.split(':')[0]!);
  // Only the changed sheet's own rules have a top-left cell that moves.
  const delta = oldAnchor && newAnchor && ownSheet.toLowerCase() === target.toLowerCase() ? anchorDelta(oldAnchor, newAnchor, axis, at, count) : { rows: 0, cols: 0 };
  return formulas.map((f) => shiftRefs(translate(f, delta.rows, delta.cols), ownSheet, target, axis, at, count));
}

/** Conditional formats (and their x14 twins) of one sheet. */
function shiftConditionalFormats(root: Element, own: string, target: string, axis: Axis, at: number, count: number): boolean {
  let changed = false;
  const onTarget = own.toLowerCase() === target.toLowerCase();
  for (const cf of descendants(root, 'conditionalFormatting')) {
    // x14 keeps the range in an <xm:sqref> child and the formulas in <xm:f>; the main one in the attribute and <formula>.
    const sqrefEl = child(cf, 'sqref');
    const sqref = sqrefEl ? textOf(sqrefEl) : (cf.getAttribute('sqref') ?? '');
    const next = onTarget ? shiftSqref(sqref, axis, at, count) : sqref;
    if (next === null) {
      cf.parentNode!.removeChild(cf);
      changed = true;
      continue;
    }
    const formulaEls = elements(cf, 'cfRule').flatMap((rule) => [...elements(rule, 'formula'), ...elements(rule, 'f'), ...descendants(rule, 'cfvo').flatMap((v) => elements(v, 'f'))]);
    const before = formulaEls.map(textOf);
    const after = shiftAnchored(before, sqref, next, own, target, axis, at, count);
    formulaEls.forEach((el, i) => {
      if (after[i] !== before[i]) setText(el, after[i]!);
    });
    if (next !== sqref) {
      if (sqrefEl) setText(sqrefEl, next);
      else cf.setAttribute('sqref', next);
    }
    changed ||= next !== sqref || after.some((f, i) => f !== before[i]);
  }
  return changed;
}

/** Data validations (and their x14 twins) of one sheet; the count attribute follows the ones left. */
function shiftValidations(root: Element, own: string, target: string, axis: Axis, at: number, count: number): boolean {
  let changed = false;
  const onTarget = own.toLowerCase() === target.toLowerCase();
  for (const list of descendants(root, 'dataValidations')) {
    for (const dv of elements(list, 'dataValidation')) {
      const sqrefEl = child(dv, 'sqref');
      const sqref = sqrefEl ? textOf(sqrefEl) : (dv.getAttribute('sqref') ?? '');
      const next = onTarget ? shiftSqref(sqref, axis, at, count) : sqref;
      if (next === null) {
        list.removeChild(dv);
        changed = true;
        continue;
      }
      const formulaEls = [...elements(dv, 'formula1'), ...elements(dv, 'formula2')].map((f) => child(f, 'f') ?? f);
      const before = formulaEls.map(textOf);
      const after = shiftAnchored(before, sqref, next, own, target, axis, at, count);
      formulaEls.forEach((el, i) => {
        if (after[i] !== before[i]) setText(el, after[i]!);
      });
      if (next !== sqref) {
        if (sqrefEl) setText(sqrefEl, next);
        else dv.setAttribute('sqref', next);
      }
      changed ||= next !== sqref || after.some((f, i) => f !== before[i]);
    }
    const left = elements(list, 'dataValidation').length;
    if (!left) list.parentNode!.removeChild(list);
    else if (list.hasAttribute('count')) list.setAttribute('count', String(left));
  }
  return changed;
}

/** Hyperlinks and the auto-filter of the sheet that changed: single cells and ranges on it. */
function shiftOwnRanges(root: Element, axis: Axis, at: number, count: number): boolean {
  let changed = false;
  const links = child(root, 'hyperlinks');
  for (const link of links ? elements(links, 'hyperlink') : []) {
    const ref = link.getAttribute('ref') ?? '';
    const next = shiftSqref(ref, axis, at, count);
    if (next === ref) continue;
    changed = true;
    if (next === null) links!.removeChild(link);
    else link.setAttribute('ref', next);
  }
  if (links && !elements(links, 'hyperlink').length) root.removeChild(links);
  const filter = child(root, 'autoFilter');
  if (filter && shiftFilter(filter, axis, at, count)) changed = true;
  return changed;
}

/**
 * An auto-filter (the sheet's or a table's): its range, its sort ranges, and the columns its filters name (colId
 * counts from the range's first column; a filter on a deleted column goes). Removed when its range is wholly deleted.
 * Whether anything changed.
 */
function shiftFilter(filter: Element, axis: Axis, at: number, count: number): boolean {
  const ref = filter.getAttribute('ref') ?? '';
  const next = ref && shiftSqref(ref, axis, at, count);
  if (next === ref) return false;
  if (next === null) {
    filter.parentNode!.removeChild(filter);
    return true;
  }
  const first = cellOf(ref.split(':')[0]!);
  const newFirst = cellOf(next.split(':')[0]!);
  if (axis === 'col' && first && newFirst) {
    for (const fc of elements(filter, 'filterColumn')) {
      const moved = moveIndex(first.col + Number(fc.getAttribute('colId') ?? 0), at, count);
      if (moved === null) filter.removeChild(fc);
      else fc.setAttribute('colId', String(moved - newFirst.col));
    }
  }
  for (const el of [...descendants(filter, 'sortState'), ...descendants(filter, 'sortCondition')]) {
    const r = el.getAttribute('ref');
    const moved = r && shiftSqref(r, axis, at, count);
    if (moved === null) el.parentNode!.removeChild(el);
    else if (moved) el.setAttribute('ref', moved);
  }
  filter.setAttribute('ref', next);
  return true;
}

/**
 * The tables (xl/tables) of the sheet that changed: their range grows, shrinks or moves like any other, their filter
 * with it, and columns inserted or deleted inside one add or remove its tableColumn entries (a new one is named
 * "ColumnN", as Excel names it). A table keeps at least one data row (Excel does, and opens no table without one); a
 * table whose every column or row is deleted is dropped with its part, relationship and content type. When the header
 * row is deleted the row below becomes the header, and its cells get the column names (Excel repairs a table whose
 * header cells differ from them). A deleted totals row turns the table's totals row off.
 */
function shiftTables(book: Workbook, sheet: Sheet, axis: Axis, at: number, count: number, setCell: SetCell): void {
  const { pkg } = book;
  for (const [id, rel] of pkg.rels(sheet.path)) {
    if (!rel.type.endsWith('/table') || !pkg.has(rel.target)) continue;
    const table = pkg.doc(rel.target).documentElement;
    const ref = table.getAttribute('ref') ?? '';
    let next = shiftSqref(ref, axis, at, count);
    if (next === ref) continue;
    if (next === null) {
      dropTable(book, sheet, id, rel.target);
      continue;
    }
    pkg.edit(rel.target);
    const [from, to] = next.split(':').map(cellOf);
    const headers = Number(table.getAttribute('headerRowCount') ?? 1);
    let totals = Number(table.getAttribute('totalsRowCount') ?? 0);
    // The totals row deleted: the table has none any more (Excel's "Total Row" turned off), rather than taking its
    // last data row for one.
    const last = cellOf(ref.split(':')[1] ?? '');
    if (axis === 'row' && totals > 0 && last && moveIndex(last.row, at, count) === null) {
      table.removeAttribute('totalsRowCount');
      totals = 0;
    }
    const rows = headers + totals + 1;
    if (from && to && to.row - from.row + 1 < rows) next = `${next.split(':')[0]}:${next.split(':')[1]!.replace(/\d+$/, String(from.row + rows))}`;
    table.setAttribute('ref', next);
    // The filter covers the table but its totals row.
    const filter = child(table, 'autoFilter');
    if (filter && shiftFilter(filter, axis, at, count) && filter.parentNode) filter.setAttribute('ref', next.replace(/\d+$/, (n) => String(Number(n) - totals)));
    const first = cellOf(ref.split(':')[0]!);
    if (axis === 'col' && first) shiftTableColumns(table, first.col, headers > 0 && from ? from.row : null, at, count, setCell);
    // The header row deleted: the row that took its place is the header now, and Excel wants the names in its cells.
    if (axis === 'row' && headers > 0 && first && from && moveIndex(first.row, at, count) === null) {
      elements(child(table, 'tableColumns') ?? table, 'tableColumn').forEach((c, i) => setCell(from.row, from.col + i, c.getAttribute('name') ?? ''));
    }
  }
}

/** Writes the text of a cell (row and column from 0) of the sheet that changed, as text. */
type SetCell = (row: number, col: number, text: string) => void;

/**
 * A table's column list after columns were inserted or deleted; `first` is the table's first column before, `headerRow`
 * its header row now (null without one), where a new column's name is written (Excel expects the names there).
 */
function shiftTableColumns(table: Element, first: number, headerRow: number | null, at: number, count: number, setCell: SetCell): void {
  const list = child(table, 'tableColumns');
  if (!list) return;
  const cols = elements(list, 'tableColumn');
  if (count < 0) {
    cols.forEach((c, i) => {
      if (moveIndex(first + i, at, count) === null) list.removeChild(c);
    });
  } else if (at > first && at < first + cols.length) {
    const before = cols[at - first]!;
    let id = Math.max(0, ...cols.map((c) => Number(c.getAttribute('id')) || 0));
    const taken = new Set(cols.map((c) => (c.getAttribute('name') ?? '').toLowerCase()));
    for (let k = 0; k < count; k++) {
      let n = 1;
      while (taken.has(`column${n}`)) n++;
      taken.add(`column${n}`);
      const col = table.ownerDocument.createElementNS(before.namespaceURI, before.prefix ? `${before.prefix}:tableColumn` : 'tableColumn');
      col.setAttribute('id', String(++id));
      col.setAttribute('name', `Column${n}`);
      list.insertBefore(col, before);
      if (headerRow !== null) setCell(headerRow, at + k, `Column${n}`);
    }
  }
  list.setAttribute('count', String(elements(list, 'tableColumn').length));
}

/** Removes a part of the sheet (a table, a pivot table): the part (and its own relationships), the sheet's relationship, its content type. */
function dropPart(book: Workbook, sheet: Sheet, id: string, path: string): void {
  const { pkg } = book;
  const slash = path.lastIndexOf('/');
  pkg.remove(`${path.slice(0, slash + 1)}_rels/${path.slice(slash + 1)}.rels`);
  pkg.remove(path);
  pkg.removeOverride(path);
  pkg.removeRel(sheet.path, id);
}

/** Removes a table: its part as dropPart does, and its tablePart in the sheet. */
function dropTable(book: Workbook, sheet: Sheet, id: string, path: string): void {
  const { pkg } = book;
  dropPart(book, sheet, id, path);
  const root = pkg.edit(sheet.path).documentElement;
  const parts = child(root, 'tableParts');
  if (!parts) return;
  for (const part of elements(parts, 'tablePart')) if (part.getAttributeNS(REL, 'id') === id) parts.removeChild(part);
  const left = elements(parts, 'tablePart').length;
  if (!left) root.removeChild(parts);
  else parts.setAttribute('count', String(left));
}

/**
 * The pivot tables on the sheet that changed (xl/pivotTables, found through the sheet's relationships): their
 * location grows, shrinks or moves like any other range (its first header row, data row and column count from the
 * range's corner, so they stay); one whose every cell is deleted is dropped with its part, relationship and content
 * type (its cache stays, the workbook's).
 */
function shiftPivotTables(book: Workbook, sheet: Sheet, axis: Axis, at: number, count: number): void {
  const { pkg } = book;
  for (const [id, rel] of pkg.rels(sheet.path)) {
    if (!rel.type.endsWith('/pivotTable') || !pkg.has(rel.target)) continue;
    const location = child(pkg.doc(rel.target).documentElement, 'location');
    const ref = location?.getAttribute('ref');
    if (!location || !ref) continue;
    const next = shiftSqref(ref, axis, at, count);
    if (next === ref) continue;
    if (next === null) dropPart(book, sheet, id, rel.target);
    else {
      pkg.edit(rel.target);
      location.setAttribute('ref', next);
    }
  }
}

/**
 * The source ranges of pivot caches (<worksheetSource ref sheet>) on the sheet that changed. A source named by a
 * defined name or table follows with it; one in another workbook (r:id) is not this sheet; one wholly deleted keeps
 * its address (the cached data stays; Excel would report the source as invalid on refresh).
 */
function shiftPivotSources(book: Workbook, target: string, axis: Axis, at: number, count: number): void {
  for (const path of book.pkg.paths().filter((p) => /^xl\/pivotCache\/pivotCacheDefinition[^/]*\.xml$/.test(p))) {
    const source = descendants(book.pkg.doc(path).documentElement, 'worksheetSource')[0];
    const ref = source?.getAttribute('ref');
    if (!source || !ref || source.hasAttributeNS(REL, 'id') || (source.getAttribute('sheet') ?? '').toLowerCase() !== target.toLowerCase()) continue;
    const next = shiftSqref(ref, axis, at, count);
    if (next === null || next === ref) continue;
    book.pkg.edit(path);
    source.setAttribute('ref', next);
  }
}

/** Defined names (scoped to a sheet or not) in the workbook. */
function shiftDefinedNames(book: Workbook, wbPath: string, target: string, axis: Axis, at: number, count: number): void {
  const wb = book.pkg.doc(wbPath).documentElement;
  const names = child(wb, 'definedNames');
  if (!names) return;
  const sheetNames = elements(child(wb, 'sheets') ?? wb, 'sheet').map((s) => s.getAttribute('name') ?? '');
  for (const name of elements(names, 'definedName')) {
    const local = name.getAttribute('localSheetId');
    // A name's references name their sheet; an unqualified one belongs to the name's own sheet, if it has one.
    const own = local !== null ? (sheetNames[Number(local)] ?? '') : '';
    const before = textOf(name);
    const after = shiftRefs(before, own, target, axis, at, count, true);
    if (after === before) continue;
    book.pkg.edit(wbPath);
    setText(name, after);
  }
}

/** The series, categories and titles of every chart (<c:f>, always with their sheet). */
function shiftCharts(book: Workbook, target: string, axis: Axis, at: number, count: number): void {
  for (const path of book.pkg.paths().filter((p) => /^xl\/charts\/chart[^/]*\.xml$/.test(p))) {
    const refs = descendants(book.pkg.doc(path).documentElement, 'f');
    let edited = false;
    for (const f of refs) {
      const before = textOf(f);
      const after = shiftRefs(before, '', target, axis, at, count, true);
      if (after === before) continue;
      if (!edited) book.pkg.edit(path);
      edited = true;
      setText(f, after);
    }
  }
}

/**
 * Moves everything in the package besides cells and formulas that refers to cells of `sheet`, after `count` rows or
 * columns were inserted at `at` (count > 0) or deleted from it (count < 0). `setCell` writes a cell of `sheet` (the
 * header of a table column inserted).
 */
export function shiftSheetReferences(book: Workbook, sheet: Sheet, wbPath: string, axis: Axis, at: number, count: number, setCell: SetCell): void {
  for (const s of book.sheets) {
    if (!book.pkg.has(s.path)) continue;
    const root = book.pkg.doc(s.path).documentElement;
    let changed = shiftConditionalFormats(root, s.name, sheet.name, axis, at, count);
    changed = shiftValidations(root, s.name, sheet.name, axis, at, count) || changed;
    if (s === sheet) changed = shiftOwnRanges(root, axis, at, count) || changed;
    if (changed) book.pkg.edit(s.path);
  }
  shiftTables(book, sheet, axis, at, count, setCell);
  shiftPivotTables(book, sheet, axis, at, count);
  shiftDefinedNames(book, wbPath, sheet.name, axis, at, count);
  shiftCharts(book, sheet.name, axis, at, count);
  shiftPivotSources(book, sheet.name, axis, at, count);
}
