import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, login, readOutbox, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';
import { SecretBox } from '../../shared/totp.js';
import { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { CaptchaService } from '../captcha/captcha.service.js';
import { lockoutSubject } from './auth.messages.js';
import { AuthService } from './auth.service.js';

const K = 4;
let ipSeq = 0;
const freshIp = () => `10.40.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe.each(DIALECTS)('sign-in lockout per account (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { LOGIN_LOCKOUT_THRESHOLD: String(K) });
  });
  afterAll(() => t.close());

  /** A challenge solved as a person would solve it (the answer read off the image, here from its row). */
  async function solved(ip: string) {
    const id = randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/captcha/IMAGE/${id}`, remoteAddress: ip })).statusCode).toBe(200);
    const row = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, answer: row.answer };
  }
  /** Every attempt from a new address with a solved captcha: the attacker the captcha alone never stopped. */
  async function attempt(username: string, password: string) {
    const ip = freshIp();
    return login(t, username, password, { ip, captcha: await solved(ip) });
  }
  async function failKTimes(username: string) {
    for (let i = 0; i < K; i++) expectError(await attempt(username, `wrong password ${i}`), 401, 'INVALID_CREDENTIALS');
  }
  const lockMails = async (email: string, lang: 'tr' | 'en' | 'de') => {
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
    return readOutbox(t.dataDir).filter((m) => m.to === email && m.channel === 'email' && m.subject === lockoutSubject(lang));
  };
  /** The delay runs out (the test moves the lock's end into the past instead of waiting). */
  const expire = (key: string) =>
    t.database.db.updateTable('login_lockout').set({ locked_until: Date.now() - 1 }).where('key', '=', key).execute();

  it('K failures with solved captchas from many IPs lock the account, even for the right password and a solved captcha', async () => {
    const { user, accountId } = await signUp(t);
    const other = await signUp(t);
    await failKTimes(user.email);

    const locked = await attempt(user.email, user.password);
    const body = expectError(locked, 429, 'ACCOUNT_LOCKED');
    expect(body.message).toBe('Too many failed sign-ins. Try again later.');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // However the username is written, from any address, with or without a captcha.
    expectError(await login(t, `+${user.countryCode}${user.phoneNumber}`, user.password, { ip: freshIp() }), 429, 'ACCOUNT_LOCKED');
    expectError(await login(t, user.email.toUpperCase(), user.password), 429, 'ACCOUNT_LOCKED');
    // Another account is not affected.
    expect((await attempt(other.user.email, other.user.password)).statusCode).toBe(200);

    // The owner hears of it once, in the account's language (Turkish here), however often the lock is hit.
    const turkish = await lockMails(user.email, 'tr');
    expect(turkish).toHaveLength(1);
    expect(turkish[0]!.subject).toBe('Bulut hesabınızda oturum açma kilitlendi');
    expect(turkish[0]!.text).toContain('1 dakika');
    const row = await t.database.db.selectFrom('login_lockout').selectAll().where('key', '=', `id:${accountId}`).executeTakeFirstOrThrow();
    expect(row.level).toBe(1);
  });

  it('the lockout notice also goes by SMS, in the account language, when the phone is verified; never to an unproven one', async () => {
    const { user } = await signUp(t, { ...uniqueUser(), language: 'de' as const });
    const phone = `+${user.countryCode}${user.phoneNumber}`;
    const smsTo = (to: string) => readOutbox(t.dataDir).filter((m) => m.to === to && m.channel === 'sms' && m.text.startsWith('Bulut:'));
    await failKTimes(user.email);
    expect(await lockMails(user.email, 'de')).toHaveLength(1);
    expect(smsTo(phone).map((m) => m.text)).toEqual([
      'Bulut: mehrere fehlgeschlagene Anmeldungen, die Anmeldung ist für 1 Min. gesperrt. Nicht Sie? Ändern Sie Ihr Passwort.',
    ]);

    // An account whose number was never proven (signed up before numbers were recorded as verified): e-mail only.
    const unproven = await signUp(t, { ...uniqueUser(), language: 'en' as const });
    const unprovenPhone = `+${unproven.user.countryCode}${unproven.user.phoneNumber}`;
    await t.database.db.updateTable('account').set({ phone_verified_at: null }).where('id', '=', unproven.accountId).execute();
    await failKTimes(unproven.user.email);
    expect(await lockMails(unproven.user.email, 'en')).toHaveLength(1);
    expect(smsTo(unprovenPhone)).toEqual([]);
  });

  it('delays grow with each lockout in a row; a successful sign-in after the delay clears the streak', async () => {
    const { user, accountId } = await signUp(t, { ...uniqueUser(), language: 'en' as const });
    const key = `id:${accountId}`;
    const expected = [60, 300, 900, 3600];
    for (const [i, seconds] of expected.entries()) {
      await failKTimes(user.email);
      const locked = expectError(await attempt(user.email, user.password), 429, 'ACCOUNT_LOCKED');
      expect(locked.status).toBe('ACCOUNT_LOCKED');
      const res = await attempt(user.email, user.password);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(seconds - 10);
      expect(retryAfter).toBeLessThanOrEqual(seconds);
      expect(await lockMails(user.email, 'en')).toHaveLength(i + 1);
      await expire(key);
    }
    expect((await lockMails(user.email, 'en')).map((m) => m.text.match(/for (\d+) minutes/)?.[1])).toEqual(['1', '5', '15', '60']);

    // The delay is over: the right password signs in and the streak is gone.
    expect((await attempt(user.email, user.password)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('login_lockout').selectAll().where('key', '=', key).execute()).toEqual([]);
    // So K - 1 failures lock nothing, and the next lockout starts again at one minute.
    for (let i = 0; i < K - 1; i++) expectError(await attempt(user.email, 'wrong password 1'), 401, 'INVALID_CREDENTIALS');
    expect((await attempt(user.email, user.password)).statusCode).toBe(200);
    await failKTimes(user.email);
    const again = await attempt(user.email, user.password);
    expectError(again, 429, 'ACCOUNT_LOCKED');
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('an unknown username locks the same way, so a lockout does not tell whether an account exists', async () => {
    const nobody = `nobody-${randomUUID()}@example.com`;
    await failKTimes(nobody);
    const res = expectError(await attempt(nobody, 'any password 1'), 429, 'ACCOUNT_LOCKED');
    expect(res.message).toBe('Too many failed sign-ins. Try again later.');
    await t.app.jobs.runDue();
    expect(readOutbox(t.dataDir).filter((m) => m.to === nobody)).toEqual([]);
  });

  it('housekeeping forgets streaks idle for a day and keeps running lockouts', async () => {
    const { user, accountId } = await signUp(t);
    await failKTimes(user.email);
    const day = 24 * 60 * 60_000;
    await t.database.db
      .insertInto('login_lockout')
      .values({ key: 'idle', failures: 2, level: 1, locked_until: Date.now() - 2 * day, updated_at: Date.now() - 2 * day })
      .execute();
    // The service the schedule calls, built as app-modules.ts builds it.
    const auth = new AuthService(t.database.db, t.config, new CaptchaService(t.database.db, t.config), new MessageJobs(t.app.jobs), new SecretBox(randomBytes(32)));
    expect((await auth.purgeExpired()).lockouts).toBe(1);
    expect(await t.database.db.selectFrom('login_lockout').selectAll().where('key', '=', 'idle').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('login_lockout').selectAll().where('key', '=', `id:${accountId}`).execute()).toHaveLength(1);
  });
});
