// The payment module's API as the issue 13 contract fixes it. Until `payment.public.ts` lands on this branch these are
// the contract's own declarations; afterwards this file only re-exports them.
import type { Executor } from '../../infra/db/executor.js';
import { AppError } from '../../shared/errors.js';

export type PaymentMethodInput =
  | { type: 'NEW_CARD'; card: { number: string; expiryMonth: number; expiryYear: number; cvc: string; holderName: string }; saveCard: boolean }
  | { type: 'SAVED_CARD'; cardId: string }
  | { type: 'WALLET' };
export type PaymentStatus = 'PENDING' | 'REQUIRES_ACTION' | 'AWAITING_CODE' | 'CAPTURED' | 'DECLINED' | 'FAILED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
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
export interface PurposeHandler {
  onCaptured(trx: Executor, p: PaymentView): Promise<void>;
  onFailed?(trx: Executor, p: PaymentView): Promise<void>;
}
export interface Payments {
  registerPurpose(kind: string, handler: PurposeHandler): void;
  start(input: {
    accountId: string;
    purposeKind: string;
    purposeRef: string;
    amountMinor: number;
    currency: string;
    description: string;
    idempotencyKey: string;
    method: PaymentMethodInput;
    returnUrl: string;
  }): Promise<{ payment: PaymentView; actionUrl: string | null; paycellTrxnId: string | null }>;
  chargeSavedCardOffSession(input: {
    accountId: string;
    purposeKind: string;
    purposeRef: string;
    amountMinor: number;
    currency: string;
    description: string;
    idempotencyKey: string;
  }): Promise<PaymentView>;
  get(accountId: string, paymentId: string): Promise<PaymentView>;
}

/** Until the payment module is merged in: every payment is refused with 503 (replaced by the real `payments`). */
const unavailable = (): never => {
  throw new AppError(503, 'PAYMENT_UNAVAILABLE', 'Payments are not available yet.');
};
export const unavailablePayments: Payments = {
  registerPurpose: () => undefined,
  start: async () => unavailable(),
  chargeSavedCardOffSession: async () => unavailable(),
  get: async () => unavailable(),
};
