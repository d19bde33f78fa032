import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an `Accept-Encoding` header: the highest q-value among brotli and gzip, brotli on a
 * tie (smaller), none when the client accepts neither (q=0 refuses; `*` stands for any encoding not named).
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (e: Encoding) => q.get(e) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** Adds `Accept-Encoding` to the reply's `Vary`: the same URL has a body per encoding, and caches must keep them apart. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Per response, speed matters more than the last percent: brotli 4 is as fast as gzip 6 and smaller.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

type OnSend = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => void;

/**
 * An onSend step that compresses JSON answers of at least `threshold` bytes when the client accepts brotli or gzip.
 * Only string and buffer bodies qualify, so streamed downloads, thumbnails and zips pass untouched. A callback: the
 * common small answer passes without a promise. The app runs it inside its one onSend hook (a hook less per request).
 */
export function jsonCompressor(threshold = 1024): OnSend {
  return (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // A string of n UTF-16 units is at most 3n bytes: the common small answer is let go before anything is measured.
    if (typeof payload === 'string' && payload.length * 3 < threshold) return done(null, payload);
    if (Buffer.byteLength(payload) < threshold) return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    (encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzip(payload)).then(
      (body) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, body);
      },
      (err: Error) => done(err),
    );
  };
}
