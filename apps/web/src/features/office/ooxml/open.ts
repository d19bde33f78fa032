import { readDocx, writeDocx, type Block } from './docx';
import { formatValue } from './formula';
import { readOdp, writeOdp } from './odp';
import { addOdsSheet, readOds, shiftOdsSheet, writeOds } from './ods';
import { readOdt, writeOdt } from './odt';
import type { OoxmlPackage } from './package';
import { readPptx, writePptx, type Presentation, type Slide } from './pptx';
import { addSheet, readXlsx, shiftSheet, writeXlsx, type Cell, type Sheet, type Workbook } from './xlsx';

// One reader/writer pair per file format behind each view: a document (.docx, .odt), a workbook (.xlsx, .ods) or a
// presentation (.pptx, .odp) is edited through the same model whichever format it is saved in.

export type OfficeFormat = 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp';

export interface DocumentFile {
  pkg: OoxmlPackage;
  blocks: Block[];
  write(blocks: readonly Block[]): Uint8Array;
}

export function openDocument(format: OfficeFormat, bytes: Uint8Array): DocumentFile {
  if (format === 'odt') {
    const doc = readOdt(bytes);
    return { pkg: doc.pkg, blocks: doc.blocks, write: (blocks) => writeOdt(doc, blocks) };
  }
  const doc = readDocx(bytes);
  return { pkg: doc.pkg, blocks: doc.blocks, write: (blocks) => writeDocx(doc, blocks) };
}

export interface WorkbookFile {
  book: Workbook;
  write(evaluate: (sheet: Sheet, ref: string) => Cell): Uint8Array;
  addSheet(name: string): Sheet;
  /** Inserts `count` rows or columns before index `at` (count > 0) or deletes them (count < 0); formulas follow. */
  shift(sheet: Sheet, axis: 'row' | 'col', at: number, count: number): void;
}

export function openWorkbook(format: OfficeFormat, bytes: Uint8Array): WorkbookFile {
  if (format === 'ods') {
    const book = readOds(bytes);
    return { book, write: (evaluate) => writeOds(book, evaluate, (cell) => formatValue(cell, book.formats)), addSheet: (name) => addOdsSheet(book, name), shift: (sheet, axis, at, count) => shiftOdsSheet(book, sheet, axis, at, count) };
  }
  const book = readXlsx(bytes);
  return { book, write: (evaluate) => writeXlsx(book, evaluate), addSheet: (name) => addSheet(book, name), shift: (sheet, axis, at, count) => shiftSheet(book, sheet, axis, at, count) };
}

export interface PresentationFile {
  pres: Presentation;
  write(slides: readonly Slide[]): Uint8Array;
}

export function openPresentation(format: OfficeFormat, bytes: Uint8Array): PresentationFile {
  const pres = format === 'odp' ? readOdp(bytes) : readPptx(bytes);
  return { pres, write: (slides) => (format === 'odp' ? writeOdp(pres, slides) : writePptx(pres, slides)) };
}
