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
