import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, readOutbox, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator, type SignedInOperator } from '../../test/operators.fixtures.js';
import { LANGUAGES } from '../../shared/schemas.js';

const texts = Object.fromEntries(
  LANGUAGES.map((l) => [l, { title: `Yaz çekilişi ${l}`, conditions: `Koşullar ${l}`, result: `Çekilişe katıldınız (${l})` }]),
);

let phoneCounter = 0;
const newPhone = () => `5${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++phoneCounter).padStart(3, '0')}`;
let codeCounter = 0;
/** A well-formed code nobody issued (each test its own, so per-code counters stay apart). */
const unknownCode = () => `QQ${String(++codeCounter).padStart(4, '2').replace(/[01]/g, '9')}`;
let ipCounter = 0;
const newIp = () => `10.30.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

// The telesales prize draw end to end over HTTP: the page's calls with every error text of spec 000 §8, the codes'
// single use and limits, the console, and a draw recomputed here from the published data alone.
describe.each(DIALECTS)('prize draw (%s)', (dialect) => {
  let t: TestApp;
  let now = Date.now();
  let marketing: SignedInOperator;
  let support: SignedInOperator;
  let campaignId: string;

  beforeAll(async () => {
    // The operators' one-time codes are checked against the app's clock: start it at the real time of this run.
    now = Date.now();
    t = await startTestApp(dialect, {}, { clock: () => now });
    const admin = await signedInAdmin(t, now);
    marketing = await signedInOperator(t, admin, 'marketing');
    support = await signedInOperator(t, admin, 'support');
    campaignId = (await createCampaign(2)).id;
  });
  afterAll(() => t.close());

  const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = marketing) =>
    t.app.inject({ method, url, headers: authed(who.token), ...(payload ? { payload } : {}) });

  async function createCampaign(winnerCount: number) {
    const res = await ops('POST', '/api/ops/draw/campaigns', { name: 'Summer', startsAt: now - 3_600_000, endsAt: now + 86_400_000, winnerCount, texts, reason: 'Telesales summer' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; commitment: string; status: string };
  }
  async function codes(id: string, count: number, msisdn?: string): Promise<string[]> {
    const res = await ops('POST', `/api/ops/draw/campaigns/${id}/codes`, { count, ...(msisdn ? { msisdn } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().codes;
  }
  const start = (msisdn: string, code: string, opts: { ip?: string; captcha?: { id: string; answer: string } } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/draw',
      remoteAddress: opts.ip ?? newIp(),
      headers: opts.captcha ? { 'x-captcha-id': opts.captcha.id, 'x-captcha-answer': opts.captcha.answer } : {},
      payload: { msisdn, code, language: 'tr' },
    });
  const validate = (referenceToken: string, otp: string, ip = newIp()) =>
    t.app.inject({ method: 'POST', url: '/api/draw/validate', remoteAddress: ip, payload: { referenceToken, otp, language: 'tr' } });
  async function otpFor(msisdn: string): Promise<string> {
    const to = `+90${msisdn}`;
    const before = readOutbox(t.dataDir).filter((m) => m.to === to).length;
    for (let i = 0; i < 50; i++) {
      const ran = await t.app.jobs.runDue();
      if (readOutbox(t.dataDir).filter((m) => m.to === to).length > before || ran === 0) break;
    }
    const text = readOutbox(t.dataDir).filter((m) => m.to === to).at(-1)?.text ?? '';
    return text.match(/\b(\d{6})\b/)![1]!;
  }
  async function enter(msisdn: string, code: string) {
    const started = await start(msisdn, code.slice(0, 6));
    expect(started.statusCode, started.body).toBe(200);
    const joined = await validate(started.json().referenceToken, await otpFor(msisdn));
    expect(joined.statusCode, joined.body).toBe(200);
    return joined.json() as { receipt: string; entryHash: string; result: string; title: string };
  }
  const message = (res: { json(): { message: string } }) => res.json().message;

  it('from code to entry: six characters first, an SMS code in boxes of expectedInputLength + 1, the result text', async () => {
    const [code] = await codes(campaignId, 1);
    expect(code).toMatch(/^[A-Z2-9]{7}$/);
    const required = await t.app.inject({ method: 'GET', url: '/api/draw/captcha/required', remoteAddress: newIp() });
    expect(required.json()).toEqual({ data: { captchaRequired: false } });
    const page = await t.app.inject({ method: 'GET', url: '/api/draw/campaign?language=tr' });
    expect(page.json()).toMatchObject({ title: 'Yaz çekilişi tr', conditions: 'Koşullar tr' });

    const phone = newPhone();
    const started = await start(phone, code!.slice(0, 6));
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ expectedInputLength: 5, remainingTimeInMinutes: 3 });
    const otp = await otpFor(phone);
    expect(otp).toHaveLength(started.json().expectedInputLength + 1);
    expect(message(await validate(started.json().referenceToken, otp === '000000' ? '111111' : '000000'))).toBe('Invalid OTP!');
    const joined = await validate(started.json().referenceToken, otp);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ title: 'Yaz çekilişi tr', result: 'Çekilişe katıldınız (tr)' });
    expect(joined.json().entryHash).toBe(createHash('sha256').update(joined.json().receipt).digest('hex'));

    // Used once: the same code again, even whole and by the same phone, is refused.
    expect(expectError(await start(phone, code!), 400, 'ILLEGAL_ARGUMENT').message).toBe('Illegal argument error');
    // The same reference cannot enter twice.
    expect(message(await validate(started.json().referenceToken, otp))).toBe('Illegal argument error');
  });

  it('answers the spec texts for a bad phone, an unknown code, a wrong check character and an unknown reference', async () => {
    const [code] = await codes(campaignId, 1);
    for (const [phone, c] of [
      ['53012345', code!.slice(0, 6)],
      ['53a1234567', code!.slice(0, 6)],
      [newPhone(), 'ZZZZ'],
      [newPhone(), unknownCode()],
      [newPhone(), code!.slice(0, 6) + (code![6] === 'A' ? 'B' : 'A')],
    ] as const) {
      expect(expectError(await start(phone, c), 400, 'ILLEGAL_ARGUMENT').message).toBe('Illegal argument error');
    }
    expect(message(await validate('no-such-reference', '123456'))).toBe('Illegal argument error');
    // The whole code (the resend) is accepted too.
    expect((await start(newPhone(), code!)).statusCode).toBe(200);
  });

  it('a code sold to one phone is not burnt by another phone, and enters with its own', async () => {
    const owner = newPhone();
    const [code] = await codes(campaignId, 1, owner);
    expect(message(await start(newPhone(), code!.slice(0, 6)))).toBe('Illegal argument error');
    expect(message(await start(newPhone(), code!))).toBe('Illegal argument error');
    await enter(owner, code!);
  });

  it('the SMS code expires by the clock: OTP Expired!', async () => {
    const [code] = await codes(campaignId, 1);
    const phone = newPhone();
    const started = await start(phone, code!.slice(0, 6));
    const otp = await otpFor(phone);
    now += 3 * 60_000 + 1;
    try {
      expect(expectError(await validate(started.json().referenceToken, otp), 400, 'OTP_EXPIRED').message).toBe('OTP Expired!');
    } finally {
      now -= 3 * 60_000 + 1;
    }
    // Not burnt: a new request with the same code still enters.
    await enter(phone, code!);
  });

  it('three wrong SMS codes, then Too many requests! (the page shows step 4)', async () => {
    const [code] = await codes(campaignId, 1);
    const phone = newPhone();
    const started = await start(phone, code!.slice(0, 6));
    const otp = await otpFor(phone);
    const wrong = otp === '999999' ? '888888' : '999999';
    for (let i = 0; i < 3; i++) expect(message(await validate(started.json().referenceToken, wrong))).toBe('Invalid OTP!');
    const blocked = await validate(started.json().referenceToken, otp);
    expect(expectError(blocked, 429, 'TOO_MANY_REQUESTS').message).toBe('Too many requests!');
  });

  it('attempt limits per phone, per code and per address', async () => {
    const phone = newPhone();
    const batch = await codes(campaignId, 6);
    for (let i = 0; i < 5; i++) expect((await start(phone, batch[i]!.slice(0, 6))).statusCode).toBe(200);
    expect(message(await start(phone, batch[5]!.slice(0, 6)))).toBe('Too many requests!');

    const owner = newPhone();
    const [bound] = await codes(campaignId, 1, owner);
    for (let i = 0; i < 5; i++) expect(message(await start(newPhone(), bound!.slice(0, 6)))).toBe('Illegal argument error');
    // Five wrong phones on one code lock it for the hour, for its owner too (a stolen code is not tried further).
    expect(message(await start(owner, bound!.slice(0, 6)))).toBe('Too many requests!');

    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await start(newPhone(), unknownCode(), { ip })).statusCode).not.toBe(429);
    expect(expectError(await start(newPhone(), unknownCode(), { ip }), 429).message).toBe('Too many requests!');
  });

  it('captcha escalation: after three failures from an address the captcha is required, checked and consumed', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect(message(await start(newPhone(), unknownCode(), { ip }))).toBe('Illegal argument error');
    const required = await t.app.inject({ method: 'GET', url: '/api/draw/captcha/required', remoteAddress: ip });
    expect(required.json().data.captchaRequired).toBe(true);
    const [code] = await codes(campaignId, 1);
    const phone = newPhone();
    expect(expectError(await start(phone, code!.slice(0, 6), { ip }), 412, 'CAPTCHA_REQUIRED').message).toBe('Captcha required.');
    const captchaId = `draw-${Date.now()}-${ipCounter}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/captcha/IMAGE/${captchaId}`, remoteAddress: ip })).statusCode).toBe(200);
    const { answer } = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', captchaId).executeTakeFirstOrThrow();
    expect(message(await start(phone, code!.slice(0, 6), { ip, captcha: { id: captchaId, answer: answer === 'XXXXX' ? 'YYYYY' : 'XXXXX' } }))).toBe('Invalid captcha.');
    // The wrong answer consumed it: a new one is needed.
    const second = `draw-${Date.now()}-b${ipCounter}`;
    await t.app.inject({ method: 'GET', url: `/api/captcha/IMAGE/${second}`, remoteAddress: ip });
    const right = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', second).executeTakeFirstOrThrow();
    expect((await start(phone, code!.slice(0, 6), { ip, captcha: { id: second, answer: right.answer } })).statusCode).toBe(200);
  });

  it('a code is used once under two concurrent validations', async () => {
    const [code] = await codes(campaignId, 1);
    const phone = newPhone();
    const first = await start(phone, code!.slice(0, 6));
    const firstOtp = await otpFor(phone);
    const second = await start(phone, code!);
    const secondOtp = await otpFor(phone);
    const results = await Promise.all([validate(first.json().referenceToken, firstOtp), validate(second.json().referenceToken, secondOtp)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(message(results.find((r) => r.statusCode === 400)!)).toBe('Illegal argument error');
    const entries = await t.database.db.selectFrom('draw_entry').innerJoin('draw_code', 'draw_code.id', 'draw_entry.code_id').select('draw_entry.id').where('draw_entry.msisdn', '=', `+90${phone}`).execute();
    expect(entries).toHaveLength(1);
  });

  it('the draw anyone can check: commitment first, entries at close, seed and winners after; recomputed here', async () => {
    const campaign = await createCampaign(2);
    const batch = await codes(campaign.id, 4);
    const receipts = [];
    for (const code of batch) receipts.push((await enter(newPhone(), code)).receipt);

    const before = (await t.app.inject({ method: 'GET', url: `/api/draw/campaigns/${campaign.id}/verification` })).json();
    expect(before).toMatchObject({ status: 'OPEN', commitment: campaign.commitment, seed: null, entries: [], winners: [] });
    expectError(await ops('POST', `/api/ops/draw/campaigns/${campaign.id}/run`, {}), 409, 'DRAW_NOT_CLOSED');
    expect((await ops('POST', `/api/ops/draw/campaigns/${campaign.id}/close`, { reason: 'Period over' })).json().status).toBe('CLOSED');
    const closed = (await t.app.inject({ method: 'GET', url: `/api/draw/campaigns/${campaign.id}/verification` })).json();
    expect(closed.entries).toHaveLength(4);
    expect(closed.seed).toBeNull();

    const ran = await ops('POST', `/api/ops/draw/campaigns/${campaign.id}/run`, { reason: 'Draw day' });
    expect(ran.json()).toMatchObject({ status: 'DRAWN', entries: 4 });
    const v = (await t.app.inject({ method: 'GET', url: `/api/draw/campaigns/${campaign.id}/verification` })).json() as {
      seed: string;
      commitment: string;
      entries: string[];
      winners: string[];
      algorithm: string;
    };
    // Recomputed independently from the published data, as the documented algorithm says.
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    expect(v.algorithm).toBe('sha256-lowest-score-v1');
    expect(sha(v.seed)).toBe(v.commitment);
    const score = (e: string) => sha(`${v.seed}:${e}`);
    const expected = [...v.entries].sort((a, b) => (score(a) < score(b) ? -1 : 1)).slice(0, 2);
    expect(v.winners).toEqual(expected);
    for (const receipt of receipts) expect(v.entries).toContain(sha(receipt));

    const exported = await ops('GET', `/api/ops/draw/campaigns/${campaign.id}/export/winners`);
    expect(exported.headers['content-type']).toContain('text/csv');
    const rows = exported.body.trim().split('\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^[0-9a-f]{64},\+90 5\*\* \*\*\* \*\*\d{2},/);
    expect(exported.body).not.toMatch(/\+905\d{9}/);
    const entries = (await ops('GET', `/api/ops/draw/campaigns/${campaign.id}/entries`)).json();
    expect(entries).toMatchObject({ total: 4, codesIssued: 4, codesUsed: 4 });
    expect(JSON.stringify(entries)).not.toMatch(/\+905\d{9}/);
  });

  it('the console: import from CSV, roles, audit', async () => {
    const owner = newPhone();
    const body = `IMP${String(Date.now() % 1000).padStart(3, '0')}`;
    const imported = await ops('POST', `/api/ops/draw/campaigns/${campaignId}/codes/import`, { csv: `code,phone\n${body}X,${owner}\nbad,\n${body}Y,\n` });
    expect(imported.json()).toMatchObject({ imported: 1, rejected: [{ line: 3, reason: 'CODE_FORMAT' }, { line: 4, reason: 'DUPLICATE' }] });
    expect(message(await start(newPhone(), body))).toBe('Illegal argument error');
    await enter(owner, `${body}X`);

    const subscriber = await signUp(t);
    expectError(await ops('GET', '/api/ops/draw/campaigns', undefined, { token: subscriber.token } as SignedInOperator), 404);
    expectError(await ops('GET', '/api/ops/draw/campaigns', undefined, support), 403, 'FORBIDDEN');
    expect((await ops('GET', '/api/ops/draw/campaigns')).json().items.length).toBeGreaterThan(0);
    const admin = await signedInAdmin(t, now);
    for (const action of ['draw.campaign.create', 'draw.codes.generate', 'draw.codes.import', 'draw.campaign.close', 'draw.run', 'draw.export.winners']) {
      const items = (await ops('GET', `/api/ops/audit?action=${action}&limit=100`, undefined, admin)).json().items as Array<{ targetId: string }>;
      expect(items.length, action).toBeGreaterThan(0);
    }
  });

  it('the console edits an open campaign: same checks as create, audited with before and after, 404/403/409', async () => {
    const campaign = await createCampaign(1);
    const url = `/api/ops/draw/campaigns/${campaign.id}`;
    const edited = { ...texts, tr: { title: 'Kış çekilişi', conditions: 'Yeni koşullar', result: 'Kış çekilişine katıldınız' } };
    const body = { name: 'Winter', startsAt: now - 3_600_000, endsAt: now + 2 * 86_400_000, winnerCount: 3, texts: edited, reason: 'Extended by marketing' };
    const saved = await ops('PUT', url, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: campaign.id, label: 'Winter', winnerCount: 3, endsAt: body.endsAt, status: 'OPEN', commitment: campaign.commitment });
    expect((await ops('GET', url)).json().texts.tr).toEqual(edited.tr);

    // The create's rules: the end after the start, every language's three texts, a label.
    expect(expectError(await ops('PUT', url, { ...body, endsAt: body.startsAt }), 400, 'VALIDATION_ERROR').field).toBe('endsAt');
    expect(expectError(await ops('PUT', url, { ...body, texts: { ...texts, de: { title: 'x', conditions: ' ', result: 'y' } } }), 400, 'VALIDATION_ERROR').field).toBe('texts');
    expectError(await ops('PUT', url, { ...body, name: '   ' }), 400, 'VALIDATION_ERROR');
    expectError(await ops('PUT', url, { ...body, winnerCount: 0 }), 400);
    expect((await ops('GET', url)).json()).toMatchObject({ label: 'Winter', winnerCount: 3 });

    expectError(await ops('PUT', '/api/ops/draw/campaigns/3c1d2e4f-0000-4a01-8000-00000000d0ff', body), 404);
    expectError(await ops('PUT', url, body, support), 403, 'FORBIDDEN');

    const admin = await signedInAdmin(t, now);
    const audit = (await ops('GET', `/api/ops/audit?action=draw.campaign.update&limit=100`, undefined, admin)).json().items as Array<{ targetId: string; reason: string; before: unknown; after: unknown }>;
    expect(audit.filter((a) => a.targetId === campaign.id)).toEqual([
      expect.objectContaining({
        reason: 'Extended by marketing',
        before: { startsAt: now - 3_600_000, endsAt: now + 86_400_000, winnerCount: 1 },
        after: { startsAt: body.startsAt, endsAt: body.endsAt, winnerCount: 3 },
      }),
    ]);

    // Once entries close the terms are frozen: the commitment was published against them.
    expect((await ops('POST', `${url}/close`, { reason: 'Period over' })).statusCode).toBe(200);
    expectError(await ops('PUT', url, body), 409, 'DRAW_CLOSED');
  });
});
