// What the operator console (ops-catalog) may read of the payment module: a payment, its refunds, payments by the card's
// last four digits or the provider's reference, and the daily reconciliation. Refunds go through Payments.refund.
// No card number beyond the last four digits is stored, so none can be returned.
import type { Executor } from '../../infra/db/executor.js';
import { maskOf } from './card-checks.js';
import type { PaymentView } from './payment.public.js';
import * as repo from './payment.repository.js';
import { toView } from './payment.views.js';

export type { ReconciliationDay, ReconciliationDifference, LedgerTotals } from './payment.reconciliation.js';
import type { ReconciliationDay } from './payment.reconciliation.js';

export interface RefundView {
  id: string;
  amountMinor: number;
  reason: string;
  status: 'PENDING' | 'DONE' | 'FAILED';
  createdAt: number;
  completedAt: number | null;
}

/** The payment service's console side (implemented by PaymentsService). */
export interface PaymentReconciliation {
  reconciliationDay(date: string): Promise<ReconciliationDay>;
}

export async function getPaymentView(db: Executor, id: string): Promise<PaymentView | null> {
  const row = await repo.getPayment(db, id);
  return row ? toView(row) : null;
}

export async function refundsOf(db: Executor, paymentId: string): Promise<RefundView[]> {
  return (await repo.listRefunds(db, paymentId)).map((r) => ({
    id: r.id,
    amountMinor: Number(r.amount_minor),
    reason: r.reason,
    status: r.status,
    createdAt: Number(r.created_at),
    completedAt: r.completed_at === null ? null : Number(r.completed_at),
  }));
}

/** Payments made with a card ending in these four digits, newest first: what each paid for. */
export const paymentsByCardLast4 = (db: Executor, last4: string, limit: number) => repo.idsByCardMask(db, maskOf(last4), limit);

export async function paymentByProviderRef(db: Executor, providerRef: string): Promise<PaymentView | null> {
  const row = await repo.byProviderRef(db, providerRef);
  return row ? toView(row) : null;
}
