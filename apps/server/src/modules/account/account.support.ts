import type { Executor } from '../../infra/db/executor.js';
import { newId } from '../../shared/tokens.js';
import { inTransaction } from './account.family.js';
import { refreshStatus } from './account.plan.js';

// What the operator console changes on an account (issue 27): suspension and bonus quota grants. Each function takes
// the caller's transaction, so the change and its audit record commit together.

/** Suspends an account that is not suspended (nor deleted); false when there was nothing to do. */
export async function suspend(trx: Executor, accountId: string, at: number): Promise<boolean> {
  const res = await trx
    .updateTable('account')
    .set({ suspended_at: at, updated_at: at })
    .where('id', '=', accountId)
    .where('suspended_at', 'is', null)
    .where('status', '!=', 'DELETED')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Lifts a suspension; false when the account was not suspended. Nothing else changed while it lasted. */
export async function unsuspend(trx: Executor, accountId: string, at: number): Promise<boolean> {
  const res = await trx
    .updateTable('account')
    .set({ suspended_at: null, updated_at: at })
    .where('id', '=', accountId)
    .where('suspended_at', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Whether the account is suspended (sign-in, sessions and public links check it). */
export async function isSuspended(db: Executor, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('account').select('suspended_at').where('id', '=', accountId).executeTakeFirst();
  return row?.suspended_at != null;
}

/**
 * Bonus storage until `expiresAt`: the grant row, and the bytes added to the account's quota (quota = plan quota + live
 * grants), with the read-only state following the new quota exactly as a plan change does.
 */
export async function grantQuota(
  trx: Executor,
  g: { accountId: string; bytes: number; expiresAt: number; at: number; operatorId: string | null },
): Promise<{ id: string }> {
  const id = newId();
  await trx
    .insertInto('quota_grant')
    .values({ id, account_id: g.accountId, bytes: g.bytes, granted_at: g.at, expires_at: g.expiresAt, ended_at: null, operator_id: g.operatorId })
    .execute();
  await addBonus(trx, g.accountId, g.bytes);
  return { id };
}

async function addBonus(trx: Executor, accountId: string, bytes: number): Promise<void> {
  await trx
    .updateTable('account')
    .set((eb) => ({ bonus_bytes: eb('bonus_bytes', '+', bytes), quota_bytes: eb('quota_bytes', '+', bytes) }))
    .where('id', '=', accountId)
    .execute();
  await refreshStatus(trx, accountId);
}

/** The account's grants, newest first (live and ended). */
export const listGrants = (db: Executor, accountId: string) =>
  db
    .selectFrom('quota_grant')
    .select(['id', 'bytes', 'granted_at', 'expires_at', 'ended_at'])
    .where('account_id', '=', accountId)
    .orderBy('granted_at', 'desc')
    .orderBy('id')
    .limit(100)
    .execute();

/**
 * Ends grants whose expiry has passed: each in its own transaction, the grant marked ended only once (so two
 * instances never take the bytes back twice), its bytes taken off the quota and the read-only state recomputed.
 * Answers how many ended; a batch per call, the schedule runs again.
 */
export async function expireGrants(db: Executor, at: number, batch = 500): Promise<number> {
  const due = await db
    .selectFrom('quota_grant')
    .select(['id', 'account_id', 'bytes'])
    .where('ended_at', 'is', null)
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(batch)
    .execute();
  let ended = 0;
  for (const grant of due) {
    const run = async (trx: Executor) => {
      const res = await trx.updateTable('quota_grant').set({ ended_at: at }).where('id', '=', grant.id).where('ended_at', 'is', null).executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return;
      await addBonus(trx, grant.account_id, -Number(grant.bytes));
      ended++;
    };
    await inTransaction(db, run);
  }
  return ended;
}
