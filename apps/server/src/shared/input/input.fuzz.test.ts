import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { uploadApi } from '../../modules/upload/upload.fixtures.js';

/**
 * Bad input, generated from the committed OpenAPI document: every operation gets values built from its own parameter
 * and body schemas, mixed with values known to have broken servers. No answer may be ≥ 500, every error must be the
 * documented { status, message, field? }, and the app must keep answering. 10,000 requests per database in CI.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI ? 10_000 : 1_500));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
};
type Param = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = { method: string; path: string; parameters: Param[]; body?: Schema; public: boolean };

const spec = JSON.parse(
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: unknown[] }>>; components?: { schemas?: Record<string, Schema> } };

const resolve = (s: Schema): Schema => (s.$ref ? (spec.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s);

const operations: Operation[] = Object.entries(spec.paths).flatMap(([p, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(),
    path: p,
    parameters: op.parameters ?? [],
    body: op.requestBody?.content['application/json']?.schema,
    public: Array.isArray(op.security) && op.security.length === 0,
  })),
);

/** A token the JSON writer copies verbatim: numbers JSON.stringify cannot write, broken syntax. */
class Raw {
  constructor(readonly text: string) {}
}
const toJson = (v: unknown): string => {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return JSON.stringify(v) ?? 'null';
};

const BAD_NUMBERS = ['Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '-0', '1e21', '9007199254740993', '99999999999999999999999', '-1', '0.5', '0x10', '', ' 1', '1 '];
const BAD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'urn:uuid:6f1c2a4e-0a8b-4d5e-9f00-1a2b3c4d5e6f',
  '{6f1c2a4e-0a8b-4d5e-9f00-1a2b3c4d5e6f}',
  '6F1C2A4E0A8B4D5E9F001A2B3C4D5E6F',
  'x'.repeat(5000),
  'é'.repeat(300),
  '\u202Eevil.txt',
  'a\u2066b\u2069',
  '\u200B',
  '\uFEFFname',
  'a\u2028b',
  '../../etc/passwd',
  '%00',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  ' ',
  '.',
  '..',
  'null',
  'true',
  '[]',
];
const deep = (n: number, open: string, close: string) => new Raw(open.repeat(n) + close.repeat(n));

