import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TAGS } from '../infra/http/api-docs.js';
import { DIALECTS, startTestApp, type TestApp } from '../test/harness.js';
import { OPENAPI_FILE, renderOpenApi } from './openapi.js';

interface Parameter {
  name: string;
  in: string;
}
interface Answer {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: { type?: string; format?: string } }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { type?: string; format?: string } }> };
  responses?: Record<string, Answer>;
}
interface Document {
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  security?: unknown[];
  components: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

describe('openapi.json', () => {
  it('is the document the route schemas produce', async () => {
    const generated = await renderOpenApi();
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    if (committed !== generated) expect.fail('openapi.json is stale: run npm run openapi -w apps/server');

    // Every operation has its own explicit operationId: the web client's hook names come from it.
    const doc = JSON.parse(generated) as Document;
    const operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${url}`, id: op.operationId })),
    );
    expect(operations.filter((op) => !op.id).map((op) => op.route)).toEqual([]);
    const ids = operations.map((op) => op.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.length).toBeGreaterThan(0);
  });
});

// The rules an integrator relies on (issue 36), over the committed document (the test above keeps it current).
describe('the API reference', () => {
  const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Document;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, path, method, op })),
  );
  const byId = (id: string) => {
    const found = operations.find((o) => o.op.operationId === id);
    if (!found) throw new Error(`no operation ${id}`);
    return found;
  };

  it('gives every operation a summary and a tag the document describes', () => {
    expect(operations.filter(({ op }) => !op.summary?.trim()).map((o) => o.route)).toEqual([]);
    // Short: a summary is the one line a reader scans; the detail goes to the description.
    expect(operations.filter(({ op }) => (op.summary ?? '').length > 80).map((o) => o.route)).toEqual([]);
    const described = new Set((doc.tags ?? []).filter((t) => t.description).map((t) => t.name));
    expect(API_TAGS.every((t) => described.has(t.name))).toBe(true);
    const untagged = operations.filter(({ op }) => !op.tags?.length || op.tags.some((t) => !described.has(t)));
    expect(untagged.map((o) => `${o.route} ${JSON.stringify(o.op.tags)}`)).toEqual([]);
  });

  it('names every path parameter, and declares each one the path holds', () => {
    const bad: string[] = [];
    for (const { route, path, op } of operations) {
      const inPath = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      for (const name of inPath) if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) bad.push(`${route}: unnamed {${name}}`);
      for (const name of declared) if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) bad.push(`${route}: parameter "${name}"`);
      if ([...inPath].sort().join() !== [...declared].sort().join()) bad.push(`${route}: path {${inPath}} vs parameters ${declared}`);
    }
    expect(bad).toEqual([]);
  });

  it('has no trailing slashes and no ambiguous paths', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p.length > 1 && p.endsWith('/'))).toEqual([]);
    // Two templates that could match the same URL, neither more literal than the other (Redocly's no-ambiguous-paths).
    const isParam = (segment: string) => /^\{.+\}$/.test(segment);
    const ambiguous = (a: string, b: string) => {
      const [sa, sb] = [a.split('/'), b.split('/')];
      if (sa.length !== sb.length) return false;
      let [pa, pb] = [0, 0];
      for (let i = 0; i < sa.length; i++) {
        if (isParam(sa[i]!) || isParam(sb[i]!)) {
          pa += Number(isParam(sa[i]!));
          pb += Number(isParam(sb[i]!));
        } else if (sa[i] !== sb[i]) return false;
      }
      return pa === pb;
    };
    const pairs = paths.flatMap((a, i) => paths.slice(i + 1).filter((b) => ambiguous(a, b)).map((b) => `${a} ~ ${b}`));
    expect(pairs).toEqual([]);
  });

  it('documents a success answer for every operation, binary and redirect ones included', () => {
    const silent = operations.filter(({ op }) => !Object.keys(op.responses ?? {}).some((code) => /^[23]/.test(code)));
    expect(silent.map((o) => o.route)).toEqual([]);
    const vague = operations.flatMap(({ route, op }) =>
      Object.entries(op.responses ?? {})
        .filter(([, answer]) => !answer.description || answer.description === 'Default Response')
        .map(([code]) => `${route} ${code}`),
    );
    expect(vague).toEqual([]);
    // Downloads, thumbnails and zips answer bytes, not JSON.
    for (const id of ['downloadFile', 'downloadZip', 'getThumbnail', 'getPreview', 'downloadInvoicePdf', 'getProfilePhoto']) {
      const content = byId(id).op.responses?.['200']?.content ?? {};
      expect(Object.values(content).map((m) => m.schema?.format), id).toEqual(['binary']);
      expect(Object.keys(content).some((type) => type.includes('json')), id).toBe(false);
    }
  });

  it('shows the upload PUT taking the file as a binary body', () => {
    const upload = byId('uploadFile');
    expect(upload.method).toBe('put');
    const body = upload.op.requestBody?.content ?? {};
    expect(body['application/octet-stream']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(byId('setProfilePhoto').op.requestBody?.content ?? {})).toContain('image/jpeg');
  });

  it('says where the session token comes from, and how to send it', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.security).toEqual([{ authToken: [] }]);
    expect(doc.components.securitySchemes?.authToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Auth-Token' });
    for (const id of ['login', 'rememberMe', 'twoFactorToken', 'signupValidate', 'loginWithGoogle', 'loginWithQrCode']) {
      const headers = byId(id).op.responses?.['200']?.headers ?? {};
      expect(Object.keys(headers), id).toEqual(expect.arrayContaining(['X-Auth-Token', 'X-Remember-Me-Token']));
    }
    // The refresh reads the remember-me token from its request header.
    expect(byId('rememberMe').op.parameters?.map((p) => `${p.in} ${p.name}`)).toContain('header x-remember-me-token');
  });

  it('has examples for the main calls: sign-in, list files, upload, share', () => {
    const text = (id: string) => JSON.stringify(byId(id).op);
    expect(text('login')).toMatch(/"example":\{"password":/);
    expect(text('listFiles')).toMatch(/"example":\{"fileList":\[\{/);
    expect(text('createPublicShare')).toMatch(/"example":\{"expirationDate":/);
    expect(byId('uploadFile').op).toHaveProperty('description');
  });
});

describe('security: [] follows the routes that need no session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(DIALECTS[0]!);
  });
  afterAll(() => t.close());

  it('marks every public or signed-URL route, and no other', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
    const documented = new Map(
      Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => [op.operationId, op] as const)),
    );
    const wrong: string[] = [];
    for (const route of t.app.routeTable) {
      const schema = route.schema as { operationId?: string; hide?: boolean };
      if (!route.url.startsWith('/api/') || schema.hide || !schema.operationId) continue;
      const op = documented.get(schema.operationId);
      if (!op) continue;
      const open = route.config.public === true || route.config.signedUrl === true;
      const saysOpen = Array.isArray(op.security) && op.security.length === 0;
      if (open !== saysOpen) wrong.push(`${route.method} ${route.url} public=${open} security=${JSON.stringify(op.security)}`);
    }
    expect(wrong).toEqual([]);
    // Spot checks: sign-in, health and a visitor's call are open; listing files is not.
    for (const id of ['login', 'health', 'getSharedList', 'signup', 'downloadFile']) expect(documented.get(id)?.security, id).toEqual([]);
    expect(documented.get('listFiles')?.security).toBeUndefined();
  });
});
