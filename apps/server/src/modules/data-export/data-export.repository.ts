import type { Executor } from '../../infra/db/executor.js';
import type { DataExportRow, DataExportTable, DataExportUpdate } from './data-export.table.js';

// Queries only: the export rows, and the account's live files and folders read as the archive lays them out (like the
// download module's zip tree, the shape read here is the archive's, not the files module's).

export interface ExportFolder {
  id: string;
  parent_id: string;
  name: string;
}

export interface ExportFile {
  id: string;
  parent_id: string;
  name: string;
  bytes: number;
  blob_key: string | null;
  last_modified_at: number;
}

export function latest(db: Executor, accountId: string): Promise<DataExportRow | undefined> {
  return db.selectFrom('data_export').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function getById(db: Executor, accountId: string, id: string): Promise<DataExportRow | undefined> {
  return db.selectFrom('data_export').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

export function running(db: Executor, accountId: string): Promise<DataExportRow | undefined> {
  return db.selectFrom('data_export').selectAll().where('account_id', '=', accountId).where('status', '=', 'RUNNING').executeTakeFirst();
}

export async function insert(db: Executor, row: DataExportTable): Promise<void> {
  await db.insertInto('data_export').values(row).execute();
}

/** Changes a running export; false when it is no longer running (deleted, or ended by another worker). */
export async function updateRunning(db: Executor, accountId: string, id: string, values: DataExportUpdate): Promise<boolean> {
  const res = await db.updateTable('data_export').set(values).where('account_id', '=', accountId).where('id', '=', id).where('status', '=', 'RUNNING').executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Ready exports past their expiry and failed ones older than `before`: housekeeping removes their blobs, then them. */
export function listExpired(db: Executor, at: number, failedBefore: number, limit: number): Promise<DataExportRow[]> {
  return db
    .selectFrom('data_export')
    .selectAll()
    .where((eb) => eb.or([eb('expires_at', '<=', at), eb.and([eb('status', '=', 'FAILED'), eb('updated_at', '<=', failedBefore)])]))
    .limit(limit)
    .execute();
}

export async function remove(db: Executor, accountId: string, id: string): Promise<void> {
  await db.deleteFrom('data_export').where('account_id', '=', accountId).where('id', '=', id).execute();
}

export function listAll(db: Executor, accountId: string): Promise<DataExportRow[]> {
  return db.selectFrom('data_export').selectAll().where('account_id', '=', accountId).execute();
}

export async function removeAll(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('data_export').where('account_id', '=', accountId).execute();
}

/** Every live folder of the account (folders are few next to files: read at once to name the paths). */
export function liveFolders(db: Executor, accountId: string): Promise<ExportFolder[]> {
  return db
    .selectFrom('file')
    .select(['id', 'parent_id', 'name'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where('is_folder', '=', 1)
    .execute();
}

/** The next live files after `afterId`, by id: the order the parts are cut in, the same after a restart. */
export function liveFilesAfter(db: Executor, accountId: string, afterId: string | null, limit: number): Promise<ExportFile[]> {
  let q = db
    .selectFrom('file')
    .select(['id', 'parent_id', 'name', 'bytes', 'blob_key', 'last_modified_at'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where('is_folder', '=', 0);
  if (afterId !== null) q = q.where('id', '>', afterId);
  return q.orderBy('id').limit(limit).execute();
}

export async function liveFileTotals(db: Executor, accountId: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('file')
    .select((eb) => [eb.fn.countAll().as('files'), eb.fn.sum<number>('bytes').as('bytes')])
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where('is_folder', '=', 0)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** The live files among `ids` (id, parent, name), in chunks so a long list stays within the databases' limits. */
export async function liveFilesByIds(db: Executor, accountId: string, ids: readonly string[]): Promise<ExportFolder[]> {
  const found: ExportFolder[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    found.push(
      ...(await db
        .selectFrom('file')
        .select(['id', 'parent_id', 'name'])
        .where('account_id', '=', accountId)
        .where('status', '=', 'ACTIVE')
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return found;
}
