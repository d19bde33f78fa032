import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { completeSetup, createAdminLink, setupTokenOf, signedInAdmin, signedInOperator, uniqueOperatorEmail } from '../../test/operators.fixtures.js';
import { totp } from '../../shared/totp.js';
import { operatorsModule } from './operators.module.js';

describe.each(DIALECTS)('operators (%s)', (dialect) => {
  let t: TestApp;
  // The app's clock: tests move it forward to expire links and sessions.
  let offset = 0;
  const now = () => Date.now() + offset;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: now });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/ops/me', headers: authed(token) });
  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/ops/auth/login', remoteAddress: ip, payload: { email, password } });
  const loginTotp = (challenge: string, code: string) => t.app.inject({ method: 'POST', url: '/api/ops/auth/totp', payload: { challenge, code } });
  const auditActions = async () => (await t.database.db.selectFrom('operator_audit').select(['action', 'operator_email']).orderBy('seq').execute());

  it('the set-up link works once: password, authenticator enrolment, first code signs in; then the link is gone', async () => {
    const { email, setupUrl } = await createAdminLink(t);
    expect(setupUrl).toMatch(/\/ops\/setup\/[A-Za-z0-9_-]{40,}$/);
    const token = setupTokenOf(setupUrl);
    const info = await t.app.inject({ method: 'GET', url: `/api/ops/setup/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email, name: 'Admin' });
    expect(info.json().expiresAt).toBeGreaterThan(now() + 23 * 3_600_000);

    // A short password is refused; the link stays usable.
    expectError(await t.app.inject({ method: 'POST', url: `/api/ops/setup/${token}`, payload: { password: 'short1' } }), 400);
    // The code cannot be confirmed before a password is chosen.
    expectError(await t.app.inject({ method: 'POST', url: `/api/ops/setup/${token}/confirm`, payload: { code: '123456' } }), 409);

    const signedIn = await completeSetup(t, token, email, now());
    expect((await me(signedIn.token)).json()).toMatchObject({ email, role: 'admin', permissions: expect.arrayContaining(['ops.self', 'ops.operator.manage']) });

    // Single use: every step of the link now answers not found.
    expectError(await t.app.inject({ method: 'GET', url: `/api/ops/setup/${token}` }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'POST', url: `/api/ops/setup/${token}`, payload: { password: 'another password 42' } }), 404);
    expectError(await t.app.inject({ method: 'POST', url: `/api/ops/setup/${token}/confirm`, payload: { code: totp(signedIn.secret, now()) } }), 404);
    // The command line will not hand out a second link for an operator who finished set-up.
    await expect(operatorsModule({ db: t.database.db, config: t.config }).service.createAdminFromCli(email, 'Admin')).rejects.toThrow(/finished set-up/);
  });

  it('a set-up link expires after 24 hours, and a new one from the command line replaces the old', async () => {
    const { email, setupUrl } = await createAdminLink(t);
    const first = setupTokenOf(setupUrl);
    offset += 24 * 3_600_000 + 1000;
    try {
      expectError(await t.app.inject({ method: 'GET', url: `/api/ops/setup/${first}` }), 404);
      expectError(await t.app.inject({ method: 'POST', url: `/api/ops/setup/${first}`, payload: { password: 'operator password 42' } }), 404);
      // Never finished: the command line prints a fresh link for the same operator.
      const again = await operatorsModule({ db: t.database.db, config: t.config, clock: now }).service.createAdminFromCli(email, 'Admin');
      expect(again.created).toBe(false);
      const second = setupTokenOf(again.setupUrl);
      expect(second).not.toBe(first);
      expect((await t.app.inject({ method: 'GET', url: `/api/ops/setup/${second}` })).statusCode).toBe(200);
      const signedIn = await completeSetup(t, second, email, now());
      expect((await me(signedIn.token)).statusCode).toBe(200);
    } finally {
      offset -= 24 * 3_600_000 + 1000;
    }
  });

  it('sign-in needs the password AND an authenticator code; a code works once; failures are audited', async () => {
    const admin = await signedInAdmin(t, now());
    offset += 30_000; // the set-up's code step is used; the next sign-in needs the next step

    expectError(await login(admin.email, 'wrong password 42'), 401, 'UNAUTHORIZED');
    expectError(await login('nobody@ops.example.com', admin.password), 401);
    const step1 = await login(admin.email, admin.password);
    expect(step1.statusCode).toBe(200);
    const { challenge } = step1.json() as { challenge: string };
    expect(Object.keys(step1.json())).toEqual(['challenge']);
    // The challenge is not a session.
    expectError(await me(challenge), 401, 'UNAUTHORIZED');
    expectError(await loginTotp(challenge, '000000'), 401);
    const ok = await loginTotp(challenge, totp(admin.secret, now()));
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json().token)).json().email).toBe(admin.email);
    // The same code again (same step) does not sign in a second time.
    expectError(await loginTotp(challenge, totp(admin.secret, now())), 401);
    // A forged challenge is refused.
    expectError(await loginTotp('v1.AAAA.BBBB.CCCC', totp(admin.secret, now())), 401);

    const actions = await auditActions();
    expect(actions.filter((a) => a.action === 'operator.signin.failed').map((a) => a.operator_email)).toEqual(
      expect.arrayContaining([admin.email, 'nobody@ops.example.com']),
    );
    expect(actions.filter((a) => a.action === 'operator.signin' && a.operator_email === admin.email)).toHaveLength(2);
  });

  it('locks sign-in after 5 failures in a row (429), even with the right password', async () => {
    const admin = await signedInAdmin(t, now());
    for (let i = 0; i < 5; i++) expectError(await login(admin.email, `wrong password ${i}`), 401);
    expectError(await login(admin.email, admin.password), 429, 'TOO_MANY_REQUESTS');
    offset += 16 * 60_000;
    try {
      expect((await login(admin.email, admin.password)).statusCode).toBe(200);
    } finally {
      offset -= 16 * 60_000;
    }
  });

  it('a session ends after 30 minutes idle; use keeps it alive', async () => {
    const admin = await signedInAdmin(t, now());
    const start = offset;
    try {
      offset = start + 20 * 60_000;
      expect((await me(admin.token)).statusCode).toBe(200);
      offset = start + 45 * 60_000; // 25 minutes after the last use
      expect((await me(admin.token)).statusCode).toBe(200);
      offset = start + 76 * 60_000; // 31 minutes after the last use
      expect(expectError(await me(admin.token), 401, 'UNAUTHORIZED').message).toBe('Session expired or invalid.');
    } finally {
      offset = start;
    }
  });

  it("an admin disables an operator: that operator's session dies at once and sign-in is refused; enable restores sign-in", async () => {
    const admin = await signedInAdmin(t, now());
    // The code at the app's clock (30 s ahead here): one at the wall clock could fall two steps behind at a boundary.
    const support = await signedInOperator(t, admin, 'support', now());
    expect((await me(support.token)).statusCode).toBe(200);

    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/ops/operators/${support.id}/disable`,
      headers: authed(admin.token),
      payload: { reason: 'left the team' },
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json()).toMatchObject({ id: support.id, status: 'DISABLED' });
    expectError(await me(support.token), 401, 'UNAUTHORIZED');
    expectError(await login(support.email, support.password), 401);

    // Reason is required; an admin cannot disable themselves.
    expectError(await t.app.inject({ method: 'POST', url: `/api/ops/operators/${support.id}/enable`, headers: authed(admin.token), payload: {} }), 400);
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/ops/operators/${admin.id}/disable`, headers: authed(admin.token), payload: { reason: 'oops!' } }),
      409,
    );
    const enable = await t.app.inject({ method: 'POST', url: `/api/ops/operators/${support.id}/enable`, headers: authed(admin.token), payload: { reason: 'back' } });
    expect(enable.json().status).toBe('ACTIVE');
    // The old session stays ended; a new sign-in works.
    expectError(await me(support.token), 401);
    offset += 30_000;
    const step1 = await login(support.email, support.password);
    expect(step1.statusCode).toBe(200);
    expect((await loginTotp(step1.json().challenge, totp(support.secret, now()))).statusCode).toBe(200);

    const role = await t.app.inject({
      method: 'PUT',
      url: `/api/ops/operators/${support.id}/role`,
      headers: authed(admin.token),
      payload: { role: 'finance', reason: 'moved to finance' },
    });
    expect(role.json().role).toBe('finance');
    const list = await t.app.inject({ method: 'GET', url: '/api/ops/operators', headers: authed(admin.token) });
    expect(list.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ id: support.id, role: 'finance', status: 'ACTIVE', setupPending: false })]));
    const audit = await t.database.db.selectFrom('operator_audit').selectAll().where('target_id', '=', support.id).orderBy('seq').execute();
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['operator.create', 'test set-up'],
      ['operator.disable', 'left the team'],
      ['operator.signin.failed', null],
      ['operator.enable', 'back'],
      ['operator.role', 'moved to finance'],
    ]);
    expect(JSON.parse(audit[4]!.before_json!)).toEqual({ role: 'support' });
  });

  it('sign-out ends the session', async () => {
    const admin = await signedInAdmin(t, now());
    const out = await t.app.inject({ method: 'POST', url: '/api/ops/auth/logout', headers: authed(admin.token) });
    expect(out.statusCode).toBe(204);
    expectError(await me(admin.token), 401);
  });

  it("a subscriber's token on a console route is not found; an operator's token on a subscriber route is not a session", async () => {
    const subscriber = await signUp(t);
    const admin = await signedInAdmin(t, now());
    expectError(await me(subscriber.token), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: '/api/ops/operators', headers: authed(subscriber.token) }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(admin.token) }), 401);
    expectError(await me('not-a-token'), 401, 'UNAUTHORIZED');
    // Creating an operator with an existing e-mail is a conflict, not a 500.
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/ops/operators',
      headers: authed(admin.token),
      payload: { email: admin.email, name: 'Again', role: 'support', reason: 'duplicate' },
    });
    expectError(dup, 409);
    expect(uniqueOperatorEmail('x')).not.toBe(uniqueOperatorEmail('x'));
  });
});

describe('operator sign-in rate limit', () => {
  it('the public console routes have their own, stricter per-IP budget', async () => {
    const t = await startTestApp('sqlite', { OPS_AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = (ip: string) =>
        t.app.inject({ method: 'POST', url: '/api/ops/auth/login', remoteAddress: ip, payload: { email: 'someone@ops.example.com', password: 'guess 1' } });
      for (let i = 0; i < 3; i++) expectError(await attempt('10.9.9.9'), 401);
      const limited = await attempt('10.9.9.9');
      expectError(limited, 429, 'TOO_MANY_REQUESTS');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own budget; so does each public route (a set-up link's page here).
      expectError(await attempt('10.9.9.10'), 401);
      for (let i = 0; i < 3; i++) expectError(await t.app.inject({ method: 'GET', url: `/api/ops/setup/${'x'.repeat(43)}`, remoteAddress: '10.9.9.10' }), 404);
      expectError(await t.app.inject({ method: 'GET', url: `/api/ops/setup/${'x'.repeat(43)}`, remoteAddress: '10.9.9.10' }), 429);
    } finally {
      await t.close();
    }
  });
});
