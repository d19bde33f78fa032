import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FigureRecorder } from '../../infra/figures/figure-recorder.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Dialect } from '../../infra/db/database.js';
import type { Executor } from '../../infra/db/executor.js';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import { BadRequest, Conflict, NotFound, TooManyRequests } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import { checkCard, fullYear, maskOf, type CardInput } from './card-checks.js';
import { requireAccount, SavedCards, vaultCard } from './payment.cards.js';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './payment.provider.js';
import type { OffSessionChargeInput, PaymentEvent, PaymentView, Payments, PurposeHandler, StartPaymentInput } from './payment.public.js';
import * as repo from './payment.repository.js';
import { PaymentSettlement } from './payment.settlement.js';
import type { ReconciliationDay } from './payment.reconciliation.js';
import type { CardBrand, NewPayment, PaymentRow, SavedCardRow } from './payment.table.js';
import { isExpired, toView, type SavedCardView } from './payment.views.js';

export { CALLBACK_MAX_AGE, RECONCILE_AFTER } from './payment.settlement.js';

export interface PaymentDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  provider: PaymentProvider;
  /** Remote config look-up (masterpass_end_date_duration). */
  remoteConfig: { get(name: string, language: string): Promise<string> };
  /** The secret provider callbacks are signed with. */
  webhookSecret(): Promise<string>;
  logger: FastifyBaseLogger;
  /** Payments taken per day for the operator's dashboard. */
  figures?: FigureRecorder;
  /** Test hook (PAYMENT_CRASH_AFTER_PROVIDER): die right after the provider captured, before our commit. */
  crashAfterProvider?: boolean;
  now?: () => number;
}

type Started = { payment: PaymentView; actionUrl: string | null; paycellTrxnId: string | null };

/** Starts and charges payments; settling them (capture, fail, refund, callbacks, reconciliation) and saved cards live beside. */
export class PaymentsService implements Payments {
  private readonly now: () => number;
  private readonly settlement: PaymentSettlement;
  private readonly savedCards: SavedCards;

  constructor(private readonly d: PaymentDeps) {
    this.now = d.now ?? Date.now;
    this.settlement = new PaymentSettlement({ ...d, now: this.now });
    this.savedCards = new SavedCards({ ...d, now: this.now });
  }

  /** The provider in use (tests stand in for an outage on it). */
  get provider(): PaymentProvider {
    return this.d.provider;
  }

  registerPurpose(kind: string, handler: PurposeHandler): void {
    this.settlement.registerPurpose(kind, handler);
  }

  onEvent(listener: (trx: Executor, e: PaymentEvent) => Promise<void>): void {
    this.settlement.onEvent(listener);
  }

  async get(accountId: string, paymentId: string): Promise<PaymentView> {
    const row = await repo.getOwnPayment(this.d.db, accountId, paymentId);
    if (!row) throw NotFound('Payment not found.');
    return toView(row);
  }

  refund = (paymentId: string, amountMinor: number, reason: string, idempotencyKey: string, onRecorded?: (trx: Executor) => Promise<void>): Promise<PaymentView> =>
    this.settlement.refund(paymentId, amountMinor, reason, idempotencyKey, onRecorded);
  reconciliationDay = (date: string): Promise<ReconciliationDay> => this.settlement.reconciliationDay(date);
  callback = (rawBody: string, signature: string | undefined): Promise<void> => this.settlement.callback(rawBody, signature);
  reconcile = (): Promise<{ payments: number; refunds: number }> => this.settlement.reconcile();

  cards = (accountId: string): Promise<{ userKind: 0 | 1 | 2 | 3; cards: SavedCardView[] }> => this.savedCards.cards(accountId);
  saveCard = (accountId: string, card: CardInput): Promise<SavedCardView> => this.savedCards.saveCard(accountId, card);
  deleteCard = (accountId: string, cardId: string): Promise<void> => this.savedCards.deleteCard(accountId, cardId);
  setDefaultCard = (accountId: string, cardId: string): Promise<SavedCardView> => this.savedCards.setDefaultCard(accountId, cardId);

  // --- starting a payment

  async start(input: StartPaymentInput): Promise<Started> {
    this.checkAmount(input);
    const account = await requireAccount(this.d.db, input.accountId);
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
      savedCard = await vaultCard(this.d.provider, input.accountId, account.phone_e164, { ...input.method.card, ...checked }, at);
    }
    const pendingCard = savedCard?.status === 'PENDING' ? savedCard : undefined;

