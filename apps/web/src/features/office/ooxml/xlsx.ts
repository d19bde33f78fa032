import { strFromU8 } from 'fflate';
import { child, elements, OoxmlPackage, removeChildren, setText, textOf, type XmlCodec } from './package';
import { shiftRefs, translate } from './refs';
import { shiftSheetReferences } from './xlsx-shift';

// A .xlsx as the editor sees it: its sheets (in order), each a map of cells with the value, the formula and the style
// index, and the number format of every style. Saving writes only the changed cells into their sheet's XML (rows and
// cells stay in order, styles stay), refreshes the cached values of every formula, and leaves every other part as it was.

export const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

export type CellValue = number | string | boolean | null;

export interface Cell {
  value: CellValue;
  /** Without the leading "=". */
  formula?: string;
  /** Index into the workbook's cell formats (s="…"). */
  style?: number;
  /** An error the file stored or the formula gave (#DIV/0! …). */
  error?: string;
}

export interface Sheet {
  name: string;
  path: string;
  cells: Map<string, Cell>;
  rows: number;
  cols: number;
}

export interface Workbook {
  pkg: OoxmlPackage;
  sheets: Sheet[];
  /** Number format code by style index (General when absent). */
  formats: string[];
  /** Cells changed since reading, per sheet path. */
  changed: Map<string, Set<string>>;
}

const BUILTIN_FORMATS: Record<number, string> = {
  0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 9: '0%', 10: '0.00%', 11: '0.00E+00', 12: '# ?/?', 13: '# ??/??',
  14: 'm/d/yyyy', 15: 'd-mmm-yy', 16: 'd-mmm', 17: 'mmm-yy', 18: 'h:mm AM/PM', 19: 'h:mm:ss AM/PM', 20: 'h:mm', 21: 'h:mm:ss', 22: 'm/d/yyyy h:mm',
  37: '#,##0 ;(#,##0)', 38: '#,##0 ;[Red](#,##0)', 39: '#,##0.00;(#,##0.00)', 40: '#,##0.00;[Red](#,##0.00)', 45: 'mm:ss', 46: '[h]:mm:ss', 47: 'mmss.0', 48: '##0.0E+0', 49: '@',
};

const nameOfColumn = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : nameOfColumn(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));
/** Column names asked for so far (opening a sheet names every cell: 50,000 for a 10,000-row sheet of five columns). */
const columnNames: string[] = [];
export const columnName = (i: number): string => columnNames[i] ?? (columnNames[i] = nameOfColumn(i));
export const columnIndex = (name: string): number => [...name].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
export function parseRef(ref: string): { row: number; col: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(ref.toUpperCase());
  if (!m) throw new Error(`Bad cell reference ${ref}`);
  return { col: columnIndex(m[1]!), row: Number(m[2]) - 1 };
}
export const refOf = (row: number, col: number) => `${columnName(col)}${row + 1}`;

function sharedStrings(pkg: OoxmlPackage, wbPath: string): string[] {
  const rel = [...pkg.rels(wbPath).values()].find((r) => r.type.endsWith('/sharedStrings'));
  if (!rel || !pkg.has(rel.target)) return [];
  // Rich text: the runs' text, without their phonetic guides.
  return elements(pkg.doc(rel.target).documentElement, 'si').map((si) => elements(si).filter((e) => e.localName === 't' || e.localName === 'r').map(textOf).join(''));
}

function formats(pkg: OoxmlPackage, wbPath: string): string[] {
  const rel = [...pkg.rels(wbPath).values()].find((r) => r.type.endsWith('/styles'));
  if (!rel || !pkg.has(rel.target)) return [];
  const root = pkg.doc(rel.target).documentElement;
  const custom = new Map<number, string>();
  for (const f of elements(child(root, 'numFmts') ?? root, 'numFmt')) custom.set(Number(f.getAttribute('numFmtId')), f.getAttribute('formatCode') ?? 'General');
  return elements(child(root, 'cellXfs') ?? root, 'xf').map((xf) => {
    const id = Number(xf.getAttribute('numFmtId') ?? 0);
    return custom.get(id) ?? BUILTIN_FORMATS[id] ?? 'General';
  });
}

