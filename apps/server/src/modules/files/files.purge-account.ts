import { BlobNotFoundError, type BlobStore } from '../../infra/blob-store/blob-store.js';
import type { Executor } from '../../infra/db/executor.js';
import * as versions from './files.versions.repository.js';

const BATCH = 500;

type KeyColumn = 'blob_key' | 'thumb_key' | 'small_thumb_key' | 'preview_key';
const KEY_COLUMNS: KeyColumn[] = ['blob_key', 'thumb_key', 'small_thumb_key', 'preview_key'];

/** Another account's row naming the key: copies saved from a shared link share the original's blobs. */
const otherUser = (db: Executor, accountId: string, key: string) =>
  db
    .selectFrom('file')
    .select('account_id')
    .where('account_id', '!=', accountId)
    .where((eb) => eb.or(KEY_COLUMNS.map((c) => eb(c, '=', key))))
    .limit(1)
    .executeTakeFirst();

/**
 * Deletes the blob, or, when another account's copy still uses it, moves it under that account's prefix first (copy,
 * repoint the rows, delete), so no key left anywhere names the deleted account. Each step is safe to repeat.
 */
async function releaseBlob(db: Executor, blobs: BlobStore, accountId: string, key: string): Promise<void> {
  const other = await otherUser(db, accountId, key);
  if (other) {
    const own = `users/${accountId}/`;
    // A copy the account saved of someone else's file: the blob is theirs and stays.
    if (!key.startsWith(own)) return;
    const moved = `users/${other.account_id}/${key.slice(own.length)}`;
    try {
      const { stream } = await blobs.get(key);
      await blobs.put(moved, stream);
    } catch (err) {
      // Gone already (a blob lost before): the rows follow the key anyway, they pointed at nothing before too.
      if (!(err instanceof BlobNotFoundError)) throw err;
    }
    for (const column of KEY_COLUMNS) {
      await db.updateTable('file').set({ [column]: moved }).where(column, '=', key).where('account_id', '!=', accountId).execute();
    }
  }
  await blobs.delete(key);
}

/**
 * Account deletion: every file row of the account and the blobs they name (content, thumbnails, preview); a blob
 * another account's copy still uses moves to that account. Blobs go before their rows, batch by batch, so a crash
 * between the two only means the next run releases them again and never leaves a blob whose row is gone.
 */
export async function purgeAccountFiles(db: Executor, blobs: BlobStore, accountId: string): Promise<void> {
  // Versions first (issue 33): their blobs, then their rows, by the same crash-safe order.
  for (;;) {
    const rows = await versions.blobKeysOfAccount(db, accountId, BATCH);
    if (rows.length === 0) break;
    for (const key of new Set(rows.map((r) => r.blob_key))) await releaseBlob(db, blobs, accountId, key);
    await versions.deleteAnyByIds(db, rows.map((r) => r.id));
  }
  for (;;) {
    const rows = await db
      .selectFrom('file')
      .select(['id', ...KEY_COLUMNS])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const keys = new Set(rows.flatMap((r) => KEY_COLUMNS.map((c) => r[c])).filter((k): k is string => !!k));
    for (const key of keys) await releaseBlob(db, blobs, accountId, key);
    await db.deleteFrom('file').where('account_id', '=', accountId).where('id', 'in', rows.map((r) => r.id)).execute();
  }
  await db.deleteFrom('file_activity').where('account_id', '=', accountId).execute();
  await db.deleteFrom('listing_boundary').where('account_id', '=', accountId).execute();
  // Whatever else is left under the account's prefix: derivatives of a media job that crashed mid-way.
  await blobs.deletePrefix(`users/${accountId}`);
}
