import type { Executor } from '../../infra/db/executor.js';
import type { DownloadZipTable } from './download.table.js';

export const getActiveFile = (db: Executor, accountId: string, id: string) =>
  db
    .selectFrom('file')
    .select(['id', 'name', 'bytes', 'content_type', 'blob_key', 'sha256', 'last_modified_at'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .where('is_folder', '=', 0)
    .executeTakeFirst();

/** Which of these ids are live items of the account (files, and folders when asked). */
export async function listActiveIds(db: Executor, accountId: string, ids: readonly string[], withFolders: boolean): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('file')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .where('status', '=', 'ACTIVE')
    .$if(!withFolders, (qb) => qb.where('is_folder', '=', 0))
    .execute();
  return rows.map((r) => r.id);
}

export interface TreeNode {
  id: string;
  parent_id: string;
  name: string;
  name_key: string;
  is_folder: number;
  blob_key: string | null;
  content_type: string;
  last_modified_at: number;
}

/**
 * The selected live items and every live, unhidden descendant of the selected folders (recursive CTE). UNION rather
 * than UNION ALL: a selection holding both a folder and something inside it yields each row once. At most `limit` rows.
 */
export async function subtree(db: Executor, accountId: string, rootIds: readonly string[], limit: number): Promise<TreeNode[]> {
  if (rootIds.length === 0) return [];
  const columns = ['id', 'parent_id', 'name', 'name_key', 'is_folder', 'blob_key', 'content_type', 'last_modified_at'] as const;
  return db
    .withRecursive('tree(id, parent_id, name, name_key, is_folder, blob_key, content_type, last_modified_at)', (qb) =>
      qb
        .selectFrom('file')
        .select(columns)
        .where('account_id', '=', accountId)
        .where('status', '=', 'ACTIVE')
        .where('id', 'in', rootIds)
        .union(
          qb
            .selectFrom('file as f')
            .innerJoin('tree as t', 't.id', 'f.parent_id')
            .select(columns.map((c) => `f.${c}` as const))
            .where('f.account_id', '=', accountId)
            .where('f.status', '=', 'ACTIVE')
            .where('f.hidden', '=', 0),
        ),
    )
    .selectFrom('tree')
    .selectAll()
    .limit(limit)
    .execute();
}

export async function insertZip(db: Executor, row: DownloadZipTable): Promise<void> {
  await db.insertInto('download_zip').values(row).execute();
}

export const getZip = (db: Executor, id: string, accountId: string, at: number) =>
  db
    .selectFrom('download_zip')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('expires_at', '>', at)
    .executeTakeFirst();

export async function purgeExpiredZips(db: Executor, at: number): Promise<number> {
  const res = await db.deleteFrom('download_zip').where('expires_at', '<=', at).executeTakeFirst();
  return Number(res.numDeletedRows);
}

