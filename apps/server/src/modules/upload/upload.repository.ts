import { sql } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type { FileActivityTable, FileRow, NewFile } from '../files/file.table.js';
import type { UploadRow, UploadStatus, UploadTable } from './upload.table.js';

export const getUpload = (db: Executor, id: string): Promise<UploadRow | undefined> =>
  db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertUpload(db: Executor, row: UploadTable): Promise<void> {
  await db.insertInto('upload').values(row).execute();
}

/** Clears a dead (aborted or finished-and-gone) upload row so its uuid can start over. */
export async function deleteUpload(db: Executor, id: string, status: UploadStatus): Promise<void> {
  await db.deleteFrom('upload').where('id', '=', id).where('status', '=', status).execute();
}

/**
 * Records a stored piece: only if nothing else moved the offset meanwhile, so of two racing pieces exactly one counts.
 * The final piece moves the upload to COMPLETING in the same statement, so exactly one request assembles it.
 */
export async function recordPiece(
  db: Executor,
  id: string,
  from: number,
  to: number,
  status: 'OPEN' | 'COMPLETING',
  at: number,
): Promise<boolean> {
  const res = await db
    .updateTable('upload')
    .set((eb) => ({ received_bytes: to, part_count: eb('part_count', '+', 1), status, updated_at: at }))
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .where('received_bytes', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves an upload between states; false when it was not in `from` (someone else finished or cancelled it). */
export async function transition(
  db: Executor,
  id: string,
  from: readonly UploadStatus[],
  to: UploadStatus,
  at: number,
  opts: { untouchedSince?: number } = {},
): Promise<boolean> {
  const res = await db
    .updateTable('upload')
    .set({ status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', from)
    .$if(opts.untouchedSince !== undefined, (qb) => qb.where('updated_at', '<', opts.untouchedSince!))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const listStale = (db: Executor, before: number, limit: number) =>
  db
    .selectFrom('upload')
    .selectAll()
    .where('status', 'in', ['OPEN', 'COMPLETING'])
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();

export async function purgeFinished(db: Executor, before: number): Promise<number> {
  const res = await db
    .deleteFrom('upload')
    .where('status', 'in', ['DONE', 'ABORTED'])
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

// --- the file table, as far as uploads need it

/** Any account's item with this id: a client-chosen uuid must not collide with an existing one. */
export const getFileOwner = (db: Executor, id: string) =>
  db.selectFrom('file').select(['account_id', 'is_folder', 'bytes']).where('id', '=', id).executeTakeFirst();

export const getActiveFolder = (db: Executor, accountId: string, id: string) =>
  db
    .selectFrom('file')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('is_folder', '=', 1)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();

/** The live item holding this name in the folder, hidden ones included (names are unique per folder either way). */
export const getLiveByNameKey = (db: Executor, accountId: string, parentId: string, key: string) =>
  db
    .selectFrom('file')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('parent_id', '=', parentId)
    .where('status', '=', 'ACTIVE')
    .where('name_key', '=', key)
    .executeTakeFirst();

/** Live name keys in the folder matching a LIKE pattern whose escape character is a backslash. */
export async function listNameKeysLike(db: Executor, accountId: string, parentId: string, pattern: string): Promise<string[]> {
  const rows = await db
    .selectFrom('file')
    .select('name_key')
    .where('account_id', '=', accountId)
    .where('parent_id', '=', parentId)
    .where('status', '=', 'ACTIVE')
    .where(sql<boolean>`name_key like ${pattern} escape '\\'`)
    .execute();
  return rows.map((r) => r.name_key);
}

export async function insertFile(db: Executor, row: NewFile): Promise<void> {
  await db.insertInto('file').values(row).execute();
}

/** Deletes a live file for good; false when it was already gone or changed state. */
export async function deleteLiveFile(db: Executor, accountId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('file')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export const getFile = (db: Executor, accountId: string, id: string): Promise<FileRow | undefined> =>
  db.selectFrom('file').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();

export async function insertActivities(db: Executor, rows: readonly FileActivityTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('file_activity').values([...rows]).execute();
}

export const getProjectId = async (db: Executor, accountId: string): Promise<string> =>
  (await db.selectFrom('account').select('project_id').where('id', '=', accountId).executeTakeFirstOrThrow()).project_id;
