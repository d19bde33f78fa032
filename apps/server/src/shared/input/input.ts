import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '../errors.js';

/** The only uuid spelling the API accepts: 8-4-4-4-12 hex digits (ajv-formats also takes `urn:uuid:…`). */
export const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Fastify's `ajv` option: ajv's defaults, first error only, and the canonical uuid format. */
export const ajvOptions = {
  customOptions: { allErrors: false },
  // Runs after @fastify/ajv-compiler has added ajv-formats, so this uuid replaces the one that allows `urn:uuid:`.
  onCreate: (ajv: { addFormat(name: string, format: RegExp): unknown }) => {
    ajv.addFormat('uuid', CANONICAL_UUID);
  },
};

const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a validated value cannot go further, or null: numbers finite and safe, text without NUL or lone surrogates. */
function problem(v: unknown): string | null {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return 'must be a finite number';
    if (Math.abs(v) > Number.MAX_SAFE_INTEGER) return `must be between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`;
  } else if (typeof v === 'string') {
    if (v.includes('\u0000')) return 'must not contain NUL characters';
    if (LONE_SURROGATE.test(v)) return 'must be well-formed Unicode text';
  }
  return null;
}

/** The first bad value inside a part of the request, as [dot path, reason]. */
function findProblem(v: unknown, at: string, depth: number): [string, string] | null {
  const own = problem(v);
  if (own) return [at, own];
  if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) return null;
  if (typeof (v as { pipe?: unknown }).pipe === 'function') return null; // a streamed body (uploads)
  if (depth >= MAX_DEPTH) return [at, `must not be nested more than ${MAX_DEPTH} levels deep`];
  for (const [k, x] of Object.entries(v)) {
    const path = at ? `${at}.${k}` : k;
    const key = problem(k);
    if (key) return [path, `name ${key}`];
    const found = findProblem(x, path, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * After schema validation (and ajv's type coercion), before access checks and handlers: refuses what a schema cannot
 * say once for all routes — `Infinity`, `1e309`, unsafe integers, NUL bytes, lone surrogates — as 400 with the field.
 */
export function inputGuard(req: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  for (const part of ['params', 'query', 'body'] as const) {
    const found = findProblem(req[part], '', 0);
    if (found) {
      const [field, reason] = found;
      throw ValidationError(`${part}${field ? `.${field}` : ''} ${reason}`, field || part);
    }
  }
}

const STATUS_NAMES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION_ERROR'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'VALIDATION_ERROR'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_BAD_URL: [400, 'BAD_REQUEST'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URI_TOO_LONG'],
};

/** "Unsupported Media Type" → "UNSUPPORTED_MEDIA_TYPE". */
export const statusName = (httpStatus: number): string =>
  (STATUS_CODES[httpStatus] ?? 'Bad Request').toUpperCase().replace(/[^A-Z]+/g, '_').replace(/^_|_$/g, '');

/** A framework or library error below 500 in the documented shape: a status name, a message, the body as field. */
export function clientErrorBody(err: FastifyError): { httpStatus: number; body: { status: string; message: string; field?: string } } {
  const known = err.code ? STATUS_NAMES[err.code] : undefined;
  const httpStatus = known?.[0] ?? (err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400);
  const status = known?.[1] ?? statusName(httpStatus);
  const messages: Record<string, string> = {
    FST_ERR_CTP_INVALID_JSON_BODY: 'body is not valid JSON',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'body must not be empty when the content type is application/json',
    FST_ERR_BAD_URL: 'The URL is not validly encoded.',
  };
  const message = (err.code && messages[err.code]) || STATUS_CODES[httpStatus] || 'Bad request.';
  return { httpStatus, body: status === 'VALIDATION_ERROR' ? { status, message, field: 'body' } : { status, message } };
}

/** Fastify's `frameworkErrors`: errors raised before a request reaches routing (a badly encoded URL) get the shape too. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const { httpStatus, body } = clientErrorBody(err);
  // Raised before routing: the app's onSend hook (which sets the header on every other answer) does not run.
  return reply.status(httpStatus).header('x-request-id', req.id).send({ ...body, requestId: req.id });
}

/** Fastify's `clientErrorHandler`: a request Node's parser refuses (bad request line, headers too large) gets the shape. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const httpStatus = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ status: statusName(httpStatus), message: STATUS_CODES[httpStatus] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${httpStatus} ${STATUS_CODES[httpStatus]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
