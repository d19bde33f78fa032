import { readDocx, writeDocx, type Block } from './docx';
import { formatValue } from './formula';
import { readOdp, writeOdp } from './odp';
import { addOdsSheet, readOds, writeOds } from './ods';
import { readOdt, writeOdt } from './odt';
import type { OoxmlPackage } from './package';
import { readPptx, writePptx, type Presentation, type Slide } from './pptx';
import { addSheet, readXlsx, writeXlsx, type Cell, type Sheet, type Workbook } from './xlsx';

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
  /** Whether rows and columns can be inserted and deleted (the .xlsx writer moves the sheet's XML with them). */
  reshapes: boolean;
}

export function openWorkbook(format: OfficeFormat, bytes: Uint8Array): WorkbookFile {
  if (format === 'ods') {
    const book = readOds(bytes);
    return { book, write: (evaluate) => writeOds(book, evaluate, (cell) => formatValue(cell, book.formats)), addSheet: (name) => addOdsSheet(book, name), reshapes: false };
  }
  const book = readXlsx(bytes);
  return { book, write: (evaluate) => writeXlsx(book, evaluate), addSheet: (name) => addSheet(book, name), reshapes: true };
}

export interface PresentationFile {
  pres: Presentation;
  write(slides: readonly Slide[]): Uint8Array;
}

export function openPresentation(format: OfficeFormat, bytes: Uint8Array): PresentationFile {
  const pres = format === 'odp' ? readOdp(bytes) : readPptx(bytes);
  return { pres, write: (slides) => (format === 'odp' ? writeOdp(pres, slides) : writePptx(pres, slides)) };
}
