import FormulaParser from 'fast-formula-parser';
import { refOf, type Cell, type Sheet, type Workbook } from './xlsx';

// Formulas of a workbook, evaluated with fast-formula-parser (MIT): a cell's references are worked out first (in an
// explicit stack, so a long chain of formulas cannot overflow the call stack), then the cell; results are cached until
// the next edit. Number formats: number-format.ts.

const { FormulaError, DepParser } = FormulaParser;

export interface Evaluator {
  /** The cell with its formula's result in value (or error). */
  cell(sheet: Sheet, ref: string): Cell | undefined;
  /** After an edit: every result is worked out again when next asked for. */
  invalidate(): void;
}

const keyOf = (sheet: string, ref: string) => `${sheet}!${ref}`;

export function createEvaluator(book: Workbook): Evaluator {
  const results = new Map<string, Cell>();
  const deps = new Map<string, string[]>();
  const byName = (name: string | undefined) => book.sheets.find((s) => s.name.toLowerCase() === (name ?? '').toLowerCase());
  const stored = (sheet: Sheet, ref: string): unknown => {
    const got = results.get(keyOf(sheet.name, ref)) ?? sheet.cells.get(ref);
    if (!got) return null;
    if (got.error) return new FormulaError(got.error);
    return got.value;
  };
  const parser = new FormulaParser({
    onCell: ({ sheet, row, col }) => {
      const s = byName(sheet);
      return s ? stored(s, refOf(row - 1, col - 1)) : null;
    },
    onRange: ({ sheet, from, to }) => {
      const s = byName(sheet);
      if (!s) return [[]];
      // Whole columns or rows (A:A) stop at the used range.
      const lastRow = Math.min(to.row, s.rows);
      const lastCol = Math.min(to.col, s.cols);
      const out: unknown[][] = [];
      for (let r = from.row; r <= lastRow; r++) {
        const line: unknown[] = [];
        for (let c = from.col; c <= lastCol; c++) line.push(stored(s, refOf(r - 1, c - 1)));
        out.push(line);
      }
      return out.length ? out : [[null]];
    },
  });
  const depParser = new DepParser();

  const dependencies = (sheet: Sheet, ref: string, formula: string): string[] => {
    const key = keyOf(sheet.name, ref);
    let list = deps.get(key);
    if (list) return list;
    list = [];
    const { row, col } = position(ref);
    try {
      for (const d of depParser.parse(formula, { sheet: sheet.name, row, col }, true)) {
        const s = byName(d.sheet) ?? sheet;
        const [from, to] = 'from' in d ? [d.from, d.to] : [d, d];
        const lastRow = Math.min(to.row, s.rows);
        const lastCol = Math.min(to.col, s.cols);
        for (let r = from.row; r <= lastRow; r++)
          for (let c = from.col; c <= lastCol; c++) {
            const dep = refOf(r - 1, c - 1);
            if (s.cells.get(dep)?.formula) list.push(keyOf(s.name, dep));
          }
      }
    } catch {
      // A formula that does not parse gets its error when it is evaluated.
    }
    deps.set(key, list);
    return list;
  };

  const compute = (sheet: Sheet, ref: string, formula: string): Cell => {
    const base = sheet.cells.get(ref)!;
    const { row, col } = position(ref);
    let value: unknown;
    try {
      value = parser.parse(formula, { sheet: sheet.name, row, col });
    } catch (err) {
      value = err instanceof FormulaError ? err : new FormulaError('#ERROR!');
    }
    if (Array.isArray(value)) value = (value as unknown[][])[0]?.[0] ?? null;
    const rest: Cell = { ...base };
    delete rest.error;
    if (value instanceof FormulaError) return { ...rest, value: null, error: value.error };
    return { ...rest, value: value === undefined ? null : (value as Cell['value']) };
  };

  const evaluate = (sheet: Sheet, ref: string): void => {
    const stack: Array<[Sheet, string]> = [[sheet, ref]];
    const expanded = new Set<string>();
    while (stack.length) {
      const [s, r] = stack.at(-1)!;
      const key = keyOf(s.name, r);
      const cell = s.cells.get(r);
      if (results.has(key) || !cell?.formula) {
        stack.pop();
        continue;
      }
      if (!expanded.has(key)) {
        expanded.add(key);
        const pending = dependencies(s, r, cell.formula).filter((d) => !results.has(d) && !expanded.has(d));
        if (pending.length) {
          for (const d of pending) {
            const bang = d.lastIndexOf('!');
            const ds = byName(d.slice(0, bang));
            if (ds) stack.push([ds, d.slice(bang + 1)]);
          }
          continue;
        }
      }
      // Its references are done (or refer back to it: a circular reference reads their stored values).
      results.set(key, compute(s, r, cell.formula));
      stack.pop();
    }
  };

  return {
    cell(sheet, ref) {
      const cell = sheet.cells.get(ref);
      if (!cell?.formula) return cell;
      const key = keyOf(sheet.name, ref);
      if (!results.has(key)) evaluate(sheet, ref);
      return results.get(key);
    },
    invalidate() {
      results.clear();
      deps.clear();
    },
  };
}

const position = (ref: string) => {
  const m = /^([A-Z]+)(\d+)$/.exec(ref)!;
  const col = [...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  return { row: Number(m[2]), col };
};

// Number formats live in their own module (no formula engine needed to show a sheet); re-exported for the tests.
export { formatValue } from './number-format';
