import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, login, readOutbox, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { base32Decode } from '../../shared/totp.js';
import { MAX_ATTEMPTS } from './two-factor.service.js';

/** An authenticator app's code, computed here from the otpauth secret (RFC 6238, SHA-1, 6 digits, 30 s). */
function appCode(secretBase32: string, atMs = Date.now()): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(msg).digest();
  const o = mac[19]! & 0xf;
  return String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

let ipSeq = 0;
const freshIp = () => `10.61.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe.each(DIALECTS)('two-factor sign-in (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { LOGIN_LOCKOUT_THRESHOLD: '8' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Runs the message jobs until something reached `to`, and answers the newest 6-digit code sent there. */
  async function codeSentTo(to: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      await t.app.jobs.runDue();
      const msg = readOutbox(t.dataDir).filter((m) => m.to === to).at(-1);
      const code = msg?.text.match(/\b(\d{6})\b/)?.[1];
      if (code && !seen.has(`${to}:${code}:${msg!.createdAt}`)) {
        seen.add(`${to}:${code}:${msg!.createdAt}`);
        return code;
      }
    }
    throw new Error(`no new code sent to ${to}`);
  }
  const seen = new Set<string>();

  const settings = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/settings', headers: authed(token) });
  const setTwoFactor = (token: string, on: boolean, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/settings', headers: authed(token), payload: { twoFactorAuthEnabled: on, password } });
  const challenge = (challengeToken: string, method: 'SMS' | 'EMAIL') =>
    t.app.inject({ method: 'POST', url: '/api/auth/2fa/challenge', payload: { challengeToken, method } });
  const complete = (challengeToken: string, method: string, code: string, rememberMe = false) =>
    t.app.inject({ method: 'POST', url: `/api/auth/2fa/token?rememberMe=${rememberMe}`, payload: { challengeToken, method, code } });

  /** A signed-up account with two-factor on. */
  async function withTwoFactor() {
    const u = await signUp(t);
    const res = await setTwoFactor(u.token, true, u.user.password);
    expect(res.statusCode).toBe(200);
    return { ...u, phone: `+${u.user.countryCode}${u.user.phoneNumber}` };
  }

  async function passwordStep(email: string, password: string, rememberMe = false) {
    const res = await login(t, email, password, { ip: freshIp(), rememberMe });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-token']).toBeUndefined();
    return res.json() as { twoFactorRequired: true; challengeToken: string; methods: Array<{ method: string; content: string }>; expiresInSeconds: number };
  }

  it('switching two-factor on needs the password; a wrong one changes nothing', async () => {
    const u = await signUp(t);
    const before = (await settings(u.token)).json();
    expect(before).toEqual({ twoFactorAuthEnabled: false, methods: ['SMS', 'EMAIL'], totpEnabled: false, recoveryCodesLeft: 0 });
    const bad = expectError(await setTwoFactor(u.token, true, 'wrong password 1'), 400, 'INVALID_PASSWORD');
    expect(bad.field).toBe('password');
    expect((await settings(u.token)).json().twoFactorAuthEnabled).toBe(false);
    // A sign-in still answers a session at once.
    expect((await login(t, u.user.email, u.user.password, { ip: freshIp() })).headers['x-auth-token']).toBeTruthy();
    const on = await setTwoFactor(u.token, true, u.user.password);
    expect(on.json()).toMatchObject({ twoFactorAuthEnabled: true });
    expect((await settings(u.token)).json().twoFactorAuthEnabled).toBe(true);
    expectError(await t.app.inject({ method: 'GET', url: '/api/auth/settings' }), 401, 'UNAUTHORIZED');
  });

  it('a sign-in with two-factor on answers the challenge and no token; an SMS code completes it', async () => {
    const u = await withTwoFactor();
    const step = await passwordStep(u.user.email, u.user.password);
    expect(step.twoFactorRequired).toBe(true);
    expect(step.challengeToken.length).toBeGreaterThanOrEqual(43);
    expect(step.expiresInSeconds).toBe(300);
    expect(step.methods.map((m) => m.method)).toEqual(['SMS', 'EMAIL']);
    expect(step.methods[0]!.content).toBe(`+90 5** *** **${u.user.phoneNumber.slice(-2)}`);
    expect(step.methods[1]!.content).toBe(`u***@example.com`);

    const sent = await challenge(step.challengeToken, 'SMS');
    expect(sent.json()).toEqual({ challengeToken: step.challengeToken, expectedInputLength: 6, remainingTimeInMinutes: 3 });
    const code = await codeSentTo(u.phone);
    const done = await complete(step.challengeToken, 'SMS', code);
    expect(done.statusCode).toBe(200);
    expect(done.json().userUuid).toBe(u.accountId);
    const token = String(done.headers['x-auth-token']);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(token) })).statusCode).toBe(200);
    // Single use: the same challenge and code cannot sign in twice.
    expectError(await complete(step.challengeToken, 'SMS', code), 400, 'CHALLENGE_EXPIRED');
  });

  it('an e-mailed code completes it, with remember-me chosen at the password step', async () => {
    const u = await withTwoFactor();
    const step = await passwordStep(u.user.email, u.user.password, true);
    await challenge(step.challengeToken, 'EMAIL');
    const mail = await codeSentTo(u.user.email);
    const msg = readOutbox(t.dataDir).filter((m) => m.to === u.user.email).at(-1)!;
    // The account's language (tr).
    expect(msg.subject).toBe('Bulut giriş kodunuz');
    const done = await complete(step.challengeToken, 'EMAIL', mail);
    expect(done.statusCode).toBe(200);
    expect(done.headers['x-remember-me-token']).toBeTruthy();
  });

  it('refuses a wrong code, a code of the other channel, an expired code and an expired challenge', async () => {
    const u = await withTwoFactor();
    const step = await passwordStep(u.user.email, u.user.password);
    await challenge(step.challengeToken, 'SMS');
    const code = await codeSentTo(u.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(await complete(step.challengeToken, 'SMS', wrong), 400, 'INVALID_OTP');
    expectError(await complete(step.challengeToken, 'EMAIL', code), 400, 'INVALID_OTP');
    await t.database.db.updateTable('two_factor_challenge').set({ code_expires_at: Date.now() - 1 }).where('account_id', '=', u.accountId).execute();
    expectError(await complete(step.challengeToken, 'SMS', code), 400, 'OTP_EXPIRED');
    // A new code replaces the expired one.
    await challenge(step.challengeToken, 'SMS');
    const fresh = await codeSentTo(u.phone);
    await t.database.db.updateTable('two_factor_challenge').set({ expires_at: Date.now() - 1 }).where('account_id', '=', u.accountId).execute();
    expectError(await complete(step.challengeToken, 'SMS', fresh), 400, 'CHALLENGE_EXPIRED');
    expectError(await challenge(step.challengeToken, 'SMS'), 400, 'CHALLENGE_EXPIRED');
    expectError(await complete('x'.repeat(43), 'SMS', fresh), 400, 'CHALLENGE_EXPIRED');
  });

  it('limits tries: the challenge dies after too many wrong codes, and they count toward the sign-in lockout', async () => {
    const u = await withTwoFactor();
    const step = await passwordStep(u.user.email, u.user.password);
    await challenge(step.challengeToken, 'EMAIL');
    const code = await codeSentTo(u.user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_ATTEMPTS; i++) expectError(await complete(step.challengeToken, 'EMAIL', wrong), 400, 'INVALID_OTP');
    expectError(await complete(step.challengeToken, 'EMAIL', code), 400, 'CHALLENGE_EXPIRED');
    const streak = await t.database.db.selectFrom('login_lockout').selectAll().where('key', '=', `id:${u.accountId}`).executeTakeFirst();
    expect(streak?.failures).toBe(MAX_ATTEMPTS);
    // Three more wrong codes on a new challenge reach the threshold (8): the account locks, right code or not.
    const again = await passwordStep(u.user.email, u.user.password);
    await challenge(again.challengeToken, 'EMAIL');
    const code2 = await codeSentTo(u.user.email);
    const wrong2 = code2 === '000000' ? '111111' : '000000';
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await complete(again.challengeToken, 'EMAIL', wrong2)).statusCode);
    expect(results).toEqual([400, 400, 400]);
    const lockedRes = await complete(again.challengeToken, 'EMAIL', code2);
    expectError(lockedRes, 429, 'ACCOUNT_LOCKED');
    expect(Number(lockedRes.headers['retry-after'])).toBeGreaterThan(0);
    expectError(await login(t, u.user.email, u.user.password, { ip: freshIp() }), 429, 'ACCOUNT_LOCKED');
  });

  it('limits resends', async () => {
    const u = await withTwoFactor();
    const step = await passwordStep(u.user.email, u.user.password);
    for (let i = 0; i < 4; i++) expect((await challenge(step.challengeToken, 'EMAIL')).statusCode).toBe(200);
    expectError(await challenge(step.challengeToken, 'EMAIL'), 429, 'TOO_MANY_REQUESTS');
  });

  it('sets up an authenticator app: confirmed by its code, then signs in with it; the secret is never shown again', async () => {
    const u = await withTwoFactor();
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/setup', headers: authed(u.token), payload: { password: 'nope nope 1' } }),
      400,
      'INVALID_PASSWORD',
    );
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/setup', headers: authed(u.token), payload: { password: u.user.password } });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(base32Decode(secret)).toHaveLength(20);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Bulut:/);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    // Not yet confirmed: sign-in offers no TOTP, and a wrong code does not confirm it.
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/enable', headers: authed(u.token), payload: { code: '000000' === appCode(secret) ? '111111' : '000000' } }), 400, 'INVALID_OTP');
    const enable = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/enable', headers: authed(u.token), payload: { code: appCode(secret) } });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const s = (await settings(u.token)).json();
    expect(s).toEqual({ twoFactorAuthEnabled: true, methods: ['SMS', 'EMAIL', 'TOTP'], totpEnabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(s)).not.toContain(secret);
    // Stored sealed and hashed: neither the secret nor a recovery code is in the database as typed.
    const row = await t.database.db.selectFrom('two_factor').selectAll().where('account_id', '=', u.accountId).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    const codes = await t.database.db.selectFrom('two_factor_recovery_code').select('code_hash').where('account_id', '=', u.accountId).execute();
    expect(codes.map((c) => c.code_hash)).not.toContain(recoveryCodes[0]);
    // A second setup while one is active is refused.
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/setup', headers: authed(u.token), payload: { password: u.user.password } }), 409, 'TOTP_ALREADY_ENABLED');

    // The code that confirmed the app was used for its time step: the next sign-in needs a later one, so move the
    // recorded step back as if that had been a minute ago (no waiting in tests).
    await t.database.db.updateTable('two_factor').set({ totp_last_step: Math.floor(Date.now() / 30_000) - 2 }).where('account_id', '=', u.accountId).execute();
    const step = await passwordStep(u.user.email, u.user.password);
    expect(step.methods.map((m) => m.method)).toEqual(['SMS', 'EMAIL', 'TOTP']);
    const code = appCode(secret);
    const done = await complete(step.challengeToken, 'TOTP', code);
    expect(done.statusCode).toBe(200);
    // The same code cannot be played again on another sign-in.
    const replay = await passwordStep(u.user.email, u.user.password);
    expectError(await complete(replay.challengeToken, 'TOTP', code), 400, 'INVALID_OTP');
    // A code two steps away is refused (window is one step either side).
    expectError(await complete(replay.challengeToken, 'TOTP', appCode(secret, Date.now() - 90_000)), 400, 'INVALID_OTP');

    // Turning the app off needs the password, removes its recovery codes, and two-factor stays on.
    const off = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/disable', headers: authed(u.token), payload: { password: u.user.password } });
    expect(off.json()).toEqual({ twoFactorAuthEnabled: true, methods: ['SMS', 'EMAIL'], totpEnabled: false, recoveryCodesLeft: 0 });
    const noApp = await passwordStep(u.user.email, u.user.password);
    expectError(await complete(noApp.challengeToken, 'TOTP', appCode(secret, Date.now() + 30_000)), 400, 'INVALID_OTP');
  });

  it('recovery codes work once each, and regenerating them ends the old ones', async () => {
    const u = await withTwoFactor();
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/auth/2fa/recoveryCodes', headers: authed(u.token), payload: { password: 'bad password 9' } }),
      400,
      'INVALID_PASSWORD',
    );
    const first = (await t.app.inject({ method: 'POST', url: '/api/auth/2fa/recoveryCodes', headers: authed(u.token), payload: { password: u.user.password } })).json()
      .recoveryCodes as string[];
    expect(first).toHaveLength(10);
    const step = await passwordStep(u.user.email, u.user.password);
    // Typed by hand: upper case and without dashes still match.
    const ok = await complete(step.challengeToken, 'RECOVERY_CODE', first[0]!.toUpperCase().replace(/-/g, ''));
    expect(ok.statusCode).toBe(200);
    expect((await settings(u.token)).json().recoveryCodesLeft).toBe(9);
    const again = await passwordStep(u.user.email, u.user.password);
    expectError(await complete(again.challengeToken, 'RECOVERY_CODE', first[0]!), 400, 'INVALID_OTP');

    const second = (await t.app.inject({ method: 'POST', url: '/api/auth/2fa/recoveryCodes', headers: authed(u.token), payload: { password: u.user.password } })).json()
      .recoveryCodes as string[];
    expectError(await complete(again.challengeToken, 'RECOVERY_CODE', first[1]!), 400, 'INVALID_OTP');
    expect((await complete(again.challengeToken, 'RECOVERY_CODE', second[1]!)).statusCode).toBe(200);
  });

  it('another account’s recovery code does not work', async () => {
    const a = await withTwoFactor();
    const b = await withTwoFactor();
    const codesOfB = (await t.app.inject({ method: 'POST', url: '/api/auth/2fa/recoveryCodes', headers: authed(b.token), payload: { password: b.user.password } })).json()
      .recoveryCodes as string[];
    const step = await passwordStep(a.user.email, a.user.password);
    expectError(await complete(step.challengeToken, 'RECOVERY_CODE', codesOfB[0]!), 400, 'INVALID_OTP');
  });

  it('switching two-factor off ends open challenges and sign-in answers a session again', async () => {
    const u = await withTwoFactor();
    const step = await passwordStep(u.user.email, u.user.password);
    await setTwoFactor(u.token, false, u.user.password);
    expectError(await challenge(step.challengeToken, 'EMAIL'), 400, 'CHALLENGE_EXPIRED');
    const res = await login(t, u.user.email, u.user.password, { ip: freshIp() });
    expect(res.headers['x-auth-token']).toBeTruthy();
    expect(res.json().userUuid).toBe(u.accountId);
  });

  it('refuses bad input in the product’s error shape', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/2fa/challenge', payload: { challengeToken: 'x'.repeat(43), method: 'PIGEON' } }), 400);
    expectError(await t.app.inject({ method: 'POST', url: '/api/auth/2fa/token', payload: { challengeToken: 'short', method: 'SMS', code: '1' } }), 400);
  });
});