export function readXlsx(bytes: Uint8Array, xml?: XmlCodec): Workbook {
  const pkg = OoxmlPackage.open(bytes, xml);
  const wbPath = [...pkg.rels('').values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const strings = sharedStrings(pkg, wbPath);
  const rels = pkg.rels(wbPath);
  const sheetsEl = child(pkg.doc(wbPath).documentElement, 'sheets');
  const sheets: Sheet[] = [];
  for (const s of sheetsEl ? elements(sheetsEl, 'sheet') : []) {
    const id = s.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id') ?? '';
    const target = rels.get(id)?.target;
    if (!target || !pkg.has(target)) continue;
    const sheet: Sheet = { name: s.getAttribute('name') ?? `Sheet${sheets.length + 1}`, path: target, cells: new Map(), rows: 0, cols: 0 };
    // The cells are read from the part's text when it is plain enough (a 10,000-row sheet as a DOM took most of the
    // opening: bench/office-trace.mjs); the DOM is parsed only when the sheet is written or reshaped.
    const raws = scanSheetCells(strFromU8(pkg.bytes(target)!)) ?? domSheetCells(child(pkg.doc(target).documentElement, 'sheetData'));
    // Shared formulas: the group's first cell holds the text, the others only its id (si) and read it moved.
    const shared = new Map<string, { formula: string; row: number; col: number }>();
    const pending: Array<{ ref: string; si: string; row: number; col: number }> = [];
    for (const raw of raws) {
      const cell = readCell(raw, strings);
      const { row: rowIndex, col: colIndex, f } = raw;
      if (cell && f && f.t === 'shared' && f.si !== null) {
        if (cell.formula) shared.set(f.si, { formula: cell.formula, row: rowIndex, col: colIndex });
        else pending.push({ ref: refOf(rowIndex, colIndex), si: f.si, row: rowIndex, col: colIndex });
      }
      if (cell) {
        sheet.cells.set(refOf(rowIndex, colIndex), cell);
        if (rowIndex + 1 > sheet.rows) sheet.rows = rowIndex + 1;
        if (colIndex + 1 > sheet.cols) sheet.cols = colIndex + 1;
      }
    }
    for (const p of pending) {
      const master = shared.get(p.si);
      const cell = sheet.cells.get(p.ref);
      if (master && cell) cell.formula = translate(master.formula, p.row - master.row, p.col - master.col);
    }
    sheets.push(sheet);
  }
  return { pkg, sheets, formats: formats(pkg, wbPath), changed: new Map() };
}

/** A cell as the file has it, from the DOM or from the part's text. */
export interface RawCell {
  row: number;
  col: number;
  /** The t attribute (n when absent). */
  t: string;
  s: string | null;
  f: { text: string; t: string | null; si: string | null } | null;
  v: string | null;
  /** An inline string's text (t="inlineStr"). */
  inline: string | null;
}

/** The cells of a sheetData element, rows and columns counted where r is absent. */
export function domSheetCells(data: Element | undefined): RawCell[] {
  const out: RawCell[] = [];
  let rowIndex = 0;
  for (const row of data ? elements(data, 'row') : []) {
    rowIndex = row.getAttribute('r') ? Number(row.getAttribute('r')) - 1 : rowIndex;
    let colIndex = 0;
    for (const c of elements(row, 'c')) {
      const r = c.getAttribute('r');
      if (r) colIndex = parseRef(r).col;
      const f = child(c, 'f');
      const v = child(c, 'v');
      const is = child(c, 'is');
      out.push({
        row: rowIndex,
        col: colIndex,
        t: c.getAttribute('t') ?? 'n',
        s: c.getAttribute('s'),
        f: f ? { text: textOf(f), t: f.getAttribute('t'), si: f.getAttribute('si') } : null,
        v: v ? textOf(v) : null,
        inline: is ? elements(is).filter((e) => e.localName === 't' || e.localName === 'r').map(textOf).join('') : null,
      });
      colIndex++;
    }
    rowIndex++;
  }
  return out;
}

const ENTITY: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
// Most of a sheet's text has neither entities nor carriage returns: it is taken as it is.
const decode = (text: string) =>
  text.indexOf('&') < 0 && text.indexOf('\r') < 0
    ? text
    : text
        .replace(/\r\n?/g, '\n')
        .replace(/&(?:#x([0-9a-f]+)|#(\d+)|(lt|gt|amp|quot|apos));/gi, (_, hex: string | undefined, dec: string | undefined, name: string | undefined) =>
          hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : ENTITY[name!.toLowerCase()]!,
        );
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const attrsOf = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(tag); m; m = ATTR.exec(tag)) out[m[1]!] = decode(m[2] ?? m[3] ?? '');
  return out;
};
/** The column of a cell reference such as "AB12" (upper case, as files write them); -1 when it is not one. */
function columnOfRef(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const ch = ref.charCodeAt(i);
    if (ch < 65 || ch > 90) break;
    col = col * 26 + ch - 64;
  }
  return i > 0 && i < ref.length ? col - 1 : -1;
}

