import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, login, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { REFRESH_GRACE_MS } from './auth.service.js';

const device = { uuid: 'device-1', name: 'Chrome on Linux', deviceType: 'WEB' as const };
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

// Each test that fails logins does so from its own address, so the per-IP captcha threshold never leaks between tests.
let ipSeq = 0;
const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe.each(DIALECTS)('auth (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const info = (token: string) => t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(token) });
  const refresh = (rememberMeToken: string, authToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/rememberMe',
      headers: { 'x-remember-me-token': rememberMeToken, ...(authToken ? authed(authToken) : {}) },
      payload: device,
    });
  const countRows = async (table: 'session' | 'remember_me_token' | 'account') =>
    Number(
      (await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );

  describe('login', () => {
    it('accepts the e-mail in any case and returns a session in headers and body', async () => {
      const { user, accountId } = await signUp(t);
      const res = await login(t, `  ${user.email.toUpperCase()} `, user.password);
      expect(res.statusCode).toBe(200);
      const token = res.headers['x-auth-token'];
      expect(typeof token).toBe('string');
      expect(String(token).length).toBeGreaterThanOrEqual(32);
      expect(res.headers['x-remember-me-token']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body.userUuid).toBe(accountId);
      expect(body.deviceInfo).toMatchObject({ deviceType: 'WEB' });
      expect(typeof body.deviceInfo.uuid).toBe('string');
      expect(typeof body.latestActivityId).toBe('string');

      const me = await info(String(token));
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ uuid: accountId, email: user.email });
    });

    it('accepts the phone number with +country code', async () => {
      const { user, accountId } = await signUp(t);
      const res = await login(t, `+${user.countryCode}${user.phoneNumber}`, user.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().userUuid).toBe(accountId);
    });

    it('accepts the national number alone, with or without a leading 0', async () => {
      const { user, accountId } = await signUp(t);
      for (const username of [user.phoneNumber, `0${user.phoneNumber}`]) {
        const res = await login(t, username, user.password);
        expect(res.statusCode, username).toBe(200);
        expect(res.json().userUuid).toBe(accountId);
      }
    });

    it('stores only a hash of the session token', async () => {
      const { user } = await signUp(t);
      const res = await login(t, user.email, user.password, { rememberMe: true });
      const token = String(res.headers['x-auth-token']);
      const rememberMe = String(res.headers['x-remember-me-token']);

      const sessions = await t.database.db.selectFrom('session').selectAll().execute();
      expect(JSON.stringify(sessions)).not.toContain(token);
      expect(sessions.some((s) => s.token_hash === sha256(token))).toBe(true);

      const remembered = await t.database.db.selectFrom('remember_me_token').selectAll().execute();
      expect(JSON.stringify(remembered)).not.toContain(rememberMe);
      expect(remembered.some((r) => r.token_hash === sha256(rememberMe))).toBe(true);
    });

    it('gives a remember-me token only when rememberMe=true', async () => {
      const { user } = await signUp(t);
      const withIt = await login(t, user.email, user.password, { rememberMe: true });
      expect(withIt.statusCode).toBe(200);
      expect(String(withIt.headers['x-remember-me-token']).length).toBeGreaterThanOrEqual(32);
      expect(withIt.headers['x-remember-me-token']).not.toBe(withIt.headers['x-auth-token']);

      const without = await login(t, user.email, user.password, { rememberMe: false });
      expect(without.statusCode).toBe(200);
      expect(without.headers['x-remember-me-token']).toBeUndefined();
    });

    it('refuses a wrong password or an unknown user with the same 401 and no internals', async () => {
      const { user } = await signUp(t);
      const wrong = await login(t, user.email, 'wrong password 1', { ip: freshIp() });
      const body = expectError(wrong, 401, 'INVALID_CREDENTIALS');
      expect(body.message).toBe('Invalid username or password.');
      expect(wrong.headers['x-auth-token']).toBeUndefined();
      expect(wrong.body).not.toMatch(/argon|hash|stack/i);

      const unknown = await login(t, 'nobody-here@example.com', user.password, { ip: freshIp() });
      expect(expectError(unknown, 401, 'INVALID_CREDENTIALS').message).toBe(body.message);
      const unknownPhone = await login(t, '+905559999999', user.password, { ip: freshIp() });
      expectError(unknownPhone, 401, 'INVALID_CREDENTIALS');
    });
  });

  describe('private routes', () => {
    const PUBLIC = new Set([
      'POST /api/auth/token',
      'POST /api/auth/rememberMe',
      'GET /api/auth/health',
      'GET /api/captcha/required',
      'GET /api/captcha/{type}/{captchaId}',
      'POST /api/v2/signup',
      'POST /api/v2/signup/sendVerification',
      'POST /api/v2/signup/validate',
      'GET /api/eula/get/{language}',
      'GET /api/privacyPolicy/get/{lang}',
      'GET /api/remoteconfig',
      // Signed download links: the token in the path is the credential.
      'GET /api/download/{token}',
      'POST /api/download/{token}',
      'GET /api/download/zip/{token}',
      // A part of a data export (issue 34): opened from the e-mail, the signed token is the credential.
      'GET /api/export/download/{token}',
      // Signed thumbnail and preview links, for <img>.
      'GET /api/media/thumb/{token}',
      'GET /api/foryou/media/{token}',
      'GET /api/media/preview/{token}',
      // Signed face crop links (people), for <img>.
      'GET /api/person/face/{token}',
      // A public link's visitor calls: the X-Share-Token header is the credential.
      'GET /api/share/visitor',
      'POST /api/share/visitor/unlock',
      'GET /api/share/visitor/count',
      'GET /api/share/visitor/files',
      'POST /api/share/visitor/download',
      // The second step of a sign-in (the challenge token is the credential), QR and operator sign-in.
      'POST /api/auth/2fa/challenge',
      'POST /api/auth/2fa/token',
      'POST /api/auth/qrcode/start',
      'POST /api/auth/qrcode',
      'POST /api/auth/silent/token',
      // Google and Apple sign-in: the provider's ID token (bound to a single-use state) is the credential.
      'GET /api/auth/social/providers',
      'POST /api/auth/social/start',
      'POST /api/apple/login/callback',
      'GET /api/apple/login/callback',
      'POST /api/auth/google',
      'POST /api/auth/apple',
      // Password recovery (issue 12): the reference token of the recovery is the credential.
      'POST /api/account/forgotMyPassword',
      'POST /api/v2/forgotMyPassword',
      'POST /api/v3/forgotMyPassword',
      ...['continueWithMsisdn', 'continueWithEmail', 'continueWithRecoveryEmail', 'sendSms', 'sendEmail']
        .concat(['sendRecoveryEmail', 'validatePhoneNumber', 'validateSecurityQuestion', 'checkStatus', 'change'])
        .map((step) => `POST /api/forgotMyPassword/${step}`),
      'POST /api/v2/forgotMyPassword/verify',
      'POST /api/v3/forgotMyPassword/verify',
      'GET /api/securityQuestion/{id}',
      'GET /api/securityQuestions',
      // The link mailed to a recovery e-mail: its token is the credential.
      'POST /api/verify/recoveryEmailAddress',
      // The e-mailed verification link's token is the credential (it may be opened on a device not signed in).
      'POST /api/verify/emailAddress',
      // Signed profile photo links, for <img>.
      'GET /api/account/profilePhoto/{token}',
      // Signed invoice PDF links (issue 13): the token in the path is the credential.
      'GET /api/invoice-pdf/{token}',
      // The payment provider's callback: its HMAC signature over the body is the credential.
      'POST /api/payment/callback',
      // The operator console's set-up link and sign-in (issue 27): the link's token or the sealed challenge is the credential.
      'GET /api/ops/setup/{token}',
      'POST /api/ops/setup/{token}',
      'POST /api/ops/setup/{token}/confirm',
      'POST /api/ops/auth/login',
      'POST /api/ops/auth/totp',
      // The support chat page inside its frame (issue 29): the single-use ticket, then the chat session header
      // (X-Support-Session) is the credential, never the subscriber's token.
      'GET /api/support/config',
      'POST /api/support/session',
      'GET /api/support/conversation',
      'POST /api/support/messages',
      'POST /api/support/read',
      'POST /api/support/rating',
      'POST /api/support/attachments',
      'GET /api/support/attachments/{id}',
      // The prize draw is for anonymous visitors (issue 30): a code and an SMS code to the phone are the credential;
      // its verification data is published on purpose.
      'GET /api/draw/captcha/required',
      'GET /api/draw/campaign',
      'POST /api/draw',
      'POST /api/draw/validate',
      'GET /api/draw/campaigns/{id}/verification',
      // The raffle page shows the campaign to visitors (issue 30); the rights themselves need a session.
      'GET /api/v1/raffle',
      // The WOPI host (issue 33): an editor (or Collabora/ONLYOFFICE) presents the access_token the open call issued,
      // scoped to one file and one caller; a bad one answers WOPI's 401 (office.wopi.test.ts).
      'GET /api/wopi/files/{id}',
      'POST /api/wopi/files/{id}',
      'GET /api/wopi/files/{id}/contents',
      'POST /api/wopi/files/{id}/contents',
    ]);

    // Read from the OpenAPI document, so a route added later is covered without touching this test.
    async function privateRoutes(): Promise<Array<{ method: string; url: string }>> {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const routes: Array<{ method: string; url: string }> = [];
      for (const [p, ops] of Object.entries(doc.paths)) {
        for (const method of Object.keys(ops)) {
          const name = `${method.toUpperCase()} ${p}`;
          if (PUBLIC.has(name) || method === 'head') continue;
          routes.push({ method: method.toUpperCase(), url: p.replace(/\{[^}]+\}/g, randomUUID()) });
        }
      }
      return routes;
    }

    it('covers the account, notification and logout routes', async () => {
      const names = (await privateRoutes()).map((r) => `${r.method} ${r.url.replace(/[0-9a-f-]{36}/, ':id')}`);
      expect(names).toEqual(
        expect.arrayContaining([
          'POST /api/auth/logout',
          'GET /api/account/info',
          'GET /api/account/usages',
          'GET /api/account/authority',
          'GET /api/account/setting',
          'PATCH /api/account/setting',
          'POST /api/account/language',
          'POST /api/account/nameSurname',
          'GET /api/notification/communication/fetch',
          'GET /api/notification/communication/read/:id',
          'DELETE /api/notification/communication',
        ]),
      );
    });

    it('answers 401 without a token, with a garbage one and with an over-long one', async () => {
      const routes = await privateRoutes();
      const variants: Array<Record<string, string>> = [
        {},
        authed(''),
        authed('not-a-real-token-not-a-real-token-xyz'),
        authed('x'.repeat(500)),
      ];
      for (const route of routes) {
        for (const headers of variants) {
          const res = await t.app.inject({ method: route.method as 'GET', url: route.url, headers, payload: {} });
          expectError(res, 401, 'UNAUTHORIZED');
        }
      }
    });
    it('cannot be reached around the check by spelling the path differently', async () => {
      const { token } = await signUp(t);
      for (const url of ['/%61pi/account/info', '/%61%70%69/account/usages', '/api/%61ccount/info', '/api/account/%69nfo']) {
        const res = await t.app.inject({ method: 'GET', url });
        expectError(res, 401, 'UNAUTHORIZED');
        expect((await t.app.inject({ method: 'GET', url, headers: authed(token) })).statusCode).toBe(200);
      }
      expectError(await t.app.inject({ method: 'POST', url: '/%61pi/auth/logout' }), 401, 'UNAUTHORIZED');
      expect((await info(token)).statusCode).toBe(200);
    });
  });

  describe('remember-me', () => {
    /** The grace period of a rotated token runs out (its use is moved into the past instead of waiting). */
    const pastGrace = (token: string) =>
      t.database.db
        .updateTable('remember_me_token')
        .set({ used_at: Date.now() - REFRESH_GRACE_MS - 1000 })
        .where('token_hash', '=', sha256(token))
        .execute();

    it('rotates: the new token works and the old one is dead', async () => {
      const { user } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const r1 = String(first.headers['x-remember-me-token']);

      const second = await refresh(r1, String(first.headers['x-auth-token']));
      expect(second.statusCode).toBe(200);
      const t2 = String(second.headers['x-auth-token']);
      const r2 = String(second.headers['x-remember-me-token']);
      expect(t2).not.toBe(first.headers['x-auth-token']);
      expect(r2.length).toBeGreaterThanOrEqual(32);
      expect(r2).not.toBe(r1);
      expect(second.json()).toMatchObject({ deviceInfo: device });
      expect(typeof second.json().latestActivityId).toBe('string');
      expect((await info(t2)).statusCode).toBe(200);

      // The rotated token itself still trades once more.
      const third = await refresh(r2);
      expect(third.statusCode).toBe(200);
      expect((await info(String(third.headers['x-auth-token']))).statusCode).toBe(200);
    });

    it('a replayed old token → 401 and revokes the whole family and its sessions', async () => {
      const { user } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const t1 = String(first.headers['x-auth-token']);
      const r1 = String(first.headers['x-remember-me-token']);
      const second = await refresh(r1, t1);
      const t2 = String(second.headers['x-auth-token']);
      const r2 = String(second.headers['x-remember-me-token']);

      await pastGrace(r1);
      expectError(await refresh(r1), 401);

      expectError(await refresh(r2), 401);
      expectError(await info(t2), 401, 'UNAUTHORIZED');
      expectError(await info(t1), 401, 'UNAUTHORIZED');
    });

    it('within the grace period a just-rotated token answers a fresh session with the same successor', async () => {
      const { user } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const r1 = String(first.headers['x-remember-me-token']);
      // The first tab rotates; the second, which read r1 before the first stored r2, presents r1 again.
      const tab1 = await refresh(r1);
      const tab2 = await refresh(r1);
      expect([tab1.statusCode, tab2.statusCode]).toEqual([200, 200]);
      const r2 = String(tab1.headers['x-remember-me-token']);
      expect(tab2.headers['x-remember-me-token']).toBe(r2);
      const [t2a, t2b] = [String(tab1.headers['x-auth-token']), String(tab2.headers['x-auth-token'])];
      expect(t2a).not.toBe(t2b);
      expect((await info(t2a)).statusCode).toBe(200);
      expect((await info(t2b)).statusCode).toBe(200);
      // Rotation goes on from the shared successor, and nothing was revoked.
      const next = await refresh(r2);
      expect(next.statusCode).toBe(200);
      expect((await info(t2a)).statusCode).toBe(200);
      expect((await info(String(next.headers['x-auth-token']))).statusCode).toBe(200);
    });

    it('a just-rotated token whose successor is already spent is a replay, even within the grace period', async () => {
      const { user } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const r1 = String(first.headers['x-remember-me-token']);
      const r2 = String((await refresh(r1)).headers['x-remember-me-token']);
      const third = await refresh(r2);
      expectError(await refresh(r1), 401);
      expectError(await info(String(third.headers['x-auth-token'])), 401, 'UNAUTHORIZED');
    });

    it('a replay does not touch other sessions of the same account', async () => {
      const { user, token: signupToken } = await signUp(t);
      const other = await login(t, user.email, user.password, { rememberMe: true });
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const r1 = String(first.headers['x-remember-me-token']);
      await refresh(r1);
      await pastGrace(r1);
      expectError(await refresh(r1), 401);

      expect((await info(signupToken)).statusCode).toBe(200);
      expect((await info(String(other.headers['x-auth-token']))).statusCode).toBe(200);
      expect((await refresh(String(other.headers['x-remember-me-token']))).statusCode).toBe(200);
    });

    it('the same token presented twice at once: both tabs stay signed in with one successor', async () => {
      const { user } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const r1 = String(first.headers['x-remember-me-token']);
      const results = await Promise.all([refresh(r1), refresh(r1)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const successors = new Set(results.map((r) => String(r.headers['x-remember-me-token'])));
      expect(successors.size).toBe(1);
      for (const r of results) expect((await info(String(r.headers['x-auth-token']))).statusCode).toBe(200);
      expect((await refresh([...successors][0]!)).statusCode).toBe(200);
    });

    it('an unknown or malformed remember-me token → 401 / 400', async () => {
      expectError(await refresh('a'.repeat(43)), 401);
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/auth/rememberMe', payload: device }),
        400,
        'VALIDATION_ERROR',
      );
      const { user } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/auth/rememberMe',
        headers: { 'x-remember-me-token': String(first.headers['x-remember-me-token']) },
        payload: { ...device, deviceType: 'TOASTER' },
      });
      expectError(bad, 400, 'VALIDATION_ERROR');
      // A refused request does not use the token up.
      expect((await refresh(String(first.headers['x-remember-me-token']))).statusCode).toBe(200);
    });

    it('an expired session → 401, and remember-me brings a working one', async () => {
      const { user } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const t1 = String(first.headers['x-auth-token']);
      expect((await info(t1)).statusCode).toBe(200);

      await t.database.db
        .updateTable('session')
        .set({ expires_at: Date.now() - 1000 })
        .where('token_hash', '=', sha256(t1))
        .execute();
      expectError(await info(t1), 401, 'UNAUTHORIZED');

      const renewed = await refresh(String(first.headers['x-remember-me-token']), t1);
      expect(renewed.statusCode).toBe(200);
      expect((await info(String(renewed.headers['x-auth-token']))).statusCode).toBe(200);
      expectError(await info(t1), 401);
    });

    it('an expired remember-me token → 401', async () => {
      const { user } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const r1 = String(first.headers['x-remember-me-token']);
      await t.database.db
        .updateTable('remember_me_token')
        .set({ expires_at: Date.now() - 1000 })
        .where('token_hash', '=', sha256(r1))
        .execute();
      expectError(await refresh(r1), 401);
    });
  });

  describe('logout', () => {
    it('kills the session and the remember-me token sent with it', async () => {
      const { user } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const token = String(first.headers['x-auth-token']);
      const rememberMe = String(first.headers['x-remember-me-token']);

      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...authed(token), 'x-remember-me-token': rememberMe },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({});

      expectError(await info(token), 401, 'UNAUTHORIZED');
      expectError(await refresh(rememberMe), 401);
      expectError(await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authed(token) }), 401);
    });

    it("without the remember-me header still ends that device's remember-me token, and only that device's", async () => {
      const { user, token: other } = await signUp(t);
      const first = await login(t, user.email, user.password, { rememberMe: true });
      const second = await login(t, user.email, user.password, { rememberMe: true });
      const token = String(first.headers['x-auth-token']);
      const rememberMe = String(first.headers['x-remember-me-token']);
      // A refreshed session belongs to the same family: logging out from it ends the family too.
      const refreshed = await refresh(rememberMe);
      expect(refreshed.statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: authed(String(refreshed.headers['x-auth-token'])),
      });
      expect(out.statusCode).toBe(200);
      expectError(await info(token), 401);
      expectError(await refresh(String(refreshed.headers['x-remember-me-token'])), 401);
      expect((await info(other)).statusCode).toBe(200);
      expect((await info(String(second.headers['x-auth-token']))).statusCode).toBe(200);
      expect((await refresh(String(second.headers['x-remember-me-token']))).statusCode).toBe(200);
    });

    it("cannot revoke another account's remember-me token", async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const bLogin = await login(t, b.user.email, b.user.password, { rememberMe: true });
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...authed(a.token), 'x-remember-me-token': String(bLogin.headers['x-remember-me-token']) },
      });
      expect(out.statusCode).toBe(200);
      expect((await info(String(bLogin.headers['x-auth-token']))).statusCode).toBe(200);
      expect((await refresh(String(bLogin.headers['x-remember-me-token']))).statusCode).toBe(200);
    });
  });

  describe('bad input', () => {
    const post = (payload: string | object, headers: Record<string, string> = {}, url = '/api/auth/token') =>
      t.app.inject({ method: 'POST', url, remoteAddress: freshIp(), headers, payload });

    it('is refused in the {status,message} shape and changes nothing', async () => {
      const { user } = await signUp(t);
      const before = { sessions: await countRows('session'), remembered: await countRows('remember_me_token') };

      const missing = expectError(await post({ password: user.password }), 400, 'VALIDATION_ERROR');
      expect(missing.field).toBe('username');
      expect(expectError(await post({ username: user.email }), 400, 'VALIDATION_ERROR').field).toBe('password');
      expect(expectError(await post({ username: user.email, password: '' }), 400, 'VALIDATION_ERROR').field).toBe(
        'password',
      );
      expect(
        expectError(await post({ username: { $ne: null }, password: user.password }), 400, 'VALIDATION_ERROR').field,
      ).toBe('username');
      expectError(await post({ username: user.email, password: { $gt: '' } }), 400, 'VALIDATION_ERROR');
      expectError(await post([user.email, user.password]), 400, 'VALIDATION_ERROR');
      expectError(await post({ username: 'x'.repeat(321), password: user.password }), 400, 'VALIDATION_ERROR');
      expectError(
        await post({ username: user.email, password: user.password }, {}, '/api/auth/token?rememberMe=perhaps'),
        400,
        'VALIDATION_ERROR',
      );

      const malformed = await post('{"username": "a@b.c", "password":', { 'content-type': 'application/json' });
      expectError(malformed, 400);

      const huge = await post(
        JSON.stringify({ username: user.email, password: user.password, pad: 'x'.repeat(1024 * 1024 + 10) }),
        { 'content-type': 'application/json' },
      );
      expectError(huge, 413);

      const wrongType = await post(`username=${user.email}&password=x`, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expectError(wrongType, 415);

      expect(await countRows('session')).toBe(before.sessions);
      expect(await countRows('remember_me_token')).toBe(before.remembered);
    });
  });
});
