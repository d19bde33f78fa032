import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  expectError,
  login,
  signUp,
  startTestApp,
  uniqueUser,
  type TestApp,
} from '../../test/harness.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Failure counters are per IP, so each test acts from its own address.
let ipSeq = 0;
const freshIp = () => `10.30.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const getCaptcha = (t: TestApp, type: string, id: string, ip?: string) =>
  t.app.inject({ method: 'GET', url: `/api/captcha/${type}/${id}`, remoteAddress: ip });

const isRequired = async (t: TestApp, ip: string, channel?: 'LOGIN' | 'SIGN_UP') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/captcha/required${channel ? `?channel=${channel}` : ''}`,
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return res.json().captchaRequired as boolean;
};

/** Asks for the image like the browser does, then reads the answer a person would read off it. */
async function solvedCaptcha(t: TestApp, ip?: string): Promise<{ id: string; answer: string }> {
  const id = randomUUID();
  expect((await getCaptcha(t, 'IMAGE', id, ip)).statusCode).toBe(200);
  const row = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, answer: row.answer };
}

describe.each(DIALECTS)('captcha (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  describe('challenge', () => {
    it('serves a PNG image and a WAV recording of the same challenge', async () => {
      const id = randomUUID();
      const image = await getCaptcha(t, 'IMAGE', id);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('no-store');
      expect(image.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

      const audio = await getCaptcha(t, 'AUDIO', id);
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/wav');
      expect(audio.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(audio.rawPayload.subarray(8, 12).toString('ascii')).toBe('WAVE');

      // Same id, same challenge: one row, and the image again shows the same answer.
      const rows = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', id).execute();
      expect(rows).toHaveLength(1);
      // 7 or 8 digits (CAPTCHA_LENGTHS): a program must also guess how many.
      expect(rows[0]!.answer).toMatch(/^\d{7,8}$/);
      const again = await getCaptcha(t, 'IMAGE', id);
      expect(again.statusCode).toBe(200);
      const after = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', id).execute();
      expect(after).toEqual(rows);
    });

    it('rejects an invalid id or type with 400', async () => {
      for (const url of [
        '/api/captcha/IMAGE/short',
        '/api/captcha/IMAGE/has%20space%20in%20it',
        `/api/captcha/IMAGE/${'a'.repeat(65)}`,
        '/api/captcha/IMAGE/..%2F..%2Fetc%2Fpasswd',
        `/api/captcha/VIDEO/${randomUUID()}`,
        `/api/captcha/image/${randomUUID()}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expectError(res, 400, 'VALIDATION_ERROR');
      }
      expectError(await t.app.inject({ method: 'GET', url: '/api/captcha/required?channel=SMS' }), 400, 'VALIDATION_ERROR');
    });

    it('a used challenge is not served again', async () => {
      const ip = freshIp();
      const captcha = await solvedCaptcha(t, ip);
      const { user } = await signUp(t);
      // A login with the captcha consumes it, even when none was required.
      expect((await login(t, user.email, user.password, { ip, captcha })).statusCode).toBe(200);
      expectError(await getCaptcha(t, 'IMAGE', captcha.id, ip), 404, 'NOT_FOUND');
    });
  });

  describe('login gate by IP', () => {
    it('after 3 failures from one IP: required, then refused without, with a wrong and with a reused captcha', async () => {
      const { user, accountId } = await signUp(t);
      const ip = freshIp();
      expect(await isRequired(t, ip)).toBe(false);

      for (let i = 0; i < t.config.captchaFailureThreshold; i++) {
        expectError(await login(t, `someone-${i}@example.com`, 'wrong password 1', { ip }), 401, 'INVALID_CREDENTIALS');
      }
      expect(await isRequired(t, ip)).toBe(true);
      expect(await isRequired(t, ip, 'LOGIN')).toBe(true);
      expect(await isRequired(t, freshIp())).toBe(false);

      const without = expectError(await login(t, user.email, user.password, { ip }), 412, 'CAPTCHA_REQUIRED');
      expect(without.message).toBe('Captcha required.');

      const wrongCaptcha = await solvedCaptcha(t, ip);
      const wrongAnswer = wrongCaptcha.answer === '00000' ? '11111' : '00000';
      const wrong = expectError(
        await login(t, user.email, user.password, { ip, captcha: { id: wrongCaptcha.id, answer: wrongAnswer } }),
        412,
        'INVALID_CAPTCHA',
      );
      expect(wrong.message).toBe('Invalid captcha.');
      // A wrong answer uses the challenge up: the right answer afterwards does not help.
      expectError(await login(t, user.email, user.password, { ip, captcha: wrongCaptcha }), 412, 'INVALID_CAPTCHA');

      expectError(
        await login(t, user.email, user.password, { ip, captcha: { id: randomUUID(), answer: '12345' } }),
        412,
        'INVALID_CAPTCHA',
      );
      const partial = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        remoteAddress: ip,
        headers: { 'x-captcha-id': randomUUID() },
        payload: { username: user.email, password: user.password },
      });
      expectError(partial, 412, 'INVALID_CAPTCHA');

      const right = await solvedCaptcha(t, ip);
      const ok = await login(t, user.email, user.password, { ip, captcha: right });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().userUuid).toBe(accountId);

      const reused = expectError(await login(t, user.email, user.password, { ip, captcha: right }), 412, 'INVALID_CAPTCHA');
      expect(reused.message).toBe('Invalid captcha.');

      // Logins from another address are not affected.
      expect((await login(t, user.email, user.password, { ip: freshIp() })).statusCode).toBe(200);
    });

    it('a correct captcha with a wrong password is still INVALID_CREDENTIALS', async () => {
      const { user } = await signUp(t);
      const ip = freshIp();
      for (let i = 0; i < t.config.captchaFailureThreshold; i++) {
        await login(t, user.email, `wrong password ${i}`, { ip });
      }
      const captcha = await solvedCaptcha(t, ip);
      expectError(await login(t, user.email, 'wrong password 9', { ip, captcha }), 401, 'INVALID_CREDENTIALS');
    });

    it('fewer failures than the threshold do not require a captcha', async () => {
      const { user } = await signUp(t);
      const ip = freshIp();
      for (let i = 0; i < t.config.captchaFailureThreshold - 1; i++) {
        await login(t, user.email, 'wrong password 1', { ip });
      }
      expect(await isRequired(t, ip)).toBe(false);
      expect((await login(t, user.email, user.password, { ip })).statusCode).toBe(200);
    });
  });

  describe('login gate by account', () => {
    it('failures for one username spread over many IPs require a captcha for that username', async () => {
      const { user } = await signUp(t);
      const other = await signUp(t);
      for (let i = 0; i < t.config.captchaFailureThreshold; i++) {
        expectError(await login(t, user.email, 'wrong password 1', { ip: freshIp() }), 401, 'INVALID_CREDENTIALS');
      }
      const ip = freshIp();
      // The new address itself is clean …
      expect(await isRequired(t, ip)).toBe(false);
      // … but the attacked account needs a captcha, however the username is written.
      expectError(await login(t, user.email, user.password, { ip }), 412, 'CAPTCHA_REQUIRED');
      expectError(await login(t, user.email.toUpperCase(), user.password, { ip: freshIp() }), 412, 'CAPTCHA_REQUIRED');
      // Other accounts are not affected.
      expect((await login(t, other.user.email, other.user.password, { ip })).statusCode).toBe(200);

      const captcha = await solvedCaptcha(t, ip);
      expect((await login(t, user.email, user.password, { ip, captcha })).statusCode).toBe(200);
      // A successful login clears the account's failures.
      expect((await login(t, user.email, user.password, { ip: freshIp() })).statusCode).toBe(200);
    });
    it('counts failures per account, however the username is written', async () => {
      const { user } = await signUp(t);
      const spellings = [
        user.email,
        `+${user.countryCode}${user.phoneNumber}`,
        `0${user.phoneNumber}`,
        `+${user.countryCode} ${user.phoneNumber.slice(0, 3)} ${user.phoneNumber.slice(3)}`,
      ];
      for (let i = 0; i < t.config.captchaFailureThreshold; i++) {
        const username = spellings[i % spellings.length]!;
        expectError(await login(t, username, 'wrong password 1', { ip: freshIp() }), 401, 'INVALID_CREDENTIALS');
      }
      for (const username of [...spellings, user.phoneNumber, `(+${user.countryCode}) ${user.phoneNumber}`]) {
        expectError(await login(t, username, user.password, { ip: freshIp() }), 412, 'CAPTCHA_REQUIRED');
      }
    });
  });

  describe('request budget', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp(dialect, { CAPTCHA_REQUESTS_PER_10_MIN: '3' });
    });
    afterAll(() => limited.close());

    it('too many captcha requests from one IP → 429', async () => {
      const ip = '10.31.0.1';
      for (let i = 0; i < 3; i++) {
        expect((await getCaptcha(limited, i % 2 ? 'AUDIO' : 'IMAGE', randomUUID(), ip)).statusCode).toBe(200);
      }
      const res = expectError(await getCaptcha(limited, 'IMAGE', randomUUID(), ip), 429, 'TOO_MANY_REQUESTS');
      expect(res.message).toBe('Too many requests!');
      expectError(await getCaptcha(limited, 'AUDIO', randomUUID(), ip), 429, 'TOO_MANY_REQUESTS');
      // Another address still gets challenges.
      expect((await getCaptcha(limited, 'IMAGE', randomUUID(), '10.31.0.2')).statusCode).toBe(200);
    });
  });

  describe('sign-up channel', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await startTestApp(dialect, { SIGNUP_CAPTCHA_THRESHOLD: '1' });
    });
    afterAll(() => strict.close());

    const startSignup = (user: ReturnType<typeof uniqueUser>, ip: string, captcha?: { id: string; answer: string }) =>
      strict.app.inject({
        method: 'POST',
        url: '/api/v2/signup',
        remoteAddress: ip,
        headers: captcha ? { 'x-captcha-id': captcha.id, 'x-captcha-answer': captcha.answer } : {},
        payload: user,
      });

    it('after the threshold of sign-ups from one IP, the next one needs a captcha', async () => {
      const ip = '10.32.0.1';
      expect(await isRequired(strict, ip, 'SIGN_UP')).toBe(false);
      expect((await startSignup(uniqueUser(), ip)).statusCode).toBe(200);
      expect(await isRequired(strict, ip, 'SIGN_UP')).toBe(true);
      // The login channel is separate.
      expect(await isRequired(strict, ip, 'LOGIN')).toBe(false);

      const before = await strict.database.db.selectFrom('signup_request').select('id').execute();
      const refused = expectError(await startSignup(uniqueUser(), ip), 412, 'CAPTCHA_REQUIRED');
      expect(refused.message).toBe('Captcha required.');
      expectError(await startSignup(uniqueUser(), ip, { id: randomUUID(), answer: '12345' }), 412, 'INVALID_CAPTCHA');
      expect(await strict.database.db.selectFrom('signup_request').select('id').execute()).toHaveLength(before.length);

      const captcha = await solvedCaptcha(strict, ip);
      const ok = await startSignup(uniqueUser(), ip, captcha);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().referenceToken).toEqual(expect.any(String));

      // Another address is not affected.
      expect(await isRequired(strict, '10.32.0.2', 'SIGN_UP')).toBe(false);
      expect((await startSignup(uniqueUser(), '10.32.0.2')).statusCode).toBe(200);
    });

    it('repeated sign-ups with one e-mail or phone need a captcha from any address, taken or free', async () => {
      const first = uniqueUser();
      expect((await startSignup(first, '10.32.1.1')).statusCode).toBe(200);
      // The same e-mail (any case) from a new address, and the same phone with another e-mail.
      expectError(await startSignup({ ...uniqueUser(), email: first.email.toUpperCase() }, '10.32.1.2'), 412, 'CAPTCHA_REQUIRED');
      expectError(await startSignup({ ...uniqueUser(), phoneNumber: first.phoneNumber }, '10.32.1.3'), 412, 'CAPTCHA_REQUIRED');
      const captcha = await solvedCaptcha(strict, '10.32.1.4');
      expect((await startSignup({ ...uniqueUser(), email: first.email }, '10.32.1.4', captcha)).statusCode).toBe(200);
      // Fresh contacts from fresh addresses still pass without one.
      expect((await startSignup(uniqueUser(), '10.32.1.5')).statusCode).toBe(200);
    });
  });
});