/**
 * The same cells as domSheetCells, read from the worksheet's text without building its DOM; null when the part holds
 * something this reader does not follow (CDATA, comments or processing instructions inside the cells, an unexpected
 * shape), and the DOM reads it instead.
 */
export function scanSheetCells(xml: string): RawCell[] | null {
  const open = /<(\w+:)?sheetData\b[^>]*?(\/?)>/.exec(xml);
  if (!open) return null;
  if (open[2]) return [];
  const prefix = open[1] ?? '';
  const end = xml.indexOf(`</${prefix}sheetData>`, open.index);
  if (end < 0) return null;
  const body = xml.slice(open.index + open[0].length, end);
  if (/<!|<\?/.test(body)) return null;
  const out: RawCell[] = [];
  const tag = new RegExp(`<(/?)${prefix}(row|c)\\b([^>]*?)(/?)>`, 'g');
  // Made once per sheet, not once per cell.
  const partsOfCell = new RegExp(`<${prefix}(f|v|is)\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${prefix}\\1>)`, 'g');
  const phonetic = new RegExp(`<${prefix}rPh\\b[\\s\\S]*?</${prefix}rPh>`, 'g');
  const runText = new RegExp(`<${prefix}t\\b[^>]*?(?:/>|>([\\s\\S]*?)</${prefix}t>)`, 'g');
  let rowIndex = -1;
  let colIndex = 0;
  let inRow = false;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const [, closing, name, attrText, selfClosing] = m;
    if (name === 'row') {
      if (closing) {
        inRow = false;
        continue;
      }
      const a = attrsOf(attrText!);
      rowIndex = a.r ? Number(a.r) - 1 : rowIndex + 1;
      colIndex = 0;
      inRow = !selfClosing;
      continue;
    }
    if (closing || !inRow) return null;
    const a = attrsOf(attrText!);
    if (a.r) {
      const col = columnOfRef(a.r);
      colIndex = col >= 0 ? col : parseRef(a.r).col;
    }
    const cell: RawCell = { row: rowIndex, col: colIndex, t: a.t ?? 'n', s: a.s ?? null, f: null, v: null, inline: null };
    if (!selfClosing) {
      const close = body.indexOf(`</${prefix}c>`, tag.lastIndex);
      if (close < 0) return null;
      const inner = body.slice(tag.lastIndex, close);
      tag.lastIndex = close + prefix.length + 4;
      for (const part of inner.matchAll(partsOfCell)) {
        const [, kind, attrs, text = ''] = part;
        if (kind === 'f') {
          const fa = attrsOf(attrs!);
          cell.f = { text: decode(text), t: fa.t ?? null, si: fa.si ?? null };
        } else if (kind === 'v') cell.v = decode(text);
        // An inline string: its text runs (<t>, and <r> runs' <t>), not the phonetic guides (<rPh>).
        else cell.inline = decode([...text.replace(phonetic, '').matchAll(runText)].map((t) => t[1] ?? '').join(''));
      }
    }
    out.push(cell);
    colIndex++;
  }
  return out;
}

