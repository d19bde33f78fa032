import { createHash, createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Dialect } from '../../infra/db/database.js';
import type { Executor } from '../../infra/db/executor.js';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import { BadRequest, Conflict, NotFound, TooManyRequests, Unauthorized } from '../../shared/errors.js';
import { minutes } from '../../shared/time.js';
import { newId, safeEqual } from '../../shared/tokens.js';
import { getById as getAccount } from '../account/account.public.js';
import { checkCard, fullYear, maskOf, type CardInput } from './card-checks.js';
import type { ChargeRequest, ChargeResult, PaymentProvider, ProviderCallback } from './payment.provider.js';
import {
  PurposeRejected,
  type OffSessionChargeInput,
  type PaymentEvent,
  type PaymentStatus,
  type PaymentView,
  type Payments,
  type PurposeHandler,
  type StartPaymentInput,
} from './payment.public.js';
import * as repo from './payment.repository.js';
import type { CardBrand, PaymentRow, SavedCardRow } from './payment.table.js';

export interface PaymentDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  provider: PaymentProvider;
  /** Remote config look-up (masterpass_end_date_duration). */
  remoteConfig: { get(name: string, language: string): Promise<string> };
  /** The secret provider callbacks are signed with. */
  webhookSecret(): Promise<string>;
  logger: FastifyBaseLogger;
  /** Test hook (PAYMENT_CRASH_AFTER_PROVIDER): die right after the provider captured, before our commit. */
  crashAfterProvider?: boolean;
  now?: () => number;
}

/** A payment still open this long is asked of the provider by the reconciliation schedule. */
export const RECONCILE_AFTER = minutes(2);
/** Callbacks older than this are refused (a replay); newer replays are harmless (every transition happens once). */
export const CALLBACK_MAX_AGE = minutes(5);

export interface SavedCardView {
  id: string;
  mask: string;
  brand: CardBrand;
  holderName: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: boolean;
  expired: boolean;
  expiresSoon: boolean;
}

export class PaymentsService implements Payments {
  private readonly purposes = new Map<string, PurposeHandler>();
  private readonly listeners: Array<(trx: Executor, e: PaymentEvent) => Promise<void>> = [];
  private readonly now: () => number;

  constructor(private readonly d: PaymentDeps) {
    this.now = d.now ?? Date.now;
  }

  /** The provider in use (tests stand in for an outage on it). */
  get provider(): PaymentProvider {
    return this.d.provider;
  }

  registerPurpose(kind: string, handler: PurposeHandler): void {
    if (this.purposes.has(kind)) throw new Error(`payment purpose ${kind} registered twice`);
    this.purposes.set(kind, handler);
  }

  onEvent(listener: (trx: Executor, e: PaymentEvent) => Promise<void>): void {
    this.listeners.push(listener);
  }

  async get(accountId: string, paymentId: string): Promise<PaymentView> {
    const row = await repo.getOwnPayment(this.d.db, accountId, paymentId);
    if (!row) throw NotFound('Payment not found.');
    return toView(row);
  }

  // --- starting a payment

