import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Dialect } from '../../infra/db/database.js';
import type { Executor } from '../../infra/db/executor.js';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import { FIGURES, type FigureRecorder } from '../../infra/figures/figure-recorder.js';
import { BadRequest, Conflict, NotFound, Unauthorized } from '../../shared/errors.js';
import { minutes } from '../../shared/time.js';
import { newId, safeEqual } from '../../shared/tokens.js';
import { forgetCardAtProvider } from './payment.cards.js';
import type { PaymentProvider, ProviderCallback } from './payment.provider.js';
import { PurposeRejected, type PaymentEvent, type PaymentView, type PurposeHandler } from './payment.public.js';
import * as repo from './payment.repository.js';
import type { PaymentRow } from './payment.table.js';
import { toView } from './payment.views.js';
import { reconcileDay, type ReconciliationDay } from './payment.reconciliation.js';

/** A payment still open this long is asked of the provider by the reconciliation schedule. */
export const RECONCILE_AFTER = minutes(2);
/** Callbacks older than this are refused (a replay); newer replays are harmless (every transition happens once). */
export const CALLBACK_MAX_AGE = minutes(5);

export interface SettlementDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  provider: PaymentProvider;
  /** The secret provider callbacks are signed with. */
  webhookSecret(): Promise<string>;
  logger: FastifyBaseLogger;
  /** Payments taken per day (counted once a capture has committed). */
  figures?: FigureRecorder;
  now: () => number;
}

/**
 * The one place a payment is captured, failed or refunded: start, callback, wallet confirm and reconciliation race here,
 * and every transition runs its purpose handler and event listeners in the same transaction, once.
 */
export class PaymentSettlement {
  private readonly purposes = new Map<string, PurposeHandler>();
  private readonly listeners: Array<(trx: Executor, e: PaymentEvent) => Promise<void>> = [];

  constructor(private readonly d: SettlementDeps) {}

  registerPurpose(kind: string, handler: PurposeHandler): void {
    if (this.purposes.has(kind)) throw new Error(`payment purpose ${kind} registered twice`);
    this.purposes.set(kind, handler);
  }

  hasPurpose(kind: string): boolean {
    return this.purposes.has(kind);
  }

  onEvent(listener: (trx: Executor, e: PaymentEvent) => Promise<void>): void {
    this.listeners.push(listener);
  }

  /**
   * Records the capture, runs the purpose handler and the event listeners in the same transaction, exactly once. A purpose
   * that can no longer take the money (PurposeRejected) gets the capture recorded and a full refund instead.
   */
  async capture(id: string, providerRef: string): Promise<PaymentRow> {
    const at = this.d.now();
    try {
      const captured = await this.d.db.transaction().execute(async (trx) => {
        if (!(await repo.transition(trx, id, repo.OPEN_STATUSES, { status: 'CAPTURED', provider_ref: providerRef, captured_at: at, purpose_applied: 1 }, at))) return null;
        const row = (await repo.getPayment(trx, id))!;
        if (row.saved_card_id) await repo.activateCard(trx, row.account_id, row.saved_card_id);
        const view = toView(row);
        const handler = this.purposes.get(row.purpose_kind);
        if (!handler) throw new PurposeRejected(`no handler for payment purpose ${row.purpose_kind}`);
        await handler.onCaptured(trx, view);
        await this.emit(trx, { type: 'CAPTURED', payment: view });
        return row;
      });
      if (captured) this.countCapture(captured, at);
    } catch (err) {
      if (!(err instanceof PurposeRejected)) throw err;
      this.d.logger.warn({ paymentId: id, reason: err.message }, 'captured payment rejected by its purpose; refunding');
      const refundId = newId();
      const recorded = await this.d.db.transaction().execute(async (trx) => {
        if (!(await repo.transition(trx, id, repo.OPEN_STATUSES, { status: 'CAPTURED', provider_ref: providerRef, captured_at: at, purpose_applied: 1 }, at))) return null;
        const row = (await repo.getPayment(trx, id))!;
        if (row.saved_card_id) await repo.activateCard(trx, row.account_id, row.saved_card_id);
        await this.emit(trx, { type: 'CAPTURED', payment: toView(row) });
        // The refund is recorded with the capture, so a crash before the provider refunds is finished by reconciliation.
        await repo.insertRefund(trx, { id: refundId, payment_id: id, idempotency_key: `purpose-rejected:${id}`, amount_minor: Number(row.amount_minor), reason: 'PURPOSE_REJECTED', created_at: at });
        return row;
      });
      if (recorded) this.countCapture(recorded, at);
      if (recorded) await this.finishRefund(refundId).catch((e: unknown) => this.d.logger.warn({ err: e, paymentId: id }, 'refund left to reconciliation'));
    }
    return (await repo.getPayment(this.d.db, id))!;
  }

  /** A capture that committed counts as a payment taken that day (a later refund does not uncount it). */
  private countCapture(row: PaymentRow, at: number): void {
    this.d.figures?.addDay(`${FIGURES.paymentsCount}.${row.currency}`, 1, at);
    this.d.figures?.addDay(`${FIGURES.paymentsMinor}.${row.currency}`, Number(row.amount_minor), at);
  }

  async fail(id: string, status: 'DECLINED' | 'FAILED', declineCode: string, providerRef?: string): Promise<PaymentRow> {
    const at = this.d.now();
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
    if (pendingCard) await forgetCardAtProvider(this.d.db, this.d.provider, pendingCard);
    return (await repo.getPayment(this.d.db, id))!;
  }

  private async emit(trx: Executor, e: PaymentEvent) {
    for (const listener of this.listeners) await listener(trx, e);
  }

  // --- refunds

  /** `onRecorded` runs in the transaction that records a new refund (not when the key was used before): the operator's audit. */
  async refund(paymentId: string, amountMinor: number, reason: string, idempotencyKey: string, onRecorded?: (trx: Executor) => Promise<void>): Promise<PaymentView> {
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
          await repo.insertRefund(trx, { id, payment_id: paymentId, idempotency_key: idempotencyKey, amount_minor: amountMinor, reason, created_at: this.d.now() });
          await onRecorded?.(trx);
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
    const at = this.d.now();
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

  // --- provider callback and reconciliation

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
    if (typeof body.timestamp !== 'number' || Math.abs(this.d.now() - body.timestamp) > CALLBACK_MAX_AGE) {
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
      .values({ event_id: body.eventId, received_at: this.d.now() })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  }

  /** Our ledger against the provider's report for one business day (YYYY-MM-DD). */
  reconciliationDay(date: string): Promise<ReconciliationDay> {
    return reconcileDay(this.d.db, this.d.provider, date);
  }

  /** Open payments nobody finished and refunds the provider never confirmed: asked of the provider and settled. */
  async reconcile(): Promise<{ payments: number; refunds: number }> {
    const before = this.d.now() - RECONCILE_AFTER;
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
}