function readCell(raw: RawCell, strings: string[]): Cell | null {
  const { t, s, f, v: rawValue } = raw;
  const cell: Cell = { value: null, ...(s ? { style: Number(s) } : {}) };
  // Shared formulas other than their first cell hold no text: readXlsx gives them their group's formula, moved.
  if (f && f.text) cell.formula = f.text;
  if (t === 's') cell.value = rawValue === null ? null : (strings[Number(rawValue)] ?? '');
  else if (t === 'inlineStr') cell.value = raw.inline ?? '';
  else if (t === 'str') cell.value = rawValue ?? '';
  else if (t === 'b') cell.value = rawValue === '1';
  else if (t === 'e') cell.error = rawValue ?? '#VALUE!';
  else cell.value = rawValue === null || rawValue === '' ? null : Number(rawValue);
  return cell.value === null && !cell.formula && !cell.error && cell.style === undefined ? null : cell;
}

/**
 * What a person typed into a cell: "=…" a formula, a number, TRUE/FALSE, else text; empty clears it. `asText` keeps
 * the input as text whatever it looks like (a table's header names).
 */
export function setCell(book: Workbook, sheet: Sheet, ref: string, input: string, asText = false): void {
  const old = sheet.cells.get(ref);
  const next: Cell = { value: null, ...(old?.style !== undefined ? { style: old.style } : {}) };
  const trimmed = asText ? '' : input.trim();
  if (trimmed.startsWith('=') && trimmed.length > 1) next.formula = trimmed.slice(1);
  else if (trimmed !== '' && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) next.value = Number(trimmed);
  else if (/^(true|false)$/i.test(trimmed)) next.value = trimmed.toLowerCase() === 'true';
  else if (input !== '') next.value = input;
  if (next.value === null && !next.formula && next.style === undefined) sheet.cells.delete(ref);
  else sheet.cells.set(ref, next);
  const { row, col } = parseRef(ref);
  sheet.rows = Math.max(sheet.rows, row + 1);
  sheet.cols = Math.max(sheet.cols, col + 1);
  let set = book.changed.get(sheet.path);
  if (!set) book.changed.set(sheet.path, (set = new Set()));
  set.add(ref);
}

/** What the cell shows in the formula bar: its formula, else its value. */
export function inputOf(cell: Cell | undefined): string {
  if (!cell) return '';
  if (cell.formula) return `=${cell.formula}`;
  if (cell.error) return cell.error;
  if (cell.value === null) return '';
  if (typeof cell.value === 'boolean') return cell.value ? 'TRUE' : 'FALSE';
  return String(cell.value);
}

/**
 * Writes the workbook: the changed cells into their sheets, every formula's cached value (`evaluate` gives it) so
 * that readers which do not recalculate show the new results, and asks Excel to recalculate on open.
 */
