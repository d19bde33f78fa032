import type { DocumentType } from '../files/files.public.js';

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  '3gp': 'video/3gpp',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const DOCUMENT_BY_EXTENSION: Record<string, DocumentType> = {
  doc: 'WORD',
  docx: 'WORD',
  pdf: 'PDF',
  xls: 'CELL',
  xlsx: 'CELL',
  csv: 'CELL',
  ppt: 'SLIDE',
  pptx: 'SLIDE',
};

const DOCUMENT_BY_TYPE: Record<string, DocumentType> = {
  'application/msword': 'WORD',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'WORD',
  'application/pdf': 'PDF',
  'application/vnd.ms-excel': 'CELL',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'CELL',
  'text/csv': 'CELL',
  'application/vnd.ms-powerpoint': 'SLIDE',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'SLIDE',
};

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const GENERIC = 'application/octet-stream';

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The media type to store: the client's (without parameters) unless it is missing or generic, then the extension's. */
export function contentTypeFor(name: string, header: string | undefined): string {
  const declared = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (MEDIA_TYPE.test(declared) && declared !== GENERIC) return declared;
  return BY_EXTENSION[extensionOf(name)] ?? GENERIC;
}

export function documentTypeFor(name: string, contentType: string): DocumentType | null {
  return DOCUMENT_BY_EXTENSION[extensionOf(name)] ?? DOCUMENT_BY_TYPE[contentType] ?? null;
}
