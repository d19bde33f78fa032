import SSF from 'fast-formula-parser/ssf/ssf.js';
import type { Cell } from './xlsx';

// A cell's value as its number format shows it, with the SheetJS SSF copy inside fast-formula-parser (Apache-2.0),
// imported alone: drawing a sheet needs it, the formula engine (the parser generator and the functions) can come later.

/** A value as its number format shows it (General: up to 11 significant digits, as spreadsheets do). */
export function formatValue(cell: Cell | undefined, formats: readonly string[]): string {
  if (!cell) return '';
  if (cell.error) return cell.error;
  const v = cell.value;
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  const fmt = cell.style !== undefined ? (formats[cell.style] ?? 'General') : 'General';
  try {
    return SSF.format(fmt, v);
  } catch {
    return String(v);
  }
}
