// The family library's writes to the file table (issue 35): the family module decides who may do what; these only
// change rows, inside the family module's transaction.
import { isComposedKey } from '../../infra/blob-store/composed-blob-store.js';
import type { Executor } from '../../infra/db/executor.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { nameKey } from '../../shared/names.js';
import { newId } from '../../shared/tokens.js';
import * as accounts from '../account/account.quota.public.js';
import { indexFiles } from '../search-index/search-index.public.js';
import { linkStored } from './files.content.js';
import { trashSubtree } from './files.trash.repository.js';
import { deleteLiveFile, freeNameInFolder, insertFile, recordActivity } from './files.writer.js';
import { ROOT, type FileRow } from './files.table.js';

/** Moves the account's live photos into a family library, or (null) back into the account's own. */
export async function setFamilySpace(db: Executor, accountId: string, ids: readonly string[], familyId: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('file').set({ family_id: familyId, family_held_until: null }).where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** Marks family items their owner could not take back on leaving: out of every timeline, deleted after `until`. */
export async function holdFamilyItems(db: Executor, accountId: string, ids: readonly string[], until: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('file').set({ family_held_until: until }).where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/**
 * A copy of the account's photo in a family library: a new row naming the same bytes (a content reference, no bytes
 * copied) and derivatives, charged in full to the account. null when its bytes are being released or were never
 * content-addressed; throws QuotaExceeded past the account's (or the family pool's) quota.
 */
export async function copyIntoFamily(db: Executor, row: FileRow, familyId: string, at: number): Promise<FileRow | null> {
  // A composed file (issue 35) always has its content row, so it needs no hash to be linked (it may not have one yet).
  if (row.blob_key === null || (row.sha256 === null && !isComposedKey(row.blob_key))) return null;
  const bytes = Number(row.bytes);
  if (!(await accounts.reserveQuota(db, row.account_id, bytes))) throw accounts.QuotaExceeded();
  if (!(await linkStored(db, { key: row.blob_key, sha256: row.sha256 ?? '', bytes }, at))) return null;
  await accounts.commitQuota(db, row.account_id, bytes, bytes);
  const name = await freeNameInFolder(db, row.account_id, row.parent_id, row.name, false);
  const copy: FileRow = {
    ...row,
    id: newId(),
    name,
    name_key: nameKey(name),
    favourite: 0,
    hidden: 0,
    description: null,
    created_at: at,
    last_modified_at: at,
    family_id: familyId,
    family_held_until: null,
  };
  await insertFile(db, copy);
  return copy;
}

/**
 * Removing an item from the family library: it goes to the remover's trash, with its bytes. Another member's item
 * (the admin removing it) changes hands first, to the root of the admin's files, so the admin can recover it.
 */
export async function trashFromFamily(db: Executor, row: FileRow, removerId: string, at: number): Promise<void> {
  if (row.account_id !== removerId) {
    const bytes = Number(row.bytes);
    await accounts.freeQuota(db, row.account_id, bytes);
    await accounts.refreshStatus(db, row.account_id);
    // Both are in the family, so the pool's use does not change; the admin's own row takes the bytes as they are.
    await accounts.commitQuota(db, removerId, 0, bytes);
    await accounts.refreshStatus(db, removerId);
    const name = await freeNameInFolder(db, removerId, ROOT, row.name, false);
    await db.updateTable('file').set({ account_id: removerId, parent_id: ROOT, name, name_key: nameKey(name) }).where('id', '=', row.id).execute();
    await db.updateTable('file_version').set({ account_id: removerId }).where('file_id', '=', row.id).execute();
    await indexFiles(db, [{ ...row, account_id: removerId, name }]);
  }
  await trashSubtree(db, removerId, row.id, at);
  await recordActivity(db, removerId, [row], 'TRASHED');
}

/** Held items whose time is up, oldest first. */
export const listExpiredHeld = (db: Executor, at: number, limit: number) =>
  db
    .selectFrom('file')
    .selectAll()
    .where('family_held_until', 'is not', null)
    .where('family_held_until', '<=', at)
    .where('status', '=', 'ACTIVE')
    .orderBy('family_held_until')
    .limit(limit)
    .execute();

/** Deletes a held item for good (its bytes back to its owner's quota, its blobs released). */
export const deleteHeld = (db: Executor, jobs: JobQueue, row: FileRow): Promise<boolean> => deleteLiveFile(db, jobs, row.account_id, row);