export function fuzzArbitraries(uuids: string[]) {
  const badNumber = fc.constantFrom(...BAD_NUMBERS.filter((b) => b !== '').map((b) => new Raw(b === 'NaN' ? 'NaN' : b)));
  const badScalar = fc.oneof(
    fc.constantFrom(...BAD_STRINGS),
    badNumber,
    fc.constantFrom<unknown>(null, true, false, [], {}, [[]], { a: { b: { c: 1 } } }, 1.5, -1, 2 ** 53, Number.MAX_VALUE),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
  const uuidValue = fc.oneof(fc.constantFrom(...uuids), fc.uuid(), fc.constantFrom(...BAD_STRINGS.slice(4, 7)));

  const valueOf = (raw: Schema, depth: number): fc.Arbitrary<unknown> => {
    const s = resolve(raw);
    const good = ((): fc.Arbitrary<unknown> => {
      if (s.enum) return fc.constantFrom(...s.enum);
      if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => valueOf(x, depth + 1)));
      const type = Array.isArray(s.type) ? s.type[0] : s.type;
      switch (type) {
        case 'string':
          if (s.format === 'uuid') return uuidValue;
          return fc.oneof(fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 30, 30)) }), fc.constantFrom('a', 'photo.jpg', 'Ayşe', '2024-01-02'));
        case 'integer':
        case 'number':
          return fc.oneof(
            fc.integer({ min: Math.max(s.minimum ?? -1000, -1e6), max: Math.min(s.maximum ?? 1000, 1e6) }),
            fc.constantFrom(s.minimum ?? 0, s.maximum ?? 0, (s.maximum ?? 0) + 1, (s.minimum ?? 0) - 1),
          );
        case 'boolean':
          return fc.boolean();
        case 'array':
          return depth > 3 ? fc.constant([]) : fc.array(valueOf(s.items ?? {}, depth + 1), { maxLength: 4 });
        case 'object': {
          if (depth > 3 || !s.properties) return fc.constant({});
          const props = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, valueOf(v, depth + 1)]));
          return fc.record(props, { requiredKeys: s.required?.filter((k) => k in props) ?? [] });
        }
        default:
          return fc.oneof(fc.string({ maxLength: 10 }), fc.integer());
      }
    })();
    return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: badScalar });
  };

  /** encodeURIComponent, except that a lone surrogate goes as the bytes a broken client would send. */
  const enc = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\u0001')).replace(/%01/g, '%ED%A0%80');
  /** A query or header value is text; numbers and tokens go as they would be typed. */
  const text = (v: unknown): string => (v instanceof Raw ? v.text : typeof v === 'string' ? v : toJson(v));

  const malformedBody = fc.constantFrom(
    new Raw('{'),
    new Raw('{"a":'),
    new Raw('[1,2'),
    new Raw('nul'),
    new Raw('{"__proto__":{"x":1}}'),
    new Raw('{"constructor":{"prototype":{"x":1}}}'),
    new Raw('"\\ud800"'),
    new Raw('"\\u0000"'),
    new Raw('{"a":1e309}'),
    new Raw(''),
    deep(5000, '[', ']'),
    deep(2000, '{"a":', '}'),
  );

  const request = fc.constantFrom(...operations).chain((op) =>
    fc.record({
      op: fc.constant(op),
      params: fc.record(Object.fromEntries(op.parameters.map((p) => [`${p.in}:${p.name}`, fc.option(valueOf(p.schema, 0), { nil: undefined, freq: p.required ? 10 : 3 })]))),
      body: op.body ? fc.oneof({ weight: 6, arbitrary: valueOf(op.body, 0) }, { weight: 1, arbitrary: malformedBody }) : fc.option(fc.oneof(malformedBody, badScalar), { freq: 4 }),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/json; charset=utf-16',
        'application/octet-stream',
        '',
      ),
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') }),
      signedIn: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      pathSuffix: fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/x', '%', '%zz', '/%E0%A4%A', '?a=%', '//', '/../../x') }),
    }),
  );

  const build = (r: {
    op: Operation;
    params: Record<string, unknown>;
    body: unknown;
    contentType: string;
    method: string;
    signedIn: boolean;
    pathSuffix: string;
  }) => {
    let url = r.op.path;
    const query: string[] = [];
    const headers: Record<string, string> = {};
    for (const p of r.op.parameters) {
      const v = r.params[`${p.in}:${p.name}`];
      if (p.in === 'path') {
        const value = v === undefined ? '' : text(v);
        url = url.replace(`{${p.name}}`, /^%/.test(value) ? value : enc(value).replace(/%25(?=[0-9A-F]{2})/g, '%'));
      } else if (v !== undefined && p.in === 'query') query.push(`${p.name}=${enc(text(v)).replace(/%25/g, '%')}`);
      else if (v !== undefined && p.in === 'header' && p.name !== 'content-length') {
        // Node refuses control characters and non-Latin-1 in header values before any server sees them.
        const h = text(v);
        if (/^[\u0020-\u007e\u0080-\u00ff]*$/.test(h)) headers[p.name] = h;
      }
    }
    url = url.replace(/\{[^}]+\}/g, 'x') + r.pathSuffix + (query.length ? `?${query.join('&')}` : '');
    if (r.contentType) headers['content-type'] = r.contentType;
    const payload = r.body === undefined ? undefined : toJson(r.body);
    return { method: r.method as 'GET', url, headers, payload, signedIn: r.signedIn };
  };
  return { request, build };
}

/** The documented failure shape: { status, message, field?, requestId? } and nothing else (requestId: issue 28). */
/** The shared-content viewer documents HTML pages as its failures too (spec 000 §7: errorData holds the HTML shown). */
const HTML_FAILURES = /^\/api\/viewer\/file\//;

