// Queries of the file_version table (issue 33): a file's earlier contents.
import type { Executor } from '../../infra/db/executor.js';
import type { FileVersionRow, FileVersionTable } from './files.table.js';

export type VersionWithSaver = FileVersionRow & { saver_name: string | null; saver_surname: string | null; saver_email: string | null };

export async function insert(db: Executor, row: FileVersionTable): Promise<void> {
  await db.insertInto('file_version').values(row).execute();
}

/** A file's versions, newest first, with the name of who saved each. */
export const listOfFile = (db: Executor, accountId: string, fileId: string): Promise<VersionWithSaver[]> =>
  db
    .selectFrom('file_version as v')
    .leftJoin('account as a', 'a.id', 'v.saved_by')
    .selectAll('v')
    .select(['a.name as saver_name', 'a.surname as saver_surname', 'a.email as saver_email'])
    .where('v.account_id', '=', accountId)
    .where('v.file_id', '=', fileId)
    .orderBy('v.saved_at', 'desc')
    .orderBy('v.id', 'desc')
    .execute();

export const getOne = (db: Executor, accountId: string, fileId: string, id: string) =>
  db
    .selectFrom('file_version')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('file_id', '=', fileId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Deletes versions by id; returns what went (so their bytes and blobs are released once). */
export async function deleteByIds(db: Executor, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .deleteFrom('file_version')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .returning(['id', 'file_id', 'blob_key', 'bytes'])
    .execute();
}

/** Deletes every version of these files; returns what went. */
export async function deleteOfFiles(db: Executor, accountId: string, fileIds: readonly string[]) {
  const out: Array<{ id: string; file_id: string; blob_key: string; bytes: number }> = [];
  for (let i = 0; i < fileIds.length; i += 1000) {
    const chunk = fileIds.slice(i, i + 1000);
    out.push(
      ...(await db
        .deleteFrom('file_version')
        .where('account_id', '=', accountId)
        .where('file_id', 'in', chunk)
        .returning(['id', 'file_id', 'blob_key', 'bytes'])
        .execute()),
    );
  }
  return out;
}

/** A replace that gives the file a new row: its history follows it. */
export async function moveToFile(db: Executor, accountId: string, fromFileId: string, toFileId: string): Promise<void> {
  await db.updateTable('file_version').set({ file_id: toFileId }).where('account_id', '=', accountId).where('file_id', '=', fromFileId).execute();
}

/** Who holds a session (the caller behind an acting identity, for "saved by"); undefined for app passwords and jobs. */
export const sessionAccount = async (db: Executor, sessionId: string): Promise<string | undefined> =>
  (await db.selectFrom('session').select('account_id').where('id', '=', sessionId).executeTakeFirst())?.account_id;

/** Files that have more than `keep` versions or any older than `before`, a page at a time (retention). */
export const filesToPrune = (db: Executor, before: number, keep: number, afterFileId: string, limit: number) =>
  db
    .selectFrom('file_version')
    .select(['file_id', 'account_id'])
    .where('file_id', '>', afterFileId)
    .groupBy(['file_id', 'account_id'])
    .having((eb) => eb.or([eb(eb.fn.countAll(), '>', keep), eb(eb.fn.min('created_at'), '<', before)]))
    .orderBy('file_id')
    .limit(limit)
    .execute();

/** Every version of one file, newest first, for the retention rule. */
export const allOfFile = (db: Executor, fileId: string) =>
  db.selectFrom('file_version').select(['id', 'account_id', 'created_at', 'saved_at']).where('file_id', '=', fileId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const blobKeysOfAccount = (db: Executor, accountId: string, limit: number) =>
  db.selectFrom('file_version').select(['id', 'blob_key']).where('account_id', '=', accountId).orderBy('id').limit(limit).execute();

export async function deleteAnyByIds(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('file_version').where('id', 'in', ids).execute();
}
