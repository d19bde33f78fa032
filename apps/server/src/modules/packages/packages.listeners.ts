import type { Executor } from '../../infra/db/executor.js';

export interface PlanChange {
  packageId: string | null;
  family: boolean;
  familyMemberCount: number;
  quotaBytes: number;
  premium: boolean;
}
export type PlanListener = (trx: Executor, accountId: string, plan: PlanChange) => Promise<void>;

const listeners = new Set<PlanListener>();

/**
 * Modules that follow an account's plan (the family pool) subscribe here; each listener runs inside the transaction
 * that changes the plan. Listeners are process-wide and keyed by identity: subscribe a function that takes everything
 * from its arguments (several test apps share one process); the returned function unsubscribes.
 */
export const planListeners = {
  onPlanChanged(listener: PlanListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export async function notifyPlanChanged(trx: Executor, accountId: string, plan: PlanChange): Promise<void> {
  for (const listener of listeners) await listener(trx, accountId, plan);
}

/** A package order the payment completed: once per order, however often the provider reports the capture. */
export interface OrderCaptured {
  orderId: string;
  accountId: string;
  packageId: string;
  at: number;
}
export type OrderCapturedListener = (trx: Executor, order: OrderCaptured) => Promise<void>;

const orderListeners = new Set<OrderCapturedListener>();

/** Campaigns count a referred friend's purchase here, in the capture's transaction (same identity rules as above). */
export const orderCapturedListeners = {
  onOrderCaptured(listener: OrderCapturedListener): () => void {
    orderListeners.add(listener);
    return () => orderListeners.delete(listener);
  },
};

export async function notifyOrderCaptured(trx: Executor, order: OrderCaptured): Promise<void> {
  for (const listener of orderListeners) await listener(trx, order);
}
