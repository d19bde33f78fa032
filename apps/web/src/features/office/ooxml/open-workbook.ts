import { formatValue } from './number-format';
import type { OfficeFormat } from './open';
import { addSheet, readXlsx, shiftSheet, writeXlsx, type Cell, type Sheet, type Workbook } from './xlsx';

export interface WorkbookFile {
  book: Workbook;
  write(evaluate: (sheet: Sheet, ref: string) => Cell): Uint8Array;
  addSheet(name: string): Sheet;
  /** Inserts `count` rows or columns before index `at` (count > 0) or deletes them (count < 0); formulas follow. */
  shift(sheet: Sheet, axis: 'row' | 'col', at: number, count: number): void;
}

export async function openWorkbook(format: OfficeFormat, bytes: Uint8Array): Promise<WorkbookFile> {
  if (format === 'ods') {
    const { addOdsSheet, readOds, shiftOdsSheet, writeOds } = await import('./ods');
    const book = readOds(bytes);
    return { book, write: (evaluate) => writeOds(book, evaluate, (cell) => formatValue(cell, book.formats)), addSheet: (name) => addOdsSheet(book, name), shift: (sheet, axis, at, count) => shiftOdsSheet(book, sheet, axis, at, count) };
  }
  const book = readXlsx(bytes);
  return { book, write: (evaluate) => writeXlsx(book, evaluate), addSheet: (name) => addSheet(book, name), shift: (sheet, axis, at, count) => shiftSheet(book, sheet, axis, at, count) };
}
