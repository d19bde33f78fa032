import type { FastifyRequest } from 'fastify';

/**
 * Header paths pino blanks wherever a request or reply object is logged with its headers: credentials of every kind
 * the API accepts or hands out (issue 28: no secrets or tokens in logs).
 */
export const REDACTED_HEADERS = [
  'authorization',
  'cookie',
  'x-auth-token',
  'x-remember-me-token',
  'x-captcha-answer',
  'x-captcha-id',
  'set-cookie',
  'x-amz-security-token',
] as const;

export const LOG_REDACT = {
  paths: [
    ...REDACTED_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]),
    'req.body',
    'body',
    'password',
    '*.password',
    'token',
    '*.token',
  ],
  censor: '[redacted]',
};

// Long opaque path segments: session-like tokens and signatures (base64url or hex, 24+ characters). UUIDs stay, so a
// line still says which file or album it was about.
const OPAQUE = /^[A-Za-z0-9_\-.~%]{24,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A URL fit for a log line: every query value blanked (signed download URLs carry their signature there, visitor links
 * their token, verification links theirs) and opaque path segments blanked; the path's shape and the keys remain.
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const cleanPath = path
    .split('/')
    .map((seg) => (OPAQUE.test(seg) && !UUID.test(seg) ? '[redacted]' : seg))
    .join('/');
  if (q < 0) return cleanPath;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${cleanPath}?${keys.join('&')}`;
}

/** Fastify's request serializer, minus what may carry a secret: the URL goes through `loggableUrl`, no headers, no body. */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: loggableUrl(req.url),
    route: req.routeOptions?.url,
    remoteAddress: req.ip,
  };
}
