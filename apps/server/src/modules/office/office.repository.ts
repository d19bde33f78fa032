import type { Executor } from '../../infra/db/executor.js';
import type { NewOfficeToken, OfficeLockRow, OfficeTokenRow } from './office.table.js';

export async function insertToken(db: Executor, row: NewOfficeToken): Promise<void> {
  await db.insertInto('office_token').values(row).execute();
}

/** A token that has not expired; expired rows are removed by the hourly sweep. */
export const getLiveToken = (db: Executor, tokenHash: string, at: number): Promise<OfficeTokenRow | undefined> =>
  db.selectFrom('office_token').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', at).executeTakeFirst();

export async function deleteExpiredTokens(db: Executor, at: number): Promise<number> {
  const res = await db.deleteFrom('office_token').where('expires_at', '<=', at).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The file's lock while it holds (an expired one is as good as none). */
export const getLiveLock = (db: Executor, fileId: string, at: number): Promise<OfficeLockRow | undefined> =>
  db.selectFrom('office_lock').selectAll().where('file_id', '=', fileId).where('expires_at', '>', at).executeTakeFirst();

/** Takes or replaces the file's lock (the caller has checked the current one in the same transaction). */
export async function putLock(db: Executor, row: OfficeLockRow): Promise<void> {
  await db.deleteFrom('office_lock').where('file_id', '=', row.file_id).execute();
  await db.insertInto('office_lock').values(row).execute();
}

export async function deleteLock(db: Executor, fileId: string): Promise<void> {
  await db.deleteFrom('office_lock').where('file_id', '=', fileId).execute();
}

export async function deleteExpiredLocks(db: Executor, at: number): Promise<void> {
  await db.deleteFrom('office_lock').where('expires_at', '<=', at).execute();
}

/** Account deletion: its tokens and locks, as owner or as caller. */
export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('office_token').where((eb) => eb.or([eb('owner_id', '=', accountId), eb('account_id', '=', accountId)])).execute();
  await db.deleteFrom('office_lock').where((eb) => eb.or([eb('owner_id', '=', accountId), eb('account_id', '=', accountId)])).execute();
}
