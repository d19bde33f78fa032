import type { Executor } from '../../infra/db/executor.js';
import type { RecoveryEmailTokenTable } from './credentials.table.js';

export async function createToken(db: Executor, row: RecoveryEmailTokenTable): Promise<void> {
  await db.insertInto('recovery_email_token').values(row).execute();
}

export const getTokenByHash = (db: Executor, hash: string) =>
  db.selectFrom('recovery_email_token').selectAll().where('token_hash', '=', hash).executeTakeFirst();

/** Spends the link once; false when a concurrent request already did. */
export async function useToken(db: Executor, id: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('recovery_email_token')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function countSince(db: Executor, accountId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_email_token')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Links of an address that is no longer the recovery e-mail die with it (used ones are kept for the send count). */
export async function voidUnused(db: Executor, accountId: string, at: number): Promise<void> {
  await db
    .updateTable('recovery_email_token')
    .set({ expires_at: at })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

export async function purgeOlderThan(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('recovery_email_token').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Account deletion: its recovery e-mail links. */
export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('recovery_email_token').where('account_id', '=', accountId).execute();
}
