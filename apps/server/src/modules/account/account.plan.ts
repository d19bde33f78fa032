import type { Executor } from '../../infra/db/executor.js';

/** The authority a premium package grants (face recognition and other premium features check it). */
export const PREMIUM_AUTHORITY = 'AUTH_PREMIUM_USER';

/** Whether the account's package is premium (face recognition, a larger styled-photo quota, …). */
export async function isPremium(db: Executor, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('authority').select('type').where('account_id', '=', accountId).where('type', '=', PREMIUM_AUTHORITY).executeTakeFirst();
  return row !== undefined;
}

/**
 * What the account's package gives it, written in the caller's transaction (the one that records the payment or the
 * end of the plan): the quota, the premium authority, and the read-only state that follows from the new quota.
 */
export async function applyPlan(trx: Executor, accountId: string, plan: { quotaBytes: number; premium: boolean }): Promise<void> {
  // Live bonus grants (issue 27) stay on top of the plan's quota.
  await trx
    .updateTable('account')
    .set((eb) => ({ quota_bytes: eb(eb.val(plan.quotaBytes), '+', eb.ref('bonus_bytes')) }))
    .where('id', '=', accountId)
    .execute();
  if (plan.premium) {
    await trx
      .insertInto('authority')
      .values({ account_id: accountId, type: PREMIUM_AUTHORITY })
      .onConflict((oc) => oc.columns(['account_id', 'type']).doNothing())
      .execute();
  } else {
    await trx.deleteFrom('authority').where('account_id', '=', accountId).where('type', '=', PREMIUM_AUTHORITY).execute();
  }
  await refreshStatus(trx, accountId);
}

/**
 * READ_ONLY while used bytes pass the quota, ACTIVE as soon as they fit; a deleted account stays deleted.
 * One conditional UPDATE each way, so it is safe beside concurrent uploads and deletions.
 */
export async function refreshStatus(trx: Executor, accountId: string): Promise<void> {
  await trx
    .updateTable('account')
    .set({ status: 'READ_ONLY' })
    .where('id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb('used_bytes', '>', eb.ref('quota_bytes')))
    .execute();
  await trx
    .updateTable('account')
    .set({ status: 'ACTIVE' })
    .where('id', '=', accountId)
    .where('status', '=', 'READ_ONLY')
    .where((eb) => eb('used_bytes', '<=', eb.ref('quota_bytes')))
    .execute();
}

/** The end of the grace period the account card shows (null when none). */
export async function setGraceUntil(trx: Executor, accountId: string, at: number | null): Promise<void> {
  await trx.updateTable('account').set({ grace_until: at }).where('id', '=', accountId).execute();
}