export function writeXlsx(book: Workbook, evaluate: (sheet: Sheet, ref: string) => Cell): Uint8Array {
  const { pkg } = book;
  for (const sheet of book.sheets) {
    const changed = book.changed.get(sheet.path) ?? new Set<string>();
    const formulas = [...sheet.cells].filter(([, c]) => c.formula).map(([ref]) => ref);
    if (!changed.size && !formulas.length) continue;
    const doc = pkg.edit(sheet.path);
    const data = child(doc.documentElement, 'sheetData');
    if (!data) continue;
    const rowEls = new Map<number, Element>();
    for (const r of elements(data, 'row')) rowEls.set(Number(r.getAttribute('r')), r);
    const rowEl = (n: number): Element => {
      let r = rowEls.get(n);
      if (r) return r;
      r = doc.createElementNS(S, 'row');
      r.setAttribute('r', String(n));
      const after = [...rowEls.keys()].filter((k) => k > n).sort((a, b) => a - b)[0];
      if (after === undefined) data.appendChild(r);
      else data.insertBefore(r, rowEls.get(after)!);
      rowEls.set(n, r);
      return r;
    };
    const cellEl = (ref: string, create: boolean): Element | undefined => {
      const { row, col } = parseRef(ref);
      const r = create ? rowEl(row + 1) : rowEls.get(row + 1);
      if (!r) return undefined;
      let next: Element | null = null;
      for (const c of elements(r, 'c')) {
        const at = parseRef(c.getAttribute('r') ?? 'A1').col;
        if (at === col) return c;
        if (at > col && !next) next = c;
      }
      if (!create) return undefined;
      const c = doc.createElementNS(S, 'c');
      c.setAttribute('r', ref);
      if (next) r.insertBefore(c, next);
      else r.appendChild(c);
      return c;
    };
    // A changed cell of a shared formula group: every cell of the group gets its formula written out, since the others
    // would otherwise be read from a first cell that no longer holds the same formula.
    const groups = new Map<string, string[]>();
    for (const r of elements(data, 'row'))
      for (const c of elements(r, 'c')) {
        const f = child(c, 'f');
        const si = f?.getAttribute('t') === 'shared' ? f.getAttribute('si') : null;
        if (si !== null && si !== undefined) groups.set(si, [...(groups.get(si) ?? []), c.getAttribute('r') ?? '']);
      }
    for (const members of groups.values()) if (members.some((m) => changed.has(m))) for (const m of members) if (sheet.cells.get(m)?.formula) changed.add(m);
    for (const ref of new Set([...changed, ...formulas])) {
      const cell = sheet.cells.get(ref);
      const el = cellEl(ref, cell !== undefined);
      if (!el) continue;
      if (!cell) {
        el.parentNode!.removeChild(el);
        continue;
      }
      writeCell(doc, el, cell.formula ? { ...evaluate(sheet, ref), formula: cell.formula } : cell, changed.has(ref));
    }
    // The used range in <dimension> would otherwise hide new cells from some readers.
    const dim = child(doc.documentElement, 'dimension');
    if (dim && sheet.rows && sheet.cols) dim.setAttribute('ref', `A1:${refOf(sheet.rows - 1, sheet.cols - 1)}`);
  }
  if (book.changed.size) dropCalcChain(pkg);
  return pkg.toBytes();
}

function writeCell(doc: Document, el: Element, cell: Cell, rewriteFormula: boolean): void {
  const f = child(el, 'f');
  for (const name of ['v', 'is']) removeChildren(el, name);
  if (rewriteFormula) {
    if (f) el.removeChild(f);
    if (cell.formula) {
      const nf = doc.createElementNS(S, 'f');
      setText(nf, cell.formula);
      el.insertBefore(nf, el.firstChild);
    }
  }
  if (cell.style !== undefined) el.setAttribute('s', String(cell.style));
  const v = doc.createElementNS(S, 'v');
  const value = cell.value;
  if (cell.error) {
    el.setAttribute('t', 'e');
    setText(v, cell.error);
  } else if (typeof value === 'number') {
    el.removeAttribute('t');
    setText(v, String(value));
  } else if (typeof value === 'boolean') {
    el.setAttribute('t', 'b');
    setText(v, value ? '1' : '0');
  } else if (typeof value === 'string') {
    if (cell.formula) {
      el.setAttribute('t', 'str');
      setText(v, value);
    } else {
      // Typed text goes inline: the shared string table stays as it was.
      el.setAttribute('t', 'inlineStr');
      const is = doc.createElementNS(S, 'is');
      const t = doc.createElementNS(S, 't');
      t.setAttributeNS(XML_NS, 'xml:space', 'preserve');
      setText(t, value);
      is.appendChild(t);
      el.appendChild(is);
      return;
    }
  } else {
    el.removeAttribute('t');
    return;
  }
  el.appendChild(v);
}