    const id = newId();
    const replayed = await this.open(
      { id, input, requestHash, method, cardMask, savedCardId: savedCard?.id ?? null, returnUrl: input.returnUrl, at },
      (row) =>
        this.d.db.transaction().execute(async (trx) => {
          if (pendingCard) await repo.insertCard(trx, pendingCard);
          await repo.insertPayment(trx, row);
        }),
      async () => {
        if (pendingCard) await this.d.provider.deleteCard(account.phone_e164, pendingCard.provider_token).catch(() => {});
      },
    );
    if (replayed) return replayed;

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
      customerLanguage: account.language,
      returnUrl: input.returnUrl,
      offSession: false,
    });
    return started(row);
  }

  async chargeSavedCardOffSession(input: OffSessionChargeInput): Promise<PaymentView> {
    this.checkAmount(input);
    const account = await requireAccount(this.d.db, input.accountId);
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
    const replayed = await this.open(
      { id, input, requestHash, method: 'CARD', cardMask: card ? maskOf(card.last4) : null, savedCardId: card?.id ?? null, returnUrl: '', at },
      (row) => repo.insertPayment(this.d.db, row),
    );
    if (replayed) return replayed.payment;
    // No usable card: a failed payment (the renewal goes into grace), not an error.
    if (!usable) return toView(await this.settlement.fail(id, 'FAILED', card ? 'EXPIRED_CARD' : 'NO_SAVED_CARD'));
    return toView(
      await this.charge(id, {
        merchantRef: id,
        amountMinor: input.amountMinor,
        currency: input.currency,
        source: { kind: 'TOKEN', customerRef: account.phone_e164, token: card.provider_token },
        customerPhone: account.phone_e164,
        customerLanguage: account.language,
        returnUrl: '',
        offSession: true,
      }),
    );
  }

  /**
   * Inserts the new PENDING payment (both charge paths build it here). A concurrent submit with the same key that won the
   * insert means one payment, one charge: the loser undoes its side effects and replays the winner (null: this one is new).
   */
  private async open(
    p: {
      id: string;
      input: OffSessionChargeInput;
      requestHash: string;
      method: 'CARD' | 'WALLET';
      cardMask: string | null;
      savedCardId: string | null;
      returnUrl: string;
      at: number;
    },
    insert: (row: NewPayment) => Promise<unknown>,
    onDuplicate?: () => Promise<void>,
  ): Promise<Started | null> {
    const { input, at } = p;
    try {
      await insert({
        id: p.id,
        account_id: input.accountId,
        idempotency_key: input.idempotencyKey,
        request_hash: p.requestHash,
        purpose_kind: input.purposeKind,
        purpose_ref: input.purposeRef,
        amount_minor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        method: p.method,
        card_mask: p.cardMask,
        saved_card_id: p.savedCardId,
        status: 'PENDING',
        decline_code: null,
        provider: this.d.provider.name,
        provider_ref: null,
        action_url: null,
        paycell_trxn_id: null,
        return_url: p.returnUrl,
        captured_at: null,
        refunded_minor: 0,
        purpose_applied: 0,
        created_at: at,
        updated_at: at,
      });
      return null;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await onDuplicate?.();
      const first = await repo.getByIdempotencyKey(this.d.db, input.accountId, input.idempotencyKey);
      if (!first) throw err;
      return this.replay(first, p.requestHash);
    }
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
        return this.settlement.capture(id, result.providerRef);
      case 'DECLINED':
        return this.settlement.fail(id, 'DECLINED', result.declineCode ?? 'DECLINED', result.providerRef);
      case 'ERROR':
        return this.settlement.fail(id, 'FAILED', result.declineCode ?? 'PROCESSING_ERROR', result.providerRef);
      case 'REQUIRES_ACTION':
        await repo.transition(this.d.db, id, ['PENDING'], { status: 'REQUIRES_ACTION', provider_ref: result.providerRef, action_url: result.actionUrl }, at);
        return (await repo.getPayment(this.d.db, id))!;
      case 'AWAITING_CODE':
        await repo.transition(this.d.db, id, ['PENDING'], { status: 'AWAITING_CODE', provider_ref: result.providerRef, paycell_trxn_id: result.walletTrxnId }, at);
        return (await repo.getPayment(this.d.db, id))!;
    }
  }

  /** The same key again: the first payment's state, or 409 when the request differs. */
  private replay(row: PaymentRow, requestHash: string): Started {
    if (row.request_hash !== requestHash) {
      throw Conflict('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different payment.', 'idempotencyKey');
    }
    return started(row);
  }

  // --- wallet

  async confirmWallet(accountId: string, trxnId: string, code: string): Promise<PaymentView> {
    const payment = await repo.getByWalletTrxn(this.d.db, accountId, trxnId);
    if (!payment) throw NotFound('Payment not found.');
    if (payment.status === 'CAPTURED') return toView(payment);
    if (payment.status !== 'AWAITING_CODE') throw Conflict('PAYMENT_NOT_PENDING', 'This payment no longer waits for a code.');
    const result = await this.d.provider.confirmWallet({ trxnId, code });
    switch (result.outcome) {
      case 'CAPTURED':
        return toView(await this.settlement.capture(payment.id, payment.provider_ref!));
      case 'INVALID_CODE':
        throw BadRequest('INVALID_CODE', 'The code is not correct.', 'code');
      case 'EXPIRED':
        throw BadRequest('CODE_EXPIRED', 'The code has expired; ask for a new one.', 'code');
      case 'FAILED':
        await this.settlement.fail(payment.id, 'FAILED', result.declineCode, payment.provider_ref ?? undefined);
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

  private checkAmount(input: { amountMinor: number; currency: string; purposeKind: string; idempotencyKey: string }) {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
      throw BadRequest('INVALID_AMOUNT', 'The amount must be a positive whole number of minor units.', 'amountMinor');
    }
    if (!/^[A-Z]{3}$/.test(input.currency)) throw BadRequest('INVALID_CURRENCY', 'The currency must be an ISO 4217 code.', 'currency');
    if (!input.idempotencyKey || input.idempotencyKey.length > 100) {
      throw BadRequest('INVALID_IDEMPOTENCY_KEY', 'An idempotency key of at most 100 characters is required.', 'idempotencyKey');
    }
    if (!this.settlement.hasPurpose(input.purposeKind)) throw new Error(`unknown payment purpose ${input.purposeKind}`);
  }
}

/** A payment as its starter sees it: the 3-D Secure page or the wallet transaction it still waits on. */
function started(row: PaymentRow): Started {
  return {
    payment: toView(row),
    actionUrl: row.status === 'REQUIRES_ACTION' ? row.action_url : null,
    paycellTrxnId: row.status === 'AWAITING_CODE' ? row.paycell_trxn_id : null,
  };
}

function hashRequest(input: { purposeKind: string; purposeRef: string; amountMinor: number; currency: string }, method: string): string {
  return createHash('sha256')
    .update(JSON.stringify([input.purposeKind, input.purposeRef, input.amountMinor, input.currency, method]))
    .digest('hex');
}
