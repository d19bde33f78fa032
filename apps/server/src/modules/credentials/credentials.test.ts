import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  DIALECTS,
  expectError,
  login,
  readOutbox,
  signUp,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';
import { normaliseAnswer } from './security-questions.js';

const PUBLIC_URL = 'https://bulut.example.test';
const device = { uuid: 'device-2', name: 'Firefox on Linux', deviceType: 'WEB' as const };

let ipSeq = 0;
const freshIp = () => `10.40.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe.each(DIALECTS)('credentials (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { PUBLIC_URL });
  });
  afterAll(() => t.close());

  const deliver = async () => {
    while ((await t.app.jobs.runDue()) > 0);
  };
  const outboxTo = (to: string) => readOutbox(t.dataDir).filter((m) => m.to === to);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object, extra: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(token ? authed(token) : {}), ...extra.headers },
      remoteAddress: extra.ip,
      ...(payload ? { payload } : {}),
    });
  const info = (token: string) => call('GET', '/account/info', token);
  const verifyTokenIn = (text: string) => {
    const url = new URL(text.match(/https:\/\/\S+/)![0]);
    expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/verify/recovery-email`);
    return url.searchParams.get('token')!;
  };

  describe('password change in settings', () => {
    it('tells the policy', async () => {
      const { token } = await signUp(t);
      const res = await call('GET', '/v2/account/updatePassword', token, undefined, { ip: freshIp() });
      expect(res.json()).toEqual({ minLength: 8, maxLength: 128, captchaRequired: false });
      expectError(await call('GET', '/v2/account/updatePassword', null), 401);
    });

    it('needs the right old password, keeps the caller signed in and ends every other session', async () => {
      const ip = freshIp();
      const { user, token } = await signUp(t);
      const other = await login(t, user.email, user.password, { rememberMe: true, ip: freshIp() });
      const otherToken = String(other.headers['x-auth-token']);
      const otherRemember = String(other.headers['x-remember-me-token']);
      const change = (body: object) => call('POST', '/v2/account/updatePassword', token, body, { ip });
      const newPassword = 'settings change 77';

      const mismatch = expectError(await change({ oldPassword: user.password, newPassword, repeatPassword: `${newPassword}x` }), 400, 'PASSWORDS_DO_NOT_MATCH');
      expect(mismatch.field).toBe('repeatPassword');
      const weak = expectError(await change({ oldPassword: user.password, newPassword: 'abcdefgh', repeatPassword: 'abcdefgh' }), 400, 'PASSWORD_TOO_WEAK');
      expect(weak.field).toBe('newPassword');
      const wrong = expectError(await change({ oldPassword: 'not the password 1', newPassword, repeatPassword: newPassword }), 400, 'INVALID_OLD_PASSWORD');
      expect(wrong.field).toBe('oldPassword');
      expectError(await change({ oldPassword: user.password, newPassword: user.password, repeatPassword: user.password }), 400, 'SAME_PASSWORD');
      expectError(await change({ oldPassword: user.password }), 400, 'VALIDATION_ERROR');
      // Nothing changed so far.
      expect((await info(otherToken)).statusCode).toBe(200);
      expect((await login(t, user.email, user.password, { ip: freshIp() })).statusCode).toBe(200);

      const ok = await change({ oldPassword: user.password, newPassword, repeatPassword: newPassword });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({});
      expect((await info(token)).statusCode).toBe(200);
      expectError(await info(otherToken), 401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/rememberMe',
        headers: { 'x-remember-me-token': otherRemember },
        payload: device,
      });
      expectError(refreshed, 401);
      expectError(await login(t, user.email, user.password, { ip: freshIp() }), 401);
      expect((await login(t, user.email, newPassword, { ip: freshIp() })).statusCode).toBe(200);
      await deliver();
      expect(outboxTo(user.email).at(-1)!.subject).toBe('Bulut şifreniz değiştirildi');
      expect(outboxTo(`+${user.countryCode}${user.phoneNumber}`).at(-1)!.text).toContain('şifreniz değiştirildi');
    });

    it('keeps the caller’s own remember-me token', async () => {
      const { user } = await signUp(t);
      const mine = await login(t, user.email, user.password, { rememberMe: true, ip: freshIp() });
      const token = String(mine.headers['x-auth-token']);
      const newPassword = 'kept signed in 5';
      const ok = await call('POST', '/v2/account/updatePassword', token, { oldPassword: user.password, newPassword, repeatPassword: newPassword });
      expect(ok.statusCode).toBe(200);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/rememberMe',
        headers: { 'x-remember-me-token': String(mine.headers['x-remember-me-token']) },
        payload: device,
      });
      expect(refreshed.statusCode).toBe(200);
    });

    it('asks for a captcha after repeated wrong old passwords', async () => {
      const ip = freshIp();
      const { user, token } = await signUp(t);
      const body = { oldPassword: 'wrong old 123', newPassword: 'whatever new 9', repeatPassword: 'whatever new 9' };
      for (let i = 0; i < t.config.captchaFailureThreshold; i++) {
        expectError(await call('POST', '/v2/account/updatePassword', token, body, { ip }), 400, 'INVALID_OLD_PASSWORD');
      }
      expect((await call('GET', '/v2/account/updatePassword', token, undefined, { ip })).json().captchaRequired).toBe(true);
      const right = { ...body, oldPassword: user.password };
      expectError(await call('POST', '/v2/account/updatePassword', token, right, { ip }), 412, 'CAPTCHA_REQUIRED');
      const id = `pwd-captcha-${ipSeq}-x`;
      await t.app.inject({ method: 'GET', url: `/api/captcha/IMAGE/${id}`, remoteAddress: ip });
      const { answer } = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
      const ok = await call('POST', '/v2/account/updatePassword', token, right, {
        ip,
        headers: { 'x-captcha-id': id, 'x-captcha-answer': answer },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });

  describe('recovery e-mail', () => {
    it('is set unverified, verified once by the e-mailed link, then used', async () => {
      const { user, token } = await signUp(t);
      const address = `backup.${user.email}`;
      expect((await call('POST', '/v1/account/recovery/email', token, {})).json()).toEqual({ email: null, verified: false });

      const set = await call('PUT', '/v1/account/recovery/email', token, { email: `  ${address.toUpperCase()} ` });
      expect(set.json()).toEqual({ email: address, verified: false });
      expect((await call('POST', '/v1/account/recovery/email', token, {})).json()).toEqual({ email: address, verified: false });
      await deliver();
      const mail = outboxTo(address).at(-1)!;
      expect(mail.subject).toBe('Bulut kurtarma e-postanızı onaylayın');
      const verifyToken = verifyTokenIn(mail.text);
      expect(verifyToken.length).toBeGreaterThanOrEqual(32);

      // Public: the link may be opened where nobody is signed in.
      const verified = await call('POST', '/verify/recoveryEmailAddress', null, { token: verifyToken });
      expect(verified.json()).toEqual({ email: address });
      expectError(await call('POST', '/verify/recoveryEmailAddress', null, { token: verifyToken }), 400, 'LINK_ALREADY_USED');
      expect((await call('POST', '/v1/account/recovery/email', token)).json()).toEqual({ email: address, verified: true });
      // Already verified: a resend sends nothing.
      const sent = outboxTo(address).length;
      expect((await call('POST', '/verify/sendVerificationRecoveryEmail', token, {})).json()).toEqual({ email: address, verified: true });
      await deliver();
      expect(outboxTo(address).length).toBe(sent);

      expect((await call('DELETE', '/v1/account/recovery/email', token)).json()).toEqual({ email: null, verified: false });
      expect((await call('POST', '/v1/account/recovery/email', token, {})).json()).toEqual({ email: null, verified: false });
      expectError(await call('POST', '/verify/sendVerificationRecoveryEmail', token, {}), 400, 'NO_RECOVERY_EMAIL');
    });

    it('a link of an address replaced since is void; a resend replaces the link', async () => {
      const { user, token } = await signUp(t);
      const first = `first.${user.email}`;
      const second = `second.${user.email}`;
      await call('PUT', '/v1/account/recovery/email', token, { email: first });
      await deliver();
      const firstToken = verifyTokenIn(outboxTo(first).at(-1)!.text);
      await call('PUT', '/v1/account/recovery/email', token, { email: second });
      await deliver();
      expectError(await call('POST', '/verify/recoveryEmailAddress', null, { token: firstToken }), 400, 'LINK_EXPIRED');
      const secondToken = verifyTokenIn(outboxTo(second).at(-1)!.text);
      const resent = await call('POST', '/verify/sendVerificationRecoveryEmail', token, {});
      expect(resent.json()).toEqual({ email: second, verified: false });
      await deliver();
      const thirdToken = verifyTokenIn(outboxTo(second).at(-1)!.text);
      expect(thirdToken).not.toBe(secondToken);
      expectError(await call('POST', '/verify/recoveryEmailAddress', null, { token: secondToken }), 400, 'LINK_EXPIRED');
      expect((await call('POST', '/verify/recoveryEmailAddress', null, { token: thirdToken })).json()).toEqual({ email: second });
    });

    it('refuses bad addresses, the account e-mail, unknown links, and too many mails', async () => {
      const { user, token } = await signUp(t);
      expectError(await call('PUT', '/v1/account/recovery/email', token, { email: 'not-an-address' }), 400, 'VALIDATION_ERROR');
      expectError(await call('PUT', '/v1/account/recovery/email', token, { email: `${'a'.repeat(315)}@x.com` }), 400, 'VALIDATION_ERROR');
      expectError(await call('PUT', '/v1/account/recovery/email', token, {}), 400, 'VALIDATION_ERROR');
      const same = expectError(await call('PUT', '/v1/account/recovery/email', token, { email: user.email.toUpperCase() }), 400, 'SAME_AS_ACCOUNT_EMAIL');
      expect(same.field).toBe('email');
      expectError(await call('PUT', '/v1/account/recovery/email', null, { email: 'x@example.com' }), 401);
      expectError(await call('POST', '/verify/recoveryEmailAddress', null, { token: 'n'.repeat(43) }), 404, 'NOT_FOUND');
      expectError(await call('POST', '/verify/recoveryEmailAddress', null, { token: 'short' }), 400, 'VALIDATION_ERROR');
      expect((await call('POST', '/v1/account/recovery/email', token, {})).json()).toEqual({ email: null, verified: false });
      for (let i = 0; i < 5; i++) {
        expect((await call('PUT', '/v1/account/recovery/email', token, { email: `r${i}.${user.email}` })).statusCode).toBe(200);
      }
      expectError(await call('PUT', '/v1/account/recovery/email', token, { email: `r9.${user.email}` }), 429, 'TOO_MANY_REQUESTS');
    });
  });

  describe('security question', () => {
    it('is set from the catalogue, answered case- and accent-insensitively, stored hashed, and the owner is told', async () => {
      const { user, token, accountId } = await signUp(t);
      expect((await call('GET', '/account/securityQuestion', token)).json()).toEqual({ securityQuestionId: null });
      const res = await call('POST', '/account/updateSecurityQuestion', token, { securityQuestionId: 3, answer: 'Atatürk İlkokulu' });
      expect(res.json()).toEqual({ securityQuestionId: 3 });
      expect((await call('GET', '/account/securityQuestion', token)).json()).toEqual({ securityQuestionId: 3 });
      const row = await t.database.db
        .selectFrom('account')
        .select(['security_question_id', 'security_answer_hash'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      expect(row.security_question_id).toBe(3);
      expect(row.security_answer_hash!.startsWith('$argon2id$')).toBe(true);
      expect(row.security_answer_hash).not.toContain('ilkokul');
      await deliver();
      expect(outboxTo(user.email).at(-1)!.subject).toBe('Bulut güvenlik sorunuz değiştirildi');
    });

    it('refuses unknown questions and empty answers', async () => {
      const { token } = await signUp(t);
      const unknown = expectError(await call('POST', '/account/updateSecurityQuestion', token, { securityQuestionId: 42, answer: 'x y z' }), 400, 'VALIDATION_ERROR');
      expect(unknown.field).toBe('securityQuestionId');
      expectError(await call('POST', '/account/updateSecurityQuestion', token, { securityQuestionId: 1, answer: ' !! ' }), 400, 'VALIDATION_ERROR');
      expectError(await call('POST', '/account/updateSecurityQuestion', token, { securityQuestionId: 1 }), 400, 'VALIDATION_ERROR');
      expectError(await call('POST', '/account/updateSecurityQuestion', null, { securityQuestionId: 1, answer: 'Tekir' }), 401);
      expect((await call('GET', '/account/securityQuestion', token)).json()).toEqual({ securityQuestionId: null });
    });
  });

  it('answers are normalised: case, accents, dotted and dotless i, punctuation and spacing do not count', () => {
    expect(normaliseAnswer('İstanbul')).toBe('istanbul');
    expect(normaliseAnswer('  ISTANBUL. ')).toBe('istanbul');
    expect(normaliseAnswer('ıstanbul')).toBe('istanbul');
    expect(normaliseAnswer('Ça  va-bien')).toBe('ca va bien');
    expect(normaliseAnswer('Müller')).toBe(normaliseAnswer('muller'));
    expect(normaliseAnswer('Renault Clio')).not.toBe(normaliseAnswer('Renault Megane'));
  });
});
