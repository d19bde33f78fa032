import type { DocumentType } from '@/api/files';

/** What an item is, for its icon and its preview. */
export type FileKind = 'folder' | 'image' | 'video' | 'audio' | 'pdf' | 'doc' | 'sheet' | 'slide' | 'zip' | 'text' | 'file';

export interface KindSource {
  name: string;
  folder: boolean;
  contentType?: string | null;
  documentType?: DocumentType | null;
}

const BY_EXTENSION: Record<string, FileKind> = {
  jpg: 'image', jpeg: 'image', png: 'image', gif: 'image', webp: 'image', heic: 'image', heif: 'image', bmp: 'image', svg: 'image', avif: 'image', tif: 'image', tiff: 'image',
  mp4: 'video', mov: 'video', m4v: 'video', webm: 'video', mkv: 'video', avi: 'video', '3gp': 'video',
  mp3: 'audio', m4a: 'audio', aac: 'audio', wav: 'audio', ogg: 'audio', oga: 'audio', flac: 'audio', opus: 'audio',
  pdf: 'pdf',
  doc: 'doc', docx: 'doc', odt: 'doc', rtf: 'doc', pages: 'doc',
  xls: 'sheet', xlsx: 'sheet', xlsm: 'sheet', ods: 'sheet', csv: 'sheet', numbers: 'sheet',
  ppt: 'slide', pptx: 'slide', odp: 'slide', key: 'slide',
  zip: 'zip', rar: 'zip', '7z': 'zip', tar: 'zip', gz: 'zip', tgz: 'zip', bz2: 'zip', xz: 'zip',
  txt: 'text', md: 'text', log: 'text', json: 'text', xml: 'text', yml: 'text', yaml: 'text', ini: 'text',
};

const BY_DOCUMENT_TYPE: Record<DocumentType, FileKind> = { WORD: 'doc', PDF: 'pdf', CELL: 'sheet', SLIDE: 'slide' };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function kindOfContentType(type: string): FileKind | null {
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (type.includes('wordprocessingml') || type === 'application/msword' || type.includes('opendocument.text')) return 'doc';
  if (type.includes('spreadsheetml') || type === 'application/vnd.ms-excel' || type.includes('opendocument.spreadsheet') || type === 'text/csv') return 'sheet';
  if (type.includes('presentationml') || type === 'application/vnd.ms-powerpoint' || type.includes('opendocument.presentation')) return 'slide';
  if (/zip|x-rar|x-7z|x-tar|gzip|x-bzip/.test(type)) return 'zip';
  if (type.startsWith('text/') || type === 'application/json') return 'text';
  return null;
}

/** Folder first, then the document type the server knows, then the content type, then the extension. */
export function fileKind(item: KindSource): FileKind {
  if (item.folder) return 'folder';
  if (item.documentType && BY_DOCUMENT_TYPE[item.documentType]) return BY_DOCUMENT_TYPE[item.documentType];
  const type = (item.contentType ?? '').toLowerCase().split(';')[0]!.trim();
  const byType = type && type !== 'application/octet-stream' ? kindOfContentType(type) : null;
  return byType ?? BY_EXTENSION[extensionOf(item.name)] ?? 'file';
}

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'none';

/**
 * How the preview shows a file. The server serves inline only safe types (images except SVG, video, audio,
 * PDF, plain text), so SVG and office documents get "no preview".
 */
export function previewKind(item: KindSource): PreviewKind {
  const kind = fileKind(item);
  const type = (item.contentType ?? '').toLowerCase();
  if (kind === 'image') return type.includes('svg') || extensionOf(item.name) === 'svg' ? 'none' : 'image';
  if (kind === 'video' || kind === 'audio' || kind === 'pdf' || kind === 'text') return kind;
  return 'none';
}
