import { child, descendants, elements, setText, textOf, type OoxmlPackage } from './package';
import { shiftRefs, translate } from './refs';

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
// defined names (print areas and filters among them), chart series, hyperlinks and the sheet's auto-filter.

type Axis = 'row' | 'col';

/** A cell reference's row and column (no $), or null for anything else. */
function cellOf(text: string): { row: number; col: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(text);
  if (!m) return null;
  return { col: [...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1, row: Number(m[2]) - 1 };
}

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
  let delta = { rows: 0, cols: 0 };
  // Only the changed sheet's own rules have a top-left cell that moves.
  if (oldAnchor && newAnchor && ownSheet.toLowerCase() === target.toLowerCase()) {
    // Where the new top-left cell was before the change.
    const back = (i: number) => (count > 0 ? (i >= at + count ? i - count : i) : i >= at ? i - count : i);
    const was = axis === 'row' ? { row: back(newAnchor.row), col: newAnchor.col } : { row: newAnchor.row, col: back(newAnchor.col) };
    delta = { rows: was.row - oldAnchor.row, cols: was.col - oldAnchor.col };
  }
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
  const ref = filter?.getAttribute('ref');
  if (filter && ref) {
    const next = shiftSqref(ref, axis, at, count);
    if (next !== ref) {
      changed = true;
      if (next === null) root.removeChild(filter);
      else filter.setAttribute('ref', next);
    }
  }
  return changed;
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
 * columns were inserted at `at` (count > 0) or deleted from it (count < 0).
 */
export function shiftSheetReferences(book: Workbook, sheet: Sheet, wbPath: string, axis: Axis, at: number, count: number): void {
  for (const s of book.sheets) {
    if (!book.pkg.has(s.path)) continue;
    const root = book.pkg.doc(s.path).documentElement;
    let changed = shiftConditionalFormats(root, s.name, sheet.name, axis, at, count);
    changed = shiftValidations(root, s.name, sheet.name, axis, at, count) || changed;
    if (s === sheet) changed = shiftOwnRanges(root, axis, at, count) || changed;
    if (changed) book.pkg.edit(s.path);
  }
  shiftDefinedNames(book, wbPath, sheet.name, axis, at, count);
  shiftCharts(book, sheet.name, axis, at, count);
}
