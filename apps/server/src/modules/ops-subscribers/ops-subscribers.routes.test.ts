import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, login, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator } from '../../test/operators.fixtures.js';

// The console's subscriber routes are there, declared with operator permissions, and answer nobody else: a subscriber's
// session learns nothing (404), no session is 401. (Operators' own answers: ops-subscribers.test.ts drives the service.)
describe.each(DIALECTS)('operator console routes: subscribers (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const ROUTES: Array<[method: 'GET' | 'POST', url: (id: string) => string, permission: string]> = [
    ['GET', () => '/api/ops/subscribers?q=ayse', 'ops.subscriber.read'],
    ['GET', (id) => `/api/ops/subscribers/${id}`, 'ops.subscriber.read'],
    ['POST', (id) => `/api/ops/subscribers/${id}/suspend`, 'ops.subscriber.write'],
    ['POST', (id) => `/api/ops/subscribers/${id}/unsuspend`, 'ops.subscriber.write'],
    ['POST', (id) => `/api/ops/subscribers/${id}/sessions/end`, 'ops.subscriber.write'],
    ['POST', (id) => `/api/ops/subscribers/${id}/lockout/lift`, 'ops.subscriber.write'],
    ['POST', (id) => `/api/ops/subscribers/${id}/quota-grants`, 'ops.subscriber.write'],
    ['POST', (id) => `/api/ops/subscribers/${id}/verification/resend`, 'ops.subscriber.write'],
    ['POST', (id) => `/api/ops/subscribers/${id}/two-factor/remove`, 'ops.subscriber.identity'],
  ];

  it('declares each route with its operator permission', () => {
    const table = t.app.routeTable;
    for (const [method, url, permission] of ROUTES) {
      const path = url(':id').replace(/\?.*$/, '');
      const route = table.find((r) => r.method === method && r.url === path);
      expect(route, `${method} ${path}`).toBeDefined();
      expect(route?.config.access?.permission).toBe(permission);
    }
  });

  it("a subscriber's session gets 404 from every route, no session 401, and nothing changes", async () => {
    const me = await signUp(t);
    const body = { reason: 'no reason at all', bytes: 1024, expiresAt: '2099-01-01T00:00:00.000Z', channel: 'email', identityCheck: 'none' };
    for (const [method, url] of ROUTES) {
      const req = { method, url: url(me.accountId), ...(method === 'POST' ? { payload: body } : {}) };
      expectError(await t.app.inject({ ...req, headers: authed(me.token) }), 404, 'NOT_FOUND');
      expectError(await t.app.inject(req), 401);
    }
    const row = await t.database.db.selectFrom('account').select(['suspended_at', 'bonus_bytes']).where('id', '=', me.accountId).executeTakeFirstOrThrow();
    expect(row).toEqual({ suspended_at: null, bonus_bytes: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(me.token) })).statusCode).toBe(200);
  });

  it('a support operator finds a subscriber by phone, suspends and unsuspends with reasons; marketing may not', async () => {
    const me = await signUp(t);
    const admin = await signedInAdmin(t);
    const support = await signedInOperator(t, admin, 'support');
    const marketing = await signedInOperator(t, admin, 'marketing');
    const as = (op: { token: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: authed(op.token), ...(payload ? { payload } : {}) });

    const found = await as(support, 'GET', `/api/ops/subscribers?q=${encodeURIComponent(`0${me.user.phoneNumber.slice(0, 6)}`)}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((i: { id: string }) => i.id)).toContain(me.accountId);
    const page = await as(support, 'GET', `/api/ops/subscribers/${me.accountId}`);
    expect(page.json()).toMatchObject({ id: me.accountId, status: 'ACTIVE', usage: expect.any(Array) });

    expectError(await as(marketing, 'GET', `/api/ops/subscribers?q=a`), 403, 'FORBIDDEN');
    expectError(await as(marketing, 'POST', `/api/ops/subscribers/${me.accountId}/suspend`, { reason: 'not mine to do' }), 403, 'FORBIDDEN');
    expectError(await as(support, 'POST', `/api/ops/subscribers/${me.accountId}/suspend`, { reason: 'x' }), 400);

    expect((await as(support, 'POST', `/api/ops/subscribers/${me.accountId}/suspend`, { reason: 'Chargeback fraud' })).statusCode).toBe(200);
    expectError(await login(t, me.user.email, me.user.password), 403, 'ACCOUNT_SUSPENDED');
    expectError(await as(support, 'POST', `/api/ops/subscribers/${me.accountId}/suspend`, { reason: 'Chargeback fraud' }), 409, 'ALREADY_SUSPENDED');
    expect((await as(support, 'POST', `/api/ops/subscribers/${me.accountId}/unsuspend`, { reason: 'Bank confirmed' })).statusCode).toBe(200);
    expect((await login(t, me.user.email, me.user.password)).statusCode).toBe(200);

    const audit = await t.database.db.selectFrom('operator_audit').selectAll().where('target_id', '=', me.accountId).orderBy('seq').execute();
    expect(audit.filter((r) => r.action !== 'subscriber.view').map((r) => [r.action, r.reason, r.operator_id, r.account_id])).toEqual([
      ['subscriber.suspend', 'Chargeback fraud', support.id, me.accountId],
      ['subscriber.unsuspend', 'Bank confirmed', support.id, me.accountId],
    ]);
  });
});
