// Cell references inside A1-syntax formulas (Sheet!$A$1:B2), found outside string literals and function names, and
// rewritten: a shared formula translated to another cell, references moved by inserted or deleted rows and columns.

export interface CellRef {
  col: number;
  row: number;
  absCol: boolean;
  absRow: boolean;
}

export interface RangeRef {
  /** The sheet as written (quoted or not), or undefined for the formula's own sheet. */
  sheet: string | undefined;
  from: CellRef;
  to?: CellRef;
}

const REF = /(?<![\p{L}\p{N}_.$'!])(?:('(?:[^']|'')+'|[\p{L}_][\p{L}\p{N}_.]*)!)?(\$?)([A-Z]{1,3})(\$?)(\d+)(?::(\$?)([A-Z]{1,3})(\$?)(\d+))?(?![\p{L}\p{N}_(!])/gu;

const colIndex = (name: string) => [...name].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
export const colName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : colName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

/** A cell reference's row and column (no sheet; $ allowed), or null for anything else. */
export function cellOf(text: string): { row: number; col: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(text);
  return m ? { col: colIndex(m[1]!), row: Number(m[2]) - 1 } : null;
}

/**
 * How far a rule read from `oldAnchor` must be translated to be read from `newAnchor` (a cell after `count` rows or
 * columns were inserted at `at` or deleted from it): from where `newAnchor` was before the change to `oldAnchor`.
 */
export function anchorDelta(oldAnchor: { row: number; col: number }, newAnchor: { row: number; col: number }, axis: 'row' | 'col', at: number, count: number): { rows: number; cols: number } {
  const back = (i: number) => (count > 0 ? (i >= at + count ? i - count : i) : i >= at ? i - count : i);
  const was = axis === 'row' ? { row: back(newAnchor.row), col: newAnchor.col } : { row: newAnchor.row, col: back(newAnchor.col) };
  return { rows: was.row - oldAnchor.row, cols: was.col - oldAnchor.col };
}

/** The sheet name a reference's prefix names (quotes removed). */
export const sheetName = (written: string): string => (written.startsWith("'") ? written.slice(1, -1).replace(/''/g, "'") : written);

function cellText(c: CellRef): string {
  return `${c.absCol ? '$' : ''}${colName(c.col)}${c.absRow ? '$' : ''}${c.row + 1}`;
}

/**
 * Rewrites every reference in `formula` with `map` (null: the reference no longer exists, #REF!; with `keepSheet`,
 * Sheet!#REF! as Excel writes defined names and chart series).
 */
export function mapRefs(formula: string, map: (ref: RangeRef) => RangeRef | null, keepSheet = false): string {
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) =>
      i % 2
        ? part
        : part.replace(REF, (whole, sheet: string | undefined, ac: string, c: string, ar: string, r: string, ac2?: string, c2?: string, ar2?: string, r2?: string) => {
            const ref: RangeRef = {
              sheet,
              from: { col: colIndex(c), row: Number(r) - 1, absCol: ac === '$', absRow: ar === '$' },
              ...(c2 ? { to: { col: colIndex(c2), row: Number(r2) - 1, absCol: ac2 === '$', absRow: ar2 === '$' } } : {}),
            };
            const out = map(ref);
            if (!out) return keepSheet && sheet ? `${sheet}!#REF!` : '#REF!';
            if (out === ref) return whole;
            return `${out.sheet ? `${out.sheet}!` : ''}${cellText(out.from)}${out.to ? `:${cellText(out.to)}` : ''}`;
          }),
    )
    .join('');
}

/** A shared formula written for its first cell, as it reads `rows`/`cols` away (relative parts move). */
export function translate(formula: string, rows: number, cols: number): string {
  if (!rows && !cols) return formula;
  const move = (c: CellRef): CellRef => ({ ...c, row: c.absRow ? c.row : c.row + rows, col: c.absCol ? c.col : c.col + cols });
  return mapRefs(formula, (ref) => ({ ...ref, from: move(ref.from), ...(ref.to ? { to: move(ref.to) } : {}) }));
}

/**
 * References after `count` rows (or columns) are inserted at index `at` (count > 0) or deleted from it (count < 0) on
 * sheet `target`. A reference into deleted cells becomes #REF!; a range loses the deleted part.
 */
export function shiftRefs(formula: string, ownSheet: string, target: string, axis: 'row' | 'col', at: number, count: number, keepSheet = false): string {
  const same = (ref: RangeRef) => (ref.sheet ? sheetName(ref.sheet) : ownSheet).toLowerCase() === target.toLowerCase();
  return mapRefs(formula, (ref) => {
    if (!same(ref)) return ref;
    const get = (c: CellRef) => c[axis];
    const set = (c: CellRef, v: number): CellRef => ({ ...c, [axis]: v });
    const start = get(ref.from);
    const end = ref.to ? get(ref.to) : start;
    let s = start;
    let e = end;
    if (count > 0) {
      if (s >= at) s += count;
      if (e >= at) e += count;
    } else {
      const gone = -count;
      s = s < at ? s : s >= at + gone ? s - gone : at;
      e = e < at ? e : e >= at + gone ? e - gone : at - 1;
      if (e < s) return null;
    }
    if (s === start && e === end) return ref;
    return { sheet: ref.sheet, from: set(ref.from, s), ...(ref.to ? { to: set(ref.to, e) } : {}) };
  }, keepSheet);
}
