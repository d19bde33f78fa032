import { appendText, attr, bodyOf, NS, odfText, openOdf, setAttr } from './odf';
import { descendants, elements, type XmlCodec } from './package';
import { shiftOdsReferences } from './ods-shift';
import { parseRef, shiftModel, type Cell, type Sheet, type Workbook } from './xlsx';

// An OpenDocument spreadsheet (.ods) as the spreadsheet editor sees it: the same workbook model as a .xlsx (cells with
// values and formulas in the A1 syntax the evaluator reads), from content.xml's tables. Formulas are stored in
// OpenFormula ("of:=SUM([.A1:.A3])") and translated both ways. Saving writes only the changed cells and the cached
// results of the formulas, splitting a run of repeated rows or cells where a cell in it changes; every other element
// and part stays as it was.

const TABLE_PATH = 'content.xml#table';
/** Style 1 in this model: a percentage cell (shown as one, written back as one). */
const PERCENT = 1;

export function readOds(bytes: Uint8Array, xml?: XmlCodec): Workbook {
  const pkg = openOdf(bytes, xml);
  const sheets: Sheet[] = [];
  elements(bodyOf(pkg, 'spreadsheet'), 'table').forEach((tbl, index) => {
    const sheet: Sheet = { name: attr(tbl, 'table', 'name') ?? `Sheet${index + 1}`, path: `${TABLE_PATH}${index}`, cells: new Map(), rows: 0, cols: 0 };
    forEachRow(tbl, (row, r, repeat) => {
      let c = 0;
      for (const cellEl of elements(row)) {
        if (cellEl.localName !== 'table-cell' && cellEl.localName !== 'covered-table-cell') continue;
        const span = Number(attr(cellEl, 'table', 'number-columns-repeated') ?? 1) || 1;
        const cell = readCell(cellEl);
        if (cell)
          // A value repeated down or across (rare beyond a few) is read up to a bound; empty runs cost nothing.
          for (let dr = 0; dr < Math.min(repeat, 1000); dr++)
            for (let dc = 0; dc < Math.min(span, 1000); dc++) {
              sheet.cells.set(refAt(r + dr, c + dc), { ...cell });
              sheet.rows = Math.max(sheet.rows, r + dr + 1);
              sheet.cols = Math.max(sheet.cols, c + dc + 1);
            }
        c += span;
      }
    });
    sheets.push(sheet);
  });
  return { pkg, sheets, formats: ['General', '0.00%'], changed: new Map() };
}

const refAt = (row: number, col: number) => `${columnName(col)}${row + 1}`;
const columnName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : columnName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

/** Calls `visit` for every row element with its first row index and how many rows it stands for. */
function forEachRow(tbl: Element, visit: (row: Element, index: number, repeat: number) => void): number {
  let r = 0;
  const walk = (parent: Element) => {
    for (const e of elements(parent)) {
      if (e.localName === 'table-row') {
        const repeat = Number(attr(e, 'table', 'number-rows-repeated') ?? 1) || 1;
        visit(e, r, repeat);
        r += repeat;
      } else if (e.localName === 'table-header-rows' || e.localName === 'table-rows' || e.localName === 'table-row-group') walk(e);
    }
  };
  walk(tbl);
  return r;
}

function readCell(el: Element): Cell | null {
  const formula = attr(el, 'table', 'formula');
  const type = attr(el, 'office', 'value-type');
  const text = elements(el, 'p').map(odfText).join('\n');
  const cell: Cell = { value: null };
  if (formula) cell.formula = fromOpenFormula(formula);
  if (el.getAttribute('calcext:value-type') === 'error' || (formula && type === null && /^#/.test(text))) cell.error = text || '#VALUE!';
  else if (type === 'float' || type === 'currency' || type === 'percentage') {
    cell.value = Number(attr(el, 'office', 'value') ?? text);
    if (type === 'percentage') cell.style = PERCENT;
  } else if (type === 'boolean') cell.value = attr(el, 'office', 'boolean-value') === 'true';
  else if (type === 'date') cell.value = attr(el, 'office', 'date-value') ?? text;
  else if (type === 'time') cell.value = text || attr(el, 'office', 'time-value');
  else if (type === 'string') cell.value = attr(el, 'office', 'string-value') ?? text;
  else if (text) cell.value = text;
  return cell.value === null && !cell.formula && !cell.error ? null : cell;
}

// --- OpenFormula ⇄ the A1 syntax of the evaluator

const quoteSheet = (name: string) => (/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name) ? name : `'${name.replace(/'/g, "''")}'`);

/** "of:=SUM([.A1:.B2];[$'Other sheet'.C3])" → "SUM(A1:B2,'Other sheet'!C3)". */
export function fromOpenFormula(formula: string): string {
  const body = formula.replace(/^(?:of:)?=/, '');
  return mapOutsideStrings(body, (part) =>
    part
      .replace(/\[([^\]]+)\]/g, (_, inner: string) => {
        const ends = inner.split(':').map((end) => {
          const m = /^\$?(?:'((?:[^']|'')+)'|([^.']*))?\.(\$?[A-Z]+\$?\d+|\$?[A-Z]+|\$?\d+)$/.exec(end);
          if (!m) return { sheet: undefined, cell: end };
          const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2] || undefined;
          return { sheet, cell: m[3]! };
        });
        const first = ends[0]!;
        return `${first.sheet ? `${quoteSheet(first.sheet)}!` : ''}${ends.map((e) => e.cell).join(':')}`;
      })
      .replace(/;/g, ','),
  );
}

