import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';

describe.each(DIALECTS)('permissions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const list = (token: string, q = '') => t.app.inject({ method: 'GET', url: `/api/account/permission/list${q}`, headers: authed(token) });
  const update = (token: string, payload: unknown, ip = '10.1.2.3') =>
    t.app.inject({ method: 'POST', url: '/api/account/permission/update', headers: authed(token), payload: payload as object, remoteAddress: ip });
  const auth = (token: string, which: 'getEtkAuth/v2' | 'getGlobalPermAuth') =>
    t.app.inject({ method: 'POST', url: `/api/eula/${which}`, headers: authed(token), payload: {} });
  const history = (accountId: string) =>
    t.database.db.selectFrom('permission_history').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('type').execute();

  it('a Turkish number has ETK and KVKK, none given yet; MOBILE_PAYMENT is listed when asked for', async () => {
    const { token } = await signUp(t);
    const res = await list(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { type: 'ETK', isApproved: false, isEditable: true, updatedAt: null },
      { type: 'KVKK', isApproved: false, isEditable: true, updatedAt: null },
    ]);
    expect((await list(token, '?permissionType=MOBILE_PAYMENT')).json()).toEqual([
      { type: 'MOBILE_PAYMENT', isApproved: false, isEditable: true, updatedAt: null },
    ]);
    expect((await auth(token, 'getEtkAuth/v2')).json()).toEqual({ isAllowed: true, isApproved: false });
    expect((await auth(token, 'getGlobalPermAuth')).json()).toEqual({ isAllowed: false, isApproved: false });
    expectError(await list(token, '?permissionType=SPAM'), 400, 'VALIDATION_ERROR');
  });

  it('another country has GLOBAL instead of ETK', async () => {
    const { token } = await signUp(t, { ...uniqueUser(), countryCode: '49' });
    expect((await list(token)).json().map((p: { type: string }) => p.type)).toEqual(['GLOBAL', 'KVKK']);
    expect((await auth(token, 'getGlobalPermAuth')).json()).toEqual({ isAllowed: true, isApproved: false });
    expect((await auth(token, 'getEtkAuth/v2')).json()).toEqual({ isAllowed: false, isApproved: false });
    expect(expectError(await update(token, [{ type: 'ETK', isApproved: true }]), 400, 'VALIDATION_ERROR').field).toBe('type');
  });

  it('gives and withdraws consent with a timestamp; every change is kept in the history, never overwritten', async () => {
    const { token, accountId } = await signUp(t);
    const before = Date.now();
    const res = await update(token, [
      { type: 'ETK', isApproved: true },
      { type: 'KVKK', isApproved: true },
    ]);
    expect(res.statusCode).toBe(200);
    const given = res.json();
    expect(given).toMatchObject([
      { type: 'ETK', isApproved: true },
      { type: 'KVKK', isApproved: true },
    ]);
    expect(given[0].updatedAt).toBeGreaterThanOrEqual(before);
    expect((await auth(token, 'getEtkAuth/v2')).json()).toEqual({ isAllowed: true, isApproved: true });

    // Saying the same again is no change; withdrawing KVKK is.
    await update(token, [{ type: 'ETK', isApproved: true }]);
    await update(token, [{ type: 'KVKK', isApproved: false }], '10.9.9.9');
    const mobile = await update(token, [{ type: 'MOBILE_PAYMENT', isApproved: true }]);
    expect(mobile.json().map((p: { type: string }) => p.type)).toEqual(['ETK', 'KVKK', 'MOBILE_PAYMENT']);
    expect((await list(token)).json()).toMatchObject([
      { type: 'ETK', isApproved: true },
      { type: 'KVKK', isApproved: false },
    ]);

    const rows = await history(accountId);
    expect(rows.map((r) => [r.type, r.is_approved, r.ip])).toEqual([
      ['ETK', 1, '10.1.2.3'],
      ['KVKK', 1, '10.1.2.3'],
      ['KVKK', 0, '10.9.9.9'],
      ['MOBILE_PAYMENT', 1, '10.1.2.3'],
    ]);
  });

  it('refuses bad input and changes nothing; one user never sees or changes another’s', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    for (const payload of [[], [{ type: 'ETK' }], [{ type: 'NOPE', isApproved: true }], { type: 'ETK', isApproved: true }, [{ type: 'ETK', isApproved: 'yes' }]]) {
      expectError(await update(a.token, payload), 400, 'VALIDATION_ERROR');
    }
    expectError(await update(a.token, [{ type: 'ETK', isApproved: true }, { type: 'ETK', isApproved: false }]), 400, 'VALIDATION_ERROR');
    expect(await history(a.accountId)).toEqual([]);
    await update(a.token, [{ type: 'KVKK', isApproved: true }]);
    expect((await list(b.token)).json().every((p: { isApproved: boolean }) => !p.isApproved)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/permission/list' })).statusCode).toBe(401);
  });
});
