// What other modules may use of the packages module: the account's subscription (family: is the admin's plan a family
// plan still running) and the plan-change listeners (family creates and dissolves the pool in the same transaction).
import type { Executor } from '../../infra/db/executor.js';
import { getPackage, getSubscription } from './packages.repository.js';
import type { SubscriptionStatus } from './packages.table.js';

export { planListeners, type PlanChange, type PlanListener } from './packages.listeners.js';

export interface SubscriptionOf {
  accountId: string;
  status: SubscriptionStatus;
  packageId: string;
  family: boolean;
  familyMemberCount: number;
  quotaBytes: number;
  premium: boolean;
  periodStart: number;
  periodEnd: number;
  graceUntil: number | null;
}

/** The account's subscription row with its package, or null when it never had one. */
export async function getSubscriptionOf(db: Executor, accountId: string): Promise<SubscriptionOf | null> {
  const sub = await getSubscription(db, accountId);
  if (!sub) return null;
  const pkg = await getPackage(db, sub.package_id);
  if (!pkg) return null;
  return {
    accountId,
    status: sub.status,
    packageId: pkg.id,
    family: pkg.family === 1,
    familyMemberCount: pkg.family_member_count,
    quotaBytes: Number(pkg.storage_bytes),
    premium: pkg.premium === 1,
    periodStart: sub.period_start,
    periodEnd: sub.period_end,
    graceUntil: sub.grace_until,
  };
}
