import type { Executor } from '../../infra/db/executor.js';
import type { DownloadZipTable } from './download.table.js';

// The zip's tree is read here, in one recursive query over the file table: its shape is the zip's, not the files module's.
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


export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('download_zip').where('account_id', '=', accountId).execute();
}