  async start(input: StartPaymentInput): Promise<{ payment: PaymentView; actionUrl: string | null; paycellTrxnId: string | null }> {
    this.checkAmount(input);
    const account = await this.account(input.accountId);
    const at = this.now();
    let method: 'CARD' | 'WALLET' = 'CARD';
    let cardMask: string | null = null;
    let savedCard: SavedCardRow | undefined;
    let fingerprint: string;
    let checked: { pan: string; brand: CardBrand } | null = null;
    if (input.method.type === 'NEW_CARD') {
      checked = checkCard(input.method.card, new Date(at));
      cardMask = maskOf(checked.pan.slice(-4));
      const c = input.method.card;
      fingerprint = `NEW_CARD:${checked.pan.slice(-4)}:${c.expiryMonth}:${fullYear(c.expiryYear)}:${input.method.saveCard}`;
    } else if (input.method.type === 'SAVED_CARD') {
      savedCard = await repo.getOwnCard(this.d.db, input.accountId, input.method.cardId);
      if (!savedCard) throw NotFound('Card not found.');
      if (isExpired(savedCard, at)) throw BadRequest('CARD_EXPIRED', 'The card has expired.', 'cardId');
      cardMask = maskOf(savedCard.last4);
      fingerprint = `SAVED_CARD:${savedCard.id}`;
    } else {
      method = 'WALLET';
      fingerprint = 'WALLET';
    }
    const requestHash = hashRequest(input, fingerprint);

    const existing = await repo.getByIdempotencyKey(this.d.db, input.accountId, input.idempotencyKey);
    if (existing) return this.replay(existing, requestHash);

    // NEW_CARD + saveCard: vaulted first and charged through its token, shown once the payment is captured.
    if (input.method.type === 'NEW_CARD' && input.method.saveCard && checked) {
      const c = input.method.card;
      const vaulted = await this.d.provider.tokenizeCard({
        customerRef: account.phone_e164,
        card: { pan: checked.pan, brand: checked.brand, expiryMonth: c.expiryMonth, expiryYear: fullYear(c.expiryYear), cvc: c.cvc, holderName: c.holderName.trim() },
      });
      savedCard = {
        id: newId(),
        account_id: input.accountId,
        provider_token: vaulted.token,
        brand: vaulted.brand,
        last4: vaulted.last4,
        holder_name: vaulted.holderName,
        expiry_month: vaulted.expiryMonth,
        expiry_year: vaulted.expiryYear,
        is_default: 0,
        status: 'PENDING',
        created_at: at,
      };
    }

    const id = newId();
    try {
      await this.d.db.transaction().execute(async (trx) => {
        if (savedCard?.status === 'PENDING') await repo.insertCard(trx, savedCard);
        await repo.insertPayment(trx, {
          id,
          account_id: input.accountId,
          idempotency_key: input.idempotencyKey,
          request_hash: requestHash,
          purpose_kind: input.purposeKind,
          purpose_ref: input.purposeRef,
          amount_minor: input.amountMinor,
          currency: input.currency,
          description: input.description,
          method,
          card_mask: cardMask,
          saved_card_id: savedCard?.id ?? null,
          status: 'PENDING',
          decline_code: null,
          provider: this.d.provider.name,
          provider_ref: null,
          action_url: null,
          paycell_trxn_id: null,
          return_url: input.returnUrl,
          captured_at: null,
          refunded_minor: 0,
          purpose_applied: 0,
          created_at: at,
          updated_at: at,
        });
      });
    } catch (err) {
      // A concurrent submit with the same key won the insert: one payment, one charge.
      if (!isUniqueViolation(err)) throw err;
      if (savedCard?.status === 'PENDING') await this.d.provider.deleteCard(account.phone_e164, savedCard.provider_token).catch(() => {});
      const first = await repo.getByIdempotencyKey(this.d.db, input.accountId, input.idempotencyKey);
      if (!first) throw err;
      return this.replay(first, requestHash);
    }

    const source: ChargeRequest['source'] =
      input.method.type === 'WALLET'
        ? { kind: 'WALLET' }
        : savedCard
          ? { kind: 'TOKEN', customerRef: account.phone_e164, token: savedCard.provider_token }
          : { kind: 'CARD', card: { pan: checked!.pan, brand: checked!.brand, expiryMonth: input.method.type === 'NEW_CARD' ? input.method.card.expiryMonth : 0, expiryYear: input.method.type === 'NEW_CARD' ? fullYear(input.method.card.expiryYear) : 0, cvc: input.method.type === 'NEW_CARD' ? input.method.card.cvc : '', holderName: input.method.type === 'NEW_CARD' ? input.method.card.holderName.trim() : '' } };
    const row = await this.charge(id, {
      merchantRef: id,
      amountMinor: input.amountMinor,
      currency: input.currency,
      source,
      customerPhone: account.phone_e164,
      returnUrl: input.returnUrl,
      offSession: false,
    });
    return { payment: toView(row), actionUrl: row.status === 'REQUIRES_ACTION' ? row.action_url : null, paycellTrxnId: row.status === 'AWAITING_CODE' ? row.paycell_trxn_id : null };
  }

