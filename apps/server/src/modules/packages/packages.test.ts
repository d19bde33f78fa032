import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, lastCodeFor, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, filesApi } from '../files/files.fixtures.js';
import { addPeriods, prorationCredit } from './packages.pricing.js';
import { getSubscriptionOf, planListeners, type PlanChange } from './packages.public.js';

const GIB = 1024 ** 3;
const DAY = 86_400_000;
const CARD = { expiryMonth: 12, expiryYear: 2035, cvc: '123', holderName: 'Ayşe Yılmaz' };
const SUCCEEDS = '4242424242424242';
const INSUFFICIENT_FUNDS = '4000000000009995';
const THREE_DS = '4000000000003220';
const newCard = (number: string, saveCard = true) => ({ type: 'NEW_CARD', card: { ...CARD, number }, saveCard });

describe('periods and proration', () => {
  it('adds calendar months and years in UTC, clamping the day to the month', () => {
    expect(addPeriods(Date.UTC(2027, 0, 31, 10), 'MONTHLY', 1)).toBe(Date.UTC(2027, 1, 28, 10));
    expect(addPeriods(Date.UTC(2028, 0, 31, 10), 'MONTHLY', 1)).toBe(Date.UTC(2028, 1, 29, 10));
    expect(addPeriods(Date.UTC(2027, 10, 30), 'MONTHLY', 2)).toBe(Date.UTC(2028, 0, 30));
    expect(addPeriods(Date.UTC(2028, 1, 29), 'YEARLY', 1)).toBe(Date.UTC(2029, 1, 28));
  });

  it('credits the unused share of what the period cost, to the kuruş, never below 0 or above the price', () => {
    const sub = { period_start: 0, period_end: 30 * DAY, period_price_minor: 2499 };
    expect(prorationCredit(sub, 0)).toBe(2499);
    expect(prorationCredit(sub, 12 * DAY)).toBe(1499); // 1499.4
    expect(prorationCredit(sub, 15 * DAY)).toBe(1250); // 1249.5 rounds half up
    expect(prorationCredit(sub, 30 * DAY)).toBe(0);
    expect(prorationCredit(sub, 40 * DAY)).toBe(0);
    expect(prorationCredit(sub, -DAY)).toBe(2499);
  });
});

