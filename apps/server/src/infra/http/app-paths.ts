/**
 * The web app's pages, by the first segment of their path: the spec's route table (000 §2, 001 §2) and the pages
 * docs/decisions.md chose (/cekilis, /main/discover, …). Every other path that is no file of the build answers 404 in
 * the product's error shape (issue 36): not the app's HTML with 200. Below these segments the client's router decides
 * (its own unknown-path screen). Lower-case: React Router matches paths case-insensitively, and so does this.
 */
const APP_SECTIONS: ReadonlySet<string> = new Set([
  'auth',
  'main',
  'view',
  'sharedfiles',
  // A live person or place link's page (issue 35).
  'sharedalbum',
  'viewer',
  'cekilis',
  'cekilis-hakki',
  'verify',
  'update',
  'changemypasswordv1',
  'changemypasswordv2',
  'changemypasswordv3',
]);

const firstSegment = (pathname: string) => pathname.split('/')[1]!.toLowerCase();

/** A path the client's router serves from index.html: `/` (sign-in) or one below an app section. */
export const isAppPath = (pathname: string): boolean => pathname === '/' || APP_SECTIONS.has(firstSegment(pathname));

/**
 * Pages that show someone's shared content — the link visitor's /sharedFiles and the shared-content viewer — must stay
 * out of search engines: they answer `X-Robots-Tag: noindex` and carry the robots meta tag.
 */
export const isNoindexPath = (pathname: string): boolean => ['sharedfiles', 'sharedalbum', 'viewer'].includes(firstSegment(pathname));

export const NOINDEX = 'noindex, nofollow';

/** The page with a robots meta tag in its head (unless it has one). */
export function withNoindexMeta(html: string): string {
  if (/<meta\s+name=["']robots["']/i.test(html)) return html;
  return html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<meta name="robots" content="${NOINDEX}">`);
}