  async chargeSavedCardOffSession(input: OffSessionChargeInput): Promise<PaymentView> {
    this.checkAmount(input);
    const account = await this.account(input.accountId);
    const at = this.now();
    const requestHash = hashRequest(input, 'OFF_SESSION');
    const existing = await repo.getByIdempotencyKey(this.d.db, input.accountId, input.idempotencyKey);
    if (existing) return (await this.replay(existing, requestHash)).payment;
    // The default card, or (when it has expired) the newest card that has not.
    const cards = await repo.listCards(this.d.db, input.accountId);
    const live = cards.filter((c) => !isExpired(c, at));
    const card = live.find((c) => c.is_default === 1) ?? live.at(-1) ?? cards.find((c) => c.is_default === 1);
    const id = newId();
    const usable = card && !isExpired(card, at);
    try {
      await repo.insertPayment(this.d.db, {
        id,
        account_id: input.accountId,
        idempotency_key: input.idempotencyKey,
        request_hash: requestHash,
        purpose_kind: input.purposeKind,
        purpose_ref: input.purposeRef,
        amount_minor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        method: 'CARD',
        card_mask: card ? maskOf(card.last4) : null,
        saved_card_id: card?.id ?? null,
        status: 'PENDING',
        decline_code: null,
        provider: this.d.provider.name,
        provider_ref: null,
        action_url: null,
        paycell_trxn_id: null,
        return_url: '',
        captured_at: null,
        refunded_minor: 0,
        purpose_applied: 0,
        created_at: at,
        updated_at: at,
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const first = await repo.getByIdempotencyKey(this.d.db, input.accountId, input.idempotencyKey);
      if (!first) throw err;
      return (await this.replay(first, requestHash)).payment;
    }
    // No usable card: a failed payment (the renewal goes into grace), not an error.
    if (!usable) return toView(await this.fail(id, 'FAILED', card ? 'EXPIRED_CARD' : 'NO_SAVED_CARD'));
    return toView(
      await this.charge(id, {
        merchantRef: id,
        amountMinor: input.amountMinor,
        currency: input.currency,
        source: { kind: 'TOKEN', customerRef: account.phone_e164, token: card.provider_token },
        customerPhone: account.phone_e164,
        returnUrl: '',
        offSession: true,
      }),
    );
  }

  /** Asks the provider and records its answer; a provider that cannot be reached leaves the payment to reconciliation. */
  private async charge(id: string, req: ChargeRequest): Promise<PaymentRow> {
    let result: ChargeResult;
    try {
      result = await this.d.provider.charge(req);
    } catch (err) {
      this.d.logger.warn({ err, paymentId: id }, 'payment provider unreachable; left to reconciliation');
      return (await repo.getPayment(this.d.db, id))!;
    }
    if (this.d.crashAfterProvider && result.status === 'CAPTURED') {
      // A real kill (no exit handlers, no pending writes flushed): the capture exists only at the provider.
      process.kill(process.pid, 'SIGKILL');
    }
    return this.record(id, result);
  }

  private async record(id: string, result: ChargeResult): Promise<PaymentRow> {
    const at = this.now();
    switch (result.status) {
      case 'CAPTURED':
        return this.capture(id, result.providerRef);
      case 'DECLINED':
        return this.fail(id, 'DECLINED', result.declineCode ?? 'DECLINED', result.providerRef);
      case 'ERROR':
        return this.fail(id, 'FAILED', result.declineCode ?? 'PROCESSING_ERROR', result.providerRef);
      case 'REQUIRES_ACTION':
        await repo.transition(this.d.db, id, ['PENDING'], { status: 'REQUIRES_ACTION', provider_ref: result.providerRef, action_url: result.actionUrl }, at);
        return (await repo.getPayment(this.d.db, id))!;
      case 'AWAITING_CODE':
        await repo.transition(this.d.db, id, ['PENDING'], { status: 'AWAITING_CODE', provider_ref: result.providerRef, paycell_trxn_id: result.walletTrxnId }, at);
        return (await repo.getPayment(this.d.db, id))!;
    }
  }

  /** The same key again: the first payment's state, or 409 when the request differs. */
  private async replay(row: PaymentRow, requestHash: string) {
    if (row.request_hash !== requestHash) {
      throw Conflict('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different payment.', 'idempotencyKey');
    }
    return {
      payment: toView(row),
      actionUrl: row.status === 'REQUIRES_ACTION' ? row.action_url : null,
      paycellTrxnId: row.status === 'AWAITING_CODE' ? row.paycell_trxn_id : null,
    };
  }

  // --- the one place a payment is captured or failed (start, callback, wallet confirm and reconciliation race here)

  /**
   * Records the capture, runs the purpose handler and the event listeners in the same transaction, exactly once. A purpose
   * that can no longer take the money (PurposeRejected) gets the capture recorded and a full refund instead.
   */
  async capture(id: string, providerRef: string): Promise<PaymentRow> {
    const at = this.now();
    try {
      await this.d.db.transaction().execute(async (trx) => {
        if (!(await repo.transition(trx, id, repo.OPEN_STATUSES, { status: 'CAPTURED', provider_ref: providerRef, captured_at: at, purpose_applied: 1 }, at))) return;
        const row = (await repo.getPayment(trx, id))!;
        if (row.saved_card_id) await repo.activateCard(trx, row.account_id, row.saved_card_id);
        const view = toView(row);
        const handler = this.purposes.get(row.purpose_kind);
        if (!handler) throw new PurposeRejected(`no handler for payment purpose ${row.purpose_kind}`);
        await handler.onCaptured(trx, view);
        await this.emit(trx, { type: 'CAPTURED', payment: view });
      });
    } catch (err) {
      if (!(err instanceof PurposeRejected)) throw err;
      this.d.logger.warn({ paymentId: id, reason: err.message }, 'captured payment rejected by its purpose; refunding');
      const refundId = newId();
      const recorded = await this.d.db.transaction().execute(async (trx) => {
        if (!(await repo.transition(trx, id, repo.OPEN_STATUSES, { status: 'CAPTURED', provider_ref: providerRef, captured_at: at, purpose_applied: 1 }, at))) return false;
        const row = (await repo.getPayment(trx, id))!;
        if (row.saved_card_id) await repo.activateCard(trx, row.account_id, row.saved_card_id);
        await this.emit(trx, { type: 'CAPTURED', payment: toView(row) });
        // The refund is recorded with the capture, so a crash before the provider refunds is finished by reconciliation.
        await repo.insertRefund(trx, { id: refundId, payment_id: id, idempotency_key: `purpose-rejected:${id}`, amount_minor: Number(row.amount_minor), reason: 'PURPOSE_REJECTED', created_at: at });
        return true;
      });
      if (recorded) await this.finishRefund(refundId).catch((e: unknown) => this.d.logger.warn({ err: e, paymentId: id }, 'refund left to reconciliation'));
    }
    return (await repo.getPayment(this.d.db, id))!;
  }

  async fail(id: string, status: 'DECLINED' | 'FAILED', declineCode: string, providerRef?: string): Promise<PaymentRow> {
    const at = this.now();
    let pendingCard: { token: string; accountId: string } | null = null;
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.transition(trx, id, repo.OPEN_STATUSES, { status, decline_code: declineCode, ...(providerRef ? { provider_ref: providerRef } : {}) }, at))) return;
      const row = (await repo.getPayment(trx, id))!;
      if (row.saved_card_id) {
        const card = await repo.getCard(trx, row.saved_card_id);
        if (card?.status === 'PENDING') {
          await repo.deleteCard(trx, card.id);
          pendingCard = { token: card.provider_token, accountId: card.account_id };
        }
      }
      await this.purposes.get(row.purpose_kind)?.onFailed?.(trx, toView(row));
    });
    if (pendingCard) await this.forgetAtProvider(pendingCard);
    return (await repo.getPayment(this.d.db, id))!;
  }

  private async forgetAtProvider(card: { token: string; accountId: string }) {
    const account = await getAccount(this.d.db, card.accountId);
    if (account) await this.d.provider.deleteCard(account.phone_e164, card.token).catch(() => {});
  }

  private async emit(trx: Executor, e: PaymentEvent) {
    for (const listener of this.listeners) await listener(trx, e);
  }

  // --- refunds

  async refund(paymentId: string, amountMinor: number, reason: string, idempotencyKey: string): Promise<PaymentView> {
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw BadRequest('INVALID_AMOUNT', 'The refund amount must be a positive whole number of minor units.', 'amountMinor');
    let refund = await repo.getRefundByKey(this.d.db, paymentId, idempotencyKey);
    if (!refund) {
      const id = newId();
      try {
        await this.d.db.transaction().execute(async (trx) => {
          const payment = await repo.lockPayment(trx, this.d.dialect, paymentId);
          if (!payment) throw NotFound('Payment not found.');
          if (payment.status !== 'CAPTURED' && payment.status !== 'PARTIALLY_REFUNDED') {
            throw Conflict('PAYMENT_NOT_CAPTURED', 'Only a captured payment can be refunded.');
          }
          const already = await repo.refundsTotal(trx, paymentId);
          if (already + amountMinor > Number(payment.amount_minor)) {
            throw Conflict('REFUND_EXCEEDS_CAPTURED', 'The refund is more than what is left of the payment.', 'amountMinor');
          }
          await repo.insertRefund(trx, { id, payment_id: paymentId, idempotency_key: idempotencyKey, amount_minor: amountMinor, reason, created_at: this.now() });
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      refund = (await repo.getRefundByKey(this.d.db, paymentId, idempotencyKey))!;
    }
    if (Number(refund.amount_minor) !== amountMinor) {
      throw Conflict('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different refund.', 'idempotencyKey');
    }
    if (refund.status === 'PENDING') await this.finishRefund(refund.id);
    return toView((await repo.getPayment(this.d.db, paymentId))!);
  }

  /** Refunds at the provider (idempotent on the refund's id) and records it with its REFUNDED event, once. */
  private async finishRefund(refundId: string): Promise<void> {
    const refund = (await repo.getRefund(this.d.db, refundId))!;
    if (refund.status !== 'PENDING') return;
    const payment = (await repo.getPayment(this.d.db, refund.payment_id))!;
    const { refundRef } = await this.d.provider.refund({ providerRef: payment.provider_ref!, amountMinor: Number(refund.amount_minor), idempotencyKey: refund.id });
    const at = this.now();
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.completeRefund(trx, refund.id, refundRef, at))) return;
      const row = await repo.addRefunded(trx, payment.id, Number(refund.amount_minor), at);
      await this.emit(trx, {
        type: 'REFUNDED',
        payment: toView(row),
        refund: { id: refund.id, amountMinor: Number(refund.amount_minor), reason: refund.reason, at },
      });
    });
  }

  // --- provider callback and wallet

  /** A signed provider callback: verified over the raw body, refused when old, applied once. */
  async callback(rawBody: string, signature: string | undefined): Promise<void> {
    const expected = `sha256=${createHmac('sha256', await this.d.webhookSecret()).update(rawBody).digest('hex')}`;
    if (!signature || !safeEqual(signature, expected)) throw Unauthorized('The callback signature is not valid.', 'INVALID_SIGNATURE');
    let body: ProviderCallback;
    try {
      body = JSON.parse(rawBody) as ProviderCallback;
    } catch {
      throw BadRequest('VALIDATION_ERROR', 'The callback body is not JSON.');
    }
    if (typeof body.timestamp !== 'number' || Math.abs(this.now() - body.timestamp) > CALLBACK_MAX_AGE) {
      throw BadRequest('STALE_CALLBACK', 'The callback is too old.', 'timestamp');
    }
    if (typeof body.eventId !== 'string' || typeof body.merchantRef !== 'string' || typeof body.providerRef !== 'string') {
      throw BadRequest('VALIDATION_ERROR', 'The callback is incomplete.');
    }
    const seen = await this.d.db.selectFrom('payment_callback').select('event_id').where('event_id', '=', body.eventId).executeTakeFirst();
    if (seen) return;
    const payment = await repo.getPayment(this.d.db, body.merchantRef);
    if (!payment) throw NotFound('Payment not found.');
    if (payment.provider_ref && payment.provider_ref !== body.providerRef) throw BadRequest('VALIDATION_ERROR', 'The callback names another charge.', 'providerRef');
    if (body.status === 'CAPTURED') await this.capture(payment.id, body.providerRef);
    else await this.fail(payment.id, body.status === 'DECLINED' ? 'DECLINED' : 'FAILED', body.declineCode ?? body.status, body.providerRef);
    await this.d.db
      .insertInto('payment_callback')
      .values({ event_id: body.eventId, received_at: this.now() })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  }

  async confirmWallet(accountId: string, trxnId: string, code: string): Promise<PaymentView> {
    const payment = await repo.getByWalletTrxn(this.d.db, accountId, trxnId);
    if (!payment) throw NotFound('Payment not found.');
    if (payment.status === 'CAPTURED') return toView(payment);
    if (payment.status !== 'AWAITING_CODE') throw Conflict('PAYMENT_NOT_PENDING', 'This payment no longer waits for a code.');
    const result = await this.d.provider.confirmWallet({ trxnId, code });
    switch (result.outcome) {
      case 'CAPTURED':
        return toView(await this.capture(payment.id, payment.provider_ref!));
      case 'INVALID_CODE':
        throw BadRequest('INVALID_CODE', 'The code is not correct.', 'code');
      case 'EXPIRED':
        throw BadRequest('CODE_EXPIRED', 'The code has expired; ask for a new one.', 'code');
      case 'FAILED':
        await this.fail(payment.id, 'FAILED', result.declineCode, payment.provider_ref ?? undefined);
        throw BadRequest('INVALID_CODE', 'The code is not correct; the payment was cancelled after too many attempts.', 'code');
      case 'NOT_FOUND':
        throw NotFound('Payment not found.');
    }
  }

  async resendWalletCode(accountId: string, trxnId: string): Promise<void> {
    const payment = await repo.getByWalletTrxn(this.d.db, accountId, trxnId);
    if (!payment) throw NotFound('Payment not found.');
    if (payment.status !== 'AWAITING_CODE') throw Conflict('PAYMENT_NOT_PENDING', 'This payment no longer waits for a code.');
    try {
      await this.d.provider.resendWalletCode(trxnId);
    } catch (err) {
      if (err instanceof Error && err.message === 'RESEND_TOO_SOON') throw TooManyRequests();
      throw Conflict('PAYMENT_NOT_PENDING', 'This payment no longer waits for a code.');
    }
  }

  // --- reconciliation

  /** Open payments nobody finished and refunds the provider never confirmed: asked of the provider and settled. */
  async reconcile(): Promise<{ payments: number; refunds: number }> {
    const before = this.now() - RECONCILE_AFTER;
    let payments = 0;
    for (const { id } of await repo.staleOpenPayments(this.d.db, before, 100)) {
      const found = await this.d.provider.lookup(id);
      if (!found.found) await this.fail(id, 'FAILED', 'NOT_CHARGED');
      else if (found.status === 'CAPTURED') await this.capture(id, found.providerRef);
      else if (found.status === 'DECLINED') await this.fail(id, 'DECLINED', found.declineCode ?? 'DECLINED', found.providerRef);
      else if (found.status === 'FAILED') await this.fail(id, 'FAILED', found.declineCode ?? 'FAILED', found.providerRef);
      else continue;
      payments++;
    }
    let refunds = 0;
    for (const { id } of await repo.stalePendingRefunds(this.d.db, before, 100)) {
      await this.finishRefund(id);
      refunds++;
    }
    return { payments, refunds };
  }

  // --- saved cards (MasterPass)

  async cards(accountId: string): Promise<{ userKind: 0 | 1 | 2 | 3; cards: SavedCardView[] }> {
    const account = await this.account(accountId);
    const rows = await repo.listCards(this.d.db, accountId);
    const months = await this.expiryWarningMonths();
    const at = this.now();
    const cards = rows.map((r) => cardView(r, at, months));
    if (cards.length > 0) return { userKind: 1, cards };
    try {
      const vault = await this.d.provider.listCards(account.phone_e164);
      return { userKind: vault.length > 0 ? 2 : 3, cards };
    } catch (err) {
      this.d.logger.warn({ err }, 'card vault unreachable');
      return { userKind: 0, cards };
    }
  }

  async saveCard(accountId: string, card: CardInput): Promise<SavedCardView> {
    const account = await this.account(accountId);
    const at = this.now();
    const checked = checkCard(card, new Date(at));
    const vaulted = await this.d.provider.tokenizeCard({
      customerRef: account.phone_e164,
      card: { pan: checked.pan, brand: checked.brand, expiryMonth: card.expiryMonth, expiryYear: fullYear(card.expiryYear), cvc: card.cvc, holderName: card.holderName.trim() },
    });
    const row: SavedCardRow = {
      id: newId(),
      account_id: accountId,
      provider_token: vaulted.token,
      brand: vaulted.brand,
      last4: vaulted.last4,
      holder_name: vaulted.holderName,
      expiry_month: vaulted.expiryMonth,
      expiry_year: vaulted.expiryYear,
      is_default: 0,
      status: 'PENDING',
      created_at: at,
    };
    await this.d.db.transaction().execute(async (trx) => {
      await repo.insertCard(trx, row);
      await repo.activateCard(trx, accountId, row.id);
    });
    return cardView((await repo.getCard(this.d.db, row.id))!, at, await this.expiryWarningMonths());
  }

  async deleteCard(accountId: string, cardId: string): Promise<void> {
    const card = await repo.getOwnCard(this.d.db, accountId, cardId);
    if (!card) throw NotFound('Card not found.');
    await this.d.db.transaction().execute(async (trx) => {
      await repo.deleteCard(trx, card.id);
      await repo.promoteNewest(trx, accountId);
    });
    await this.forgetAtProvider({ token: card.provider_token, accountId });
  }

  async setDefaultCard(accountId: string, cardId: string): Promise<SavedCardView> {
    const card = await repo.getOwnCard(this.d.db, accountId, cardId);
    if (!card) throw NotFound('Card not found.');
    await this.d.db.transaction().execute((trx) => repo.makeDefault(trx, accountId, card.id));
    return cardView((await repo.getCard(this.d.db, card.id))!, this.now(), await this.expiryWarningMonths());
  }

  /** masterpass_end_date_duration: cards expiring within this many months are flagged. */
  private async expiryWarningMonths(): Promise<number> {
    const value = await this.d.remoteConfig.get('masterpass_end_date_duration', '*').catch(() => '0');
    const n = Number.parseInt(value, 10);
    return Number.isFinite(n) && n >= 0 ? n : 0;
  }

  private async account(accountId: string) {
    const account = await getAccount(this.d.db, accountId);
    if (!account) throw NotFound('Account not found.');
    return account;
  }

  private checkAmount(input: { amountMinor: number; currency: string; purposeKind: string; idempotencyKey: string }) {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
      throw BadRequest('INVALID_AMOUNT', 'The amount must be a positive whole number of minor units.', 'amountMinor');
    }
    if (!/^[A-Z]{3}$/.test(input.currency)) throw BadRequest('INVALID_CURRENCY', 'The currency must be an ISO 4217 code.', 'currency');
    if (!input.idempotencyKey || input.idempotencyKey.length > 100) {
      throw BadRequest('INVALID_IDEMPOTENCY_KEY', 'An idempotency key of at most 100 characters is required.', 'idempotencyKey');
    }
    if (!this.purposes.has(input.purposeKind)) throw new Error(`unknown payment purpose ${input.purposeKind}`);
  }
}

