import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../infra/db/schema.js';
import type { Executor } from '../../../infra/db/executor.js';
import { isUniqueViolation } from '../../../infra/db/dialect.js';
import { hashToken, newToken, randomDigits, safeEqual } from '../../../shared/tokens.js';
import { minutes } from '../../../shared/time.js';
import type {
  ChargeRequest,
  ChargeResult,
  LookupResult,
  PaymentProvider,
  ProviderCallback,
  RawCard,
  VaultedCard,
  WalletConfirmResult,
} from '../payment.provider.js';
import type { SandboxChargeTable } from '../payment.table.js';

/** The sandbox's test cards (any future expiry, any CVC of the right length); any other valid card succeeds. */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  threeDSecure: '4000000000003220',
  insufficientFunds: '4000000000009995',
  stolen: '4000000000009979',
  expired: '4000000000000069',
  processingError: '4000000000000119',
  mastercard: '5555555555554444',
  troy: '9792000000000003',
} as const;

const DECLINES: Record<string, string> = {
  [SANDBOX_CARDS.insufficientFunds]: 'INSUFFICIENT_FUNDS',
  [SANDBOX_CARDS.stolen]: 'STOLEN_CARD',
  [SANDBOX_CARDS.expired]: 'EXPIRED_CARD',
};

/** Our merchant id at the sandbox; cards the customer vaulted at other merchants carry another. */
export const MERCHANT = 'bulut';
const THREE_DS_TTL = minutes(10);
export const WALLET_CODE_TTL = minutes(3);
export const WALLET_MAX_ATTEMPTS = 5;
const RESEND_INTERVAL = 30_000;

export interface SandboxDeps {
  db: Kysely<DB>;
  /** Sends an SMS to the subscriber (the sandbox plays the card issuer and the operator's wallet). */
  sendSms(db: Executor, to: string, text: string): Promise<void>;
  /** The secret the provider signs callbacks with (the merchant's webhook secret). */
  webhookSecret(): Promise<string>;
  /** Where challenge pages are served: the public origin, or '' for links relative to the app's own origin. */
  baseUrl: string;
  now(): number;
}