function shapeProblem(res: LightMyRequestResponse, method: string, url: string): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  // A HEAD answer has no body by definition, whatever its content type says.
  if (method === 'HEAD') return res.body === '' ? null : shapeOf(res);
  if (HTML_FAILURES.test(url) && String(res.headers['content-type']).startsWith('text/html')) {
    if (!/^<!doctype html>/i.test(res.body)) return 'HTML failure page is not a document';
    return /\bat .+:\d+:\d+/.test(res.body) ? 'stack trace leaked' : null;
  }
  return shapeOf(res);
}
function shapeOf(res: LightMyRequestResponse): string | null {
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} with a non-JSON body`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'error body is not an object';
  const keys = Object.keys(body).filter((k) => body[k] !== undefined);
  if (keys.some((k) => !['status', 'message', 'field', 'requestId'].includes(k))) return `unexpected keys ${keys.join(',')}`;
  if (body.requestId !== undefined && body.requestId !== res.headers['x-request-id']) return 'requestId is not the request id header';
  if (typeof body.status !== 'string' && typeof body.status !== 'number') return 'status missing';
  if (typeof body.status === 'string' && body.status.startsWith('FST_')) return `framework code ${body.status}`;
  if (typeof body.message !== 'string') return 'message missing';
  if (body.field !== undefined && typeof body.field !== 'string') return 'field is not a string';
  if (/\bat .+:\d+:\d+/.test(res.body)) return 'stack trace leaked';
  return null;
}

describe.each(DIALECTS)('fuzzing every operation of openapi.json (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  const uuids: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, { RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });
    const s = await signUp(t);
    token = s.token;
    uuids.push(s.accountId);
    const up = uploadApi(t, token);
    for (const name of ['a.txt', 'b.jpg']) {
      const res = await up.whole(name, Buffer.from(`hello ${name}`));
      if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`upload ${res.statusCode} ${res.body}`);
    }
    const folder = randomUUID();
    await t.app.inject({ method: 'POST', url: '/api/filesystem/createFolder', headers: { ...authed(token), 'folder-name': 'f', 'folder-uuid': folder } });
    const album = await t.app.inject({ method: 'POST', url: '/api/album', headers: authed(token), payload: { contentType: 'album/photo', icon: 'playlist-2', label: 'x' } });
    const files = await t.app.inject({ method: 'GET', url: '/api/filesystem', headers: authed(token) });
    for (const f of files.json().fileList ?? []) uuids.push(f.uuid);
    if (album.statusCode === 200) uuids.push(album.json().uuid);
    uuids.push(folder);
  });
  afterAll(() => t?.close());

  it(`answers ${RUNS} generated requests below 500, in the documented error shape`, async () => {
    const { request, build } = fuzzArbitraries(uuids);
    const failures: string[] = [];
    let n = 0;
    let fiveHundreds = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const req = build(r);
        // Signing out would end the session every later request uses; it is fuzzed signed out.
        const signedIn = req.signedIn && !req.url.startsWith('/api/auth/logout');
        const res = await t.app.inject({ ...req, headers: { ...req.headers, ...(signedIn ? authed(token) : {}) } });
        const problem = shapeProblem(res, req.method, req.url);
        if (res.statusCode >= 500) fiveHundreds++;
        if (problem) failures.push(`${req.method} ${req.url.slice(0, 200)} → ${problem}: ${res.body.slice(0, 200)}`);
        if (++n % 500 === 0) {
          const alive = await t.app.inject({ method: 'GET', url: '/api/auth/health' });
          if (alive.statusCode !== 200) throw new Error(`the app stopped answering after ${n} requests: ${alive.statusCode}`);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    if (failures.length) console.error(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} reproduces): ${failures.length} bad answers of ${n}, ${fiveHundreds} of them ≥ 500\n${[...failures.filter((f) => f.includes("→ answered 5")), ...failures.filter((f) => !f.includes("→ answered 5")).slice(0, 40)].join('\n')}`);
    expect({ seed: SEED, count: failures.length, first: failures.slice(0, 20) }).toEqual({ seed: SEED, count: 0, first: [] });
  }, 600_000);
});
