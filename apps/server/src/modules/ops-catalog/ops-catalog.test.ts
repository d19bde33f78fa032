import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../shared/errors.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { businessDay } from '../payment/payment.reconciliation.js';
import { OpsCatalogService, type AuditEntry } from './ops-catalog.service.js';

const CARD = { number: '4242424242424242', expiryMonth: 12, expiryYear: 2035, cvc: '123', holderName: 'Ayşe Yılmaz' };
const MONTHLY_50 = '5b0a1c8e-0050-4a01-8000-000000000001';
const REASON = 'Ticket 4711: customer asked';

/** The error a service call fails with (status and field are what the console shows). */
async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a failure');
}

describe.each(DIALECTS)('ops catalog (%s)', (dialect) => {
  let t: TestApp;
  let ops: OpsCatalogService;
  let now = Date.UTC(2027, 3, 1, 9, 0, 0);
  const clock = () => now;
  const audited: AuditEntry[] = [];
  const operator: OperatorContext = { operatorId: randomUUID(), sessionId: randomUUID(), role: 'admin', email: 'finance@bulut.example', ip: '127.0.0.1' };

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    ops = new OpsCatalogService({
      db: t.database.db,
      payments: t.app.payments,
      clock,
      // Writes nothing of its own: it keeps what the service recorded, inside the change's transaction.
      audit: async (_trx, entry) => {
        audited.push(entry);
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = Date.UTC(2027, 3, 1, 9, 0, 0);
  });

  type Who = Awaited<ReturnType<typeof signUp>>;
  const buy = async (who: Who, packageId = MONTHLY_50) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packages/orders',
      headers: authed(who.token),
      payload: { packageId, idempotencyKey: randomUUID(), payment: { type: 'NEW_CARD', card: CARD, saveCard: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('COMPLETED');
    return res.json().orderId as string;
  };
  const payments = (accountId: string) => t.database.db.selectFrom('payment').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
  const invoices = (accountId: string) => t.database.db.selectFrom('invoice').selectAll().where('account_id', '=', accountId).orderBy('number').execute();
  const subscriptionRow = (accountId: string) => t.database.db.selectFrom('subscription').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
  const renew = async () => {
    await t.database.db.updateTable('job').set({ run_at: 0 }).where('type', '=', 'packages.renew').where('status', '=', 'queued').execute();
    await t.app.jobs.runDue();
  };
  const planBody = async (id: string) => {
    const plan = (await ops.listPlans()).find((p) => p.id === id)!;
    const { id: _id, code: _code, sort: _sort, ...body } = plan;
    return { ...body, reason: REASON };
  };

  describe('plans', () => {
    it('lists the catalogue with names in all 11 languages, seats and premium features', async () => {
      const plans = await ops.listPlans();
      expect(plans).toHaveLength(10);
      const family = plans.find((p) => p.code === 'FAMILY_2TB_MONTHLY')!;
      expect(family).toMatchObject({ familySeats: 5, visible: true, period: 'MONTHLY', priceMinor: 24_999, currency: 'TRY' });
      expect(family.features).toEqual(['FACE_RECOGNITION', 'PEOPLE_STORIES', 'STYLED_PHOTOS_PLUS']);
      expect(family.names).toMatchObject({ tr: '2 TB aile', en: '2 TB family', ar: 'عائلة 2 TB' });
      expect(Object.values(family.names).every((n) => n.length > 0)).toBe(true);
      expect(plans.find((p) => p.code === 'STORAGE_50GB_MONTHLY')!.features).toEqual([]);
    });

    it('a price change leaves the paid period alone and is charged and invoiced from the next renewal', async () => {
      const who = await signUp(t);
      await buy(who);
      const bought = await subscriptionRow(who.accountId);
      expect(Number(bought.period_price_minor)).toBe(2_499);

      now += 10 * 86_400_000;
      const updated = await ops.updatePlan(operator, MONTHLY_50, { ...(await planBody(MONTHLY_50)), priceMinor: 2_999 });
      expect(updated.priceMinor).toBe(2_999);
      expect(audited.at(-1)).toMatchObject({ action: 'plan.update', targetKind: 'plan', targetId: MONTHLY_50, reason: REASON, before: { priceMinor: 2_499 }, after: { priceMinor: 2_999 } });

      // The current period: same price, same end, no charge, no invoice.
      const during = await subscriptionRow(who.accountId);
      expect(Number(during.period_price_minor)).toBe(2_499);
      expect(Number(during.period_end)).toBe(Number(bought.period_end));
      await renew();
      expect(await payments(who.accountId)).toHaveLength(1);
      expect((await invoices(who.accountId)).map((i) => Number(i.total_minor))).toEqual([2_499]);

      // The renewal charges the catalogue as it is then.
      now = Number(bought.period_end) + 60_000;
      await renew();
      const paid = await payments(who.accountId);
      expect(paid.map((p) => [Number(p.amount_minor), p.status])).toEqual([
        [2_499, 'CAPTURED'],
        [2_999, 'CAPTURED'],
      ]);
      expect((await invoices(who.accountId)).map((i) => Number(i.total_minor))).toEqual([2_499, 2_999]);
      const renewed = await subscriptionRow(who.accountId);
      expect(Number(renewed.period_price_minor)).toBe(2_999);
      expect(Number(renewed.period_start)).toBe(Number(bought.period_end));

      await ops.updatePlan(operator, MONTHLY_50, { ...(await planBody(MONTHLY_50)), priceMinor: 2_499 });
    });

    it('refuses features that are not all or none and unknown plans; a new hidden plan is not offered', async () => {
      const body = await planBody(MONTHLY_50);
      const before = audited.length;
      const partial = await failure(ops.updatePlan(operator, MONTHLY_50, { ...body, priceMinor: 1, features: ['FACE_RECOGNITION'] }));
      expect([partial.httpStatus, partial.status, partial.field]).toEqual([400, 'FEATURES_ALL_OR_NONE', 'features']);
      expect((await ops.listPlans()).find((p) => p.id === MONTHLY_50)!.priceMinor).toBe(2_499);
      expect((await failure(ops.updatePlan(operator, randomUUID(), body))).httpStatus).toBe(404);
      expect(audited.length).toBe(before);

      const created = await ops.createPlan(operator, { ...body, quotaBytes: 200 * 1024 ** 3, priceMinor: 5_999, visible: false });
      expect(created.code).toBe('STORAGE_200GB_MONTHLY');
      expect(audited.at(-1)).toMatchObject({ action: 'plan.create', targetId: created.id });
      const again = await ops.createPlan(operator, { ...body, quotaBytes: 200 * 1024 ** 3, priceMinor: 5_999, visible: false });
      expect(again.code).toBe('STORAGE_200GB_MONTHLY_2');
      const who = await signUp(t);
      const offered = (await t.app.inject({ method: 'GET', url: '/api/packages', headers: authed(who.token) })).json().packages as Array<{ id: string }>;
      expect(offered.map((p) => p.id)).not.toContain(created.id);
      await ops.updatePlan(operator, created.id, { ...body, quotaBytes: 200 * 1024 ** 3, priceMinor: 5_999, visible: true });
      const shown = (await t.app.inject({ method: 'GET', url: '/api/packages', headers: authed(who.token) })).json().packages as Array<{ id: string; priceMinor: number }>;
      expect(shown.find((p) => p.id === created.id)?.priceMinor).toBe(5_999);
    });
  });

  describe('remote configuration', () => {
    const read = (parameter: string) => t.app.inject({ method: 'GET', url: `/api/remoteconfig?client=3&parameter=${parameter}` });
    const versions = (name: string) => t.database.db.selectFrom('remote_config_version').selectAll().where('name', '=', name).execute();

    it('lists every seeded key with its type, bounds and values', async () => {
      const keys = await ops.listConfig();
      const byName = new Map(keys.map((k) => [k.name, k]));
      expect(byName.get('max_select_count')).toMatchObject({ type: 'integer', min: 1, max: 10000, values: [{ language: '*', value: '500' }] });
      expect(byName.get('show_download_app')).toMatchObject({ type: 'boolean', values: [{ language: '*', value: 'true' }] });
      expect(byName.get('package_types')).toMatchObject({ type: 'enum', allowed: ['STORAGE,FAMILY', 'STORAGE', 'FAMILY'] });
      expect(byName.get('kvkk_toggle_text')!.values.map((v) => v.language).sort()).toEqual(['*', 'tr'].concat(byName.get('kvkk_toggle_text')!.values.map((v) => v.language).filter((l) => l !== '*' && l !== 'tr')).sort());
      expect(keys.every((k) => k.updatedAt !== null)).toBe(true);
    });

    it('refuses a wrong type, an out-of-range number, an unknown enum value or key with 4xx, changing nothing', async () => {
      const before = await versions('max_select_count');
      const cases: Array<[string, string | number | boolean, number, string]> = [
        ['max_select_count', 'many', 400, 'INVALID_VALUE'],
        ['max_select_count', 1.5 as unknown as number, 400, 'INVALID_VALUE'],
        ['max_select_count', 0, 400, 'VALUE_OUT_OF_RANGE'],
        ['max_select_count', '10001', 400, 'VALUE_OUT_OF_RANGE'],
        ['show_download_app', 'yes', 400, 'INVALID_VALUE'],
        ['package_types', 'GOLD', 400, 'VALUE_NOT_ALLOWED'],
        ['packages_discount_rate', 101, 400, 'VALUE_OUT_OF_RANGE'],
        ['no_such_key', 'x', 404, 'NOT_FOUND'],
      ];
      for (const [name, value, http, status] of cases) {
        const err = await failure(ops.updateConfig(operator, name, { language: '*', value, reason: REASON }));
        expect([name, err.httpStatus, err.status], String(value)).toEqual([name, http, status]);
      }
      expect((await read('max_select_count')).json().value).toBe('500');
      expect((await read('package_types')).json().value).toBe('STORAGE,FAMILY');
      expect(await versions('max_select_count')).toHaveLength(before.length);
    });

    it('a change is served at once (never cached), kept as a version, and rolled back as a new version', async () => {
      const seed = (await ops.configHistory('max_select_count')).at(-1)!;
      expect(seed).toMatchObject({ value: '500', operatorId: null });

      const change = await ops.updateConfig(operator, 'max_select_count', { language: '*', value: 250, reason: REASON });
      expect(change).toMatchObject({ before: '500', after: '250', changed: true });
      const served = await read('max_select_count');
      expect(served.json().value).toBe('250');
      expect(served.headers['cache-control']).toBe('no-store');
      expect(audited.at(-1)).toMatchObject({ action: 'config.update', targetKind: 'config', targetId: 'max_select_count', before: { value: '500' }, after: { value: '250' } });

      await ops.updateConfig(operator, 'max_select_count', { language: '*', value: '300', reason: 'Second try' });
      const history = await ops.configHistory('max_select_count');
      expect(history.map((v) => v.value)).toEqual(['300', '250', '500']);
      expect(history[0]).toMatchObject({ operatorId: operator.operatorId, operatorEmail: operator.email, reason: 'Second try', language: '*' });

      const rolled = await ops.rollbackConfig(operator, 'max_select_count', { versionId: seed.id, reason: 'Back to the default' });
      expect(rolled).toMatchObject({ before: '300', after: '500', changed: true });
      expect((await read('max_select_count')).json().value).toBe('500');
      const after = await ops.configHistory('max_select_count');
      expect(after.map((v) => v.value)).toEqual(['500', '300', '250', '500']);
      expect(after[0]).toMatchObject({ rolledBackFrom: seed.id, reason: 'Back to the default' });
      expect(audited.at(-1)).toMatchObject({ action: 'config.rollback', targetId: 'max_select_count' });

      expect((await failure(ops.rollbackConfig(operator, 'show_download_app', { versionId: seed.id, reason: REASON }))).httpStatus).toBe(404);
    });

    it('a language override is its own value and version', async () => {
      await ops.updateConfig(operator, 'show_download_app', { language: 'de', value: false, reason: REASON });
      const de = await t.app.inject({ method: 'GET', url: '/api/remoteconfig?client=3&parameter=show_download_app', headers: { 'x-client-language': 'de' } });
      expect(de.json().value).toBe('false');
      expect((await read('show_download_app')).json().value).toBe('true');
      expect((await ops.configHistory('show_download_app'))[0]).toMatchObject({ language: 'de', value: 'false' });
    });
  });

  describe('orders and refunds', () => {
    it('finds an order by id, subscriber, phone, invoice number and card last four, with no card number beyond it', async () => {
      const who = await signUp(t);
      const orderId = await buy(who);
      const [invoice] = await invoices(who.accountId);
      for (const q of [orderId, who.accountId, who.user.email.toUpperCase(), `+90${who.user.phoneNumber}`, who.user.phoneNumber, invoice!.number, '4242']) {
        const found = await ops.searchOrders(q);
        expect(found.map((o) => o.id), q).toContain(orderId);
      }
      expect(await ops.searchOrders('9999')).not.toContainEqual(expect.objectContaining({ id: orderId }));
      const detail = await ops.getOrder(orderId);
      expect(detail).toMatchObject({ order: { id: orderId, amountMinor: 2_499, status: 'COMPLETED' }, refundableMinor: 2_499, subscriber: { id: who.accountId } });
      expect(detail.payment!.cardMask).toBe('**** **** **** 4242');
      expect(JSON.stringify(detail)).not.toContain('4242424242424242');
      expect(detail.invoices.map((i) => [i.kind, i.totalMinor])).toEqual([['INVOICE', 2_499]]);
      expect((await failure(ops.getOrder(randomUUID()))).httpStatus).toBe(404);
    });

    it('partial refunds reach the sandbox ledger with refund invoices, once per request; an over-refund is refused', async () => {
      const who = await signUp(t);
      const orderId = await buy(who);
      const [payment] = await payments(who.accountId);
      const key = randomUUID();

      const first = await ops.refundOrder(operator, orderId, { amountMinor: 1_000, reason: 'Double charge', idempotencyKey: key });
      expect(first.payment).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedMinor: 1_000 });
      expect(first.refundableMinor).toBe(1_499);
      // The same request again (a double click, a retry): refunded once.
      const again = await ops.refundOrder(operator, orderId, { amountMinor: 1_000, reason: 'Double charge', idempotencyKey: key });
      expect(again.payment!.refundedMinor).toBe(1_000);
      // Without a key, the same order, amount, reason and operator is the same request.
      await ops.refundOrder(operator, orderId, { amountMinor: 1_000, reason: 'Goodwill' });
      await ops.refundOrder(operator, orderId, { amountMinor: 1_000, reason: 'Goodwill' });

      const sandbox = await t.database.db.selectFrom('sandbox_refund').selectAll().where('charge_id', '=', payment!.provider_ref!).orderBy('created_at').execute();
      expect(sandbox.map((r) => Number(r.amount_minor))).toEqual([1_000, 1_000]);
      const charge = await t.database.db.selectFrom('sandbox_charge').selectAll().where('id', '=', payment!.provider_ref!).executeTakeFirstOrThrow();
      expect(Number(charge.refunded_minor)).toBe(2_000);

      const over = await failure(ops.refundOrder(operator, orderId, { amountMinor: 500, reason: 'Too much' }));
      expect([over.httpStatus, over.status, over.field]).toEqual([409, 'REFUND_EXCEEDS_CAPTURED', 'amountMinor']);

      const detail = await ops.getOrder(orderId);
      expect(detail.payment).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedMinor: 2_000 });
      expect(detail.refundableMinor).toBe(499);
      expect(detail.refunds.map((r) => [r.amountMinor, r.status])).toEqual([
        [1_000, 'DONE'],
        [1_000, 'DONE'],
      ]);
      const original = detail.invoices.find((i) => i.kind === 'INVOICE')!;
      expect(detail.invoices.filter((i) => i.kind === 'REFUND').map((i) => [i.totalMinor, i.originalInvoiceId])).toEqual([
        [-1_000, original.id],
        [-1_000, original.id],
      ]);
      expect(audited.filter((a) => a.action === 'order.refund' && a.targetId === orderId).map((a) => a.accountId)).toEqual([who.accountId, who.accountId]);

      const full = await ops.refundOrder(operator, orderId, { amountMinor: 499, reason: 'The rest' });
      expect(full.payment).toMatchObject({ status: 'REFUNDED', refundedMinor: 2_499 });
      expect(full.refundableMinor).toBe(0);
    });

    it('a refund the provider does not answer stays pending, and the same request again finishes it once', async () => {
      const who = await signUp(t);
      const orderId = await buy(who);
      const provider = t.app.payments.provider;
      const original = provider.refund.bind(provider);
      provider.refund = () => Promise.reject(new Error('provider unreachable'));
      const key = randomUUID();
      try {
        const pending = await ops.refundOrder(operator, orderId, { amountMinor: 700, reason: 'Outage test', idempotencyKey: key });
        expect(pending.refunds.map((r) => [r.amountMinor, r.status])).toEqual([[700, 'PENDING']]);
        expect(pending.payment!.refundedMinor).toBe(0);
        expect(pending.refundableMinor).toBe(2_499 - 700);
      } finally {
        provider.refund = original;
      }
      const done = await ops.refundOrder(operator, orderId, { amountMinor: 700, reason: 'Outage test', idempotencyKey: key });
      expect(done.refunds.map((r) => [r.amountMinor, r.status])).toEqual([[700, 'DONE']]);
      expect(done.payment!.refundedMinor).toBe(700);
      expect(done.invoices.filter((i) => i.kind === 'REFUND').map((i) => i.totalMinor)).toEqual([-700]);
    });

    it('reconciles a day: both ledgers agree, then a difference on either side is listed', async () => {
      const who = await signUp(t);
      await buy(who);
      const [payment] = await payments(who.accountId);
      const date = new Date(Number(payment!.captured_at) + 3 * 3_600_000).toISOString().slice(0, 10);
      const { from, to } = businessDay(date);
      expect(Number(payment!.captured_at)).toBeGreaterThanOrEqual(from);
      expect(Number(payment!.captured_at)).toBeLessThan(to);

      const clean = await ops.reconciliation(date);
      expect(clean.ours).toEqual(clean.provider);
      expect(clean.ours.capturedMinor).toBeGreaterThanOrEqual(2_499);
      expect(clean.differences).toEqual([]);

      // The provider's ledger says another amount for our capture.
      await t.database.db.updateTable('sandbox_charge').set({ amount_minor: 2_500 }).where('id', '=', payment!.provider_ref!).execute();
      // And it refunded something we never recorded.
      await t.database.db.insertInto('sandbox_refund').values({ id: `re_${randomUUID()}`, charge_id: payment!.provider_ref!, idempotency_key: randomUUID(), amount_minor: 100, created_at: Date.now() }).execute();
      const dirty = await ops.reconciliation(date);
      expect(dirty.differences).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'AMOUNT_MISMATCH', paymentId: payment!.id, oursMinor: 2_499, providerMinor: 2_500 }),
          expect.objectContaining({ kind: 'REFUND_MISSING_IN_OURS', providerMinor: 100 }),
        ]),
      );
      expect(dirty.provider.refundedMinor - dirty.ours.refundedMinor).toBe(100);
      await t.database.db.updateTable('sandbox_charge').set({ amount_minor: 2_499 }).where('id', '=', payment!.provider_ref!).execute();

      expect((await failure(ops.reconciliation('2026-02-30'))).httpStatus).toBe(400);
    });
  });
});
