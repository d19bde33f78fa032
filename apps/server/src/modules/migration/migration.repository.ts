import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../infra/db/executor.js';
import type {
  DropboxConnectionTable,
  DropboxImportRow,
  DropboxImportTable,
  DropboxItemRow,
  NewDropboxItem,
  TakeoutImportRow,
  TakeoutImportTable,
} from './migration.table.js';

// Queries only: the connection, the import's state and the items imported.

export function getConnection(db: Executor, accountId: string) {
  return db.selectFrom('dropbox_connection').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export function getConnectionByState(db: Executor, accountId: string, stateHash: string) {
  return db.selectFrom('dropbox_connection').selectAll().where('account_id', '=', accountId).where('state_hash', '=', stateHash).executeTakeFirst();
}

/** Creates or replaces the account's connection row with these values. */
export async function saveConnection(db: Executor, row: DropboxConnectionTable): Promise<void> {
  const { account_id: _id, ...rest } = row;
  await db.insertInto('dropbox_connection').values(row).onConflict((oc) => oc.column('account_id').doUpdateSet(rest)).execute();
}

export async function updateConnection(db: Executor, accountId: string, values: Updateable<DropboxConnectionTable>): Promise<void> {
  await db.updateTable('dropbox_connection').set(values).where('account_id', '=', accountId).execute();
}

export async function deleteConnection(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('dropbox_connection').where('account_id', '=', accountId).execute();
}

export function getImport(db: Executor, accountId: string): Promise<DropboxImportRow | undefined> {
  return db.selectFrom('dropbox_import').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function saveImport(db: Executor, row: DropboxImportTable): Promise<void> {
  const { account_id: _id, ...rest } = row;
  await db.insertInto('dropbox_import').values(row).onConflict((oc) => oc.column('account_id').doUpdateSet(rest)).execute();
}

/** Changes this run's import row; false when another run replaced it (the caller's job is stale). */
export async function updateImport(db: Executor, accountId: string, runId: string, values: Updateable<DropboxImportTable>): Promise<boolean> {
  const res = await db.updateTable('dropbox_import').set(values).where('account_id', '=', accountId).where('run_id', '=', runId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Adds to this run's counters (one statement, so concurrent files never lose a count). */
export async function countImported(
  db: Executor,
  accountId: string,
  runId: string,
  add: { files: number; bytes: number; unchanged: number },
  at: number,
): Promise<void> {
  await db
    .updateTable('dropbox_import')
    .set({
      files_done: sql`files_done + ${add.files}`,
      bytes_done: sql`bytes_done + ${add.bytes}`,
      files_unchanged: sql`files_unchanged + ${add.unchanged}`,
      updated_at: at,
    })
    .where('account_id', '=', accountId)
    .where('run_id', '=', runId)
    .execute();
}

export function listItems(db: Executor, accountId: string): Promise<DropboxItemRow[]> {
  return db.selectFrom('dropbox_item').selectAll().where('account_id', '=', accountId).execute();
}

export function getItem(db: Executor, accountId: string, pathLower: string): Promise<DropboxItemRow | undefined> {
  return db.selectFrom('dropbox_item').selectAll().where('account_id', '=', accountId).where('path_lower', '=', pathLower).executeTakeFirst();
}

export async function saveItem(db: Executor, item: NewDropboxItem): Promise<void> {
  const { account_id: _a, path_lower: _p, ...rest } = item;
  await db.insertInto('dropbox_item').values(item).onConflict((oc) => oc.columns(['account_id', 'path_lower']).doUpdateSet(rest)).execute();
}

export async function deleteItems(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('dropbox_item').where('account_id', '=', accountId).execute();
}

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('dropbox_item').where('account_id', '=', accountId).execute();
  await db.deleteFrom('dropbox_import').where('account_id', '=', accountId).execute();
  await db.deleteFrom('dropbox_connection').where('account_id', '=', accountId).execute();
}

// --- Google Photos Takeout

export function latestTakeout(db: Executor, accountId: string): Promise<TakeoutImportRow | undefined> {
  return db.selectFrom('takeout_import').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function getTakeout(db: Executor, accountId: string, id: string): Promise<TakeoutImportRow | undefined> {
  return db.selectFrom('takeout_import').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

export function runningTakeout(db: Executor, accountId: string): Promise<TakeoutImportRow | undefined> {
  return db.selectFrom('takeout_import').selectAll().where('account_id', '=', accountId).where('status', '=', 'RUNNING').executeTakeFirst();
}

export async function insertTakeout(db: Executor, row: TakeoutImportTable): Promise<void> {
  await db.insertInto('takeout_import').values(row).execute();
}

/** Changes a running import; false when it is no longer running. */
export async function updateTakeout(db: Executor, accountId: string, id: string, values: Updateable<TakeoutImportTable>): Promise<boolean> {
  const res = await db.updateTable('takeout_import').set(values).where('account_id', '=', accountId).where('id', '=', id).where('status', '=', 'RUNNING').executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Adds to a running import's counters in one statement. */
export async function countTakeout(db: Executor, accountId: string, id: string, add: { done: number; imported: number; skipped: number }, at: number): Promise<void> {
  await db
    .updateTable('takeout_import')
    .set({
      media_done: sql`media_done + ${add.done}`,
      imported: sql`imported + ${add.imported}`,
      skipped: sql`skipped + ${add.skipped}`,
      updated_at: at,
    })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}

export async function getTakeoutItems(db: Executor, accountId: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('takeout_item').select(['item_key', 'file_id']).where('account_id', '=', accountId).where('item_key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.item_key, r.file_id]));
}

export async function saveTakeoutItem(db: Executor, accountId: string, key: string, fileId: string, at: number): Promise<void> {
  await db
    .insertInto('takeout_item')
    .values({ account_id: accountId, item_key: key, file_id: fileId, imported_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'item_key']).doUpdateSet({ file_id: fileId, imported_at: at }))
    .execute();
}

export async function purgeTakeout(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('takeout_item').where('account_id', '=', accountId).execute();
  await db.deleteFrom('takeout_import').where('account_id', '=', accountId).execute();
}
