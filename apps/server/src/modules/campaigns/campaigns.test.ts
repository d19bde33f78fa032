import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, lastCodeFor, readOutbox, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator, type SignedInOperator } from '../../test/operators.fixtures.js';
import { days } from '../../shared/time.js';
import { getById, grantQuota } from '../account/account.support.public.js';
import { recordOperatorAction } from '../audit/audit.public.js';
import { CampaignsService } from './campaigns.service.js';

const GB = 1024 ** 3;
const CARD = { number: '4242424242424242', expiryMonth: 12, expiryYear: 2035, cvc: '123', holderName: 'Ayşe Yılmaz' };
const MONTHLY_50 = '5b0a1c8e-0050-4a01-8000-000000000001';
const iso = (ms: number) => new Date(ms).toISOString();

/** A campaign body as the console sends it: Turkish and English texts, the rest optional. */
const campaignBody = (kind: 'REFERRAL' | 'STARS', extra: object = {}) => ({
  kind,
  name: `${kind} ${randomUUID().slice(0, 6)}`,
  startsAt: iso(Date.now() - days(1)),
  endsAt: iso(Date.now() + days(90)),
  texts: { tr: { title: 'Arkadaşını davet et', summary: 'İkiniz de 1 GB kazanın' }, en: { title: 'Invite friends', summary: 'You both get 1 GB' } },
  details: {},
  ...extra,
});

function setup(dialect: 'sqlite' | 'postgres') {
  const ctx = {} as { t: TestApp; admin: SignedInOperator; marketing: SignedInOperator; finance: SignedInOperator; service: CampaignsService };
  beforeAll(async () => {
    ctx.t = await startTestApp(dialect);
    ctx.admin = await signedInAdmin(ctx.t);
    ctx.marketing = await signedInOperator(ctx.t, ctx.admin, 'marketing');
    ctx.finance = await signedInOperator(ctx.t, ctx.admin, 'finance');
    // Built as app.ts builds it, to settle rewards at a chosen moment (the schedule runs it hourly with the clock).
    ctx.service = new CampaignsService({ db: ctx.t.database.db, clock: Date.now, publicUrl: null, getAccount: getById, grantQuota, audit: recordOperatorAction });
  });
  afterAll(() => ctx.t.close());
  return ctx;
}

const call = (t: TestApp, token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? authed(token) : {}, ...(payload ? { payload } : {}) });

async function overview(t: TestApp, token: string) {
  const res = await call(t, token, 'GET', '/api/v1/referral?language=tr');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; friends: Array<{ username: string; status: string; reason: string | null; earnedBytes: number }>; earnedBytes: number };
}

const tokenOf = (url: string) => new URL(url).searchParams.get('referrerToken')!;
const bonusOf = async (t: TestApp, accountId: string) =>
  Number((await t.database.db.selectFrom('account').select('bonus_bytes').where('id', '=', accountId).executeTakeFirstOrThrow()).bonus_bytes);

/** Signs up with the code sent by e-mail: the phone stays unproved. */
async function signUpByEmail(t: TestApp, user: ReturnType<typeof uniqueUser> & { referrerToken?: string }) {
  const start = await t.app.inject({ method: 'POST', url: '/api/v2/signup', payload: { ...user, sendOtpTo: 'EMAIL' } });
  expect(start.statusCode, start.body).toBe(200);
  for (let i = 0; i < 50 && !readOutbox(t.dataDir).some((m) => m.to === user.email); i++) if ((await t.app.jobs.runDue()) === 0) break;
  const done = await t.app.inject({ method: 'POST', url: '/api/v2/signup/validate', payload: { referenceToken: start.json().referenceToken, otp: lastCodeFor(t.dataDir, user.email) } });
  expect(done.statusCode, done.body).toBe(200);
  return { user, token: String(done.headers['x-auth-token']), accountId: done.json().userUuid as string };
}