/** "SUM(A1:B2,'Other sheet'!C3)" → "of:=SUM([.A1:.B2];[$'Other sheet'.C3])". */
export function toOpenFormula(formula: string): string {
  const ref = /(?<![\p{L}\p{N}_.$'!])(?:('(?:[^']|'')+'|[\p{L}_][\p{L}\p{N}_.]*)!)?(\$?[A-Z]{1,3}\$?\d+)(?::(\$?[A-Z]{1,3}\$?\d+))?(?![\p{L}\p{N}_(!])/gu;
  const body = mapOutsideStrings(formula, (part) =>
    part
      .replace(/,/g, ';')
      .replace(ref, (_, sheet: string | undefined, from: string, to: string | undefined) => {
        const prefix = sheet ? `$${sheet.startsWith("'") ? sheet : quoteSheet(sheet)}` : '';
        return `[${prefix}.${from}${to ? `:.${to}` : ''}]`;
      }),
  );
  return `of:=${body}`;
}

function mapOutsideStrings(formula: string, map: (part: string) => string): string {
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) => (i % 2 ? part : map(part)))
    .join('');
}

// --- writing

/** The table element of a sheet of this workbook. */
const tableOf = (book: Workbook, sheet: Sheet): Element | undefined => elements(bodyOf(book.pkg, 'spreadsheet', true), 'table')[Number(sheet.path.slice(TABLE_PATH.length))];

/** Splits a repeated row or cell so that the one at `offset` in its run stands alone; returns it. */
function isolate(el: Element, repeatAttr: 'number-rows-repeated' | 'number-columns-repeated', offset: number): Element {
  const repeat = Number(attr(el, 'table', repeatAttr) ?? 1) || 1;
  if (repeat === 1) return el;
  const parent = el.parentNode!;
  const copy = (n: number) => {
    const c = el.cloneNode(true) as Element;
    if (n > 1) setAttr(c, 'table', repeatAttr, String(n));
    else c.removeAttributeNS(NS.table, repeatAttr);
    return c;
  };
  if (offset > 0) parent.insertBefore(copy(offset), el);
  const target = copy(1);
  parent.insertBefore(target, el);
  if (repeat - offset - 1 > 0) parent.insertBefore(copy(repeat - offset - 1), el);
  parent.removeChild(el);
  return target;
}

function rowElement(tbl: Element, index: number): Element {
  let found: { el: Element; offset: number } | undefined;
  let last: Element | undefined;
  const total = forEachRow(tbl, (row, r, repeat) => {
    last = row;
    if (!found && index >= r && index < r + repeat) found = { el: row, offset: index - r };
  });
  if (found) return isolate(found.el, 'number-rows-repeated', found.offset);
  const doc = tbl.ownerDocument;
  const parent = (last?.parentNode as Element | undefined) ?? tbl;
  const newRow = (repeat: number) => {
    const row = doc.createElementNS(NS.table, 'table:table-row');
    if (repeat > 1) setAttr(row, 'table', 'number-rows-repeated', String(repeat));
    row.appendChild(doc.createElementNS(NS.table, 'table:table-cell'));
    parent.appendChild(row);
    return row;
  };
  if (index > total) newRow(index - total);
  return newRow(1);
}

function cellElement(row: Element, col: number): Element {
  let c = 0;
  for (const e of elements(row)) {
    if (e.localName !== 'table-cell' && e.localName !== 'covered-table-cell') continue;
    const span = Number(attr(e, 'table', 'number-columns-repeated') ?? 1) || 1;
    if (col < c + span) return isolate(e, 'number-columns-repeated', col - c);
    c += span;
  }
  const doc = row.ownerDocument;
  if (col > c) {
    const gap = doc.createElementNS(NS.table, 'table:table-cell');
    if (col - c > 1) setAttr(gap, 'table', 'number-columns-repeated', String(col - c));
    row.appendChild(gap);
  }
  const cell = doc.createElementNS(NS.table, 'table:table-cell');
  row.appendChild(cell);
  return cell;
}

const VALUE_ATTRS: Array<[keyof typeof NS, string]> = [
  ['office', 'value-type'],
  ['office', 'value'],
  ['office', 'date-value'],
  ['office', 'time-value'],
  ['office', 'boolean-value'],
  ['office', 'string-value'],
  ['office', 'currency'],
];

function writeCell(el: Element, cell: Cell | undefined, display: string, rewriteFormula: boolean): void {
  for (const [ns, name] of VALUE_ATTRS) el.removeAttributeNS(NS[ns], name);
  // LibreOffice's own copy of the value type (calcext namespace) would contradict the new one.
  for (const a of Array.from(el.attributes)) if (a.localName === 'value-type' && a.namespaceURI?.includes('calcext')) el.removeAttributeNode(a);
  if (rewriteFormula) {
    el.removeAttributeNS(NS.table, 'formula');
    if (cell?.formula) setAttr(el, 'table', 'formula', toOpenFormula(cell.formula));
  }
  for (const p of elements(el, 'p')) el.removeChild(p);
  if (!cell) return;
  const v = cell.value;
  if (cell.error) {
    setAttr(el, 'office', 'value-type', 'string');
    setAttr(el, 'office', 'string-value', '');
  } else if (typeof v === 'number') {
    setAttr(el, 'office', 'value-type', cell.style === PERCENT ? 'percentage' : 'float');
    setAttr(el, 'office', 'value', String(v));
  } else if (typeof v === 'boolean') {
    setAttr(el, 'office', 'value-type', 'boolean');
    setAttr(el, 'office', 'boolean-value', v ? 'true' : 'false');
  } else if (typeof v === 'string') setAttr(el, 'office', 'value-type', 'string');
  else return;
  const p = el.ownerDocument.createElementNS(NS.text, 'text:p');
  appendText(p, display);
  // text:p comes before anything else a cell holds but after an annotation.
  const after = elements(el).find((e) => e.localName !== 'annotation');
  el.insertBefore(p, after ?? null);
}

/**
 * Writes the workbook: changed cells, and every formula's cached result (`evaluate` gives it) so that readers which
 * do not recalculate show the new results.
 */
export function writeOds(book: Workbook, evaluate: (sheet: Sheet, ref: string) => Cell, display: (cell: Cell) => string): Uint8Array {
  for (const sheet of book.sheets) {
    const changed = book.changed.get(sheet.path) ?? new Set<string>();
    const formulas = [...sheet.cells].filter(([, c]) => c.formula).map(([ref]) => ref);
    if (!changed.size && !formulas.length) continue;
    const tbl = tableOf(book, sheet);
    if (!tbl) continue;
    // Rows that stand alone, by index: most cells are found here without walking the table again; a row inside a
    // repeated run is split by rowElement, after which the index is built anew.
    let single: Map<number, Element> | null = null;
    const rowAt = (r: number): Element => {
      if (!single) {
        const found = new Map<number, Element>();
        forEachRow(tbl, (el, index, repeat) => {
          if (repeat === 1) found.set(index, el);
        });
        single = found;
      }
      const hit = single.get(r);
      if (hit) return hit;
      single = null;
      return rowElement(tbl, r);
    };
    for (const ref of new Set([...changed, ...formulas])) {
      const { row, col } = parseRef(ref);
      const cell = sheet.cells.get(ref);
      const el = cellElement(rowAt(row), col);
      const result = cell?.formula ? { ...evaluate(sheet, ref), formula: cell.formula } : cell;
      writeCell(el, result, result ? display(result) : '', changed.has(ref));
    }
  }
  return book.pkg.toBytes();
}

/** Adds an empty sheet after the others. */
export function addOdsSheet(book: Workbook, name: string): Sheet {
  const body = bodyOf(book.pkg, 'spreadsheet', true);
  const doc = body.ownerDocument;
  const tables = elements(body, 'table');
  const tbl = doc.createElementNS(NS.table, 'table:table');
  setAttr(tbl, 'table', 'name', name);
  const style = tables[0] && attr(tables[0], 'table', 'style-name');
  if (style) setAttr(tbl, 'table', 'style-name', style);
  tbl.appendChild(doc.createElementNS(NS.table, 'table:table-column'));
  const row = doc.createElementNS(NS.table, 'table:table-row');
  row.appendChild(doc.createElementNS(NS.table, 'table:table-cell'));
  tbl.appendChild(row);
  // After the last table: named expressions and database ranges follow the tables in office:spreadsheet.
  const last = tables.at(-1);
  body.insertBefore(tbl, last ? last.nextSibling : body.firstChild);
  const sheet: Sheet = { name, path: `${TABLE_PATH}${tables.length}`, cells: new Map(), rows: 0, cols: 0 };
  book.sheets.push(sheet);
  return sheet;
}

// --- inserting and deleting rows and columns

type Walk = (visit: (el: Element, index: number, repeat: number) => void) => void;

const cellsOf =
  (row: Element, attrName: string): Walk =>
  (visit) => {
    let c = 0;
    for (const e of elements(row)) {
      if (e.localName !== 'table-cell' && e.localName !== 'covered-table-cell') continue;
      const repeat = Number(attr(e, 'table', attrName) ?? 1) || 1;
      visit(e, c, repeat);
      c += repeat;
    }
  };

function columnsOf(tbl: Element): Walk {
  return (visit) => {
    let c = 0;
    const walk = (parent: Element) => {
      for (const e of elements(parent)) {
        if (e.localName === 'table-column') {
          const repeat = Number(attr(e, 'table', 'number-columns-repeated') ?? 1) || 1;
          visit(e, c, repeat);
          c += repeat;
        } else if (e.localName === 'table-header-columns' || e.localName === 'table-columns' || e.localName === 'table-column-group') walk(e);
      }
    };
    walk(tbl);
  };
}

/** Nothing in it a person entered: no text, no formula (the filler runs LibreOffice writes to the sheet's edge). */
const isEmpty = (el: Element) => !descendants(el, 'p').length && !attr(el, 'table', 'formula') && !(el.localName === 'table-row' && descendants(el, 'table-cell').some((c) => attr(c, 'table', 'formula')));

/**
 * Inserts `count` new runs before index `at` (made by `make`), or deletes from it (count < 0), in a list of repeated
 * rows, cells or columns. An insert takes as many from the trailing empty filler, so the sheet keeps its size.
 */
function shiftRuns(walk: Walk, repeatAttr: 'number-rows-repeated' | 'number-columns-repeated', at: number, count: number, make: (like: Element, n: number) => Element): void {
  const runAt = (index: number) => {
    let hit: { el: Element; offset: number } | undefined;
    walk((el, start, repeat) => {
      if (!hit && index >= start && index < start + repeat) hit = { el, offset: index - start };
    });
    return hit;
  };
  if (count > 0) {
    const hit = runAt(at);
    if (!hit) return;
    const el = isolate(hit.el, repeatAttr, hit.offset);
    const fresh = make(el, count);
    el.parentNode!.insertBefore(fresh, el);
    let last: Element | undefined;
    walk((e) => (last = e));
    const repeat = last ? Number(attr(last, 'table', repeatAttr) ?? 1) || 1 : 0;
    if (last && last !== fresh && last !== el && repeat > count && isEmpty(last)) setAttr(last, 'table', repeatAttr, String(repeat - count));
    return;
  }
  for (let i = 0; i < -count; i++) {
    const hit = runAt(at);
    if (!hit) break;
    const el = isolate(hit.el, repeatAttr, hit.offset);
    el.parentNode!.removeChild(el);
  }
}

/** Inserts `count` rows/columns before index `at` of an .ods sheet (count > 0) or deletes them (count < 0); formulas follow. */
export function shiftOdsSheet(book: Workbook, sheet: Sheet, axis: 'row' | 'col', at: number, count: number): void {
  if (!count) return;
  const tbl = tableOf(book, sheet);
  if (tbl) {
    const doc = tbl.ownerDocument;
    const repeated = (name: string, attrName: string, n: number) => {
      const el = doc.createElementNS(NS.table, `table:${name}`);
      if (n > 1) setAttr(el, 'table', attrName, String(n));
      return el;
    };
    if (axis === 'row') {
      shiftRuns((visit) => void forEachRow(tbl, visit), 'number-rows-repeated', at, count, (like, n) => {
        const row = repeated('table-row', 'number-rows-repeated', n);
        const style = attr(like, 'table', 'style-name');
        if (style) setAttr(row, 'table', 'style-name', style);
        // As wide as its neighbour, so every row spans the same columns.
        let width = 0;
        cellsOf(like, 'number-columns-repeated')((_, __, repeat) => (width += repeat));
        row.appendChild(repeated('table-cell', 'number-columns-repeated', Math.max(1, width)));
        return row;
      });
    } else {
      const rows: Element[] = [];
      forEachRow(tbl, (row) => rows.push(row));
      for (const row of rows) shiftRuns(cellsOf(row, 'number-columns-repeated'), 'number-columns-repeated', at, count, (_, n) => repeated('table-cell', 'number-columns-repeated', n));
      shiftRuns(columnsOf(tbl), 'number-columns-repeated', at, count, (like, n) => {
        const col = like.cloneNode(false) as Element;
        if (n > 1) setAttr(col, 'table', 'number-columns-repeated', String(n));
        else col.removeAttributeNS(NS.table, 'number-columns-repeated');
        return col;
      });
    }
  }
  shiftModel(book, sheet, axis, at, count);
  shiftOdsReferences(book.pkg, sheet.name, axis, at, count);
}
