import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authed, DIALECTS, expectError, readOutbox, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { getOrCreateSecret } from '../../infra/signing/url-signer.js';
import { newToken } from '../../shared/tokens.js';
import { ConfigError, loadConfig } from '../../config.js';
import type { AppError } from '../../shared/errors.js';
import { PurposeRejected, type PaymentEvent, type PaymentMethodInput, type PaymentView } from './payment.public.js';
import { SANDBOX_CARDS } from './sandbox/sandbox-provider.js';

const YEAR = new Date().getUTCFullYear();
const card = (number: string, over: Partial<{ expiryMonth: number; expiryYear: number; cvc: string; holderName: string }> = {}) => ({
  number,
  expiryMonth: 12,
  expiryYear: YEAR + 3,
  cvc: '123',
  holderName: 'Ayşe Yılmaz',
  ...over,
});
const newCard = (number: string, saveCard = false, over = {}): PaymentMethodInput => ({ type: 'NEW_CARD', card: card(number, over), saveCard });

describe.each(DIALECTS)('payment (%s)', (dialect) => {
  let t: TestApp;
  /** What the test purpose handler saw: it writes nothing, it only records. */
  const captured: PaymentView[] = [];
  const failed: PaymentView[] = [];
  const events: PaymentEvent[] = [];
  const rejectRefs = new Set<string>();
  let user: Awaited<ReturnType<typeof signUp>>;
  let phone: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.app.payments.registerPurpose('TEST', {
      onCaptured: async (trx, p) => {
        // Runs inside the capture's transaction: the row it sees is already CAPTURED.
        const row = await trx.selectFrom('payment').select('status').where('id', '=', p.id).executeTakeFirstOrThrow();
        expect(row.status).toBe('CAPTURED');
        if (rejectRefs.has(p.purposeRef)) throw new PurposeRejected('order cancelled');
        captured.push(p);
      },
      onFailed: async (_trx, p) => {
        failed.push(p);
      },
    });
    t.app.payments.onEvent(async (_trx, e) => {
      events.push(e);
    });
    user = await signUp(t);
    phone = `+${user.user.countryCode}${user.user.phoneNumber}`;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    captured.length = 0;
    failed.length = 0;
    events.length = 0;
  });

  const start = (method: PaymentMethodInput, over: Partial<{ accountId: string; amountMinor: number; idempotencyKey: string; purposeRef: string; currency: string }> = {}) =>
    t.app.payments.start({
      accountId: over.accountId ?? user.accountId,
      purposeKind: 'TEST',
      purposeRef: over.purposeRef ?? randomUUID(),
      amountMinor: over.amountMinor ?? 4999,
      currency: over.currency ?? 'TRY',
      description: '100 GB monthly',
      idempotencyKey: over.idempotencyKey ?? randomUUID(),
      method,
      returnUrl: '/main/packages/payment',
    });

  /** The newest 6-digit code sent by SMS to this phone after `since` messages. */
  async function smsCode(to: string, since: number): Promise<string> {
    for (let i = 0; i < 30; i++) {
      const msgs = readOutbox(t.dataDir).filter((m) => m.to === to);
      if (msgs.length > since) return msgs.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
      await t.app.jobs.runDue();
    }
    throw new Error(`no SMS to ${to}`);
  }
  /** Messages sent so far to this phone, once every queued one has gone (a code is then told apart from older ones). */
  async function smsCount(to: string): Promise<number> {
    for (let i = 0; i < 30 && (await t.app.jobs.runDue()) > 0; i++);
    return readOutbox(t.dataDir).filter((m) => m.to === to).length;
  }
  const chargesFor = (paymentId: string) => t.database.db.selectFrom('sandbox_charge').selectAll().where('merchant_ref', '=', paymentId).execute();
  const paymentCount = () => t.database.db.selectFrom('payment').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));

  async function signedCallback(body: Record<string, unknown>, secretOverride?: string) {
    const secret = secretOverride ?? (await getOrCreateSecret(t.database.db, 'payment_webhook', newToken()));
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/callback',
      headers: { 'content-type': 'application/json', 'x-bulut-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` },
      payload: raw,
    });
  }

  describe('sandbox card outcomes', () => {
    it.each([
      ['Visa success', SANDBOX_CARDS.success],
      ['Mastercard success', SANDBOX_CARDS.mastercard],
      ['TROY success', SANDBOX_CARDS.troy],
    ])('%s: captured at once, the purpose applied once in the same transaction, a CAPTURED event', async (_name, number) => {
      const { payment, actionUrl, paycellTrxnId } = await start(newCard(number));
      expect(payment).toMatchObject({ status: 'CAPTURED', declineCode: null, method: 'CARD', cardMask: `**** **** **** ${number.slice(-4)}`, amountMinor: 4999 });
      expect(payment.capturedAt).toEqual(expect.any(Number));
      expect(actionUrl).toBeNull();
      expect(paycellTrxnId).toBeNull();
      expect(captured.map((p) => p.id)).toEqual([payment.id]);
      expect(events.map((e) => [e.type, e.payment.id, e.payment.status])).toEqual([['CAPTURED', payment.id, 'CAPTURED']]);
      expect(await chargesFor(payment.id)).toHaveLength(1);
      const res = await t.app.inject({ method: 'GET', url: `/api/payment/payments/${payment.id}`, headers: authed(user.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: payment.id, status: 'CAPTURED', capturedAt: new Date(payment.capturedAt!).toISOString() });
    });

    it.each([
      ['insufficient funds', SANDBOX_CARDS.insufficientFunds, 'DECLINED', 'INSUFFICIENT_FUNDS'],
      ['stolen card', SANDBOX_CARDS.stolen, 'DECLINED', 'STOLEN_CARD'],
      ['expired card', SANDBOX_CARDS.expired, 'DECLINED', 'EXPIRED_CARD'],
      ['processing error', SANDBOX_CARDS.processingError, 'FAILED', 'PROCESSING_ERROR'],
    ])('%s: an answer, not an exception; the purpose is told it failed', async (_name, number, status, code) => {
      const { payment } = await start(newCard(number));
      expect(payment).toMatchObject({ status, declineCode: code, capturedAt: null });
      expect(captured).toEqual([]);
      expect(failed.map((p) => p.id)).toEqual([payment.id]);
      expect(events).toEqual([]);
    });

    it('a processing error is retryable with a new key', async () => {
      const ref = randomUUID();
      const first = await start(newCard(SANDBOX_CARDS.processingError), { purposeRef: ref });
      expect(first.payment.status).toBe('FAILED');
      const second = await start(newCard(SANDBOX_CARDS.success), { purposeRef: ref });
      expect(second.payment.status).toBe('CAPTURED');
    });
  });

  describe('card checks: 400 with the field, nothing recorded, nothing charged', () => {
    it.each([
      ['bad Luhn', card('4242424242424241'), 'INVALID_CARD_NUMBER', 'cardNumber'],
      ['letters', card('4242abcd42424242'), 'INVALID_CARD_NUMBER', 'cardNumber'],
      ['month 13', card(SANDBOX_CARDS.success, { expiryMonth: 13 }), 'INVALID_EXPIRY_MONTH', 'expiryMonth'],
      ['past year', card(SANDBOX_CARDS.success, { expiryYear: YEAR - 1 }), 'INVALID_EXPIRY_YEAR', 'expiryYear'],
      ['past month this year', card(SANDBOX_CARDS.success, { expiryYear: YEAR, expiryMonth: 0 }), 'INVALID_EXPIRY_MONTH', 'expiryMonth'],
      ['short CVC', card(SANDBOX_CARDS.success, { cvc: '12' }), 'INVALID_CVC', 'cvc'],
      ['letters in CVC', card(SANDBOX_CARDS.success, { cvc: '12a' }), 'INVALID_CVC', 'cvc'],
      ['empty name', card(SANDBOX_CARDS.success, { holderName: '   ' }), 'INVALID_HOLDER_NAME', 'holderName'],
    ])('%s', async (_name, c, status, field) => {
      const before = await paymentCount();
      const err = (await start({ type: 'NEW_CARD', card: c, saveCard: true }).catch((e: unknown) => e)) as AppError;
      expect(err).toMatchObject({ httpStatus: 400, status, field });
      expect(await paymentCount()).toBe(before);
      const res = await t.app.inject({ method: 'POST', url: '/api/payment/cards', headers: authed(user.token), payload: { card: c, paymentType: 3 } });
      expect(expectError(res, 400, status).field).toBe(field);
    });

    it('a card that expired last month is refused by the expiry month', async () => {
      const now = new Date();
      if (now.getUTCMonth() === 0) return; // January: last month is last year, covered by the year case
      const err = (await start(newCard(SANDBOX_CARDS.success, false, { expiryYear: YEAR, expiryMonth: now.getUTCMonth() })).catch((e: unknown) => e)) as AppError;
      expect(err).toMatchObject({ httpStatus: 400, status: 'CARD_EXPIRED', field: 'expiryMonth' });
    });

    it('amounts are positive whole minor units', async () => {
      for (const amountMinor of [0, -5, 10.5]) {
        const err = (await start(newCard(SANDBOX_CARDS.success), { amountMinor }).catch((e: unknown) => e)) as AppError;
        expect(err).toMatchObject({ httpStatus: 400, status: 'INVALID_AMOUNT', field: 'amountMinor' });
      }
    });
  });

  describe('3-D Secure', () => {
    async function challenge() {
      const before = await smsCount(phone);
      const started = await start(newCard(SANDBOX_CARDS.threeDSecure));
      expect(started.payment.status).toBe('REQUIRES_ACTION');
      expect(started.actionUrl).toMatch(/^\/api\/payment\/sandbox\/3ds\/[A-Za-z0-9_-]{43}$/);
      const page = await t.app.inject({ method: 'GET', url: started.actionUrl! });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      const testCode = page.body.match(/data-testid="test-code">(\d{6})</)![1]!;
      // The same code reached the cardholder's phone.
      expect(await smsCode(phone, before)).toBe(testCode);
      return { ...started, testCode };
    }

    it('the right code captures through the signed callback and sends the browser back with the payment id', async () => {
      const { payment, actionUrl, testCode } = await challenge();
      expect(captured).toEqual([]);
      const answer = await t.app.inject({
        method: 'POST',
        url: actionUrl!,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `code=${testCode}`,
      });
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(`/main/packages/payment?paymentId=${payment.id}`);
      const res = await t.app.inject({ method: 'GET', url: `/api/payment/payments/${payment.id}`, headers: authed(user.token) });
      expect(res.json()).toMatchObject({ status: 'CAPTURED', declineCode: null });
      expect(captured.map((p) => p.id)).toEqual([payment.id]);
      // Posting again changes nothing.
      await t.app.inject({ method: 'POST', url: actionUrl!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `code=${testCode}` });
      expect(captured).toHaveLength(1);
      expect(events).toHaveLength(1);
    });

    it('a wrong code declines THREE_DS_FAILED', async () => {
      const { payment, actionUrl, testCode } = await challenge();
      const wrong = testCode === '000000' ? '111111' : '000000';
      const answer = await t.app.inject({ method: 'POST', url: actionUrl!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `code=${wrong}` });
      expect(answer.statusCode).toBe(303);
      expect((await t.app.payments.get(user.accountId, payment.id))).toMatchObject({ status: 'DECLINED', declineCode: 'THREE_DS_FAILED' });
      expect(captured).toEqual([]);
      expect(failed.map((p) => p.id)).toEqual([payment.id]);
    });

    it('an unknown challenge is a 404 page', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/payment/sandbox/3ds/${newToken()}` });
      expect(res.statusCode).toBe(404);
    });

    it('off-session (renewal) a card that needs 3-D Secure is declined', async () => {
      const other = await signUp(t);
      const saved = await t.app.inject({ method: 'POST', url: '/api/payment/cards', headers: authed(other.token), payload: { card: card(SANDBOX_CARDS.threeDSecure), paymentType: 3 } });
      expect(saved.statusCode).toBe(200);
      const p = await t.app.payments.chargeSavedCardOffSession({ accountId: other.accountId, purposeKind: 'TEST', purposeRef: 'r', amountMinor: 100, currency: 'TRY', description: 'renewal', idempotencyKey: randomUUID() });
      expect(p).toMatchObject({ status: 'DECLINED', declineCode: 'AUTHENTICATION_REQUIRED' });
    });
  });

  describe('callbacks', () => {
    it('a tampered, unsigned or old callback is refused and changes nothing; a replay applies once', async () => {
      const { payment, actionUrl } = await start(newCard(SANDBOX_CARDS.threeDSecure));
      expect(actionUrl).not.toBeNull();
      const ref = (await chargesFor(payment.id))[0]!.id;
      const body = { eventId: `evt_${randomUUID()}`, timestamp: Date.now(), merchantRef: payment.id, providerRef: ref, status: 'CAPTURED', declineCode: null };
      expectError(await signedCallback(body, 'x'.repeat(40)), 401, 'INVALID_SIGNATURE');
      const unsigned = await t.app.inject({ method: 'POST', url: '/api/payment/callback', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expectError(unsigned, 401, 'INVALID_SIGNATURE');
      expectError(await signedCallback({ ...body, timestamp: Date.now() - 6 * 60_000 }), 400, 'STALE_CALLBACK');
      // Signed, then the body changed on the way.
      const secret = await getOrCreateSecret(t.database.db, 'payment_webhook', newToken());
      const raw = JSON.stringify(body);
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/api/payment/callback',
        headers: { 'content-type': 'application/json', 'x-bulut-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` },
        payload: raw.replace('"CAPTURED"', '"DECLINED"'),
      });
      expectError(tampered, 401, 'INVALID_SIGNATURE');
      expect((await t.app.payments.get(user.accountId, payment.id)).status).toBe('REQUIRES_ACTION');
      expect(captured).toEqual([]);

      const ok = await signedCallback(body);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await signedCallback(body)).toHaveProperty('statusCode', 200);
      expect(await signedCallback({ ...body, eventId: `evt_${randomUUID()}` })).toHaveProperty('statusCode', 200);
      expect((await t.app.payments.get(user.accountId, payment.id)).status).toBe('CAPTURED');
      expect(captured.map((p) => p.id)).toEqual([payment.id]);
      expect(events).toHaveLength(1);
    });
  });

  describe('idempotency', () => {
    it('the same key twice returns the first payment and charges once; another request with it is 409', async () => {
      const key = randomUUID();
      const ref = randomUUID();
      const a = await start(newCard(SANDBOX_CARDS.success), { idempotencyKey: key, purposeRef: ref });
      const b = await start(newCard(SANDBOX_CARDS.success), { idempotencyKey: key, purposeRef: ref });
      expect(b.payment).toEqual(a.payment);
      expect(captured).toHaveLength(1);
      const err = (await start(newCard(SANDBOX_CARDS.success), { idempotencyKey: key, purposeRef: ref, amountMinor: 5000 }).catch((e: unknown) => e)) as AppError;
      expect(err).toMatchObject({ httpStatus: 409, status: 'IDEMPOTENCY_KEY_REUSED' });
    });

    it('a concurrent double submit charges once', async () => {
      const key = randomUUID();
      const ref = randomUUID();
      const results = await Promise.all([1, 2, 3].map(() => start(newCard(SANDBOX_CARDS.success), { idempotencyKey: key, purposeRef: ref })));
      const ids = new Set(results.map((r) => r.payment.id));
      expect(ids.size).toBe(1);
      const [id] = [...ids];
      expect(await chargesFor(id!)).toHaveLength(1);
      expect(captured.map((p) => p.id)).toEqual([id]);
      expect((await t.app.payments.get(user.accountId, id!)).status).toBe('CAPTURED');
    });
  });

  describe('refunds', () => {
    it('partial then the rest; over-refund refused; the same key refunds once; REFUNDED events carry the refund', async () => {
      const { payment } = await start(newCard(SANDBOX_CARDS.success), { amountMinor: 10_000 });
      events.length = 0;
      const k1 = randomUUID();
      const partial = await t.app.payments.refund(payment.id, 2500, 'goodwill', k1);
      expect(partial).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedMinor: 2500 });
      expect(await t.app.payments.refund(payment.id, 2500, 'goodwill', k1)).toMatchObject({ refundedMinor: 2500 });
      const over = (await t.app.payments.refund(payment.id, 7501, 'too much', randomUUID()).catch((e: unknown) => e)) as AppError;
      expect(over).toMatchObject({ httpStatus: 409, status: 'REFUND_EXCEEDS_CAPTURED' });
      const rest = await t.app.payments.refund(payment.id, 7500, 'cancelled', randomUUID());
      expect(rest).toMatchObject({ status: 'REFUNDED', refundedMinor: 10_000 });
      const more = (await t.app.payments.refund(payment.id, 1, 'again', randomUUID()).catch((e: unknown) => e)) as AppError;
      expect(more).toMatchObject({ httpStatus: 409, status: 'PAYMENT_NOT_CAPTURED' });
      expect(events.map((e) => [e.type, e.refund?.amountMinor, e.payment.refundedMinor])).toEqual([
        ['REFUNDED', 2500, 2500],
        ['REFUNDED', 7500, 10_000],
      ]);
      const charge = (await chargesFor(payment.id))[0]!;
      expect(Number(charge.refunded_minor)).toBe(10_000);
    });

    it('concurrent refunds never exceed the payment', async () => {
      const { payment } = await start(newCard(SANDBOX_CARDS.success), { amountMinor: 10_000 });
      const results = await Promise.allSettled([1, 2, 3].map(() => t.app.payments.refund(payment.id, 4000, 'race', randomUUID())));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused.map((r) => (r.reason as AppError).status)).toEqual(['REFUND_EXCEEDS_CAPTURED']);
      expect(await t.app.payments.get(user.accountId, payment.id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedMinor: 8000 });
    });

    it('a declined payment cannot be refunded', async () => {
      const { payment } = await start(newCard(SANDBOX_CARDS.stolen));
      const err = (await t.app.payments.refund(payment.id, 1, 'x', randomUUID()).catch((e: unknown) => e)) as AppError;
      expect(err).toMatchObject({ httpStatus: 409, status: 'PAYMENT_NOT_CAPTURED' });
    });

    it('a capture its purpose rejects (order cancelled) is recorded and refunded in full', async () => {
      const ref = randomUUID();
      rejectRefs.add(ref);
      const { payment } = await start(newCard(SANDBOX_CARDS.success), { purposeRef: ref });
      expect(payment).toMatchObject({ status: 'REFUNDED', refundedMinor: 4999 });
      expect(captured).toEqual([]);
      expect(events.map((e) => e.type)).toEqual(['CAPTURED', 'REFUNDED']);
    });
  });

  describe('wallet', () => {
    it('the code sent by SMS confirms; a wrong one is 400 INVALID_CODE', async () => {
      const before = await smsCount(phone);
      const { payment, paycellTrxnId } = await start({ type: 'WALLET' });
      expect(payment).toMatchObject({ status: 'AWAITING_CODE', method: 'WALLET' });
      expect(paycellTrxnId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const code = await smsCode(phone, before);
      const wrong = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/confirm', headers: authed(user.token), payload: { paycellTrxnId, code: code === '000000' ? '111111' : '000000' } });
      expect(expectError(wrong, 400, 'INVALID_CODE').field).toBe('code');
      const ok = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/confirm', headers: authed(user.token), payload: { paycellTrxnId, code } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ id: payment.id, status: 'CAPTURED' });
      expect(captured.map((p) => p.id)).toEqual([payment.id]);
      // Confirming again answers the same, charges nothing more.
      const again = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/confirm', headers: authed(user.token), payload: { paycellTrxnId, code } });
      expect(again.json()).toMatchObject({ status: 'CAPTURED' });
      expect(captured).toHaveLength(1);
    });

    it('five wrong codes fail the payment', async () => {
      const { payment, paycellTrxnId } = await start({ type: 'WALLET' });
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/confirm', headers: authed(user.token), payload: { paycellTrxnId, code: 'abc' } });
        expectError(res, 400, 'INVALID_CODE');
      }
      expect(await t.app.payments.get(user.accountId, payment.id)).toMatchObject({ status: 'FAILED', declineCode: 'TOO_MANY_ATTEMPTS' });
      expect(failed.map((p) => p.id)).toEqual([payment.id]);
      const late = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/confirm', headers: authed(user.token), payload: { paycellTrxnId, code: '123456' } });
      expectError(late, 409, 'PAYMENT_NOT_PENDING');
    });

    it('a code is resent at most every 30 seconds', async () => {
      const { paycellTrxnId } = await start({ type: 'WALLET' });
      const res = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/resend', headers: authed(user.token), payload: { paycellTrxnId } });
      expectError(res, 429, 'TOO_MANY_REQUESTS');
    });

    it('an expired code is refused; a resent code works', async () => {
      const before = await smsCount(phone);
      const { payment, paycellTrxnId } = await start({ type: 'WALLET' });
      const code = await smsCode(phone, before);
      // Three minutes pass (the provider's clock is the wall clock: its row is aged instead).
      await t.database.db.updateTable('sandbox_challenge').set({ expires_at: Date.now() - 1 }).where('id', '=', paycellTrxnId!).execute();
      const expired = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/confirm', headers: authed(user.token), payload: { paycellTrxnId, code } });
      expectError(expired, 400, 'CODE_EXPIRED');
      const count = await smsCount(phone);
      const resend = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/resend', headers: authed(user.token), payload: { paycellTrxnId } });
      expect(resend.statusCode, resend.body).toBe(200);
      expect(resend.json()).toEqual({ expiresInSeconds: 180 });
      const fresh = await smsCode(phone, count);
      const ok = await t.app.inject({ method: 'POST', url: '/api/payment/wallet/confirm', headers: authed(user.token), payload: { paycellTrxnId, code: fresh } });
      expect(ok.json()).toMatchObject({ id: payment.id, status: 'CAPTURED' });
    });
  });

  describe('saved cards and MasterPass user kinds', () => {
    it('kind 3 with nothing, 2 with a vault used elsewhere, 1 once linked; default, expiry flags, delete', async () => {
      const u = await signUp(t);
      const ph = `+${u.user.countryCode}${u.user.phoneNumber}`;
      const list = () => t.app.inject({ method: 'GET', url: '/api/payment/cards', headers: authed(u.token) }).then((r) => r.json());
      expect(await list()).toEqual({ userKind: 3, cards: [] });
      // The subscriber's MasterPass account holds a card stored at another merchant.
      await t.database.db
        .insertInto('sandbox_card')
        .values({ token: `tok_${randomUUID()}`, merchant: 'other-merchant', customer_ref: ph, pan: SANDBOX_CARDS.success, brand: 'VISA', expiry_month: 1, expiry_year: YEAR + 2, holder_name: 'X', created_at: Date.now() })
        .execute();
      expect(await list()).toEqual({ userKind: 2, cards: [] });

      const first = await t.app.inject({ method: 'POST', url: '/api/payment/cards', headers: authed(u.token), payload: { card: card(SANDBOX_CARDS.mastercard), paymentType: 3 } });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ mask: '**** **** **** 4444', brand: 'MASTERCARD', isDefault: true, expired: false, expiresSoon: false });
      // Expires within masterpass_end_date_duration (8 months in the seed).
      const soon = new Date();
      soon.setUTCMonth(soon.getUTCMonth() + 2);
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/payment/cards',
        headers: authed(u.token),
        payload: { card: card(SANDBOX_CARDS.troy, { expiryMonth: soon.getUTCMonth() + 1, expiryYear: soon.getUTCFullYear() }), paymentType: 3 },
      });
      expect(second.json()).toMatchObject({ brand: 'TROY', isDefault: false, expiresSoon: true });
      const l = await list();
      expect(l.userKind).toBe(1);
      expect(l.cards.map((c: { id: string }) => c.id)).toEqual([first.json().id, second.json().id]);

      const def = await t.app.inject({ method: 'PUT', url: `/api/payment/cards/${second.json().id}/default`, headers: authed(u.token) });
      expect(def.json()).toMatchObject({ isDefault: true });
      expect((await list()).cards.map((c: { isDefault: boolean }) => c.isDefault)).toEqual([false, true]);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/payment/cards/${second.json().id}`, headers: authed(u.token) });
      expect(del.statusCode).toBe(204);
      expect((await list()).cards).toMatchObject([{ id: first.json().id, isDefault: true }]);

      // Renewals charge the default card off-session.
      const renewal = await t.app.payments.chargeSavedCardOffSession({ accountId: u.accountId, purposeKind: 'TEST', purposeRef: 'sub', amountMinor: 4999, currency: 'TRY', description: 'renewal', idempotencyKey: randomUUID() });
      expect(renewal).toMatchObject({ status: 'CAPTURED', cardMask: '**** **** **** 4444' });
      // A saved card pays on-session too.
      const paid = await start({ type: 'SAVED_CARD', cardId: first.json().id }, { accountId: u.accountId });
      expect(paid.payment).toMatchObject({ status: 'CAPTURED', cardMask: '**** **** **** 4444' });
    });

    it('a card saved with a payment appears once the payment is captured, and not at all when it is declined', async () => {
      const u = await signUp(t);
      const list = () => t.app.inject({ method: 'GET', url: '/api/payment/cards', headers: authed(u.token) }).then((r) => r.json());
      const declined = await start(newCard(SANDBOX_CARDS.insufficientFunds, true), { accountId: u.accountId });
      expect(declined.payment.status).toBe('DECLINED');
      expect((await list()).cards).toEqual([]);
      const ph = `+${u.user.countryCode}${u.user.phoneNumber}`;
      expect(await t.database.db.selectFrom('sandbox_card').select('token').where('customer_ref', '=', ph).execute()).toEqual([]);
      const ok = await start(newCard(SANDBOX_CARDS.success, true), { accountId: u.accountId });
      expect(ok.payment.status).toBe('CAPTURED');
      expect((await list()).cards).toMatchObject([{ mask: '**** **** **** 4242', isDefault: true }]);
    });

    it('renewals fall back to a live card when the default one has expired', async () => {
      const u = await signUp(t);
      const save = (number: string) =>
        t.app.inject({ method: 'POST', url: '/api/payment/cards', headers: authed(u.token), payload: { card: card(number), paymentType: 3 } }).then((r) => r.json());
      const first = await save(SANDBOX_CARDS.success);
      await save(SANDBOX_CARDS.mastercard);
      // Time passes: the default card's expiry is behind us.
      await t.database.db.updateTable('saved_card').set({ expiry_year: YEAR - 1 }).where('id', '=', first.id).execute();
      const cards = (await t.app.inject({ method: 'GET', url: '/api/payment/cards', headers: authed(u.token) })).json().cards;
      expect(cards.map((c: { expired: boolean; isDefault: boolean }) => [c.isDefault, c.expired])).toEqual([[true, true], [false, false]]);
      const renewal = await t.app.payments.chargeSavedCardOffSession({ accountId: u.accountId, purposeKind: 'TEST', purposeRef: 'sub', amountMinor: 999, currency: 'TRY', description: 'renewal', idempotencyKey: randomUUID() });
      expect(renewal).toMatchObject({ status: 'CAPTURED', cardMask: '**** **** **** 4444' });
      await t.database.db.updateTable('saved_card').set({ expiry_year: YEAR - 1 }).where('account_id', '=', u.accountId).execute();
      const none = await t.app.payments.chargeSavedCardOffSession({ accountId: u.accountId, purposeKind: 'TEST', purposeRef: 'sub', amountMinor: 999, currency: 'TRY', description: 'renewal', idempotencyKey: randomUUID() });
      expect(none).toMatchObject({ status: 'FAILED', declineCode: 'EXPIRED_CARD' });
      const onSession = await start({ type: 'SAVED_CARD', cardId: first.id }, { accountId: u.accountId }).catch((e: unknown) => e);
      expect(onSession).toMatchObject({ httpStatus: 400, status: 'CARD_EXPIRED', field: 'cardId' });
    });

    it('no saved card: an off-session charge is a FAILED payment, not an error', async () => {
      const u = await signUp(t);
      const p = await t.app.payments.chargeSavedCardOffSession({ accountId: u.accountId, purposeKind: 'TEST', purposeRef: 'sub', amountMinor: 4999, currency: 'TRY', description: 'renewal', idempotencyKey: randomUUID() });
      expect(p).toMatchObject({ status: 'FAILED', declineCode: 'NO_SAVED_CARD' });
    });
  });

  describe("another account's payment or card is a 404", () => {
    it('payment, card, wallet transaction', async () => {
      const other = await signUp(t);
      const { payment } = await start(newCard(SANDBOX_CARDS.success));
      const wallet = await start({ type: 'WALLET' });
      const savedCard = await t.app.inject({ method: 'POST', url: '/api/payment/cards', headers: authed(user.token), payload: { card: card(SANDBOX_CARDS.success), paymentType: 3 } });
      const cardId = savedCard.json().id as string;
      const as = authed(other.token);
      expectError(await t.app.inject({ method: 'GET', url: `/api/payment/payments/${payment.id}`, headers: as }), 404);
      expectError(await t.app.inject({ method: 'DELETE', url: `/api/payment/cards/${cardId}`, headers: as }), 404);
      expectError(await t.app.inject({ method: 'PUT', url: `/api/payment/cards/${cardId}/default`, headers: as }), 404);
      expectError(await t.app.inject({ method: 'POST', url: '/api/payment/wallet/confirm', headers: as, payload: { paycellTrxnId: wallet.paycellTrxnId, code: '123456' } }), 404);
      expectError(await t.app.inject({ method: 'POST', url: '/api/payment/wallet/resend', headers: as, payload: { paycellTrxnId: wallet.paycellTrxnId } }), 404);
      await expect(t.app.payments.get(other.accountId, payment.id)).rejects.toMatchObject({ httpStatus: 404 });
      const otherCard = await start({ type: 'SAVED_CARD', cardId }, { accountId: other.accountId }).catch((e: unknown) => e);
      expect(otherCard).toMatchObject({ httpStatus: 404 });
      // Unchanged for its owner.
      expect((await t.app.inject({ method: 'GET', url: '/api/payment/cards', headers: authed(user.token) })).json().cards.map((c: { id: string }) => c.id)).toContain(cardId);
      expect((await t.app.payments.get(user.accountId, wallet.payment.id)).status).toBe('AWAITING_CODE');
    });
  });

  describe('provider outages', () => {
    it('the card vault cannot be asked: user kind 0', async () => {
      const u = await signUp(t);
      vi.spyOn(t.app.payments.provider, 'listCards').mockRejectedValueOnce(new Error('ECONNREFUSED'));
      const res = await t.app.inject({ method: 'GET', url: '/api/payment/cards', headers: authed(u.token) });
      expect(res.json()).toEqual({ userKind: 0, cards: [] });
    });

    it('no answer from the provider: the payment stays open, and reconciliation settles it by what the provider did', async () => {
      const provider = t.app.payments.provider;
      const charge = provider.charge.bind(provider);
      // Never reached the provider / charged there but the answer was lost.
      vi.spyOn(provider, 'charge').mockRejectedValueOnce(new Error('ECONNRESET'));
      const unreached = await start(newCard(SANDBOX_CARDS.success));
      vi.spyOn(provider, 'charge').mockImplementationOnce(async (req) => {
        await charge(req);
        throw new Error('socket hang up');
      });
      const lost = await start(newCard(SANDBOX_CARDS.success));
      expect([unreached.payment.status, lost.payment.status]).toEqual(['PENDING', 'PENDING']);
      expect(captured).toEqual([]);
      await t.database.db.updateTable('payment').set({ created_at: Date.now() - 3 * 60_000 }).where('id', 'in', [unreached.payment.id, lost.payment.id]).execute();
      await t.app.payments.reconcile();
      expect(await t.app.payments.get(user.accountId, unreached.payment.id)).toMatchObject({ status: 'FAILED', declineCode: 'NOT_CHARGED' });
      expect((await t.app.payments.get(user.accountId, lost.payment.id)).status).toBe('CAPTURED');
      expect(captured.map((p) => p.id)).toEqual([lost.payment.id]);
    });
  });

  describe('reconciliation', () => {
    it('an abandoned 3-D Secure payment fails; a captured one whose confirmation was lost completes once', async () => {
      const abandoned = await start(newCard(SANDBOX_CARDS.threeDSecure));
      const lost = await start(newCard(SANDBOX_CARDS.threeDSecure));
      const challengeOf = async (id: string) => {
        const charge = (await chargesFor(id))[0]!;
        return t.database.db.selectFrom('sandbox_challenge').selectAll().where('charge_id', '=', charge.id).executeTakeFirstOrThrow();
      };
      // The challenge of the first runs out; the second is answered at the provider but its callback never arrives.
      await t.database.db.updateTable('sandbox_challenge').set({ expires_at: Date.now() - 1 }).where('id', '=', (await challengeOf(abandoned.payment.id)).id).execute();
      await t.database.db.updateTable('sandbox_charge').set({ status: 'CAPTURED' }).where('merchant_ref', '=', lost.payment.id).execute();
      // Younger than two minutes: left alone.
      await t.app.payments.reconcile();
      expect((await t.app.payments.get(user.accountId, lost.payment.id)).status).toBe('REQUIRES_ACTION');
      await t.database.db.updateTable('payment').set({ created_at: Date.now() - 3 * 60_000 }).where('id', 'in', [abandoned.payment.id, lost.payment.id]).execute();
      await t.app.payments.reconcile();
      expect(await t.app.payments.get(user.accountId, abandoned.payment.id)).toMatchObject({ status: 'FAILED', declineCode: 'ABANDONED' });
      expect((await t.app.payments.get(user.accountId, lost.payment.id)).status).toBe('CAPTURED');
      await t.app.payments.reconcile();
      expect(captured.map((p) => p.id)).toEqual([lost.payment.id]);
      expect(failed.map((p) => p.id)).toEqual([abandoned.payment.id]);
    });
  });
});

describe('payment configuration', () => {
  it('only the sandbox provider is built in; a webhook secret is long enough; the crash hook is off by default', () => {
    expect(loadConfig({}).payment).toEqual({ provider: 'sandbox', webhookSecret: null, crashAfterProvider: false });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'acme' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ PAYMENT_WEBHOOK_SECRET: 's'.repeat(32), PAYMENT_CRASH_AFTER_PROVIDER: '1' }).payment).toEqual({
      provider: 'sandbox',
      webhookSecret: 's'.repeat(32),
      crashAfterProvider: true,
    });
  });
});
