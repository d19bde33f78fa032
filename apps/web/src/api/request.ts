/**
 * One HTTP call to the API, mapped to the product's success and failure shapes: what the base query sends for RTK
 * Query and what sign-in sends on its own. Kept apart from the session refresh (base-query.ts) so the sign-in screen
 * loads only this (bench/initial-js.mjs budget).
 */

/** Where a call goes and in which language it asks for answers. */
export interface Connection {
  baseUrl: string;
  getLanguage: () => string;
}

/** Where the API lives, relative to the app's origin. */
export const API_BASE_URL = '/api';

export type ApiErrorStatus = number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';
export type ResponseHeaders = Record<string, string>;

/** Failure shape of every call: errorStatus, errorData, headers, responseStatus. */
export interface ApiError {
  errorStatus: ApiErrorStatus;
  errorData: unknown;
  headers: ResponseHeaders;
  responseStatus?: number;
}

export interface ApiMeta {
  status: number;
  headers: ResponseHeaders;
}

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  responseHandler?: 'json' | 'text' | 'blob';
  /** Milliseconds; calls have no time-out by default. */
  timeout?: number;
}

export type ApiArgs = string | ApiRequest;

export interface ApiExtraOptions {
  /** Send without X-Auth-Token and never refresh on 401. */
  public?: boolean;
}

/** Success shape of every call: data, status, headers (meta repeats status and headers for transformResponse). */
export interface ApiSuccess<T = unknown> {
  data: T;
  status: number;
  headers: ResponseHeaders;
  meta: ApiMeta;
}

function toHeaderRecord(headers: Headers): ResponseHeaders {
  const record: ResponseHeaders = {};
  headers.forEach((value, key) => {
    record[key.toLowerCase()] = value;
  });
  return record;
}

export function buildUrl(baseUrl: string, url: string, params?: ApiRequest['params']): string {
  const path = /^https?:\/\//.test(url) ? url : `${baseUrl.replace(/\/$/, '')}/${url.replace(/^\//, '')}`;
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

function isJsonBody(body: unknown): boolean {
  if (body === null || body === undefined) return false;
  if (typeof body !== 'object') return typeof body === 'number' || typeof body === 'boolean';
  return !(body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || body instanceof ArrayBuffer);
}

type Parsed = { ok: true; value: unknown } | { ok: false; raw: string };

async function parseBody(response: Response, handler: ApiRequest['responseHandler']): Promise<Parsed> {
  if (handler === 'blob') return { ok: true, value: await response.blob() };
  const text = await response.text();
  if (handler === 'text') return { ok: true, value: text };
  if (!text) return { ok: true, value: null };
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return { ok: true, value: text };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, raw: text };
  }
}

export type Outcome = ApiSuccess | { error: ApiError; meta?: ApiMeta };

/** One HTTP call, mapped to the success and failure shapes above. */
export async function send(options: Connection, args: ApiArgs, signal: AbortSignal, token: string | null): Promise<Outcome> {
  const request: ApiRequest = typeof args === 'string' ? { url: args } : args;
  const headers = new Headers();
  headers.set('Accept', 'application/json, text/plain, */*');
  headers.set('X-Client-Language', options.getLanguage());
  if (token) headers.set('X-Auth-Token', token);
  let body: BodyInit | undefined;
  if (isJsonBody(request.body)) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  } else if (request.body !== undefined && request.body !== null) {
    body = request.body as BodyInit;
  }
  for (const [key, value] of Object.entries(request.headers ?? {})) {
    if (value !== undefined) headers.set(key, value);
  }

  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort);
  let timedOut = false;
  const timer = request.timeout
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, request.timeout)
    : undefined;

  let response: Response;
  try {
    response = await fetch(buildUrl(options.baseUrl, request.url, request.params), {
      method: request.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    return {
      error: {
        errorStatus: timedOut ? 'TIMEOUT_ERROR' : 'FETCH_ERROR',
        errorData: error instanceof Error ? error.message : String(error),
        headers: {},
      },
    };
  } finally {
    if (timer) clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }

  const responseHeaders = toHeaderRecord(response.headers);
  const meta: ApiMeta = { status: response.status, headers: responseHeaders };
  let parsed: Parsed;
  try {
    parsed = await parseBody(response, request.responseHandler);
  } catch (error) {
    parsed = { ok: false, raw: error instanceof Error ? error.message : String(error) };
  }
  if (!parsed.ok) {
    return {
      error: { errorStatus: 'PARSING_ERROR', errorData: parsed.raw, headers: responseHeaders, responseStatus: response.status },
      meta,
    };
  }
  if (!response.ok) {
    return {
      error: { errorStatus: response.status, errorData: parsed.value, headers: responseHeaders, responseStatus: response.status },
      meta,
    };
  }
  return { data: parsed.value, status: response.status, headers: responseHeaders, meta };
}

/**
 * A call without a session (sign-in and its captcha check) outside RTK Query, so the sign-in screen loads without the
 * store: the same headers, URL building and success/failure shapes as the base query's public endpoints.
 */
export async function sendPublic(
  connection: Connection,
  args: ApiArgs,
  signal: AbortSignal = new AbortController().signal,
): Promise<Outcome> {
  return send(connection, args, signal, null);
}

