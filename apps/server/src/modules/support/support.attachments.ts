import type { ATTACHMENT_TYPES } from './support.schemas.js';

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The attachment's type from its first bytes, never from its name or declared type: images and PDF only. Anything else
 * (HTML, SVG, a script renamed .png) is refused, so nothing the chat stores can run in a browser.
 */
export function sniffAttachment(buf: Buffer): (typeof ATTACHMENT_TYPES)[number] | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(buf, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/** A file name safe to store and to put in Content-Disposition: no paths, no control characters, bounded. */
export function cleanName(name: string | undefined, mime: string): string {
  const base = [...((name ?? '').split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  if (base) return base;
  return `attachment.${mime === 'application/pdf' ? 'pdf' : mime.split('/')[1]}`;
}

/** Headers for serving an attachment: always a download, never sniffed, sandboxed if a browser renders it anyway. */
export function attachmentHeaders(name: string, mime: string, size: number): Record<string, string> {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return {
    'content-type': mime,
    'content-length': String(size),
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
  };
}
