import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  authed,
  DIALECTS,
  expectError,
  lastCodeFor,
  login,
  readOutbox,
  signUp,
  startTestApp,
  uniqueUser,
  type TestApp,
} from '../../test/harness.js';
import { hashToken } from '../../shared/tokens.js';
import { MAX_ATTEMPTS, MAX_RESENDS } from './recovery.service.js';
import { purgeOlderThan } from './recovery.repository.js';
import { days } from '../../shared/time.js';

const PUBLIC_URL = 'https://bulut.example.test';
const NEW_PASSWORD = 'brand new 2026 pass';
type User = ReturnType<typeof uniqueUser>;
const phoneOf = (u: User) => `+${u.countryCode}${u.phoneNumber}`;
/** A six-digit code that is certainly not `code`. */
const otherCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
const maskedPhoneOf = (u: User) => `+90 5** *** **${u.phoneNumber.slice(-2)}`;
const maskedEmailOf = (email: string) => `${email[0]}***@${email.split('@')[1]}`;

// Each test acts from its own address, so the per-IP captcha budget of one test never reaches another.
let ipSeq = 0;
const freshIp = () => `10.30.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe.each(DIALECTS)('recovery (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { PUBLIC_URL, LOGIN_LOCKOUT_THRESHOLD: '3', CAPTCHA_FAILURE_THRESHOLD: '1000' });
  });
  afterAll(() => t.close());

  /** Every response this file sees, to prove no code, link or hash ever leaves the server in an answer. */
  const seen: LightMyRequestResponse[] = [];
  const post = async (url: string, payload: object, ip: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip, headers });
    seen.push(res);
    return res;
  };
  const start = (username: string, ip: string, flow: 'v1' | 'v2' | 'v3' = 'v2', headers: Record<string, string> = {}) =>
    post(flow === 'v1' ? '/account/forgotMyPassword' : `/${flow}/forgotMyPassword`, { username }, ip, headers);
  const step = (path: string, payload: object, ip: string) => post(`/forgotMyPassword/${path}`, payload, ip);
  const deliver = async () => {
    while ((await t.app.jobs.runDue()) > 0);
  };
  const outboxTo = (to: string) => readOutbox(t.dataDir).filter((m) => m.to === to);
  const linkIn = (text: string) => {
    const m = text.match(/https:\/\/bulut\.example\.test\/changemypassword(v[123])\/([^/\s]+)\/([A-Za-z0-9_-]+)/);
    if (!m) throw new Error(`no recovery link in: ${text}`);
    return { flow: m[1]!, referenceToken: decodeURIComponent(m[2]!), id: m[3]! };
  };
  const startOk = async (username: string, ip: string, flow: 'v1' | 'v2' | 'v3' = 'v2') => {
    const res = await start(username, ip, flow);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      referenceToken: string;
      flow: string;
      availableMethods: Array<{ method: string; content: string }>;
      factorsRequired: number;
      factorsVerified: number;
      securityQuestionId: number | null;
    };
  };
  /** Recovers by SMS up to VERIFIED; returns the reference. */
  const verifiedBySms = async (user: User, ip: string) => {
    const { referenceToken } = await startOk(user.email, ip);
    expect((await step('continueWithMsisdn', { referenceToken }, ip)).statusCode).toBe(200);
    await deliver();
    const done = await step('validatePhoneNumber', { referenceToken, otp: lastCodeFor(t.dataDir, phoneOf(user)) }, ip);
    expect(done.json().status).toBe('VERIFIED');
    return referenceToken;
  };
  /** Two-factor sign-in on, through the settings call as a user does. */
  const enableTwoFactor = async (token: string, password: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/settings',
      headers: authed(token),
      payload: { twoFactorAuthEnabled: true, password },
    });
    expect(res.statusCode).toBe(200);
  };
  const setQuestion = async (token: string, securityQuestionId: number, answer: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/updateSecurityQuestion',
      headers: authed(token),
      payload: { securityQuestionId, answer },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const recoveryRow = (referenceToken: string) =>
    t.database.db
      .selectFrom('password_recovery')
      .selectAll()
      .where('reference_hash', '=', hashToken(referenceToken))
      .executeTakeFirstOrThrow();

  describe('by SMS (v2)', () => {
    it('lists masked methods, sends a code, verifies it and changes the password, ending every session', async () => {
      const ip = freshIp();
      const { user, token } = await signUp(t);
      const remembered = await login(t, user.email, user.password, { rememberMe: true });
      const rememberMeToken = String(remembered.headers['x-remember-me-token']);

      const begun = await startOk(user.email, ip);
      expect(begun).toEqual({
        referenceToken: expect.any(String),
        flow: 'v2',
        availableMethods: [
          { method: 'SMS', content: maskedPhoneOf(user) },
          { method: 'EMAIL', content: maskedEmailOf(user.email) },
        ],
        factorsRequired: 1,
        factorsVerified: 0,
        securityQuestionId: null,
      });
      expect(begun.referenceToken.length).toBeGreaterThanOrEqual(32);
      const ref = begun.referenceToken;
      // Starting sends nothing: the person has not chosen yet.
      await deliver();
      const before = readOutbox(t.dataDir).length;

      const chosen = await step('continueWithMsisdn', { referenceToken: ref }, ip);
      expect(chosen.json()).toEqual({
        referenceToken: ref,
        selectedMethod: 'SMS',
        selectedValue: maskedPhoneOf(user),
        expectedInputLength: 6,
        remainingTimeInMinutes: 3,
      });
      expect(outboxTo(phoneOf(user)).length).toBe(1); // the sign-up code only: sent by the job, not before
      await deliver();
      expect(readOutbox(t.dataDir).length).toBe(before + 1);
      const sms = outboxTo(phoneOf(user)).at(-1)!;
      expect(sms.text).toContain('şifre sıfırlama kodunuz'); // the account's language (Turkish)
      const code = lastCodeFor(t.dataDir, phoneOf(user));

      expectError(await step('validatePhoneNumber', { referenceToken: ref, otp: otherCode(code) }, ip), 400, 'INVALID_OTP');
      // Not verified yet: the password cannot be set.
      expectError(await step('change', { referenceToken: ref, password: NEW_PASSWORD }, ip), 400, 'RECOVERY_NOT_VERIFIED');
      const ok = await step('validatePhoneNumber', { referenceToken: ref, otp: code }, ip);
      expect(ok.json()).toEqual({
        referenceToken: ref,
        status: 'VERIFIED',
        factorsVerified: 1,
        factorsRequired: 1,
        remainingMethods: [],
      });
      expect((await step('checkStatus', { referenceToken: ref }, ip)).json().status).toBe('VERIFIED');
      // The code is spent with the step it proved.
      expectError(await step('validatePhoneNumber', { referenceToken: ref, otp: code }, ip), 400, 'ALREADY_VERIFIED');

      // Rules as sign-up; a refused password does not spend the recovery.
      const weak = expectError(await step('change', { referenceToken: ref, password: 'short1' }, ip), 400, 'PASSWORD_TOO_WEAK');
      expect(weak.field).toBe('password');
      const changed = await step('change', { referenceToken: ref, password: NEW_PASSWORD }, ip);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({});

      // Every session and remember-me token of the account has ended.
      expectError(await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(token) }), 401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/rememberMe',
        headers: { 'x-remember-me-token': rememberMeToken },
        payload: { uuid: 'd1', name: 'Chrome', deviceType: 'WEB' },
      });
      expectError(refreshed, 401);
      expectError(await login(t, user.email, user.password, { ip: freshIp() }), 401, 'INVALID_CREDENTIALS');
      expect((await login(t, user.email, NEW_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);

      // The owner is told, by e-mail and by SMS (the phone is verified), in Turkish.
      await deliver();
      const notice = outboxTo(user.email).at(-1)!;
      expect(notice.subject).toBe('Bulut şifreniz değiştirildi');
      expect(outboxTo(phoneOf(user)).at(-1)!.text).toContain('şifreniz değiştirildi');

      // The recovery is used up.
      expectError(await step('change', { referenceToken: ref, password: 'another 2027 pass' }, ip), 404, 'NOT_FOUND');
      expectError(await step('checkStatus', { referenceToken: ref }, ip), 404, 'NOT_FOUND');
      expectError(await step('sendSms', { referenceToken: ref }, ip), 404, 'NOT_FOUND');
    });

    it('finds the account by phone number in any spelling', async () => {
      const ip = freshIp();
      const { user } = await signUp(t);
      for (const username of [phoneOf(user), `0${user.phoneNumber}`, `00${user.countryCode}${user.phoneNumber}`]) {
        const res = await startOk(username, ip);
        expect(res.availableMethods[0]).toEqual({ method: 'SMS', content: maskedPhoneOf(user) });
        expect(res.availableMethods[1]).toEqual({ method: 'EMAIL', content: maskedEmailOf(user.email) });
      }
    });

    it('limits resends to 3 and wrong codes to 5, then the recovery is dead', async () => {
      const ip = freshIp();
      const { user } = await signUp(t);
      const { referenceToken } = await startOk(user.email, ip);
      expect((await step('continueWithMsisdn', { referenceToken }, ip)).statusCode).toBe(200);
      for (let i = 0; i < MAX_RESENDS; i++) {
        const again = await step('sendSms', { referenceToken }, ip);
        expect(again.statusCode, again.body).toBe(200);
      }
      expectError(await step('sendSms', { referenceToken }, ip), 429, 'TOO_MANY_REQUESTS');
      await deliver();
      // Only the last code counts.
      const code = lastCodeFor(t.dataDir, phoneOf(user));
      for (let i = 1; i < MAX_ATTEMPTS; i++) {
        expectError(await step('validatePhoneNumber', { referenceToken, otp: otherCode(code) }, ip), 400, 'INVALID_OTP');
      }
      expectError(await step('validatePhoneNumber', { referenceToken, otp: otherCode(code) }, ip), 429, 'TOO_MANY_REQUESTS');
      // Locked: even the right code is refused now, and the waiting screen is told it is over.
      expectError(await step('validatePhoneNumber', { referenceToken, otp: code }, ip), 429, 'TOO_MANY_REQUESTS');
      expect((await step('checkStatus', { referenceToken }, ip)).json()).toMatchObject({ status: 'EXPIRED', remainingMethods: [] });
    });

    it('refuses an expired code, and everything of an expired recovery', async () => {
      const ip = freshIp();
      const { user } = await signUp(t);
      const { referenceToken } = await startOk(user.email, ip);
      await step('continueWithMsisdn', { referenceToken }, ip);
      await deliver();
      const code = lastCodeFor(t.dataDir, phoneOf(user));
      const row = await recoveryRow(referenceToken);
      await t.database.db.updateTable('password_recovery').set({ otp_expires_at: Date.now() - 1 }).where('id', '=', row.id).execute();
      expectError(await step('validatePhoneNumber', { referenceToken, otp: code }, ip), 400, 'OTP_EXPIRED');
      // A fresh code works again.
      await step('sendSms', { referenceToken }, ip);
      await deliver();
      await t.database.db.updateTable('password_recovery').set({ expires_at: Date.now() - 1 }).where('id', '=', row.id).execute();
      const fresh = lastCodeFor(t.dataDir, phoneOf(user));
      expectError(await step('validatePhoneNumber', { referenceToken, otp: fresh }, ip), 400, 'RECOVERY_EXPIRED');
      expectError(await step('sendSms', { referenceToken }, ip), 400, 'RECOVERY_EXPIRED');
      expect((await step('checkStatus', { referenceToken }, ip)).json().status).toBe('EXPIRED');
    });

    it('ends the sign-in lockout', async () => {
      const ip = freshIp();
      const { user } = await signUp(t);
      for (let i = 0; i < 3; i++) await login(t, user.email, 'wrong password 1', { ip: freshIp() });
      expectError(await login(t, user.email, user.password, { ip: freshIp() }), 429, 'ACCOUNT_LOCKED');
      const ref = await verifiedBySms(user, ip);
      expect((await step('change', { referenceToken: ref, password: NEW_PASSWORD }, ip)).statusCode).toBe(200);
      expect((await login(t, user.email, NEW_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
    });
  });

  describe('v1', () => {
    it('offers only the primary method: SMS to a verified phone', async () => {
      const { user } = await signUp(t);
      const res = await startOk(user.email, freshIp(), 'v1');
      expect(res.flow).toBe('v1');
      expect(res.availableMethods).toEqual([{ method: 'SMS', content: maskedPhoneOf(user) }]);
      expectError(await step('continueWithEmail', { referenceToken: res.referenceToken }, freshIp()), 400, 'METHOD_NOT_AVAILABLE');
    });

    it('offers the e-mail when the phone was never verified, and never sends an SMS to it', async () => {
      const ip = freshIp();
      const user = { ...uniqueUser(), language: 'en' as const };
      const begun = await post('/v2/signup', { ...user, sendOtpTo: 'EMAIL' }, ip);
      await deliver();
      const done = await post(
        '/v2/signup/validate',
        { referenceToken: begun.json().referenceToken, otp: lastCodeFor(t.dataDir, user.email) },
        ip,
      );
      expect(done.statusCode).toBe(200);
      const v1 = await startOk(phoneOf(user), ip, 'v1');
      expect(v1.availableMethods).toEqual([{ method: 'EMAIL', content: maskedEmailOf(user.email) }]);
      const v2 = await startOk(user.email, ip, 'v2');
      expect(v2.availableMethods.map((m) => m.method)).toEqual(['EMAIL']);
      expectError(await step('continueWithMsisdn', { referenceToken: v2.referenceToken }, ip), 400, 'METHOD_NOT_AVAILABLE');
    });
  });

  describe('by e-mailed link', () => {
    it('mails a single-use link to the public URL; opening it verifies the waiting screen too', async () => {
      const ip = freshIp();
      const { user } = await signUp(t);
      const { referenceToken } = await startOk(user.email, ip);
      const chosen = await step('continueWithEmail', { referenceToken }, ip);
      expect(chosen.json()).toEqual({
        referenceToken,
        selectedMethod: 'EMAIL',
        selectedValue: maskedEmailOf(user.email),
        expectedInputLength: 0,
        remainingTimeInMinutes: 30,
      });
      await deliver();
      const mail = outboxTo(user.email).at(-1)!;
      expect(mail.subject).toBe('Bulut şifrenizi sıfırlayın');
      const link = linkIn(mail.text);
      expect(link.flow).toBe('v2');
      expect(link.referenceToken).toBe(referenceToken);
      expect(link.id.length).toBeGreaterThanOrEqual(32);
      expect((await step('checkStatus', { referenceToken }, ip)).json()).toMatchObject({ status: 'PENDING', factorsVerified: 0 });

      // Someone guessing ids gets nowhere, and it counts as a wrong try.
      expectError(await post('/v2/forgotMyPassword/verify', { referenceToken, id: 'x'.repeat(43) }, ip), 400, 'INVALID_LINK');
      expect((await recoveryRow(referenceToken)).attempts).toBe(1);
      // The link opened on another device (another address).
      const opened = await post('/v2/forgotMyPassword/verify', { referenceToken, id: link.id }, freshIp());
      expect(opened.json()).toMatchObject({ status: 'VERIFIED', factorsVerified: 1, remainingMethods: [] });
      expect((await step('checkStatus', { referenceToken }, ip)).json().status).toBe('VERIFIED');
      expectError(await post('/v2/forgotMyPassword/verify', { referenceToken, id: link.id }, ip), 400, 'LINK_ALREADY_USED');
      expect((await step('change', { referenceToken, password: NEW_PASSWORD }, ip)).statusCode).toBe(200);
      expectError(await post('/v3/forgotMyPassword/verify', { referenceToken, id: link.id }, ip), 404, 'NOT_FOUND');
      expect((await login(t, user.email, NEW_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
    });

    it('refuses an expired link, and a link replaced by a resend', async () => {
      const ip = freshIp();
      const { user } = await signUp(t);
      const { referenceToken } = await startOk(user.email, ip);
      await step('continueWithEmail', { referenceToken }, ip);
      await deliver();
      const first = linkIn(outboxTo(user.email).at(-1)!.text);
      await step('sendEmail', { referenceToken }, ip);
      await deliver();
      const second = linkIn(outboxTo(user.email).at(-1)!.text);
      expect(second.id).not.toBe(first.id);
      expectError(await post('/v2/forgotMyPassword/verify', { referenceToken, id: first.id }, ip), 400, 'INVALID_LINK');
      const row = await recoveryRow(referenceToken);
      await t.database.db.updateTable('password_recovery').set({ link_expires_at: Date.now() - 1 }).where('id', '=', row.id).execute();
      expectError(await post('/v2/forgotMyPassword/verify', { referenceToken, id: second.id }, ip), 400, 'LINK_EXPIRED');
    });

    it('sends to a verified recovery e-mail, which is offered masked', async () => {
      const ip = freshIp();
      const { user, token } = await signUp(t);
      const recoveryEmail = `r${user.email}`.replace('@example.com', '@mail.example.org');
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/account/recovery/email',
        headers: authed(token),
        payload: { email: recoveryEmail },
      });
      expect(set.statusCode, set.body).toBe(200);
      // Unverified: recovery does not use it.
      expect((await startOk(user.email, ip)).availableMethods.map((m) => m.method)).toEqual(['SMS', 'EMAIL']);
      await deliver();
      const verifyToken = new URL(outboxTo(recoveryEmail).at(-1)!.text.match(/https:\S+/)![0]).searchParams.get('token')!;
      expect((await post('/verify/recoveryEmailAddress', { token: verifyToken }, ip)).statusCode).toBe(200);

      const begun = await startOk(user.email, ip);
      expect(begun.availableMethods).toContainEqual({ method: 'RECOVERY_EMAIL', content: maskedEmailOf(recoveryEmail) });
      await step('continueWithRecoveryEmail', { referenceToken: begun.referenceToken }, ip);
      await deliver();
      const link = linkIn(outboxTo(recoveryEmail).at(-1)!.text);
      expect((await post('/v2/forgotMyPassword/verify', { referenceToken: begun.referenceToken, id: link.id }, ip)).json().status).toBe('VERIFIED');
    });
  });

  describe('security question', () => {
    it('alone proves a v2 recovery; the answer ignores case and accents; wrong answers count', async () => {
      const ip = freshIp();
      const { user, token } = await signUp(t);
      await setQuestion(token, 2, 'İstanbul');
      const begun = await startOk(user.email, ip);
      expect(begun.availableMethods).toContainEqual({ method: 'SECURITY_QUESTION', content: '2' });
      expect(begun.securityQuestionId).toBe(2);
      const q = await t.app.inject({ method: 'GET', url: '/api/securityQuestion/2?language=tr' });
      expect(q.json()).toEqual({ id: 2, text: 'Anne ve babanız hangi şehirde tanıştı?' });
      const ref = begun.referenceToken;
      const wrong = expectError(await step('validateSecurityQuestion', { referenceToken: ref, answer: 'Ankara' }, ip), 400, 'INVALID_ANSWER');
      expect(wrong.field).toBe('answer');
      const ok = await step('validateSecurityQuestion', { referenceToken: ref, answer: '  ISTANBUL ' }, ip);
      expect(ok.json().status).toBe('VERIFIED');
      expect((await step('change', { referenceToken: ref, password: NEW_PASSWORD }, ip)).statusCode).toBe(200);
    });

    it('is not offered when the account has none', async () => {
      const ip = freshIp();
      const { user } = await signUp(t);
      const { referenceToken } = await startOk(user.email, ip);
      expectError(await step('validateSecurityQuestion', { referenceToken, answer: 'anything' }, ip), 400, 'METHOD_NOT_AVAILABLE');
    });
  });

  describe('v3: two-factor accounts', () => {
    it('needs two different factors: a code or link first, then the question or the other channel', async () => {
      const ip = freshIp();
      const { user, token } = await signUp(t);
      await setQuestion(token, 5, 'Renault Clio');
      await enableTwoFactor(token, user.password);

      // Whatever flow the page asked for, a two-factor account answers v3.
      const begun = await startOk(user.email, ip, 'v2');
      expect(begun).toMatchObject({ flow: 'v3', factorsRequired: 2, factorsVerified: 0, securityQuestionId: null });
      expect(begun.availableMethods.map((m) => m.method)).toEqual(['SMS', 'EMAIL']);
      const ref = begun.referenceToken;
      // The question cannot be the first factor.
      expectError(await step('validateSecurityQuestion', { referenceToken: ref, answer: 'Renault Clio' }, ip), 400, 'METHOD_NOT_AVAILABLE');

      await step('continueWithMsisdn', { referenceToken: ref }, ip);
      await deliver();
      const first = await step('validatePhoneNumber', { referenceToken: ref, otp: lastCodeFor(t.dataDir, phoneOf(user)) }, ip);
      expect(first.json()).toEqual({
        referenceToken: ref,
        status: 'SECOND_FACTOR_REQUIRED',
        factorsVerified: 1,
        factorsRequired: 2,
        remainingMethods: [
          { method: 'EMAIL', content: maskedEmailOf(user.email) },
          { method: 'SECURITY_QUESTION', content: '5' },
        ],
      });
      // One factor is not enough.
      expectError(await step('change', { referenceToken: ref, password: NEW_PASSWORD }, ip), 400, 'RECOVERY_NOT_VERIFIED');
      // The v3 call with the reference answers the methods left for the second factor.
      const resumed = await post(`/v3/forgotMyPassword?referenceToken=${encodeURIComponent(ref)}`, { username: user.email }, ip);
      expect(resumed.json()).toEqual({
        referenceToken: ref,
        flow: 'v3',
        availableMethods: first.json().remainingMethods,
        factorsRequired: 2,
        factorsVerified: 1,
        securityQuestionId: 5,
      });
      // The same factor twice is not two factors.
      expectError(await step('continueWithMsisdn', { referenceToken: ref }, ip), 400, 'METHOD_NOT_AVAILABLE');
      expectError(await step('validateSecurityQuestion', { referenceToken: ref, answer: 'Fiat' }, ip), 400, 'INVALID_ANSWER');
      const second = await step('validateSecurityQuestion', { referenceToken: ref, answer: 'renault  clio' }, ip);
      expect(second.json()).toMatchObject({ status: 'VERIFIED', factorsVerified: 2, remainingMethods: [] });
      expect((await step('change', { referenceToken: ref, password: NEW_PASSWORD }, ip)).statusCode).toBe(200);
    });

    it('takes the e-mail link as the second factor, with a v3 link', async () => {
      const ip = freshIp();
      const { user, token } = await signUp(t);
      await enableTwoFactor(token, user.password);
      const begun = await startOk(user.email, ip, 'v3');
      expect(begun).toMatchObject({ flow: 'v3', factorsRequired: 2 });
      const ref = begun.referenceToken;
      await step('continueWithMsisdn', { referenceToken: ref }, ip);
      await deliver();
      await step('validatePhoneNumber', { referenceToken: ref, otp: lastCodeFor(t.dataDir, phoneOf(user)) }, ip);
      await step('continueWithEmail', { referenceToken: ref }, ip);
      await deliver();
      const link = linkIn(outboxTo(user.email).at(-1)!.text);
      expect(link.flow).toBe('v3');
      const done = await post('/v3/forgotMyPassword/verify', { referenceToken: ref, id: link.id }, ip);
      expect(done.json()).toMatchObject({ status: 'VERIFIED', factorsVerified: 2 });
    });

    it('an account without two-factor needs one factor even on v3', async () => {
      const { user } = await signUp(t);
      const res = await startOk(user.email, freshIp(), 'v3');
      expect(res).toMatchObject({ flow: 'v3', factorsRequired: 1 });
    });
  });

  describe('unknown accounts', () => {
    it('answer the same shape, stable, send nothing, and every later step fails like a wrong code', async () => {
      const ip = freshIp();
      const { user } = await signUp(t);
      const real = await startOk(user.email, ip);
      const email = uniqueUser().email;
      const fake = await startOk(email, ip);
      expect(Object.keys(fake).sort()).toEqual(Object.keys(real).sort());
      expect(fake.referenceToken.length).toBe(real.referenceToken.length);
      expect(fake.flow).toMatch(/^v[23]$/);
      expect(fake.availableMethods).toContainEqual({ method: 'EMAIL', content: maskedEmailOf(email) });
      for (const m of fake.availableMethods) {
        if (m.method === 'SMS') expect(m.content).toMatch(/^\+90 5\*\* \*\*\* \*\*\d\d$/);
        if (m.method === 'RECOVERY_EMAIL') expect(m.content).toMatch(/^[a-z]\*\*\*@[a-z.]+$/);
      }
      // The same username gets the same answer (a changing one would give the decoy away).
      const again = await startOk(email, ip);
      expect(again.availableMethods).toEqual(fake.availableMethods);
      expect(again.securityQuestionId).toBe(fake.securityQuestionId);

      const before = readOutbox(t.dataDir).length;
      const ref = fake.referenceToken;
      const chosen = await step('continueWithEmail', { referenceToken: ref }, ip);
      expect(chosen.json()).toEqual({
        referenceToken: ref,
        selectedMethod: 'EMAIL',
        selectedValue: maskedEmailOf(email),
        expectedInputLength: 0,
        remainingTimeInMinutes: 30,
      });
      expect((await step('sendEmail', { referenceToken: ref }, ip)).statusCode).toBe(200);
      expectError(await post('/v2/forgotMyPassword/verify', { referenceToken: ref, id: 'y'.repeat(43) }, ip), 400, 'INVALID_LINK');
      if (fake.availableMethods.some((m) => m.method === 'SMS')) {
        expect((await step('continueWithMsisdn', { referenceToken: ref }, ip)).json().expectedInputLength).toBe(6);
        expectError(await step('validatePhoneNumber', { referenceToken: ref, otp: '123456' }, ip), 400, 'INVALID_OTP');
      }
      expect((await step('checkStatus', { referenceToken: ref }, ip)).json()).toMatchObject({ status: 'PENDING', factorsVerified: 0 });
      expectError(await step('change', { referenceToken: ref, password: NEW_PASSWORD }, ip), 400, 'RECOVERY_NOT_VERIFIED');
      await deliver();
      expect(readOutbox(t.dataDir).length).toBe(before);
      expect(outboxTo(email)).toEqual([]);
    });

    it('by phone: the typed number is masked as an account would show it; a decoy question fails like a wrong answer', async () => {
      const ip = freshIp();
      // Enough unknown numbers that some decoy has a question and some has an SMS method.
      let withQuestion: { referenceToken: string; securityQuestionId: number | null } | null = null;
      for (let i = 0; i < 12; i++) {
        const phone = `+90555${String(1000000 + i * 7919 + (Date.now() % 1000)).slice(-7)}`;
        const fake = await startOk(phone, freshIp());
        const sms = fake.availableMethods.find((m) => m.method === 'SMS');
        if (sms) expect(sms.content).toBe(`+90 5** *** **${phone.slice(-2)}`);
        expect(fake.availableMethods.some((m) => m.method === 'EMAIL')).toBe(true);
        if (fake.securityQuestionId !== null && fake.flow === 'v2') withQuestion = fake;
      }
      if (withQuestion) {
        const res = await step('validateSecurityQuestion', { referenceToken: withQuestion.referenceToken, answer: 'paris' }, ip);
        expectError(res, 400, 'INVALID_ANSWER');
      }
    });
  });

  describe('captcha', () => {
    it('is required after repeated starts or failures from one address, and a solved one lets the next through', async () => {
      const ip = freshIp();
      const { user } = await signUp(t);
      const required = () =>
        t.app.inject({ method: 'GET', url: '/api/captcha/required?channel=FORGOT_PASSWORD', remoteAddress: ip });
      expect((await required()).json()).toEqual({ captchaRequired: false });
      const { referenceToken } = await startOk(uniqueUser().email, ip);
      // One start and four wrong tries make five: the threshold.
      for (let i = 0; i < t.config.forgotPasswordCaptchaThreshold - 1; i++) {
        expectError(await post('/v2/forgotMyPassword/verify', { referenceToken, id: 'z'.repeat(43) }, ip), 400);
      }
      expect((await required()).json()).toEqual({ captchaRequired: true });
      // For a known and an unknown account alike.
      expectError(await start(user.email, ip), 412, 'CAPTCHA_REQUIRED');
      expectError(await start(uniqueUser().email, ip), 412, 'CAPTCHA_REQUIRED');
      expectError(await start(user.email, ip, 'v1', { 'x-captcha-id': 'not-a-captcha-1', 'x-captcha-answer': '12345' }), 412, 'INVALID_CAPTCHA');
      const id = `captcha-${ipSeq}-abcdef`;
      await t.app.inject({ method: 'GET', url: `/api/captcha/IMAGE/${id}`, remoteAddress: ip });
      const { answer } = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
      const solved = await start(user.email, ip, 'v2', { 'x-captcha-id': id, 'x-captcha-answer': answer });
      expect(solved.statusCode, solved.body).toBe(200);
    });
  });

  describe('bad input', () => {
    it('answers clear errors and changes nothing', async () => {
      const ip = freshIp();
      const count = async () =>
        Number((await t.database.db.selectFrom('password_recovery').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await count();
      expect(expectError(await post('/v2/forgotMyPassword', {}, ip), 400, 'VALIDATION_ERROR').field).toBe('username');
      expectError(await post('/account/forgotMyPassword', { username: 'a'.repeat(321) }, ip), 400, 'VALIDATION_ERROR');
      expectError(await post('/v3/forgotMyPassword', { username: '   ' }, ip), 400, 'VALIDATION_ERROR');
      expectError(await post('/v3/forgotMyPassword?referenceToken=short', { username: 'x@example.com' }, ip), 400, 'VALIDATION_ERROR');
      expectError(await post(`/v3/forgotMyPassword?referenceToken=${'q'.repeat(43)}`, { username: 'x@example.com' }, ip), 404, 'NOT_FOUND');
      expect(await count()).toBe(rows);
      const unknown = 'u'.repeat(43);
      for (const path of ['continueWithMsisdn', 'continueWithEmail', 'continueWithRecoveryEmail', 'sendSms', 'sendEmail', 'sendRecoveryEmail', 'checkStatus']) {
        expectError(await step(path, { referenceToken: unknown }, ip), 404, 'NOT_FOUND');
        expectError(await step(path, {}, ip), 400, 'VALIDATION_ERROR');
      }
      expectError(await step('validatePhoneNumber', { referenceToken: unknown, otp: '123456' }, ip), 404, 'NOT_FOUND');
      expectError(await step('validatePhoneNumber', { referenceToken: unknown, otp: '1'.repeat(13) }, ip), 400, 'VALIDATION_ERROR');
      expectError(await step('validateSecurityQuestion', { referenceToken: unknown, answer: '' }, ip), 400, 'VALIDATION_ERROR');
      expectError(await step('change', { referenceToken: unknown, password: NEW_PASSWORD }, ip), 404, 'NOT_FOUND');
      expectError(await step('change', { referenceToken: unknown }, ip), 400, 'VALIDATION_ERROR');
      expectError(await post('/v2/forgotMyPassword/verify', { referenceToken: unknown }, ip), 400, 'VALIDATION_ERROR');
      // Validating before choosing SMS.
      const { user } = await signUp(t);
      const { referenceToken } = await startOk(user.email, ip);
      expectError(await step('validatePhoneNumber', { referenceToken, otp: '123456' }, ip), 400, 'METHOD_NOT_SELECTED');
    });

    it('security questions: a catalogue of 8 in every language; unknown ids are 404', async () => {
      const en = await t.app.inject({ method: 'GET', url: '/api/securityQuestions' });
      expect(en.json()).toHaveLength(8);
      const ka = await t.app.inject({ method: 'GET', url: '/api/securityQuestions?language=ka' });
      expect(ka.json().map((q: { id: number }) => q.id)).toEqual(en.json().map((q: { id: number }) => q.id));
      expect(ka.json()[0].text).not.toBe(en.json()[0].text);
      expectError(await t.app.inject({ method: 'GET', url: '/api/securityQuestion/99' }), 404, 'NOT_FOUND');
      expectError(await t.app.inject({ method: 'GET', url: '/api/securityQuestion/abc' }), 400, 'VALIDATION_ERROR');
      expectError(await t.app.inject({ method: 'GET', url: '/api/securityQuestion/1?language=xx' }), 400, 'VALIDATION_ERROR');
    });
  });

  it('housekeeping removes recoveries a day old and keeps recent ones', async () => {
    const old = await startOk(uniqueUser().email, freshIp());
    const recent = await startOk(uniqueUser().email, freshIp());
    const row = await recoveryRow(old.referenceToken);
    await t.database.db.updateTable('password_recovery').set({ created_at: Date.now() - days(2) }).where('id', '=', row.id).execute();
    expect(await purgeOlderThan(t.database.db, Date.now() - days(1))).toBeGreaterThanOrEqual(1);
    expectError(await step('checkStatus', { referenceToken: old.referenceToken }, freshIp()), 404, 'NOT_FOUND');
    expect((await step('checkStatus', { referenceToken: recent.referenceToken }, freshIp())).statusCode).toBe(200);
  });

  it('never puts a code, a link id or a hash in an answer', async () => {
    const mails = readOutbox(t.dataDir);
    const linkIds = mails.filter((m) => m.text.includes('/changemypassword')).map((m) => linkIn(m.text).id);
    const codes = mails.filter((m) => m.channel === 'sms').flatMap((m) => m.text.match(/\b\d{6}\b/g) ?? []);
    expect(linkIds.length).toBeGreaterThan(0);
    expect(codes.length).toBeGreaterThan(0);
    for (const res of seen) {
      for (const id of linkIds) expect(res.body).not.toContain(id);
      for (const code of codes) expect(res.body).not.toContain(`"${code}"`);
      expect(res.body).not.toMatch(/[0-9a-f]{64}/);
    }
  });
});
