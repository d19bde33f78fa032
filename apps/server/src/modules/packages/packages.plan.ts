import type { Executor } from '../../infra/db/executor.js';
import * as accountPlan from '../account/account.plan.public.js';
import { notifyPlanChanged } from './packages.listeners.js';
import * as repo from './packages.repository.js';
import type { Package, Subscription } from './packages.table.js';

/** Quota, premium authority, read-only state and grace mark follow the package (null: the free plan). */
export async function changePlan(trx: Executor, accountId: string, pkg: Package | null, freeQuotaBytes: number): Promise<void> {
  const plan = {
    packageId: pkg?.id ?? null,
    family: pkg?.family === 1,
    familyMemberCount: pkg?.family_member_count ?? 0,
    quotaBytes: pkg ? Number(pkg.storage_bytes) : freeQuotaBytes,
    premium: pkg?.premium === 1,
  };
  // The account row first, then the listeners (the family row): the lock order of an admin's own uploads. See
  // docs/decisions.md, "Family sharing", for the one case (a member buying a package of their own) that differs.
  await accountPlan.applyPlan(trx, accountId, { quotaBytes: plan.quotaBytes, premium: plan.premium });
  await accountPlan.setGraceUntil(trx, accountId, null);
  await notifyPlanChanged(trx, accountId, plan);
}

/** The subscription ends now and the account falls back to the free plan. */
export async function expireSubscription(trx: Executor, sub: Subscription, at: number, freeQuotaBytes: number): Promise<void> {
  await repo.updateSubscription(trx, sub.account_id, {
    status: 'EXPIRED',
    pending_package_id: null,
    grace_until: null,
    next_attempt_at: null,
    updated_at: at,
  });
  await changePlan(trx, sub.account_id, null, freeQuotaBytes);
}
