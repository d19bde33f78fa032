import type { FastifyReply, FastifyRequest } from 'fastify';

/** The web app's policy: only its own origin, no inline scripts, never framed. */
const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  // WebAssembly may be compiled (the upload's SHA-256 in a worker, issue 35); JavaScript eval stays forbidden.
  "script-src 'self' 'wasm-unsafe-eval'",
  "script-src-attr 'none'",
  // Radix primitives inject small <style> tags (scroll locking), so inline styles stay allowed; scripts do not.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  'upgrade-insecure-requests',
];
const PAGE_CSP = PAGE_CSP_DIRECTIVES.join(';');

// Built once: setting a few constant strings is all a request pays (helmet assembled them on every request).
// Headers that only steer retired browser features (X-XSS-Protection, X-Download-Options,
// X-Permitted-Cross-Domain-Policies, X-DNS-Prefetch-Control, Origin-Agent-Cluster) are not sent.
const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
} as const;

export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...COMMON,
  'content-security-policy': PAGE_CSP,
  'cross-origin-opener-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
});

/**
 * The support chat page (issue 29) lives inside the account dialog's frame: framed by our own origin only, never by
 * anyone else's; everything else about the page policy stays.
 */
export const FRAMED_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...PAGE_HEADERS,
  'content-security-policy': PAGE_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
  'x-frame-options': 'SAMEORIGIN',
});

/**
 * The page headers when the app frames another origin too: the support chat of an outside vendor
 * (`SUPPORT_CHAT_URL` on another origin, issue 29). Built once at start-up, like the constants above.
 */
export function pageHeadersFraming(origins: readonly string[]): Readonly<Record<string, string>> {
  if (origins.length === 0) return PAGE_HEADERS;
  const csp = PAGE_CSP_DIRECTIVES.map((d) => (d === "frame-src 'self'" ? `frame-src 'self' ${origins.join(' ')}` : d)).join(';');
  return Object.freeze({ ...PAGE_HEADERS, 'content-security-policy': csp });
}

/** JSON is data, never a document: it may load nothing and be framed by no one. */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...COMMON,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
});

const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every response; a route may still replace one (downloads set their own CSP). Called by the
 * app's one onRequest hook, first thing, rather than being a hook of its own (each hook is a step on every request).
 */
export function setSecurityHeaders(req: FastifyRequest, reply: FastifyReply, page: Readonly<Record<string, string>> = PAGE_HEADERS): void {
  reply.headers(isApi(req.url) ? API_HEADERS : page);
}
