// Pure helpers for the download responses: ranges, validators, content types and dispositions.

const GENERIC = 'application/octet-stream';
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The stored type when it is a well-formed media type; anything else is served as opaque bytes. */
export function servedContentType(stored: string): string {
  const type = stored.split(';')[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : GENERIC;
}

/** Types a browser may show in a tab without running anything from the file. SVG is an image that runs scripts. */
export function isInlineSafe(type: string): boolean {
  if (type === 'image/svg+xml') return false;
  return /^(image|video|audio)\//.test(type) || type === 'application/pdf' || type === 'text/plain';
}

export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range resolved against the size (end inclusive). null: no usable Range header (absent, another unit,
 * several ranges, malformed), so the whole file is served. 'unsatisfiable': 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}

/** If-None-Match uses the weak comparison: W/"x" matches "x". */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** `attachment` (or `inline`) with an ASCII fallback for old clients and the exact name in RFC 5987 `filename*`. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // Turkish dotless i has no decomposition; everything else non-ASCII becomes "_".
    .replace(/ı/g, 'i')
    // NFKD turns look-alikes such as U+FF0F into "/": the fallback must never read as a path.
    .replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
