import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  authed,
  DIALECTS,
  expectError,
  lastCodeFor,
  login,
  readOutbox,
  startTestApp,
  uniqueUser,
  type TestApp,
} from '../../test/harness.js';

type User = ReturnType<typeof uniqueUser>;
const phoneOf = (u: User) => `+${u.countryCode}${u.phoneNumber}`;
/** A six-digit code that is certainly not `code`. */
const otherCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

describe.each(DIALECTS)('signup (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Every response this file sees, to prove no secret ever leaves the server. */
  const seen: LightMyRequestResponse[] = [];
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
    seen.push(res);
    return res;
  };
  const start = (payload: unknown) => post('/api/v2/signup', payload);
  const resend = (referenceToken: string) => post('/api/v2/signup/sendVerification', { referenceToken });
  const validate = (referenceToken: string, otp: string) => post('/api/v2/signup/validate', { referenceToken, otp });
  const count = async (table: 'account' | 'signup_request') =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Starts a sign-up and delivers the code; returns the reference and the code as the person would see it. */
  async function started(user: User = uniqueUser()) {
    const res = await start(user);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.runDue();
    return { user, ref: res.json().referenceToken as string, code: lastCodeFor(t.dataDir, phoneOf(user)) };
  }

  describe('full flow', () => {
    it('by SMS: ticket, code by SMS only after the job ran, a working session, the account as entered', async () => {
      const user = uniqueUser();
      const res = await start(user);
      expect(res.statusCode).toBe(200);
      const ticket = res.json();
      expect(ticket).toEqual({ referenceToken: expect.any(String), expectedInputLength: 6, remainingTimeInMinutes: 3 });
      expect(ticket.referenceToken.length).toBeGreaterThanOrEqual(32);

      // Enqueued with the sign-up request; nothing is sent until the job runs.
      expect(readOutbox(t.dataDir).filter((m) => m.to === phoneOf(user))).toEqual([]);
      expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
      const sent = readOutbox(t.dataDir).filter((m) => m.to === phoneOf(user));
      expect(sent).toHaveLength(1);
      const sms = sent[0]!;
      expect(sms.channel).toBe('sms');
      expect(sms.to).toMatch(/^\+90\d{10}$/);
      expect(sms.text).toMatch(/\b\d{6}\b/);
      expect(Number.isNaN(Date.parse(sms.createdAt))).toBe(false);
      // In the language chosen at sign-up (Turkish).
      expect(sms.text).toContain('doğrulama kodunuz');
      expect(readOutbox(t.dataDir).some((m) => m.to === user.email)).toBe(false);

      const done = await validate(ticket.referenceToken, lastCodeFor(t.dataDir, phoneOf(user)));
      expect(done.statusCode).toBe(200);
      const token = String(done.headers['x-auth-token']);
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect(done.json()).toMatchObject({ userUuid: expect.any(String), latestActivityId: expect.any(String) });
      expect(done.json().deviceInfo).toMatchObject({ deviceType: 'WEB' });

      const info = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(token) });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({
        uuid: done.json().userUuid,
        email: user.email,
        phoneNumber: user.phoneNumber,
        countryCode: '90',
        name: user.name,
        surname: user.surname,
        language: 'tr',
        status: 'ACTIVE',
        isFamilyMember: false,
        isFamilyAdmin: false,
        url: null,
      });
      const usages = await t.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(token) });
      expect(usages.json()).toEqual({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' });

      const row = await t.database.db
        .selectFrom('account')
        .select(['eula_id', 'password_hash'])
        .where('id', '=', done.json().userUuid)
        .executeTakeFirstOrThrow();
      expect(row.eula_id).toBe(user.eulaId);
      expect(row.password_hash.startsWith('$argon2id$')).toBe(true);

      // The password chosen at sign-up logs in.
      expect((await login(t, user.email, user.password)).statusCode).toBe(200);
      // The reference is spent.
      expectError(await validate(ticket.referenceToken, lastCodeFor(t.dataDir, phoneOf(user))), 404, 'NOT_FOUND');
      expectError(await resend(ticket.referenceToken), 404, 'NOT_FOUND');
    });

    it('by e-mail when sendOtpTo is EMAIL', async () => {
      const user = { ...uniqueUser(), language: 'en' as const, eulaId: 1 };
      const res = await start({ ...user, sendOtpTo: 'EMAIL' });
      expect(res.statusCode).toBe(200);
      expect(readOutbox(t.dataDir).filter((m) => m.to === user.email)).toEqual([]);
      await t.app.jobs.runDue();

      const mails = readOutbox(t.dataDir).filter((m) => m.to === user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.channel).toBe('email');
      expect(mails[0]!.subject).toBe('Your Bulut verification code');
      expect(mails[0]!.text).toMatch(/\b\d{6}\b/);
      expect(readOutbox(t.dataDir).some((m) => m.to === phoneOf(user))).toBe(false);

      const done = await validate(res.json().referenceToken, lastCodeFor(t.dataDir, user.email));
      expect(done.statusCode).toBe(200);
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/account/info',
        headers: authed(String(done.headers['x-auth-token'])),
      });
      expect(info.json()).toMatchObject({ email: user.email, language: 'en' });
    });

    it('normalises the contact details: e-mail case, leading zero, +country code', async () => {
      const base = uniqueUser();
      const res = await start({
        ...base,
        email: `  ${base.email.toUpperCase()} `,
        phoneNumber: `0${base.phoneNumber}`,
        countryCode: '+90',
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.jobs.runDue();
      const done = await validate(res.json().referenceToken, lastCodeFor(t.dataDir, phoneOf(base)));
      expect(done.statusCode).toBe(200);
      expect((await login(t, base.email, base.password)).statusCode).toBe(200);
      expect((await login(t, phoneOf(base), base.password)).statusCode).toBe(200);
    });

    it('a code with surrounding spaces is accepted', async () => {
      const { ref, code } = await started();
      expect((await validate(ref, ` ${code} `)).statusCode).toBe(200);
    });
  });

  describe('one-time code', () => {
    it('a wrong code → 400 INVALID_OTP; the right one still works afterwards', async () => {
      const { ref, code } = await started();
      const wrong = expectError(await validate(ref, otherCode(code)), 400, 'INVALID_OTP');
      expect(wrong.message).toBe('Invalid OTP!');
      expect((await validate(ref, code)).statusCode).toBe(200);
    });

    it('an expired code → 400 OTP_EXPIRED, distinct from INVALID_OTP', async () => {
      const { user, ref, code } = await started();
      await t.database.db
        .updateTable('signup_request')
        .set({ otp_expires_at: Date.now() - 1000 })
        .where('email', '=', user.email)
        .execute();
      const expired = expectError(await validate(ref, code), 400, 'OTP_EXPIRED');
      expect(expired.message).toBe('OTP Expired!');
      expect(await t.database.db.selectFrom('account').select('id').where('email', '=', user.email).execute()).toEqual([]);

      // A new code brings it back to life.
      expect((await resend(ref)).statusCode).toBe(200);
      await t.app.jobs.runDue();
      expect((await validate(ref, lastCodeFor(t.dataDir, phoneOf(user)))).statusCode).toBe(200);
    });

    it('5 wrong codes lock the reference: 429, and then even the right code is refused', async () => {
      const { user, ref, code } = await started();
      for (let i = 0; i < 4; i++) expectError(await validate(ref, otherCode(code)), 400, 'INVALID_OTP');
      const locked = expectError(await validate(ref, otherCode(code)), 429, 'TOO_MANY_REQUESTS');
      expect(locked.message).toBe('Too many requests!');

      expectError(await validate(ref, code), 429, 'TOO_MANY_REQUESTS');
      expectError(await resend(ref), 429, 'TOO_MANY_REQUESTS');
      expect(await t.database.db.selectFrom('account').select('id').where('email', '=', user.email).execute()).toEqual([]);
    });

    it('resend sends a new code that replaces the old one; the 4th resend → 429', async () => {
      const { user, ref, code: first } = await started();
      const again = await resend(ref);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ referenceToken: ref, expectedInputLength: 6, remainingTimeInMinutes: 3 });
      await t.app.jobs.runDue();
      expect(readOutbox(t.dataDir).filter((m) => m.to === phoneOf(user))).toHaveLength(2);
      const second = lastCodeFor(t.dataDir, phoneOf(user));
      if (second !== first) expectError(await validate(ref, first), 400, 'INVALID_OTP');

      // Delivered one at a time, so the outbox order is the sending order.
      for (let i = 0; i < 2; i++) {
        expect((await resend(ref)).statusCode).toBe(200);
        await t.app.jobs.runDue();
      }
      const tooMany = expectError(await resend(ref), 429, 'TOO_MANY_REQUESTS');
      expect(tooMany.message).toBe('Too many requests!');
      await t.app.jobs.runDue();
      expect(readOutbox(t.dataDir).filter((m) => m.to === phoneOf(user))).toHaveLength(4);

      // The latest code still completes the sign-up.
      expect((await validate(ref, lastCodeFor(t.dataDir, phoneOf(user)))).statusCode).toBe(200);
    });

    it('an e-mail reference resends by e-mail', async () => {
      const user = uniqueUser();
      const res = await start({ ...user, sendOtpTo: 'EMAIL' });
      await resend(res.json().referenceToken);
      // Earlier tests' mails (the sign-up e-mail links) may be queued first: run batches until none is due.
      for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
      const mails = readOutbox(t.dataDir).filter((m) => m.to === user.email);
      expect(mails).toHaveLength(2);
      expect(mails.every((m) => m.channel === 'email')).toBe(true);
      expect(readOutbox(t.dataDir).some((m) => m.to === phoneOf(user))).toBe(false);
    });
  });

  describe('conflicts and rules', () => {
    it('a taken e-mail or phone answers exactly like a free one; its owner gets a notice, nobody gets a code', async () => {
      const { user, ref, code } = await started();
      expect((await validate(ref, code)).statusCode).toBe(200);
      const fresh = await start(uniqueUser());
      const requestsBefore = await count('signup_request');
      const byEmail = { ...uniqueUser(), email: user.email.toUpperCase() };
      const byPhone = { ...uniqueUser(), phoneNumber: user.phoneNumber };
      const byEmailCode = { ...uniqueUser(), email: user.email, sendOtpTo: 'EMAIL' as const };
      const answers = [await start(byEmail), await start(byPhone), await start(byEmailCode)];
      // Same status, same headers that matter, same body shape (keys and types) as a free contact's ticket.
      const shape = (r: LightMyRequestResponse) => ({
        status: r.statusCode,
        type: r.headers['content-type'],
        body: Object.fromEntries(Object.entries(r.json() as object).map(([k, v]) => [k, typeof v === 'string' ? v.length : v])),
      });
      for (const r of answers) expect(shape(r)).toEqual(shape(fresh));
      // So the start route documents no 409 either: a client must not be told to expect one.
      const spec = t.app.swagger() as { paths: Record<string, { post: { responses: Record<string, unknown> } }> };
      expect(Object.keys(spec.paths['/api/v2/signup']!.post.responses)).not.toContain('409');
      // The request rows exist as for any sign-up.
      expect(await count('signup_request')).toBe(requestsBefore + 3);

      for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
      const outbox = readOutbox(t.dataDir);
      // No code went to the new contacts the prober controls …
      expect(outbox.filter((m) => m.to === phoneOf(byEmail) || m.to === byEmailCode.email.toLowerCase() && m.text.match(/\b\d{6}\b/))).toEqual([]);
      // … the owner heard of each try: on the channel the code would have used when that contact is theirs
      // (phone: SMS; e-mail: e-mail), else on the taken one (the e-mail of the first try); in their language.
      // (The link confirming the owner's own e-mail, mailed at their sign-up, is no notice.)
      const notices = outbox.filter((m) => (m.to === user.email || m.to === phoneOf(user)) && !/\b\d{6}\b/.test(m.text) && !m.text.includes('/verify/email?token='));
      expect(notices.map((m) => m.channel).sort()).toEqual(['email', 'email', 'sms']);
      expect(notices.find((m) => m.channel === 'email')!.subject).toBe('Adresinizle kayıt olunmaya çalışıldı');
      // Those references can only fail like a wrong code, and a resend sends another notice, not a code.
      const probe = answers[1]!.json().referenceToken as string;
      expectError(await validate(probe, '123456'), 400, 'INVALID_OTP');
      expect((await resend(probe)).statusCode).toBe(200);
      for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
      expect(readOutbox(t.dataDir).filter((m) => m.to === phoneOf(user) && !/\b\d{6}\b/.test(m.text))).toHaveLength(2);
      expect(await t.database.db.selectFrom('account').select('id').where('email', '=', user.email).execute()).toHaveLength(1);
    });

    it('two pending sign-ups for the same e-mail: the second to validate gets 409', async () => {
      const user = uniqueUser();
      const a = await started(user);
      const b = await started({ ...user, phoneNumber: uniqueUser().phoneNumber });
      expect((await validate(a.ref, a.code)).statusCode).toBe(200);
      expectError(await validate(b.ref, b.code), 409, 'EMAIL_ALREADY_EXISTS');
      expect(await t.database.db.selectFrom('account').select('id').where('email', '=', user.email).execute()).toHaveLength(1);
    });

    it('two sign-ups for the same e-mail validated at once: one account, the other gets 409', async () => {
      for (let round = 0; round < 3; round++) {
        const user = uniqueUser();
        const a = await started(user);
        const b = await started({ ...user, phoneNumber: uniqueUser().phoneNumber });
        const results = await Promise.all([validate(a.ref, a.code), validate(b.ref, b.code)]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expectError(results.find((r) => r.statusCode === 409)!, 409, 'EMAIL_ALREADY_EXISTS');
        expect(await t.database.db.selectFrom('account').select('id').where('email', '=', user.email).execute()).toHaveLength(1);
      }
    });

    it('the same reference validated twice at once creates one account', async () => {
      const { user, ref, code } = await started();
      const results = await Promise.all([validate(ref, code), validate(ref, code)]);
      const [won, lost] = results.map((r) => r.statusCode).sort();
      expect(won).toBe(200);
      // Spent reference or taken e-mail, depending on which check the loser reached first.
      expect([404, 409]).toContain(lost);
      expect(await t.database.db.selectFrom('account').select('id').where('email', '=', user.email).execute()).toHaveLength(1);
    });

    it('a weak password → 400 PASSWORD_TOO_WEAK', async () => {
      const before = await count('signup_request');
      for (const password of ['short1', 'onlyletterspassword', '1234567890123', '          ']) {
        const res = expectError(await start({ ...uniqueUser(), password }), 400, 'PASSWORD_TOO_WEAK');
        expect(res.field).toBe('password');
      }
      // Beyond the schema's limit the request is refused before the rule runs.
      expect(expectError(await start({ ...uniqueUser(), password: 'a1'.repeat(65) }), 400).field).toBe('password');
      expect(await count('signup_request')).toBe(before);
    });
  });

  describe('bad input', () => {
    it('is refused with the failing field and creates nothing', async () => {
      const accounts = await count('account');
      const requests = await count('signup_request');
      const { email: _email, ...noEmail } = uniqueUser();
      const cases: Array<[unknown, number, string]> = [
        [noEmail, 400, 'email'],
        [{ ...uniqueUser(), email: 'not-an-email' }, 400, 'email'],
        [{ ...uniqueUser(), email: 'two@at@example.com' }, 400, 'email'],
        [{ ...uniqueUser(), phoneNumber: '53abc12345' }, 400, 'phoneNumber'],
        [{ ...uniqueUser(), phoneNumber: '5'.repeat(20) }, 400, 'phoneNumber'],
        [{ ...uniqueUser(), countryCode: 'TR' }, 400, 'countryCode'],
        [{ ...uniqueUser(), language: 'xx' }, 400, 'language'],
        [{ ...uniqueUser(), eulaId: 999 }, 400, 'eulaId'],
        [{ ...uniqueUser(), eulaId: 'abc' }, 400, 'eulaId'],
        [{ ...uniqueUser(), eulaId: 0 }, 400, 'eulaId'],
        [{ ...uniqueUser(), email: { $ne: null } }, 400, 'email'],
        [{ ...uniqueUser(), password: ['a', 'b'] }, 400, 'password'],
        [{ ...uniqueUser(), sendOtpTo: 'PIGEON' }, 400, 'sendOtpTo'],
        [{ ...uniqueUser(), name: 'x'.repeat(101) }, 400, 'name'],
      ];
      for (const [payload, status, field] of cases) {
        const res = await start(payload);
        const body = expectError(res, status);
        expect(body.field, `${field}: ${res.body}`).toBe(field);
      }
      expectError(await start([]), 400, 'VALIDATION_ERROR');
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/signup',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
        400,
      );

      const unknown = 'u'.repeat(43);
      expectError(await validate(unknown, '123456'), 404, 'NOT_FOUND');
      expectError(await resend(unknown), 404, 'NOT_FOUND');
      expect(expectError(await validate('short', '123456'), 400, 'VALIDATION_ERROR').field).toBe('referenceToken');
      expect(expectError(await post('/api/v2/signup/validate', { referenceToken: unknown }), 400).field).toBe('otp');

      expect(await count('account')).toBe(accounts);
      expect(await count('signup_request')).toBe(requests);
    });
  });

  describe('secrets', () => {
    it('the password (plain or hashed) never appears in a response', async () => {
      await started();
      expect(seen.length).toBeGreaterThan(10);
      for (const res of seen) {
        const text = `${JSON.stringify(res.headers)}\n${res.body}`;
        expect(text).not.toContain('$argon2');
        expect(text).not.toContain(uniqueUser().password);
      }
    });

    it('stores an argon2id hash of the password and only a hash of the reference token', async () => {
      const { user, ref } = await started();
      const row = await t.database.db
        .selectFrom('signup_request')
        .selectAll()
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow();
      expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(ref);
      expect(stored).not.toContain(user.password);
      const all = JSON.stringify(await t.database.db.selectFrom('signup_request').selectAll().execute());
      expect(all).not.toContain(ref);
    });
  });
});
