// What other modules may use of the payment module (issue 13 contract): the Payments API and its types.
import type { Executor } from '../../infra/db/executor.js';

export type { Executor };

export type PaymentMethodInput =
  | { type: 'NEW_CARD'; card: { number: string; expiryMonth: number; expiryYear: number; cvc: string; holderName: string }; saveCard: boolean }
  | { type: 'SAVED_CARD'; cardId: string }
  | { type: 'WALLET' };

export type PaymentStatus =
  | 'PENDING'
  | 'REQUIRES_ACTION'
  | 'AWAITING_CODE'
  | 'CAPTURED'
  | 'DECLINED'
  | 'FAILED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED';

export interface PaymentView {
  id: string;
  accountId: string;
  purposeKind: string;
  purposeRef: string;
  amountMinor: number;
  currency: string;
  status: PaymentStatus;
  declineCode: string | null;
  method: 'CARD' | 'WALLET';
  cardMask: string | null;
  description: string;
  capturedAt: number | null;
  refundedMinor: number;
  createdAt: number;
}

export interface PaymentEvent {
  type: 'CAPTURED' | 'REFUNDED';
  payment: PaymentView;
  /** REFUNDED only. */
  refund?: { id: string; amountMinor: number; reason: string; at: number };
}

/** Purpose handlers run INSIDE the transaction that records the capture/failure (quota + authorities change with the payment). */
export interface PurposeHandler {
  onCaptured(trx: Executor, p: PaymentView): Promise<void>;
  onFailed?(trx: Executor, p: PaymentView): Promise<void>;
}

export interface StartPaymentInput {
  accountId: string;
  purposeKind: string;
  purposeRef: string;
  amountMinor: number;
  currency: string;
  description: string;
  idempotencyKey: string;
  method: PaymentMethodInput;
  returnUrl: string;
}

export interface OffSessionChargeInput {
  accountId: string;
  purposeKind: string;
  purposeRef: string;
  amountMinor: number;
  currency: string;
  description: string;
  idempotencyKey: string;
}

export interface Payments {
  /** packages registers 'PACKAGE_ORDER'. */
  registerPurpose(kind: string, handler: PurposeHandler): void;
  /** invoice listens; runs in the same transaction. */
  onEvent(listener: (trx: Executor, e: PaymentEvent) => Promise<void>): void;
  /** Starts (or, for the same accountId + idempotencyKey, returns the existing) payment. Card checks (Luhn, expiry, CVC, holder) → 400 with field. */
  start(input: StartPaymentInput): Promise<{ payment: PaymentView; actionUrl: string | null; paycellTrxnId: string | null }>;
  /** Renewals: default card, no 3DS. */
  chargeSavedCardOffSession(input: OffSessionChargeInput): Promise<PaymentView>;
  /** `onRecorded` runs inside the transaction that records a new refund (an operator's audit record commits with it). */
  refund(paymentId: string, amountMinor: number, reason: string, idempotencyKey: string, onRecorded?: (trx: Executor) => Promise<void>): Promise<PaymentView>;
  /** 404 if not the caller's. */
  get(accountId: string, paymentId: string): Promise<PaymentView>;
}

/**
 * Thrown by a purpose handler's onCaptured when the purpose can no longer take the money (e.g. the order was cancelled):
 * the capture is recorded without the purpose and the payment is refunded in full.
 */
export class PurposeRejected extends Error {}