/** The calculation chain lists formula cells; after edits it may be wrong, and Excel rebuilds it when it is absent. */
function dropCalcChain(pkg: OoxmlPackage): void {
  const wbPath = [...pkg.rels('').values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const wb = pkg.edit(wbPath);
  let calcPr = child(wb.documentElement, 'calcPr');
  if (!calcPr) {
    calcPr = wb.createElementNS(S, 'calcPr');
    // calcPr follows the sheets and defined names; before anything that comes after it in the schema.
    const after = elements(wb.documentElement).find((e) => ['oleSize', 'customWorkbookViews', 'pivotCaches', 'smartTagPr', 'smartTagTypes', 'webPublishing', 'fileRecoveryPr', 'webPublishObjects', 'extLst'].includes(e.localName));
    if (after) wb.documentElement.insertBefore(calcPr, after);
    else wb.documentElement.appendChild(calcPr);
  }
  calcPr.setAttribute('fullCalcOnLoad', '1');
  const slash = wbPath.lastIndexOf('/');
  const relsPath = `${wbPath.slice(0, slash + 1)}_rels/${wbPath.slice(slash + 1)}.rels`;
  for (const [, rel] of pkg.rels(wbPath)) {
    if (!rel.type.endsWith('/calcChain')) continue;
    pkg.remove(rel.target);
    pkg.removeOverride(rel.target);
    const rels = pkg.edit(relsPath).documentElement;
    for (const r of elements(rels, 'Relationship')) if ((r.getAttribute('Type') ?? '').endsWith('/calcChain')) rels.removeChild(r);
  }
}

/** Adds an empty sheet after the others. */
export function addSheet(book: Workbook, name: string): Sheet {
  const { pkg } = book;
  const wbPath = [...pkg.rels('').values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  let n = book.sheets.length + 1;
  while (pkg.has(`xl/worksheets/sheet${n}.xml`)) n++;
  const path = `xl/worksheets/sheet${n}.xml`;
  pkg.setText(path, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${S}"><sheetData/></worksheet>`);
  pkg.addOverride(path, 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml');
  const id = pkg.addRel(wbPath, 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet', path);
  const wb = pkg.edit(wbPath);
  const sheets = child(wb.documentElement, 'sheets')!;
  const sheetId = Math.max(0, ...elements(sheets, 'sheet').map((s) => Number(s.getAttribute('sheetId')) || 0)) + 1;
  const el = wb.createElementNS(S, 'sheet');
  el.setAttribute('name', name);
  el.setAttribute('sheetId', String(sheetId));
  el.setAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'r:id', id);
  sheets.appendChild(el);
  const sheet: Sheet = { name, path, cells: new Map(), rows: 0, cols: 0 };
  book.sheets.push(sheet);
  return sheet;
}

/** Where a row/column index and a cell reference go when `count` rows/columns are inserted at `at` (or deleted: null). */
function mover(axis: 'row' | 'col', at: number, count: number) {
  const move = (index: number): number | null => (count > 0 ? (index >= at ? index + count : index) : index < at ? index : index >= at - count ? index + count : null);
  const moveRef = (ref: string): string | null => {
    const p = parseRef(ref);
    const next = move(p[axis]);
    return next === null ? null : axis === 'row' ? refOf(next, p.col) : refOf(p.row, next);
  };
  return { move, moveRef };
}

/**
 * Inserts `count` empty rows or columns before index `at` (count > 0), or deletes them from it (count < 0): the cells
 * after move, and every formula in the workbook that refers past them follows (into deleted cells: #REF!). The sheet's
 * XML moves with it at once (rows, cells, merged ranges, column widths), so the writer finds each cell where it now is;
 * conditional formats, data validations, defined names, chart ranges, tables and pivot sources follow too (xlsx-shift.ts).
 */
export function shiftSheet(book: Workbook, sheet: Sheet, axis: 'row' | 'col', at: number, count: number): void {
  if (!count) return;
  const { move, moveRef } = mover(axis, at, count);

  // The sheet's XML.
  const doc = book.pkg.edit(sheet.path);
  const root = doc.documentElement;
  const data = child(root, 'sheetData');
  let implicit = 0;
  for (const row of data ? elements(data, 'row') : []) {
    const r = row.getAttribute('r') ? Number(row.getAttribute('r')) - 1 : implicit;
    implicit = r + 1;
    if (axis === 'row') {
      const next = move(r);
      if (next === null) {
        data!.removeChild(row);
        continue;
      }
      row.setAttribute('r', String(next + 1));
    }
    let col = 0;
    for (const c of elements(row, 'c')) {
      const at0 = c.getAttribute('r') ? parseRef(c.getAttribute('r')!).col : col;
      col = at0 + 1;
      const ref = refOf(r, at0);
      const next = moveRef(ref);
      if (next === null) row.removeChild(c);
      else c.setAttribute('r', axis === 'row' ? refOf(move(r)!, at0) : next);
      // A moved cell of a shared group no longer matches the group's range: its formula is written out in full.
      const f = child(c, 'f');
      if (f?.getAttribute('t') === 'shared' && next !== null) {
        const model = sheet.cells.get(ref);
        if (model?.formula) {
          f.removeAttribute('t');
          f.removeAttribute('si');
          f.removeAttribute('ref');
          setText(f, model.formula);
        }
      }
    }
    // Spans (which columns a row uses) are only a hint; stale ones make Excel warn.
    if (axis === 'col') row.removeAttribute('spans');
  }
  const merges = child(root, 'mergeCells');
  for (const m of merges ? elements(merges, 'mergeCell') : []) {
    const [a, b] = (m.getAttribute('ref') ?? '').split(':');
    if (!a || !b) continue;
    const shifted = shiftRefs(`${a}:${b}`, sheet.name, sheet.name, axis, at, count);
    if (shifted === '#REF!' || !shifted.includes(':') || shifted.split(':')[0] === shifted.split(':')[1]) merges!.removeChild(m);
    else m.setAttribute('ref', shifted);
  }
  if (merges) {
    const left = elements(merges, 'mergeCell').length;
    if (!left) root.removeChild(merges);
    else merges.setAttribute('count', String(left));
  }
  const cols = child(root, 'cols');
  if (axis === 'col' && cols) {
    for (const c of elements(cols, 'col')) {
      const min = Number(c.getAttribute('min')) - 1;
      const max = Number(c.getAttribute('max')) - 1;
      const gone = -count;
      const nmin = count > 0 ? (min >= at ? min + count : min) : min < at ? min : min >= at + gone ? min - gone : at;
      const nmax = count > 0 ? (max >= at ? max + count : max) : max < at ? max : max >= at + gone ? max - gone : at - 1;
      if (nmax < nmin) {
        cols.removeChild(c);
        continue;
      }
      c.setAttribute('min', String(nmin + 1));
      c.setAttribute('max', String(nmax + 1));
    }
    if (!elements(cols, 'col').length) root.removeChild(cols);
  }

  shiftModel(book, sheet, axis, at, count);
  const wbPath = [...book.pkg.rels('').values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  shiftSheetReferences(book, sheet, wbPath, axis, at, count, (row, col, text) => setCell(book, sheet, refOf(row, col), text, true));
}

/**
 * The model's side of inserting or deleting rows/columns (any format): cells and the record of changed ones move,
 * and every formula in the workbook that refers past the point follows (marked changed, so it is written again).
 */
export function shiftModel(book: Workbook, sheet: Sheet, axis: 'row' | 'col', at: number, count: number): void {
  const { moveRef } = mover(axis, at, count);
  const cells = new Map<string, Cell>();
  for (const [ref, cell] of sheet.cells) {
    const next = moveRef(ref);
    if (next !== null) cells.set(next, cell);
  }
  sheet.cells = cells;
  const changed = book.changed.get(sheet.path);
  if (changed) {
    const moved = new Set<string>();
    for (const ref of changed) {
      const next = moveRef(ref);
      if (next !== null) moved.add(next);
    }
    book.changed.set(sheet.path, moved);
  }
  if (axis === 'row') sheet.rows = Math.max(0, sheet.rows + count);
  else sheet.cols = Math.max(0, sheet.cols + count);
  for (const s of book.sheets)
    for (const [ref, cell] of s.cells) {
      if (!cell.formula) continue;
      const next = shiftRefs(cell.formula, s.name, sheet.name, axis, at, count);
      if (next === cell.formula) continue;
      cell.formula = next;
      let set = book.changed.get(s.path);
      if (!set) book.changed.set(s.path, (set = new Set()));
      set.add(ref);
    }
}
