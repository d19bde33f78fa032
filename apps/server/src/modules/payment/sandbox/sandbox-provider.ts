import { createHmac, randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../../infra/db/dialect.js';
import { randomDigits } from '../../../shared/tokens.js';
import { minutes } from '../../../shared/time.js';
import type { ChargeRequest, ChargeResult, LookupResult, PaymentProvider, ProviderLedger, ProviderCallback, RawCard, VaultedCard, WalletConfirmResult } from '../payment.provider.js';
import type { SandboxChargeTable } from '../payment.table.js';
import {
  answerThreeDs,
  confirmWalletCode,
  createChallenge,
  resendWalletCode,
  SandboxError,
  THREE_DS_TTL,
  threeDsChallenge,
  WALLET_CODE_TTL,
  type ChallengeDeps,
} from './sandbox-challenges.js';
import { threeDsText, walletText } from './sandbox.messages.js';
import { deleteVaultedCard, listVaultedCards, MERCHANT, vaultCard } from './sandbox-vault.js';

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

export interface SandboxDeps extends ChallengeDeps {
  /** The secret the provider signs callbacks with (the merchant's webhook secret). */
  webhookSecret(): Promise<string>;
  /** Where challenge pages are served: the public origin, or '' for links relative to the app's own origin. */
  baseUrl: string;
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
            customer_language: req.customerLanguage,
            return_url: req.returnUrl,
            refunded_minor: 0,
            created_at: at,
            updated_at: at,
          })
          .execute();
        if (status === 'REQUIRES_ACTION') {
          const code = randomDigits(6);
          await createChallenge(this.d, trx, id, '3DS', code, at + THREE_DS_TTL);
          await this.d.sendSms(trx, req.customerPhone, threeDsText(req.customerLanguage, code, req.amountMinor, req.currency));
        }
        if (status === 'AWAITING_CODE') {
          const code = randomDigits(6);
          await createChallenge(this.d, trx, id, 'WALLET', code, at + WALLET_CODE_TTL);
          await this.d.sendSms(trx, req.customerPhone, walletText(req.customerLanguage, code, req.amountMinor, req.currency));
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

  async ledger(from: number, to: number): Promise<ProviderLedger> {
    const charges = await this.d.db
      .selectFrom('sandbox_charge')
      .select(['id', 'merchant_ref', 'status', 'amount_minor', 'refunded_minor', 'currency', 'created_at'])
      .where('merchant', '=', MERCHANT)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .orderBy('created_at')
      .execute();
    const refunds = await this.d.db
      .selectFrom('sandbox_refund')
      .innerJoin('sandbox_charge', 'sandbox_charge.id', 'sandbox_refund.charge_id')
      .select(['sandbox_refund.id', 'sandbox_refund.charge_id', 'sandbox_refund.idempotency_key', 'sandbox_refund.amount_minor', 'sandbox_refund.created_at'])
      .where('sandbox_charge.merchant', '=', MERCHANT)
      .where('sandbox_refund.created_at', '>=', from)
      .where('sandbox_refund.created_at', '<', to)
      .orderBy('sandbox_refund.created_at')
      .execute();
    return {
      charges: charges.map((c) => ({
        providerRef: c.id,
        merchantRef: c.merchant_ref,
        status: c.status === 'CAPTURED' ? 'CAPTURED' : c.status === 'DECLINED' ? 'DECLINED' : c.status === 'FAILED' || c.status === 'ERROR' ? 'FAILED' : 'PENDING',
        amountMinor: Number(c.amount_minor),
        refundedMinor: Number(c.refunded_minor),
        currency: c.currency,
        at: Number(c.created_at),
      })),
      refunds: refunds.map((r) => ({ refundRef: r.id, providerRef: r.charge_id, idempotencyKey: r.idempotency_key, amountMinor: Number(r.amount_minor), at: Number(r.created_at) })),
    };
  }

  async tokenizeCard(input: { customerRef: string; card: RawCard }): Promise<VaultedCard> {
    return vaultCard(this.d.db, this.d.now(), input.customerRef, input.card, MERCHANT);
  }

  /** Sandbox only: the customer vaulted a card at another merchant (MasterPass account that never paid here). */
  async vaultElsewhere(customerRef: string, card: RawCard): Promise<VaultedCard> {
    return vaultCard(this.d.db, this.d.now(), customerRef, card, 'other-merchant');
  }

  listCards(customerRef: string): Promise<VaultedCard[]> {
    return listVaultedCards(this.d.db, customerRef);
  }

  deleteCard(customerRef: string, token: string): Promise<void> {
    return deleteVaultedCard(this.d.db, customerRef, token);
  }

  async confirmWallet(input: { trxnId: string; code: string }): Promise<WalletConfirmResult> {
    const result = await confirmWalletCode(this.d, input);
    if (result.outcome === 'CAPTURED' || result.outcome === 'FAILED') await this.notifyByRef(result.merchantRef);
    return result;
  }

  resendWalletCode(trxnId: string): Promise<void> {
    return resendWalletCode(this.d, trxnId);
  }

  // --- the 3-D Secure page's side

  /** What the challenge page shows; null when there is no such challenge. */
  challenge(id: string): Promise<{ status: string; testCode: string | null; amountMinor: number; currency: string; last4: string } | null> {
    return threeDsChallenge(this.d, id);
  }

  /**
   * The cardholder submitted the code: the charge is captured (right code) or declined THREE_DS_FAILED (wrong or late),
   * the merchant gets a signed callback, and the browser goes back to the merchant's return URL.
   */
  async answerChallenge(id: string, code: string): Promise<{ redirectTo: string } | null> {
    const done = await answerThreeDs(this.d, id, code);
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

function isPast(month: number, year: number, at: number): boolean {
  const d = new Date(at);
  return year < d.getUTCFullYear() || (year === d.getUTCFullYear() && month < d.getUTCMonth() + 1);
}
