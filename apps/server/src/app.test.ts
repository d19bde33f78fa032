import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, login, signUp, startTestApp, type TestApp } from './test/harness.js';

describe.each(DIALECTS)('app (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('health says UP without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP', database: 'UP', blobStore: 'UP' });
  });

  describe('OpenAPI document', () => {
    it('is OpenAPI 3 and names the main operations', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/auth/token'].post.operationId).toEqual(expect.any(String));
      expect(doc.paths['/api/v2/signup'].post.operationId).toEqual(expect.any(String));
      expect(doc.paths['/api/account/info'].get.operationId).toEqual(expect.any(String));
      expect(doc.components.securitySchemes.authToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Auth-Token' });
    });

    it('gives every operation a unique operationId', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const ids: string[] = [];
      for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, { operationId?: string }>>)) {
        for (const [method, op] of Object.entries(ops)) {
          expect(op.operationId, `${method} ${p}`).toEqual(expect.any(String));
          ids.push(op.operationId!);
        }
      }
      expect(ids.length).toBeGreaterThan(10);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('serves the documentation page', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    });
  });

  describe('HTTP hygiene', () => {
    it('sends security headers on success and on errors', async () => {
      for (const url of ['/api/auth/health', '/api/account/info']) {
        const res = await t.app.inject({ method: 'GET', url });
        // JSON is never a document: it may load nothing and be framed by no one.
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        // Headers of retired browser features and per-answer rate counters are not sent.
        for (const gone of ['x-xss-protection', 'x-download-options', 'x-ratelimit-limit', 'x-ratelimit-remaining']) {
          expect(res.headers[gone], gone).toBeUndefined();
        }
      }
      const page = await t.app.inject({ method: 'GET', url: '/photos' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });

    it('echoes x-request-id, and makes one up when none is sent', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/health', headers: { 'x-request-id': 'req-abc-123' } });
      expect(res.headers['x-request-id']).toBe('req-abc-123');
      const err = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'x-request-id': 'req-err-1' } });
      expect(err.statusCode).toBe(401);
      expect(err.headers['x-request-id']).toBe('req-err-1');

      const a = await t.app.inject({ method: 'GET', url: '/api/auth/health' });
      const b = await t.app.inject({ method: 'GET', url: '/api/auth/health' });
      expect(a.headers['x-request-id']).toEqual(expect.any(String));
      expect(String(a.headers['x-request-id']).length).toBeGreaterThan(8);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    });

    it('an unknown /api route → 404 in the error shape (401 before signing in)', async () => {
      const { token } = await signUp(t);
      const res = await t.app.inject({ method: 'GET', url: '/api/no/such/route?x=1', headers: authed(token) });
      const body = expectError(res, 404, 'NOT_FOUND');
      expect(body.message).toContain('/api/no/such/route');
      expect(body.message).not.toContain('x=1');
      expectError(await t.app.inject({ method: 'POST', url: '/api/account/info', headers: authed(token) }), 404, 'NOT_FOUND');
      // Without a session the route table is not revealed.
      expectError(await t.app.inject({ method: 'GET', url: '/api/no/such/route' }), 401, 'UNAUTHORIZED');
    });

    it('a page outside /api without a built web app → 404 JSON', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/photos' });
      expectError(res, 404, 'NOT_FOUND');
    });
  });

  describe('global rate limit', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp(dialect, { RATE_LIMIT_PER_MINUTE: '5' });
    });
    afterAll(() => limited.close());

    it('the 6th call in a minute from one IP → 429 in the error shape', async () => {
      const call = (ip: string) => limited.app.inject({ method: 'GET', url: '/api/eula/get/en', remoteAddress: ip });
      for (let i = 0; i < 5; i++) expect((await call('10.40.0.1')).statusCode).toBe(200);
      const res = await call('10.40.0.1');
      const body = expectError(res, 429, 'TOO_MANY_REQUESTS');
      expect(body.message).toBe('Too many requests!');
      expect(res.headers['retry-after']).toBeDefined();
      // Counted per address.
      expect((await call('10.40.0.2')).statusCode).toBe(200);
      // Health checks are never limited, so an orchestrator keeps seeing the server.
      expect((await limited.app.inject({ method: 'GET', url: '/api/auth/health', remoteAddress: '10.40.0.1' })).statusCode).toBe(
        200,
      );
    });

    it('requests arriving together are each counted: 5 of 8 at once pass', async () => {
      const { token } = await signUp(limited);
      const statuses = await Promise.all(
        Array.from({ length: 8 }, () => limited.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(token) })),
      ).then((all) => all.map((r) => r.statusCode));
      // Which five depends on when each one's session lookup returned; how many does not.
      expect(statuses.sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    });

    it('signed media and download URLs and the web app are not metered per IP (thumbnails of a timeline scroll)', async () => {
      const get = (url: string) => limited.app.inject({ method: 'GET', url, remoteAddress: '10.40.0.9' });
      for (let i = 0; i < 8; i++) {
        // The signature is checked (404 for this made-up token), but the address is never counted.
        expectError(await get('/api/media/thumb/not-a-token'), 404, 'NOT_FOUND');
        expectError(await get('/api/download/not-a-token'), 404, 'NOT_FOUND');
        expect((await get('/photos')).statusCode).toBe(404);
      }
      expect((await get('/api/eula/get/en')).statusCode).toBe(200);
    });
  });

  describe("a route's own budget (sign-in)", () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await startTestApp(dialect, { RATE_LIMIT_PER_MINUTE: '100', AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    });
    afterAll(() => strict.close());

    it('the 4th sign-in in a minute from one IP → 429 with retry-after; other routes and other IPs keep their budgets', async () => {
      const limitedStatus = async (ip: string) => (await login(strict, 'nobody@example.com', 'wrong password 1', { ip })).json().status;
      for (let i = 0; i < 3; i++) expect(await limitedStatus('10.41.0.1')).not.toBe('TOO_MANY_REQUESTS');
      const res = await login(strict, 'nobody@example.com', 'wrong password 1', { ip: '10.41.0.1' });
      expectError(res, 429, 'TOO_MANY_REQUESTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(await limitedStatus('10.41.0.2')).not.toBe('TOO_MANY_REQUESTS');
      // The global budget is counted apart: the same address still reaches the rest of the API.
      expect((await strict.app.inject({ method: 'GET', url: '/api/eula/get/en', remoteAddress: '10.41.0.1' })).statusCode).toBe(200);
    });
  });

  it.runIf(dialect === 'sqlite')('a restart on the same DATA_DIR keeps accounts and sessions', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-restart-'));
    try {
      const first = await startTestApp(dialect, {}, { dataDir });
      const { user, token, accountId } = await signUp(first);
      await first.close();

      const second = await startTestApp(dialect, {}, { dataDir });
      try {
        const info = await second.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(token) });
        expect(info.statusCode).toBe(200);
        expect(info.json()).toMatchObject({ uuid: accountId, email: user.email });
        const again = await login(second, user.email, user.password);
        expect(again.statusCode).toBe(200);
        expect(again.json().userUuid).toBe(accountId);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
