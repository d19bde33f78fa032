// The trash: items move into it with their subtree, marked by the root the user trashed, and leave it or go for good together.
import type { Executor } from '../../infra/db/executor.js';

/** Trashes an item and every live item below it, all marked with the item's id as their trash root. */
export async function trashSubtree(db: Executor, accountId: string, rootId: string, at: number): Promise<void> {
  await db
    .withRecursive('subtree(id)', (qc) =>
      qc
        .selectFrom('file')
        .select('id')
        .where('account_id', '=', accountId)
        .where('parent_id', '=', rootId)
        .where('status', '=', 'ACTIVE')
        .union((eb) =>
          eb
            .selectFrom('file as f')
            .innerJoin('subtree', 'subtree.id', 'f.parent_id')
            .select('f.id')
            .where('f.account_id', '=', accountId)
            .where('f.status', '=', 'ACTIVE'),
        ),
    )
    .updateTable('file')
    .set({ status: 'TRASHED', trash_root_id: rootId, trashed_at: at })
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('id', '=', rootId), eb('id', 'in', eb.selectFrom('subtree').select('subtree.id'))]))
    .execute();
}

/** Brings back what was trashed with a root (the root itself is restored by the caller, into its new place). */
export async function restoreTrashedWith(db: Executor, accountId: string, rootId: string): Promise<void> {
  await db
    .updateTable('file')
    .set({ status: 'ACTIVE', trash_root_id: null, trashed_at: null })
    .where('account_id', '=', accountId)
    .where('trash_root_id', '=', rootId)
    .where('id', '!=', rootId)
    .where('status', '=', 'TRASHED')
    .execute();
}

const DELETED_COLUMNS = ['id', 'trash_root_id', 'name', 'is_folder', 'bytes', 'blob_key', 'thumb_key', 'small_thumb_key', 'preview_key'] as const;

/** Deletes trash roots and everything trashed with them; returns what was deleted (so bytes are counted once). */
export async function deleteTrashed(db: Executor, accountId: string, rootIds: readonly string[]) {
  if (rootIds.length === 0) return [];
  return db
    .deleteFrom('file')
    .where('account_id', '=', accountId)
    .where('status', '=', 'TRASHED')
    .where('trash_root_id', 'in', rootIds)
    .returning(DELETED_COLUMNS)
    .execute();
}

export const deleteAllTrashed = (db: Executor, accountId: string) =>
  db.deleteFrom('file').where('account_id', '=', accountId).where('status', '=', 'TRASHED').returning(DELETED_COLUMNS).execute();
