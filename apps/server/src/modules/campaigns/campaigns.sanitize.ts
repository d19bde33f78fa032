// Campaign details are operator-written rich text shown to every subscriber as HTML: a strict allow-list, applied on
// write, so what is stored is already safe. No sanitiser ships in our dependencies; this one rebuilds the markup from
// scratch rather than filtering it: every tag it emits is written by this code, with no attribute but a checked href.

/** Tags kept (without attributes). */
const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'a', 'blockquote']);
const VOID = new Set(['br']);
/** Their content goes with them: it is code or embedded documents, never text for the reader. */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'plaintext']);
export const MAX_DETAILS_LENGTH = 20_000;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>;

/** Decodes the entities an operator may have typed, so they are escaped once and only once on the way out. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Only web and mail links; the scheme is checked after decoding entities and dropping control characters and blanks. */
function safeHref(raw: string): string | null {
  // Browsers ignore control characters and blanks inside a scheme (`jav\tascript:`), so they are dropped before the check.
  // eslint-disable-next-line no-control-regex
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!/^(https:\/\/|http:\/\/|mailto:)/i.test(value)) return null;
  try {
    const url = new URL(value);
    if (!['https:', 'http:', 'mailto:'].includes(url.protocol)) return null;
    return url.href;
  } catch {
    return null;
  }
}

function hrefOf(attrs: string): string | null {
  const m = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attrs);
  if (!m) return null;
  return safeHref(m[1] ?? m[2] ?? m[3] ?? '');
}

/**
 * Rebuilds `input` from allowed tags and escaped text. Unknown tags are dropped (their text kept), dangerous ones with
 * their content; comments, doctype and processing instructions go; open tags are closed at the end.
 */
export function sanitizeRichText(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  let i = 0;
  const html = input.slice(0, MAX_DETAILS_LENGTH);
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt === -1 ? html.length : lt;
    if (textEnd > i) {
      if (!dropping) out.push(escapeText(decodeEntities(html.slice(i, textEnd))));
      i = textEnd;
      continue;
    }
    // A comment, doctype or processing instruction: skipped whole.
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/.exec(html.slice(i));
    if (!m) {
      if (/^<[!?/]/.test(html.slice(i, i + 2))) {
        const end = html.indexOf('>', i);
        i = end === -1 ? html.length : end + 1;
        continue;
      }
      // A lone '<' is text.
      if (!dropping) out.push('&lt;');
      i++;
      continue;
    }
    i += m[0].length;
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    const attrs = m[3] ?? '';
    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!closing && !/\/\s*$/.test(attrs)) dropping = tag;
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
    if (VOID.has(tag)) {
      if (!closing) out.push(`<${tag}>`);
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (tag === 'a') {
      const href = hrefOf(attrs);
      out.push(href ? `<a href="${escapeText(href)}" target="_blank" rel="noopener noreferrer nofollow">` : '<a>');
    } else {
      out.push(`<${tag}>`);
    }
    open.push(tag);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
