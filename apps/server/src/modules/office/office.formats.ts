import type { DocumentType } from '../files/files.public.js';

// Which files the office editors open, and how.

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Saved back in their own format by the editors. */
const EDITABLE = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);
/** Opened read-only: the editors read them, but a save would not be in the file's own format. */
const VIEW_ONLY = new Set(['pdf', 'doc', 'xls', 'ppt', 'rtf', 'csv']);

/** The spec's editor document kind: 0 notSet, 1 doc, 2 cell, 3 slide. */
export const EDITOR_KIND = { notSet: 0, doc: 1, cell: 2, slide: 3 } as const;
const KIND_BY_EXTENSION: Record<string, number> = {
  docx: 1, odt: 1, doc: 1, rtf: 1, pdf: 0,
  xlsx: 2, ods: 2, xls: 2, csv: 2,
  pptx: 3, odp: 3, ppt: 3,
};

export const isOpenable = (ext: string) => EDITABLE.has(ext) || VIEW_ONLY.has(ext);
export const isEditable = (ext: string) => EDITABLE.has(ext);
export const editorKindOf = (ext: string): number => KIND_BY_EXTENSION[ext] ?? EDITOR_KIND.notSet;

export const DOCUMENT_TYPE_OF_KIND: Record<number, DocumentType | null> = { 0: null, 1: 'WORD', 2: 'CELL', 3: 'SLIDE' };

/** The file row's document type for a name (WORD, PDF, CELL, SLIDE), as uploads set it. */
export const documentTypeOfName = (name: string): DocumentType | null => {
  const ext = extensionOf(name);
  return ext === 'pdf' ? 'PDF' : isOpenable(ext) ? DOCUMENT_TYPE_OF_KIND[editorKindOf(ext)] ?? null : null;
};