describe.each(DIALECTS)('packages (%s)', (dialect) => {
  let t: TestApp;
  let now = Date.UTC(2027, 3, 1, 9, 0, 0);
  const clock = () => now;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    now = Date.UTC(2027, 3, 1, 9, 0, 0);
  });

  type Who = { token: string; accountId: string };
  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authed(who.token), ...(payload ? { payload } : {}) });
  const setConfig = (name: string, value: string) =>
    t.database.db.updateTable('remote_config').set({ value }).where('name', '=', name).where('language', '=', '*').execute();
  const catalogue = async (who: Who) => {
    const res = await call(who, 'GET', '/api/packages');
    expect(res.statusCode).toBe(200);
    return res.json().packages as Array<Record<string, unknown> & { id: string; code: string }>;
  };
  const idOf = async (who: Who, code: string) => {
    const found = (await catalogue(who)).find((p) => p.code === code);
    if (!found) throw new Error(`no package ${code}`);
    return found.id;
  };
  const subscription = async (who: Who) => (await call(who, 'GET', '/api/packages/subscription')).json();
  const order = async (who: Who, code: string, number = SUCCEEDS, key = randomUUID(), extra: object = {}) =>
    call(who, 'POST', '/api/packages/orders', { packageId: await idOf(who, code), idempotencyKey: key, payment: newCard(number), ...extra });
  const buy = async (who: Who, code: string) => {
    const res = await order(who, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('COMPLETED');
    return res.json();
  };
  const setUsed = (who: Who, bytes: number) =>
    t.database.db.updateTable('account').set({ used_bytes: bytes }).where('id', '=', who.accountId).execute();
  const authorities = async (who: Who) => ((await call(who, 'GET', '/api/account/authority')).json() as Array<{ type: string }>).map((a) => a.type);
  /** Runs the renewal schedule now, through the job queue, as its 10-minute occurrence would. */
  const renew = async () => {
    await t.database.db.updateTable('job').set({ run_at: 0 }).where('type', '=', 'packages.renew').where('status', '=', 'queued').execute();
    await t.app.jobs.runDue();
  };
  const paymentsOf = (who: Who) =>
    t.database.db.selectFrom('package_order').selectAll().where('account_id', '=', who.accountId).orderBy('created_at').execute();

  describe('catalogue', () => {
    afterAll(async () => {
      await setConfig('package_types', 'STORAGE,FAMILY');
      await setConfig('packages_discount_rate', '30');
      await setConfig('buyonegetonecampaign', 'false');
    });

    it('lists the seeded TRY packages with the remote-config discount on yearly plans', async () => {
      const me = await signUp(t);
      const list = await catalogue(me);
      expect(list.map((p) => p.code)).toEqual([
        'STORAGE_50GB_MONTHLY',
        'STORAGE_50GB_YEARLY',
        'STORAGE_100GB_MONTHLY',
        'STORAGE_100GB_YEARLY',
        'STORAGE_500GB_MONTHLY',
        'STORAGE_500GB_YEARLY',
        'STORAGE_1TB_MONTHLY',
        'STORAGE_1TB_YEARLY',
        'FAMILY_2TB_MONTHLY',
        'FAMILY_2TB_YEARLY',
      ]);
      expect(list[0]).toMatchObject({ storageBytes: 50 * GIB, period: 'MONTHLY', priceMinor: 2499, currency: 'TRY', discountRate: 0, discountedPriceMinor: 2499, type: 'STORAGE', family: false, buyOneGetOne: false });
      // packages_discount_rate is seeded at 30 %: 249.90 TL → 174.93 TL.
      expect(list[1]).toMatchObject({ period: 'YEARLY', priceMinor: 24_990, discountRate: 30, discountedPriceMinor: 17_493 });
      expect(list[8]).toMatchObject({ type: 'FAMILY', family: true, familyMemberCount: 5, premium: true, storageBytes: 2 * 1024 ** 4 });
    });

    it('package_types hides what it does not name, and the campaign flags follow remote config', async () => {
      const me = await signUp(t);
      await setConfig('package_types', 'STORAGE');
      await setConfig('packages_discount_rate', '10');
      await setConfig('buyonegetonecampaign', 'true');
      const list = await catalogue(me);
      expect(list).toHaveLength(8);
      expect(list.every((p) => p.type === 'STORAGE' && p.buyOneGetOne === true)).toBe(true);
      expect(list.find((p) => p.code === 'STORAGE_1TB_YEARLY')).toMatchObject({ discountRate: 10, discountedPriceMinor: 134_991 });
      // A hidden package cannot be quoted either.
      const family = await t.database.db.selectFrom('package').select('id').where('code', '=', 'FAMILY_2TB_MONTHLY').executeTakeFirstOrThrow();
      expectError(await call(me, 'POST', '/api/packages/quote', { packageId: family.id }), 404);
    });

    it('a new account has no subscription and the free quota', async () => {
      const me = await signUp(t);
      expect(await subscription(me)).toMatchObject({ status: 'NONE', package: null, quotaBytes: 5 * GIB, usedBytes: 0, usagePercent: 0, accountStatus: 'ACTIVE', familyRole: null });
      const quote = await call(me, 'POST', '/api/packages/quote', { packageId: await idOf(me, 'STORAGE_50GB_MONTHLY') });
      expect(quote.json()).toMatchObject({ action: 'PURCHASE', amountMinor: 2499, creditMinor: 0, currency: 'TRY', effectiveAt: new Date(now).toISOString() });
    });

    it('refuses bad input with 400 and unknown packages with 404', async () => {
      const me = await signUp(t);
      expectError(await call(me, 'POST', '/api/packages/quote', { packageId: 'nope' }), 400);
      expectError(await call(me, 'POST', '/api/packages/quote', { packageId: randomUUID() }), 404);
      expectError(await call(me, 'POST', '/api/packages/orders', { packageId: randomUUID(), idempotencyKey: 'x', payment: { type: 'WALLET' } }), 400);
      expectError(await call(me, 'GET', `/api/packages/orders/${randomUUID()}`), 404);
      expectError(await call(me, 'POST', '/api/packages/subscription/cancel'), 409, 'NO_ACTIVE_SUBSCRIPTION');
    });
  });

  describe('orders', () => {
    it('a purchase with a card that succeeds grows the quota at once', async () => {
      const me = await signUp(t);
      const res = await buy(me, 'STORAGE_500GB_MONTHLY');
      expect(res.payment).toMatchObject({ status: 'CAPTURED', amountMinor: 9999, currency: 'TRY', purposeKind: 'PACKAGE_ORDER' });
      const sub = await subscription(me);
      expect(sub).toMatchObject({
        status: 'ACTIVE',
        package: { code: 'STORAGE_500GB_MONTHLY' },
        quotaBytes: 500 * GIB,
        periodStart: new Date(now).toISOString(),
        periodEnd: new Date(Date.UTC(2027, 4, 1, 9)).toISOString(),
        renewsAt: new Date(Date.UTC(2027, 4, 1, 9)).toISOString(),
      });
      expect((await call(me, 'GET', '/api/account/usages')).json()['Quota-Bytes']).toBe(String(500 * GIB));
      expect(await authorities(me)).toContain('AUTH_PREMIUM_USER');
      const again = await call(me, 'GET', `/api/packages/orders/${res.orderId}`);
      expect(again.json()).toMatchObject({ orderId: res.orderId, status: 'COMPLETED', payment: { id: res.payment.id } });
    });

    it('a declined card fails the order and changes nothing', async () => {
      const me = await signUp(t);
      const res = await order(me, 'STORAGE_100GB_MONTHLY', INSUFFICIENT_FUNDS);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'FAILED', payment: { status: 'DECLINED', declineCode: 'INSUFFICIENT_FUNDS' } });
      expect(await subscription(me)).toMatchObject({ status: 'NONE', quotaBytes: 5 * GIB });
      expect(await authorities(me)).not.toContain('AUTH_PREMIUM_USER');
    });

    it('the same checkout submitted twice at once is one order and one charge', async () => {
      const me = await signUp(t);
      const key = randomUUID();
      const [a, b] = await Promise.all([order(me, 'STORAGE_50GB_MONTHLY', SUCCEEDS, key), order(me, 'STORAGE_50GB_MONTHLY', SUCCEEDS, key)]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      expect(a.json().orderId).toBe(b.json().orderId);
      expect(a.json().payment.id).toBe(b.json().payment.id);
      expect(await paymentsOf(me)).toHaveLength(1);
      const payments = await t.database.db.selectFrom('payment').select('id').where('account_id', '=', me.accountId).execute();
      expect(payments).toHaveLength(1);
      expect((await subscription(me)).quotaBytes).toBe(50 * GIB);
    });

    it('a 3-D Secure card completes the order after the challenge; a checkout superseded meanwhile is refunded', async () => {
      const me = await signUp(t);
      const first = await order(me, 'STORAGE_50GB_MONTHLY', THREE_DS);
      expect(first.json()).toMatchObject({ status: 'PENDING', actionUrl: expect.stringContaining('/api/payment/sandbox/3ds/') });
      expect((await subscription(me)).status).toBe('NONE');
      const answer = async (actionUrl: string, back = '/main/packages/payment?') => {
        const path = new URL(actionUrl, 'http://localhost').pathname;
        const page = await t.app.inject({ method: 'GET', url: path });
        const code = /data-testid="test-code">(\d+)</.exec(page.body)![1];
        const res = await t.app.inject({ method: 'POST', url: path, payload: { code } });
        expect(res.statusCode).toBe(303);
        expect(new URL(String(res.headers.location), 'http://localhost').pathname + '?').toBe(back);
      };
      const settled = async (orderId: string) => {
        for (let i = 0; i < 50; i++) {
          const res = (await call(me, 'GET', `/api/packages/orders/${orderId}`)).json();
          if (res.status !== 'PENDING' && res.payment.status !== 'REQUIRES_ACTION' && res.payment.status !== 'PENDING') return res;
          await t.app.jobs.runDue();
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error('order did not settle');
      };
      // The first challenge is left open; a new checkout (another card) supersedes it and completes. This one was
      // started in the mobile app's web view, so the provider's page sends the browser back there.
      const second = await order(me, 'STORAGE_100GB_MONTHLY', THREE_DS, randomUUID(), { returnTo: 'VIEW' });
      await answer(second.json().actionUrl, '/view/pack-payment?');
      expect(await settled(second.json().orderId)).toMatchObject({ status: 'COMPLETED', payment: { status: 'CAPTURED', amountMinor: 3999 } });
      expect(await subscription(me)).toMatchObject({ status: 'ACTIVE', package: { code: 'STORAGE_100GB_MONTHLY' }, quotaBytes: 100 * GIB });
      // The abandoned page is answered after all: the money goes back and the plan stays as it is.
      await answer(first.json().actionUrl);
      expect(await settled(first.json().orderId)).toMatchObject({ status: 'FAILED', payment: { status: 'REFUNDED' } });
      expect(await subscription(me)).toMatchObject({ package: { code: 'STORAGE_100GB_MONTHLY' }, quotaBytes: 100 * GIB });
    });

    it('a wallet payment completes the order when the code sent by SMS is confirmed', async () => {
      const me = await signUp(t);
      const res = await call(me, 'POST', '/api/packages/orders', {
        packageId: await idOf(me, 'STORAGE_100GB_MONTHLY'),
        idempotencyKey: randomUUID(),
        payment: { type: 'WALLET' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'PENDING', paycellTrxnId: expect.any(String), payment: { method: 'WALLET', status: 'AWAITING_CODE' } });
      expect((await subscription(me)).quotaBytes).toBe(5 * GIB);
      for (let i = 0; i < 10 && (await t.app.jobs.runDue()) > 0; i++);
      const code = lastCodeFor(t.dataDir, `+${me.user.countryCode}${me.user.phoneNumber}`);
      const confirmed = await call(me, 'POST', '/api/payment/wallet/confirm', { paycellTrxnId: res.json().paycellTrxnId, code });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await call(me, 'GET', `/api/packages/orders/${res.json().orderId}`)).json()).toMatchObject({ status: 'COMPLETED', paycellTrxnId: null });
      expect(await subscription(me)).toMatchObject({ status: 'ACTIVE', quotaBytes: 100 * GIB });
    });

    it('deleting the account removes its subscription and orders', async () => {
      const me = await signUp(t);
      await buy(me, 'STORAGE_50GB_MONTHLY');
      const res = await call(me, 'DELETE', '/api/account/delete', { password: me.user.password, confirmation: 'DELETE' });
      expect(res.statusCode).toBe(202);
      for (let i = 0; i < 100 && (await t.app.jobs.runDue()) > 0; i++);
      expect(await paymentsOf(me)).toEqual([]);
      expect(await t.database.db.selectFrom('subscription').selectAll().where('account_id', '=', me.accountId).execute()).toEqual([]);
    });

    it('two different checkouts at once end with one package paid once (the other refused or refunded)', async () => {
      const me = await signUp(t);
      const results = await Promise.all([order(me, 'STORAGE_50GB_MONTHLY'), order(me, 'STORAGE_50GB_MONTHLY'), order(me, 'STORAGE_50GB_MONTHLY')]);
      for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
      const kept = await t.database.db
        .selectFrom('payment')
        .select(['status'])
        .where('account_id', '=', me.accountId)
        .where('status', '=', 'CAPTURED')
        .execute();
      expect(kept).toHaveLength(1);
      expect((await paymentsOf(me)).filter((o) => o.status === 'COMPLETED')).toHaveLength(1);
      expect(await subscription(me)).toMatchObject({ status: 'ACTIVE', quotaBytes: 50 * GIB });
    });

    it.runIf(dialect === 'postgres')('a checkout that supersedes an order while its capture is being recorded waits for it, no deadlock', async () => {
      // The interleaving CI once hit: the capture had claimed the order and was about to update the account row when a
      // new checkout locked that row and tried to cancel the claimed order. Another transaction's uncommitted
      // subscription row holds the capture at exactly that point.
      const me = await signUp(t);
      const first = await order(me, 'STORAGE_50GB_MONTHLY', THREE_DS);
      const path = new URL(first.json().actionUrl, 'http://localhost').pathname;
      const code = /data-testid="test-code">(\d+)</.exec((await t.app.inject({ method: 'GET', url: path })).body)![1];
      // A deadline rather than a count of polls: on a loaded machine the second request takes seconds to reach its lock.
      const waiting = async (n: number) => {
        for (const until = Date.now() + 30_000; Date.now() < until; ) {
          const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db);
          if (Number(rows[0]?.n) >= n) return;
          await new Promise((r) => setTimeout(r, 25));
        }
        const { rows: seen } = await sql`select state, wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity where datname = current_database()`.execute(t.database.db);
        throw new Error(`fewer than ${n} transactions waiting for a lock: ${JSON.stringify(seen)}`);
      };
      // The row is in before the capture starts: were the capture first, the holder would wait on it instead.
      const packageId = await idOf(me, 'STORAGE_50GB_MONTHLY');
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let holding!: () => void;
      const held = new Promise<void>((r) => (holding = r));
      const holder = t.database.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('subscription')
            .values({ account_id: me.accountId, package_id: packageId, status: 'EXPIRED', period_start: 0, period_end: 0, period_price_minor: 0, currency: 'TRY', failed_attempts: 0, created_at: 0, updated_at: 0 })
            .execute();
          holding();
          await released;
          throw new Error('roll back');
        })
        .catch(() => holding()); // a failed insert goes on to fail in waiting(1), not to hang
      await held;
      const answered = t.app.inject({ method: 'POST', url: path, payload: { code } });
      await waiting(1);
      const second = order(me, 'STORAGE_100GB_MONTHLY');
      await waiting(2);
      release();
      await holder;
      const [challenge, res] = await Promise.all([answered, second]);
      expect(challenge.statusCode).toBe(303);
      expect([200, 409], res.body).toContain(res.statusCode);
      // The capture was recorded at once (a deadlock victim would leave it to the reconciler), and it was applied.
      const captured = await t.database.db.selectFrom('payment').select('status').where('id', '=', first.json().payment.id).executeTakeFirstOrThrow();
      expect(captured.status).toBe('CAPTURED');
      expect((await paymentsOf(me)).find((o) => o.id === first.json().orderId)).toMatchObject({ status: 'COMPLETED' });
      expect(await subscription(me)).toMatchObject({ status: 'ACTIVE', quotaBytes: (res.statusCode === 200 ? 100 : 50) * GIB });
    });

    it("another account's order is not found", async () => {
      const [me, other] = [await signUp(t), await signUp(t)];
      const res = await buy(me, 'STORAGE_50GB_MONTHLY');
      expectError(await call(other, 'GET', `/api/packages/orders/${res.orderId}`), 404);
    });

    it("pays with the caller's saved card, and refuses another account's card with 404 and no order", async () => {
      const [me, other] = [await signUp(t), await signUp(t)];
      const saved = await call(me, 'POST', '/api/payment/cards', { card: { ...CARD, number: SUCCEEDS }, paymentType: 3 });
      expect(saved.statusCode, saved.body).toBe(200);
      const packageId = await idOf(me, 'STORAGE_50GB_MONTHLY');
      const theirs = await call(other, 'POST', '/api/packages/orders', { packageId, idempotencyKey: randomUUID(), payment: { type: 'SAVED_CARD', cardId: saved.json().id } });
      expectError(theirs, 404);
      expect(await paymentsOf(other)).toEqual([]);
      const mine = await call(me, 'POST', '/api/packages/orders', { packageId, idempotencyKey: randomUUID(), payment: { type: 'SAVED_CARD', cardId: saved.json().id } });
      expect(mine.json()).toMatchObject({ status: 'COMPLETED', payment: { status: 'CAPTURED', cardMask: expect.stringContaining('4242') } });
    });

    it('an upgrade is charged the new price less the unused part of the period, exactly', async () => {
      const me = await signUp(t);
      await buy(me, 'STORAGE_50GB_MONTHLY'); // 1 April → 1 May: 30 days for 24.99 TL
      now += 12 * DAY; // 18 days left: credit 2499 × 18/30 = 1499.4 → 1499 kuruş
      const packageId = await idOf(me, 'STORAGE_100GB_MONTHLY');
      const quote = (await call(me, 'POST', '/api/packages/quote', { packageId })).json();
      expect(quote).toMatchObject({ action: 'UPGRADE', creditMinor: 1499, amountMinor: 3999 - 1499 });
      const res = await call(me, 'POST', '/api/packages/orders', { packageId, idempotencyKey: randomUUID(), payment: newCard(SUCCEEDS) });
      expect(res.json()).toMatchObject({ status: 'COMPLETED', payment: { amountMinor: 2500 } });
      expect(await subscription(me)).toMatchObject({
        package: { code: 'STORAGE_100GB_MONTHLY' },
        quotaBytes: 100 * GIB,
        periodStart: new Date(now).toISOString(),
        periodEnd: new Date(addPeriods(now, 'MONTHLY', 1)).toISOString(),
      });
      // A smaller package is not an order: it waits for the renewal.
      const down = await call(me, 'POST', '/api/packages/orders', { packageId: await idOf(me, 'STORAGE_50GB_MONTHLY'), idempotencyKey: randomUUID(), payment: newCard(SUCCEEDS) });
      expectError(down, 409, 'USE_DOWNGRADE');
    });

    it('the buy-one-get-one campaign gives a first purchase two periods', async () => {
      const me = await signUp(t);
      await setConfig('buyonegetonecampaign', 'true');
      try {
        const res = await buy(me, 'STORAGE_100GB_MONTHLY');
        expect(res.payment.amountMinor).toBe(3999);
        expect((await subscription(me)).periodEnd).toBe(new Date(Date.UTC(2027, 5, 1, 9)).toISOString());
      } finally {
        await setConfig('buyonegetonecampaign', 'false');
      }
    });
  });

  describe('plan changes and renewal', () => {
    it('a downgrade is refused while usage exceeds the smaller quota, else applied at the renewal', async () => {
      const me = await signUp(t);
      await buy(me, 'STORAGE_100GB_MONTHLY');
      const packageId = await idOf(me, 'STORAGE_50GB_MONTHLY');
      await setUsed(me, 60 * GIB);
      expectError(await call(me, 'POST', '/api/packages/subscription/downgrade', { packageId }), 409, 'USAGE_EXCEEDS_QUOTA');
      expect((await subscription(me)).pendingPackage).toBeNull();
      await setUsed(me, 10 * GIB);
      const res = await call(me, 'POST', '/api/packages/subscription/downgrade', { packageId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ package: { code: 'STORAGE_100GB_MONTHLY' }, pendingPackage: { code: 'STORAGE_50GB_MONTHLY' }, quotaBytes: 100 * GIB });
      now = Date.UTC(2027, 4, 1, 9, 5);
      await renew();
      const orders = await paymentsOf(me);
      expect(orders.at(-1)).toMatchObject({ kind: 'RENEWAL', status: 'COMPLETED', amount_minor: 2499 });
      expect(await subscription(me)).toMatchObject({
        status: 'ACTIVE',
        package: { code: 'STORAGE_50GB_MONTHLY' },
        pendingPackage: null,
        quotaBytes: 50 * GIB,
        periodStart: new Date(Date.UTC(2027, 4, 1, 9)).toISOString(),
        periodEnd: new Date(Date.UTC(2027, 5, 1, 9)).toISOString(),
      });
    });

    it('a cancelled package runs to the end of its period, then the account has the free quota', async () => {
      const me = await signUp(t);
      await buy(me, 'STORAGE_500GB_MONTHLY');
      const cancelled = await call(me, 'POST', '/api/packages/subscription/cancel');
      expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', renewsAt: null, quotaBytes: 500 * GIB });
      expect((await call(me, 'POST', '/api/packages/subscription/resume')).json()).toMatchObject({ status: 'ACTIVE' });
      await call(me, 'POST', '/api/packages/subscription/cancel');
      now = Date.UTC(2027, 3, 20);
      await renew();
      expect((await subscription(me)).status).toBe('CANCELLED');
      now = Date.UTC(2027, 4, 1, 9, 1);
      await renew();
      expect(await subscription(me)).toMatchObject({ status: 'EXPIRED', quotaBytes: 5 * GIB, accountStatus: 'ACTIVE' });
      expect(await authorities(me)).not.toContain('AUTH_PREMIUM_USER');
      expect(await paymentsOf(me)).toHaveLength(1);
      expectError(await call(me, 'POST', '/api/packages/subscription/resume'), 409, 'NOT_CANCELLED');
    });

    it('a failed renewal starts grace, retries daily, ends read-only, and a payment makes the account active again', async () => {
      const me = await signUp(t);
      await buy(me, 'STORAGE_500GB_MONTHLY');
      // The renewal card: a saved card that is declined, made the default.
      const saved = await call(me, 'POST', '/api/payment/cards', { card: { ...CARD, number: INSUFFICIENT_FUNDS }, paymentType: 3 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call(me, 'PUT', `/api/payment/cards/${saved.json().id}/default`)).statusCode).toBe(200);
      await setUsed(me, 8 * GIB);

      now = Date.UTC(2027, 4, 1, 9, 5);
      await renew();
      const graceUntil = now + 7 * DAY;
      expect(await subscription(me)).toMatchObject({ status: 'GRACE', graceUntil: new Date(graceUntil).toISOString(), quotaBytes: 500 * GIB, accountStatus: 'ACTIVE' });
      expect((await call(me, 'GET', '/api/account/info')).json().graceUntil).toBe(new Date(graceUntil).toISOString());

      now += 2 * 3600_000; // not a day yet: no new attempt
      await renew();
      expect((await paymentsOf(me)).filter((o) => o.kind === 'RENEWAL')).toHaveLength(1);
      now += DAY;
      await renew();
      expect((await paymentsOf(me)).filter((o) => o.kind === 'RENEWAL' && o.status === 'FAILED')).toHaveLength(2);
      expect((await subscription(me)).status).toBe('GRACE');

      now = graceUntil + 1000;
      await renew();
      expect(await subscription(me)).toMatchObject({ status: 'EXPIRED', quotaBytes: 5 * GIB, accountStatus: 'READ_ONLY', graceUntil: null });
      expect((await call(me, 'GET', '/api/account/info')).json()).toMatchObject({ status: 'READ_ONLY', graceUntil: null });
      expectError(await filesApi(t, me.token).createFolder('More'), 403, 'ACCOUNT_READ_ONLY');

      await buy(me, 'STORAGE_100GB_MONTHLY');
      expect(await subscription(me)).toMatchObject({ status: 'ACTIVE', quotaBytes: 100 * GIB, accountStatus: 'ACTIVE' });
      expect((await filesApi(t, me.token).createFolder('More')).statusCode).toBe(200);
    });

    it('a renewal without a saved card is a failed attempt: grace, with the plan kept', async () => {
      const me = await signUp(t);
      const res = await call(me, 'POST', '/api/packages/orders', {
        packageId: await idOf(me, 'STORAGE_50GB_MONTHLY'),
        idempotencyKey: randomUUID(),
        payment: newCard(SUCCEEDS, false),
      });
      expect(res.json().status).toBe('COMPLETED');
      now = Date.UTC(2027, 4, 1, 9, 1);
      await renew();
      await renew();
      expect(await subscription(me)).toMatchObject({ status: 'GRACE', quotaBytes: 50 * GIB, graceUntil: new Date(now + 7 * DAY).toISOString() });
      expect((await paymentsOf(me)).filter((o) => o.kind === 'RENEWAL')).toMatchObject([{ status: 'FAILED', amount_minor: 2499 }]);
      // Cancelling during grace ends the plan at once.
      expect((await call(me, 'POST', '/api/packages/subscription/cancel')).json()).toMatchObject({ status: 'EXPIRED', quotaBytes: 5 * GIB, graceUntil: null });
    });

    it('plan listeners hear a family purchase and the end of the plan, inside the transaction', async () => {
      const me = await signUp(t);
      const heard: Array<{ accountId: string; plan: PlanChange; quotaInTrx: number }> = [];
      const stop = planListeners.onPlanChanged(async (trx, accountId, plan) => {
        if (accountId !== me.accountId) return;
        const row = await trx.selectFrom('account').select('quota_bytes').where('id', '=', accountId).executeTakeFirstOrThrow();
        heard.push({ accountId, plan, quotaInTrx: Number(row.quota_bytes) });
      });
      try {
        await buy(me, 'FAMILY_2TB_MONTHLY');
        await call(me, 'POST', '/api/packages/subscription/cancel');
        now = Date.UTC(2027, 4, 2);
        await renew();
      } finally {
        stop();
      }
      const familyId = await idOf(me, 'FAMILY_2TB_MONTHLY');
      expect(heard).toEqual([
        { accountId: me.accountId, plan: { packageId: familyId, family: true, familyMemberCount: 5, quotaBytes: 2 * 1024 ** 4, premium: true }, quotaInTrx: 2 * 1024 ** 4 },
        { accountId: me.accountId, plan: { packageId: null, family: false, familyMemberCount: 0, quotaBytes: 5 * GIB, premium: false }, quotaInTrx: 5 * GIB },
      ]);
      expect(await getSubscriptionOf(t.database.db, me.accountId)).toMatchObject({ status: 'EXPIRED', family: true, packageId: familyId });
    });

    it('a read-only account becomes active as soon as deleting files makes its usage fit', async () => {
      const me = await signUp(t);
      const big = await addFile(t, me.accountId, 'big.bin', { bytes: 6 * GIB });
      await t.database.db.updateTable('account').set({ status: 'READ_ONLY' }).where('id', '=', me.accountId).execute();
      const files = filesApi(t, me.token);
      expect((await files.trash([big.id])).statusCode).toBe(200);
      expect((await subscription(me)).accountStatus).toBe('READ_ONLY');
      expect((await files.emptyTrash()).statusCode).toBe(200);
      expect(await subscription(me)).toMatchObject({ accountStatus: 'ACTIVE', usedBytes: 0 });
    });
  });
});