export function toView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    accountId: row.account_id,
    purposeKind: row.purpose_kind,
    purposeRef: row.purpose_ref,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    status: row.status as PaymentStatus,
    declineCode: row.decline_code,
    method: row.method,
    cardMask: row.card_mask,
    description: row.description,
    capturedAt: row.captured_at === null ? null : Number(row.captured_at),
    refundedMinor: Number(row.refunded_minor),
    createdAt: Number(row.created_at),
  };
}

function hashRequest(input: { purposeKind: string; purposeRef: string; amountMinor: number; currency: string }, method: string): string {
  return createHash('sha256')
    .update(JSON.stringify([input.purposeKind, input.purposeRef, input.amountMinor, input.currency, method]))
    .digest('hex');
}

function isExpired(card: Pick<SavedCardRow, 'expiry_month' | 'expiry_year'>, at: number): boolean {
  const d = new Date(at);
  return card.expiry_year < d.getUTCFullYear() || (card.expiry_year === d.getUTCFullYear() && card.expiry_month < d.getUTCMonth() + 1);
}

/** Whole months from this month to the card's last valid month (0: it expires this month). */
function monthsLeft(card: Pick<SavedCardRow, 'expiry_month' | 'expiry_year'>, at: number): number {
  const d = new Date(at);
  return (card.expiry_year - d.getUTCFullYear()) * 12 + (card.expiry_month - (d.getUTCMonth() + 1));
}

function cardView(r: SavedCardRow, at: number, warnMonths: number): SavedCardView {
  const expired = isExpired(r, at);
  return {
    id: r.id,
    mask: maskOf(r.last4),
    brand: r.brand,
    holderName: r.holder_name,
    expiryMonth: r.expiry_month,
    expiryYear: r.expiry_year,
    isDefault: r.is_default === 1,
    expired,
    expiresSoon: !expired && monthsLeft(r, at) < warnMonths,
  };
}