describe.each(DIALECTS)('invite friends (%s)', (dialect) => {
  const ctx = setup(dialect);

  beforeAll(async () => {
    const res = await call(ctx.t, ctx.marketing.token, 'POST', '/api/ops/campaigns', campaignBody('REFERRAL', { rules: { bonusBytes: GB, monthlyCap: 2 }, reason: 'Winter campaign' }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a friend who signs up through my link shows masked; both get the bonus 30 days after the phone was proved; nobody else sees it', async () => {
    const inviter = await signUp(ctx.t);
    const other = await signUp(ctx.t);
    const { url } = await overview(ctx.t, inviter.token);
    expect(url).toMatch(/\/auth\/inviteuser\?referrerToken=[A-Za-z0-9_-]{43}$/);
    // The same link every time (an HMAC, not stored), and not another account's.
    expect((await overview(ctx.t, inviter.token)).url).toBe(url);
    expect((await overview(ctx.t, other.token)).url).not.toBe(url);

    const friend = await signUp(ctx.t, { ...uniqueUser(), name: 'Ayşe', surname: 'Kaya', referrerToken: tokenOf(url) } as ReturnType<typeof uniqueUser>);
    const mine = await overview(ctx.t, inviter.token);
    expect(mine.friends).toEqual([expect.objectContaining({ username: 'Ay*** Ka***', status: 'QUALIFIED', earnedBytes: 0 })]);
    expect(JSON.stringify(mine)).not.toContain(friend.user.email);
    expect((await overview(ctx.t, other.token)).friends).toEqual([]);

    // Not before the friend's account is 30 days old.
    await ctx.service.settleDue(Date.now() + days(29));
    expect(await bonusOf(ctx.t, inviter.accountId)).toBe(0);
    await ctx.service.settleDue(Date.now() + days(31));
    expect(await bonusOf(ctx.t, inviter.accountId)).toBe(GB);
    expect(await bonusOf(ctx.t, friend.accountId)).toBe(GB);
    const after = await overview(ctx.t, inviter.token);
    expect(after.friends[0]).toMatchObject({ status: 'REWARDED', earnedBytes: GB });
    expect(after.earnedBytes).toBe(GB);
    // Settling again pays nobody twice.
    await ctx.service.settleDue(Date.now() + days(32));
    expect(await bonusOf(ctx.t, inviter.accountId)).toBe(GB);

    // An unknown token is ignored: the sign-up succeeds and nobody is credited.
    await signUp(ctx.t, { ...uniqueUser(), referrerToken: 'x'.repeat(43) } as ReturnType<typeof uniqueUser>);
    expect((await overview(ctx.t, other.token)).friends).toEqual([]);
  });

  it('a phone proved after an e-mail sign-up qualifies the friend; until then nothing is paid', async () => {
    const inviter = await signUp(ctx.t);
    const { url } = await overview(ctx.t, inviter.token);
    const friend = await signUpByEmail(ctx.t, { ...uniqueUser(), referrerToken: tokenOf(url) });
    expect((await overview(ctx.t, inviter.token)).friends[0]).toMatchObject({ status: 'JOINED' });
    await ctx.service.settleDue(Date.now() + days(31));
    expect(await bonusOf(ctx.t, inviter.accountId)).toBe(0);

    const sent = await call(ctx.t, friend.token, 'POST', '/api/verify/phoneNumber', {});
    expect(sent.statusCode, sent.body).toBe(200);
    const phone = `+${friend.user.countryCode}${friend.user.phoneNumber}`;
    for (let i = 0; i < 20 && (await ctx.t.app.jobs.runDue()) > 0; i++);
    const proved = await call(ctx.t, friend.token, 'POST', '/api/verify/phoneNumber', { referenceToken: sent.json().referenceToken, otp: lastCodeFor(ctx.t.dataDir, phone) });
    expect(proved.statusCode, proved.body).toBe(200);
    expect((await overview(ctx.t, inviter.token)).friends[0]).toMatchObject({ status: 'QUALIFIED' });
  });

  it('caps what an inviter earns in a month; the friends over the cap still get theirs', async () => {
    const inviter = await signUp(ctx.t);
    const token = tokenOf((await overview(ctx.t, inviter.token)).url);
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await signUp(ctx.t, { ...uniqueUser(), referrerToken: token } as ReturnType<typeof uniqueUser>));
    await ctx.service.settleDue(Date.now() + days(31));
    const statuses = (await overview(ctx.t, inviter.token)).friends.map((f) => f.status).sort();
    expect(statuses).toEqual(['CAPPED', 'REWARDED', 'REWARDED']);
    expect(await bonusOf(ctx.t, inviter.accountId)).toBe(2 * GB);
    for (const f of friends) expect(await bonusOf(ctx.t, f.accountId)).toBe(GB);
  });

  it('no reward for a self-referral (the same address spelt another way)', async () => {
    const inviter = await signUp(ctx.t);
    const token = tokenOf((await overview(ctx.t, inviter.token)).url);
    const [local, domain] = inviter.user.email.split('@');
    const self = await signUp(ctx.t, { ...uniqueUser(), email: `${local}+second@${domain}`, referrerToken: token } as ReturnType<typeof uniqueUser>);
    expect((await overview(ctx.t, inviter.token)).friends[0]).toMatchObject({ status: 'REJECTED', reason: 'SELF_REFERRAL' });
    await ctx.service.settleDue(Date.now() + days(31));
    expect(await bonusOf(ctx.t, inviter.accountId)).toBe(0);
    expect(await bonusOf(ctx.t, self.accountId)).toBe(0);
  });

  it('no reward for a friend deleted within 30 days, nor for a phone and e-mail already credited', async () => {
    const inviter = await signUp(ctx.t);
    const token = tokenOf((await overview(ctx.t, inviter.token)).url);
    const gone = await signUp(ctx.t, { ...uniqueUser(), referrerToken: token } as ReturnType<typeof uniqueUser>);
    const del = await call(ctx.t, gone.token, 'DELETE', '/api/account/delete', { password: gone.user.password, confirmation: 'DELETE' });
    expect(del.statusCode, del.body).toBe(202);
    for (let i = 0; i < 200 && (await ctx.t.app.jobs.runDue()) > 0; i++);
    await ctx.service.settleDue(Date.now() + days(31));
    expect((await overview(ctx.t, inviter.token)).friends[0]).toMatchObject({ status: 'REJECTED', reason: 'FRIEND_DELETED' });
    expect(await bonusOf(ctx.t, inviter.accountId)).toBe(0);

    // A rewarded friend deletes the account and signs up again with the same phone and e-mail through another link.
    const first = await signUp(ctx.t, { ...uniqueUser(), referrerToken: token } as ReturnType<typeof uniqueUser>);
    await ctx.service.settleDue(Date.now() + days(31));
    expect(await bonusOf(ctx.t, inviter.accountId)).toBe(GB);
    const del2 = await call(ctx.t, first.token, 'DELETE', '/api/account/delete', { password: first.user.password, confirmation: 'DELETE' });
    expect(del2.statusCode, del2.body).toBe(202);
    for (let i = 0; i < 200 && (await ctx.t.app.jobs.runDue()) > 0; i++);
    const second = await signUp(ctx.t);
    const again = await signUp(ctx.t, { ...first.user, referrerToken: tokenOf((await overview(ctx.t, second.token)).url) } as ReturnType<typeof uniqueUser>);
    await ctx.service.settleDue(Date.now() + days(31));
    expect((await overview(ctx.t, second.token)).friends[0]).toMatchObject({ status: 'REJECTED', reason: 'CONTACT_ALREADY_CREDITED' });
    expect(await bonusOf(ctx.t, second.accountId)).toBe(0);
    expect(await bonusOf(ctx.t, again.accountId)).toBe(0);
  });
});

describe.each(DIALECTS)('stars campaign and raffle rights (%s)', (dialect) => {
  const ctx = setup(dialect);
  const buy = (token: string, idempotencyKey = randomUUID()) =>
    call(ctx.t, token, 'POST', '/api/packages/orders', { packageId: MONTHLY_50, idempotencyKey, payment: { type: 'NEW_CARD', card: CARD, saveCard: false } });

  it('answers 8101 without an active campaign and 8102 without details, in the error envelope', async () => {
    const me = await signUp(ctx.t);
    for (const url of ['/api/v1/stars/link', '/api/v1/stars/participants', '/api/v1/stars/detail?language=tr']) {
      const res = await call(ctx.t, me.token, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 8101, message: 'There is no active campaign.' });
    }
    expect((await call(ctx.t, null, 'GET', '/api/v1/raffle?language=tr')).json()).toEqual({ campaign: null });

    const created = await call(ctx.t, ctx.marketing.token, 'POST', '/api/ops/campaigns', campaignBody('STARS', { drawAt: iso(Date.now() + days(100)) }));
    expect(created.statusCode, created.body).toBe(200);
    const detail = await call(ctx.t, me.token, 'GET', '/api/v1/stars/detail?language=tr');
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ status: 8102, message: 'The campaign has no details.' });

    // The operator's rich text is sanitised on write: what the page renders carries no script.
    const id = created.json().id as string;
    const xss = '<p onclick="alert(1)">Davet et, <strong>kazan</strong><script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a></p>';
    const updated = await call(ctx.t, ctx.marketing.token, 'PUT', `/api/ops/campaigns/${id}`, campaignBody('STARS', { name: 'Stars', drawAt: iso(Date.now() + days(100)), details: { tr: xss, en: '<p>Invite &amp; win</p>' } }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call(ctx.t, me.token, 'GET', '/api/v1/stars/detail?language=tr')).json()).toEqual({ content: '<p>Davet et, <strong>kazan</strong> <a>x</a></p>' });
    expect((await call(ctx.t, me.token, 'GET', '/api/v1/stars/detail?language=de')).json()).toEqual({ content: '<p>Invite &amp; win</p>' });
  });

  it('counts a friend who bought a package once (the payment retried), splits by activation, and a refund removes the entry', async () => {
    const inviter = await signUp(ctx.t);
    const stranger = await signUp(ctx.t);
    const link = await call(ctx.t, inviter.token, 'GET', '/api/v1/stars/link');
    expect(link.statusCode, link.body).toBe(200);
    const token = tokenOf(link.json().url);
    const activated = await signUp(ctx.t, { ...uniqueUser(), name: 'Mehmet', surname: 'Öz', referrerToken: token } as ReturnType<typeof uniqueUser>);
    const unproved = await signUpByEmail(ctx.t, { ...uniqueUser(), name: 'Zeynep', surname: 'Ak', referrerToken: token });
    const participants = async (who = inviter) => (await call(ctx.t, who.token, 'GET', '/api/v1/stars/participants')).json();
    expect(await participants()).toEqual({ purchasedOnly: [], purchasedAndActivated: [] });

    const key = randomUUID();
    // The same purchase sent again (a retry with its idempotency key) is one order and one entry.
    const a = await buy(activated.token, key);
    const b = await buy(activated.token, key);
    expect([a.json().status, b.json().status]).toEqual(['COMPLETED', 'COMPLETED']);
    expect(b.json().orderId).toBe(a.json().orderId);
    expect((await buy(unproved.token)).json().status).toBe('COMPLETED');
    expect(await participants()).toEqual({ purchasedOnly: [{ username: 'Ze*** Ak***' }], purchasedAndActivated: [{ username: 'Me*** Öz***' }] });
    expect(await participants(stranger)).toEqual({ purchasedOnly: [], purchasedAndActivated: [] });

    const rights = await call(ctx.t, inviter.token, 'GET', '/api/v1/raffle/rights?language=en');
    expect(rights.json()).toMatchObject({ stars: { title: 'Invite friends', rights: 1 }, draws: [] });
    expect((await call(ctx.t, stranger.token, 'GET', '/api/v1/raffle/rights')).json().stars.rights).toBe(0);
    expect((await call(ctx.t, null, 'GET', '/api/v1/raffle/rights')).statusCode).toBe(401);
    const raffle = (await call(ctx.t, null, 'GET', '/api/v1/raffle?language=tr')).json();
    expect(raffle.campaign).toMatchObject({ title: 'Arkadaşını davet et', active: true });

    const refund = await call(ctx.t, ctx.finance.token, 'POST', `/api/ops/orders/${a.json().orderId}/refund`, { amountMinor: 2_499, reason: 'Customer request' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await participants()).toEqual({ purchasedOnly: [{ username: 'Ze*** Ak***' }], purchasedAndActivated: [] });
  });

  it('console: marketing defines and closes campaigns, exports entries, every change audited; others are refused', async () => {
    const subscriber = await signUp(ctx.t);
    const support = await signedInOperator(ctx.t, ctx.admin, 'support');
    expectError(await call(ctx.t, subscriber.token, 'GET', '/api/ops/campaigns'), 404, 'NOT_FOUND');
    expectError(await call(ctx.t, support.token, 'GET', '/api/ops/campaigns'), 403, 'FORBIDDEN');
    expectError(await call(ctx.t, ctx.finance.token, 'POST', '/api/ops/campaigns', campaignBody('REFERRAL')), 403, 'FORBIDDEN');
    expectError(await call(ctx.t, ctx.marketing.token, 'POST', '/api/ops/campaigns', campaignBody('REFERRAL', { endsAt: iso(Date.now() - days(2)) })), 400, 'VALIDATION_ERROR');
    expectError(await call(ctx.t, ctx.marketing.token, 'POST', '/api/ops/campaigns', { ...campaignBody('REFERRAL'), texts: { en: { title: 'Only English', summary: '' } } }), 400, 'VALIDATION_ERROR');

    const list = (await call(ctx.t, ctx.marketing.token, 'GET', '/api/ops/campaigns')).json().items as Array<{ id: string; kind: string }>;
    const stars = list.find((c) => c.kind === 'STARS')!;
    const csv = await call(ctx.t, ctx.marketing.token, 'GET', `/api/ops/campaigns/${stars.id}/entries.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('inviter_account_id,order_id,purchased_at,activated');
    expect(csv.body).not.toContain('@');

    const closed = await call(ctx.t, ctx.marketing.token, 'POST', `/api/ops/campaigns/${stars.id}/close`, { reason: 'Campaign over' });
    expect(closed.json().status).toBe('CLOSED');
    expectError(await call(ctx.t, ctx.marketing.token, 'POST', `/api/ops/campaigns/${stars.id}/close`, {}), 409, 'CAMPAIGN_CLOSED');
    expect((await call(ctx.t, subscriber.token, 'GET', '/api/v1/stars/link')).json().status).toBe(8101);
    expect((await call(ctx.t, null, 'GET', '/api/v1/raffle')).json().campaign.active).toBe(false);

    const audit = (await call(ctx.t, ctx.admin.token, 'GET', '/api/ops/audit?limit=100')).json().items as Array<{ action: string; targetId: string | null }>;
    const actions = audit.filter((e) => e.targetId === stars.id).map((e) => e.action).sort();
    expect(actions).toEqual(['campaign.close', 'campaign.create', 'campaign.export', 'campaign.update']);
  });

  it('a running campaign that started the same minute as a closed one is the one the menu and the raffle page show', async () => {
    // The console's start field is to the minute: two campaigns made a minute apart in the same minute used to tie.
    const minute = iso(Math.floor(Date.now() / 60_000) * 60_000);
    const first = await call(ctx.t, ctx.marketing.token, 'POST', '/api/ops/campaigns', campaignBody('STARS', { startsAt: minute }));
    expect((await call(ctx.t, ctx.marketing.token, 'POST', `/api/ops/campaigns/${first.json().id}/close`, { reason: 'Over' })).json().status).toBe('CLOSED');
    for (let i = 0; i < 5; i++) {
      const next = await call(ctx.t, ctx.marketing.token, 'POST', '/api/ops/campaigns', campaignBody('STARS', { startsAt: minute, texts: { tr: { title: `Yıldızlar ${i}`, summary: '' }, en: { title: `Stars ${i}`, summary: '' } } }));
      expect(next.statusCode, next.body).toBe(200);
      expect((await call(ctx.t, null, 'GET', '/api/v1/raffle?language=en')).json().campaign).toMatchObject({ title: `Stars ${i}`, active: true });
      const me = await signUp(ctx.t);
      expect((await call(ctx.t, me.token, 'GET', '/api/v1/raffle/rights?language=en')).json().stars.title).toBe(`Stars ${i}`);
      expect((await call(ctx.t, ctx.marketing.token, 'POST', `/api/ops/campaigns/${next.json().id}/close`, { reason: 'Over' })).json().status).toBe('CLOSED');
    }
  });
});
