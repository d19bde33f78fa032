import type { Updateable } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { PasswordRecovery, PasswordRecoveryTable } from './recovery.table.js';

export async function create(db: Executor, row: PasswordRecoveryTable): Promise<void> {
  await db.insertInto('password_recovery').values(row).execute();
}

export const getByReferenceHash = (db: Executor, hash: string) =>
  db.selectFrom('password_recovery').selectAll().where('reference_hash', '=', hash).executeTakeFirst();

/**
 * Applies `patch` only if the row is still as it was read (status, proofs, counters): of two concurrent requests
 * one wins and the other finds nothing changed. Returns the row as written, or undefined.
 */
export async function updateIfUnchanged(
  db: Executor,
  seen: PasswordRecovery,
  patch: Updateable<PasswordRecoveryTable>,
): Promise<PasswordRecovery | undefined> {
  const res = await db
    .updateTable('password_recovery')
    .set(patch)
    .where('id', '=', seen.id)
    .where('status', '=', seen.status)
    .where('verified_methods', '=', seen.verified_methods)
    .where('attempts', '=', seen.attempts)
    .where('resends', '=', seen.resends)
    .where('selections', '=', seen.selections)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? ({ ...seen, ...patch } as PasswordRecovery) : undefined;
}

/** Counts a wrong code, answer or link, whatever else happened meanwhile; locks at `lock`. */
export async function recordAttempt(db: Executor, id: string, lock: boolean): Promise<void> {
  await db
    .updateTable('password_recovery')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), ...(lock ? { status: 'LOCKED' as const } : {}) }))
    .where('id', '=', id)
    .execute();
}

/** Recoveries started before `before`: finished or abandoned, long expired. */
export async function purgeOlderThan(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('password_recovery').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Account deletion: its password recoveries. */
export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('password_recovery').where('account_id', '=', accountId).execute();
}