/**
 * An in-process payment provider that behaves like an external one: its own tables, its own references, idempotency
 * on its side, a 3-D Secure page, a card vault, a wallet with SMS codes, and signed callbacks to the merchant.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  /** Delivers a signed callback to the merchant; set by the module once the HTTP side is known. */
  private deliver: ((rawBody: string, signature: string) => Promise<void>) | null = null;

  constructor(private readonly d: SandboxDeps) {}

  setCallbackDelivery(deliver: (rawBody: string, signature: string) => Promise<void>): void {
    this.deliver = deliver;
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const existing = await this.byMerchantRef(req.merchantRef);
    if (existing) return this.resultOf(existing);
    const at = this.d.now();
    let pan: string | null = null;
    let declineCode: string | null = null;
    if (req.source.kind === 'CARD') pan = req.source.card.pan;
    if (req.source.kind === 'TOKEN') {
      const card = await this.d.db
        .selectFrom('sandbox_card')
        .selectAll()
        .where('token', '=', req.source.token)
        .where('customer_ref', '=', req.source.customerRef)
        .executeTakeFirst();
      if (!card) declineCode = 'CARD_NOT_FOUND';
      else if (isPast(card.expiry_month, card.expiry_year, at)) declineCode = 'EXPIRED_CARD';
      pan = card?.pan ?? null;
    }
    let status: SandboxChargeTable['status'];
    if (req.source.kind === 'WALLET') status = 'AWAITING_CODE';
    else if (declineCode) status = 'DECLINED';
    else if (pan === SANDBOX_CARDS.processingError) {
      status = 'ERROR';
      declineCode = 'PROCESSING_ERROR';
    } else if (pan && DECLINES[pan]) {
      status = 'DECLINED';
      declineCode = DECLINES[pan]!;
    } else if (pan === SANDBOX_CARDS.threeDSecure) {
      // Nobody is there to answer a challenge off-session: the issuer refuses.
      status = req.offSession ? 'DECLINED' : 'REQUIRES_ACTION';
      if (req.offSession) declineCode = 'AUTHENTICATION_REQUIRED';
    } else status = 'CAPTURED';

    const id = `ch_${randomBytes(12).toString('hex')}`;
    try {
      await this.d.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sandbox_charge')
          .values({
            id,
            merchant: MERCHANT,
            merchant_ref: req.merchantRef,
            kind: req.source.kind === 'WALLET' ? 'WALLET' : 'CARD',
            amount_minor: req.amountMinor,
            currency: req.currency,
            status,
            decline_code: declineCode,
            pan,
            customer_phone: req.customerPhone,
            return_url: req.returnUrl,
            refunded_minor: 0,
            created_at: at,
            updated_at: at,
          })
          .execute();
        if (status === 'REQUIRES_ACTION') {
          const code = randomDigits(6);
          await this.createChallenge(trx, id, '3DS', code, at + THREE_DS_TTL);
          await this.d.sendSms(trx, req.customerPhone, `3-D Secure: ${code} (${formatAmount(req.amountMinor, req.currency)})`);
        }
        if (status === 'AWAITING_CODE') {
          const code = randomDigits(6);
          await this.createChallenge(trx, id, 'WALLET', code, at + WALLET_CODE_TTL);
          await this.d.sendSms(trx, req.customerPhone, walletText(code, req.amountMinor, req.currency));
        }
      });
    } catch (err) {
      // The same merchant reference twice (a retry, a double submit): one charge, the first one's answer.
      if (!isUniqueViolation(err)) throw err;
      const first = await this.byMerchantRef(req.merchantRef);
      if (!first) throw err;
      return this.resultOf(first);
    }
    return this.resultOf((await this.byMerchantRef(req.merchantRef))!);
  }

  async lookup(merchantRef: string): Promise<LookupResult> {
    const charge = await this.byMerchantRef(merchantRef);
    if (!charge) return { found: false };
    let status = charge.status;
    if (status === 'REQUIRES_ACTION' || status === 'AWAITING_CODE') {
      const open = await this.d.db
        .selectFrom('sandbox_challenge')
        .select(['id', 'expires_at'])
        .where('charge_id', '=', charge.id)
        .where('status', '=', 'OPEN')
        .executeTakeFirst();
      // A challenge nobody answered in time: the charge is abandoned.
      if (!open || open.expires_at + (status === 'AWAITING_CODE' ? minutes(10) : 0) < this.d.now()) {
        await this.d.db
          .updateTable('sandbox_charge')
          .set({ status: 'FAILED', decline_code: 'ABANDONED', updated_at: this.d.now() })
          .where('id', '=', charge.id)
          .where('status', '=', status)
          .execute();
        status = 'FAILED';
        charge.decline_code = 'ABANDONED';
      }
    }
    const mapped = status === 'CAPTURED' ? 'CAPTURED' : status === 'DECLINED' ? 'DECLINED' : status === 'FAILED' || status === 'ERROR' ? 'FAILED' : 'PENDING';
    return {
      found: true,
      providerRef: charge.id,
      status: mapped,
      declineCode: mapped === 'CAPTURED' || mapped === 'PENDING' ? null : charge.decline_code,
      amountMinor: Number(charge.amount_minor),
      refundedMinor: Number(charge.refunded_minor),
    };
  }

  async refund(input: { providerRef: string; amountMinor: number; idempotencyKey: string }): Promise<{ refundRef: string }> {
    const id = `re_${randomBytes(12).toString('hex')}`;
    try {
      await this.d.db.transaction().execute(async (trx) => {
        const charge = await trx.selectFrom('sandbox_charge').selectAll().where('id', '=', input.providerRef).executeTakeFirst();
        if (!charge || charge.status !== 'CAPTURED') throw new SandboxError('CHARGE_NOT_CAPTURED');
        await trx
          .insertInto('sandbox_refund')
          .values({ id, charge_id: charge.id, idempotency_key: input.idempotencyKey, amount_minor: input.amountMinor, created_at: this.d.now() })
          .execute();
        const updated = await trx
          .updateTable('sandbox_charge')
          .set((eb) => ({ refunded_minor: eb('refunded_minor', '+', input.amountMinor), updated_at: this.d.now() }))
          .where('id', '=', charge.id)
          .where((eb) => eb(eb('refunded_minor', '+', input.amountMinor), '<=', eb.ref('amount_minor')))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new SandboxError('REFUND_EXCEEDS_CHARGE');
      });
      return { refundRef: id };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const first = await this.d.db
        .selectFrom('sandbox_refund')
        .select('id')
        .where('charge_id', '=', input.providerRef)
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { refundRef: first.id };
    }
  }

  async tokenizeCard(input: { customerRef: string; card: RawCard }): Promise<VaultedCard> {
    return this.vault(input.customerRef, input.card, MERCHANT);
  }

  /** Sandbox only: the customer vaulted a card at another merchant (MasterPass account that never paid here). */
  async vaultElsewhere(customerRef: string, card: RawCard): Promise<VaultedCard> {
    return this.vault(customerRef, card, 'other-merchant');
  }

  private async vault(customerRef: string, card: RawCard, merchant: string): Promise<VaultedCard> {
    const token = `tok_${randomBytes(16).toString('hex')}`;
    await this.d.db
      .insertInto('sandbox_card')
      .values({
        token,
        merchant,
        customer_ref: customerRef,
        pan: card.pan,
        brand: card.brand,
        expiry_month: card.expiryMonth,
        expiry_year: card.expiryYear,
        holder_name: card.holderName,
        created_at: this.d.now(),
      })
      .execute();
    return {
      token,
      brand: card.brand,
      last4: card.pan.slice(-4),
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      holderName: card.holderName,
      thisMerchant: merchant === MERCHANT,
    };
  }

  async listCards(customerRef: string): Promise<VaultedCard[]> {
    const rows = await this.d.db.selectFrom('sandbox_card').selectAll().where('customer_ref', '=', customerRef).orderBy('created_at').execute();
    return rows.map((r) => ({
      token: r.token,
      brand: r.brand,
      last4: r.pan.slice(-4),
      expiryMonth: r.expiry_month,
      expiryYear: r.expiry_year,
      holderName: r.holder_name,
      thisMerchant: r.merchant === MERCHANT,
    }));
  }

  async deleteCard(customerRef: string, token: string): Promise<void> {
    await this.d.db.deleteFrom('sandbox_card').where('token', '=', token).where('customer_ref', '=', customerRef).execute();
  }

  async confirmWallet(input: { trxnId: string; code: string }): Promise<WalletConfirmResult> {
    const result = await this.d.db.transaction().execute(async (trx): Promise<WalletConfirmResult> => {
      const ch = await trx
        .selectFrom('sandbox_challenge')
        .innerJoin('sandbox_charge', 'sandbox_charge.id', 'sandbox_challenge.charge_id')
        .select([
          'sandbox_challenge.id',
          'sandbox_challenge.code_hash',
          'sandbox_challenge.status',
          'sandbox_challenge.attempts',
          'sandbox_challenge.expires_at',
          'sandbox_charge.id as charge_id',
          'sandbox_charge.merchant_ref',
          'sandbox_charge.status as charge_status',
        ])
        .where('sandbox_challenge.id', '=', input.trxnId)
        .where('sandbox_challenge.kind', '=', 'WALLET')
        .executeTakeFirst();
      if (!ch) return { outcome: 'NOT_FOUND' };
      if (ch.charge_status === 'CAPTURED') return { outcome: 'CAPTURED', merchantRef: ch.merchant_ref };
      if (ch.status === 'FAILED' || ch.charge_status !== 'AWAITING_CODE') {
        return { outcome: 'FAILED', merchantRef: ch.merchant_ref, declineCode: 'TOO_MANY_ATTEMPTS' };
      }
      const at = this.d.now();
      if (ch.expires_at < at) return { outcome: 'EXPIRED', merchantRef: ch.merchant_ref };
      if (safeEqual(hashToken(`${ch.id}.${input.code}`), ch.code_hash)) {
        const flipped = await trx
          .updateTable('sandbox_charge')
          .set({ status: 'CAPTURED', updated_at: at })
          .where('id', '=', ch.charge_id)
          .where('status', '=', 'AWAITING_CODE')
          .executeTakeFirst();
        await trx.updateTable('sandbox_challenge').set({ status: 'PASSED' }).where('id', '=', ch.id).execute();
        if (Number(flipped.numUpdatedRows) === 1) return { outcome: 'CAPTURED', merchantRef: ch.merchant_ref };
        return { outcome: 'CAPTURED', merchantRef: ch.merchant_ref };
      }
      const attempts = ch.attempts + 1;
      if (attempts >= WALLET_MAX_ATTEMPTS) {
        await trx.updateTable('sandbox_challenge').set({ status: 'FAILED', attempts }).where('id', '=', ch.id).execute();
        await trx
          .updateTable('sandbox_charge')
          .set({ status: 'FAILED', decline_code: 'TOO_MANY_ATTEMPTS', updated_at: at })
          .where('id', '=', ch.charge_id)
          .execute();
        return { outcome: 'FAILED', merchantRef: ch.merchant_ref, declineCode: 'TOO_MANY_ATTEMPTS' };
      }
      await trx.updateTable('sandbox_challenge').set({ attempts }).where('id', '=', ch.id).execute();
      return { outcome: 'INVALID_CODE', merchantRef: ch.merchant_ref, attemptsLeft: WALLET_MAX_ATTEMPTS - attempts };
    });
    if (result.outcome === 'CAPTURED' || result.outcome === 'FAILED') await this.notifyByRef(result.merchantRef);
    return result;
  }

  async resendWalletCode(trxnId: string): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      const ch = await trx
        .selectFrom('sandbox_challenge')
        .innerJoin('sandbox_charge', 'sandbox_charge.id', 'sandbox_challenge.charge_id')
        .select([
          'sandbox_challenge.id',
          'sandbox_challenge.status',
          'sandbox_challenge.expires_at',
          'sandbox_charge.customer_phone',
          'sandbox_charge.amount_minor',
          'sandbox_charge.currency',
          'sandbox_charge.status as charge_status',
        ])
        .where('sandbox_challenge.id', '=', trxnId)
        .where('sandbox_challenge.kind', '=', 'WALLET')
        .executeTakeFirst();
      if (!ch || ch.status !== 'OPEN' || ch.charge_status !== 'AWAITING_CODE') throw new SandboxError('WALLET_NOT_PENDING');
      // One SMS per 30 seconds and transaction: resending is not a way to flood a phone.
      if (this.d.now() - (ch.expires_at - WALLET_CODE_TTL) < RESEND_INTERVAL) throw new SandboxError('RESEND_TOO_SOON');
      const code = randomDigits(6);
      await trx
        .updateTable('sandbox_challenge')
        .set({ code_hash: hashToken(`${ch.id}.${code}`), expires_at: this.d.now() + WALLET_CODE_TTL })
        .where('id', '=', ch.id)
        .execute();
      await this.d.sendSms(trx, ch.customer_phone!, walletText(code, Number(ch.amount_minor), ch.currency));
    });
  }

  // --- the 3-D Secure page's side

  /** What the challenge page shows; null when there is no such challenge. */
  async challenge(id: string): Promise<{ status: string; testCode: string | null; amountMinor: number; currency: string; last4: string } | null> {
    const row = await this.d.db
      .selectFrom('sandbox_challenge')
      .innerJoin('sandbox_charge', 'sandbox_charge.id', 'sandbox_challenge.charge_id')
      .select(['sandbox_challenge.status', 'sandbox_challenge.test_code', 'sandbox_challenge.expires_at', 'sandbox_charge.amount_minor', 'sandbox_charge.currency', 'sandbox_charge.pan'])
      .where('sandbox_challenge.id', '=', id)
      .where('sandbox_challenge.kind', '=', '3DS')
      .executeTakeFirst();
    if (!row) return null;
    const status = row.status === 'OPEN' && row.expires_at < this.d.now() ? 'EXPIRED' : row.status;
    return { status, testCode: row.test_code, amountMinor: Number(row.amount_minor), currency: row.currency, last4: (row.pan ?? '').slice(-4) };
  }

  /**
   * The cardholder submitted the code: the charge is captured (right code) or declined THREE_DS_FAILED (wrong or late),
   * the merchant gets a signed callback, and the browser goes back to the merchant's return URL.
   */
  async answerChallenge(id: string, code: string): Promise<{ redirectTo: string } | null> {
    const at = this.d.now();
    const done = await this.d.db.transaction().execute(async (trx) => {
      const ch = await trx
        .selectFrom('sandbox_challenge')
        .innerJoin('sandbox_charge', 'sandbox_charge.id', 'sandbox_challenge.charge_id')
        .select(['sandbox_challenge.id', 'sandbox_challenge.code_hash', 'sandbox_challenge.status', 'sandbox_challenge.expires_at', 'sandbox_charge.id as charge_id', 'sandbox_charge.merchant_ref', 'sandbox_charge.return_url'])
        .where('sandbox_challenge.id', '=', id)
        .where('sandbox_challenge.kind', '=', '3DS')
        .executeTakeFirst();
      if (!ch) return null;
      let changed = false;
      if (ch.status === 'OPEN') {
        const passed = ch.expires_at >= at && safeEqual(hashToken(`${ch.id}.${code}`), ch.code_hash);
        const claimed = await trx
          .updateTable('sandbox_challenge')
          .set({ status: passed ? 'PASSED' : 'FAILED', attempts: 1 })
          .where('id', '=', ch.id)
          .where('status', '=', 'OPEN')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 1) {
          await trx
            .updateTable('sandbox_charge')
            .set(passed ? { status: 'CAPTURED', updated_at: at } : { status: 'DECLINED', decline_code: 'THREE_DS_FAILED', updated_at: at })
            .where('id', '=', ch.charge_id)
            .where('status', '=', 'REQUIRES_ACTION')
            .execute();
          changed = true;
        }
      }
      return { merchantRef: ch.merchant_ref, returnUrl: ch.return_url ?? '/', changed };
    });
    if (!done) return null;
    if (done.changed) await this.notifyByRef(done.merchantRef);
    const url = new URL(done.returnUrl, 'http://return.invalid');
    url.searchParams.set('paymentId', done.merchantRef);
    const redirectTo = url.origin === 'http://return.invalid' ? `${url.pathname}${url.search}${url.hash}` : url.toString();
    return { redirectTo };
  }

  /** Signs a callback body the way the merchant verifies it. */
  async sign(rawBody: string): Promise<string> {
    return `sha256=${createHmac('sha256', await this.d.webhookSecret()).update(rawBody).digest('hex')}`;
  }

  /** Sends the charge's final state to the merchant; a lost callback is found later by the merchant's reconciliation. */
  private async notifyByRef(merchantRef: string): Promise<void> {
    const charge = await this.byMerchantRef(merchantRef);
    if (!charge || !this.deliver) return;
    const status = charge.status === 'CAPTURED' ? 'CAPTURED' : charge.status === 'DECLINED' ? 'DECLINED' : 'FAILED';
    const body: ProviderCallback = {
      eventId: `evt_${randomBytes(12).toString('hex')}`,
      timestamp: this.d.now(),
      merchantRef,
      providerRef: charge.id,
      status,
      declineCode: status === 'CAPTURED' ? null : charge.decline_code,
    };
    const raw = JSON.stringify(body);
    try {
      await this.deliver(raw, await this.sign(raw));
    } catch {
      // Like a real provider: the merchant's reconciliation (lookup) is the fallback for an undelivered callback.
    }
  }

  private async createChallenge(trx: Executor, chargeId: string, kind: '3DS' | 'WALLET', code: string, expiresAt: number) {
    const id = newToken();
    await trx
      .insertInto('sandbox_challenge')
      .values({
        id,
        kind,
        charge_id: chargeId,
        code_hash: hashToken(`${id}.${code}`),
        test_code: kind === '3DS' ? code : null,
        status: 'OPEN',
        attempts: 0,
        expires_at: expiresAt,
        created_at: this.d.now(),
      })
      .execute();
    return id;
  }

  private byMerchantRef(merchantRef: string) {
    return this.d.db
      .selectFrom('sandbox_charge')
      .selectAll()
      .where('merchant', '=', MERCHANT)
      .where('merchant_ref', '=', merchantRef)
      .executeTakeFirst();
  }

  private async resultOf(charge: { id: string; status: SandboxChargeTable['status']; decline_code: string | null }): Promise<ChargeResult> {
    let actionUrl: string | null = null;
    let walletTrxnId: string | null = null;
    if (charge.status === 'REQUIRES_ACTION' || charge.status === 'AWAITING_CODE') {
      const ch = await this.d.db
        .selectFrom('sandbox_challenge')
        .select(['id', 'kind'])
        .where('charge_id', '=', charge.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (ch?.kind === '3DS') actionUrl = `${this.d.baseUrl}/api/payment/sandbox/3ds/${ch.id}`;
      if (ch?.kind === 'WALLET') walletTrxnId = ch.id;
    }
    return { providerRef: charge.id, status: charge.status === 'FAILED' ? 'ERROR' : charge.status, declineCode: charge.decline_code, actionUrl, walletTrxnId };
  }
}

export class SandboxError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

function isPast(month: number, year: number, at: number): boolean {
  const d = new Date(at);
  return year < d.getUTCFullYear() || (year === d.getUTCFullYear() && month < d.getUTCMonth() + 1);
}

const formatAmount = (minor: number, currency: string) =>
  new Intl.NumberFormat('tr-TR', { style: 'currency', currency }).format(minor / 100);

const walletText = (code: string, minor: number, currency: string) =>
  `Paycell: ${code} ile ${formatAmount(minor, currency)} ödemenizi onaylayın / confirm your payment (3 min).`;
