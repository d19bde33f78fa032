import { BlobNotFoundError, type BlobStore } from '../../infra/blob-store/blob-store.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { isComposedKey } from '../../infra/blob-store/composed-blob-store.js';
import { moveShared, releaseBlob, releaseComposition } from './files.content.js';
import * as versions from './files.versions.repository.js';

const BATCH = 500;

type KeyColumn = 'blob_key' | 'thumb_key' | 'small_thumb_key' | 'preview_key';
const KEY_COLUMNS: KeyColumn[] = ['blob_key', 'thumb_key', 'small_thumb_key', 'preview_key'];

/** Another account's row naming the key: copies saved from a shared link share the original's blobs, and identical
 * contents share one blob across accounts (issue 35), also as a version's content. */
async function otherUser(db: Executor, accountId: string, key: string): Promise<{ account_id: string } | undefined> {
  const file = await db
    .selectFrom('file')
    .select('account_id')
    .where('account_id', '!=', accountId)
    .where((eb) => eb.or(KEY_COLUMNS.map((c) => eb(c, '=', key))))
    .limit(1)
    .executeTakeFirst();
  if (file) return file;
  const version = await db.selectFrom('file_version').select('account_id').where('account_id', '!=', accountId).where('blob_key', '=', key).limit(1).executeTakeFirst();
  // Another account's composed file reading a range of it (issue 35).
  return version ?? db.selectFrom('content_part').select('account_id').where('account_id', '!=', accountId).where('part_key', '=', key).limit(1).executeTakeFirst();
}

/**
 * Deletes the blob, or, when another account still uses it, moves it under that account's prefix first (copy,
 * repoint the rows and the shared-content row under its lock, delete), so no key left anywhere names the deleted
 * account. Each step is safe to repeat.
 */
async function releaseAccountBlob(db: Kysely<DB>, blobs: BlobStore, accountId: string, key: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const other = await otherUser(db, accountId, key);
    if (other) {
      const own = `users/${accountId}/`;
      // A copy the account saved of someone else's file: the blob is theirs and stays.
      if (!key.startsWith(own)) return;
      // A composed key another account names (a copy saved from a link) becomes one plain blob of that account, read
      // through its parts; its parts are then released like the account's other blobs.
      const rest = key.slice(own.length);
      const moved = `users/${other.account_id}/${isComposedKey(key) ? rest.replace(/^composed\//, 'files/') : rest}`;
      try {
        const { stream } = await blobs.get(key);
        await blobs.put(moved, stream);
      } catch (err) {
        // Gone already (a blob lost before): the rows follow the key anyway, they pointed at nothing before too.
        if (!(err instanceof BlobNotFoundError)) throw err;
      }
      await moveShared(db, key, moved, accountId);
      await blobs.delete(key);
      if (isComposedKey(key)) await releaseComposition(db, blobs, key, { ignoreAccount: accountId });
      return;
    }
    // No other account names it: released unless one linked to it meanwhile (then it is moved on the next turn).
    if (await releaseBlob(db, blobs, key, { ignoreAccount: accountId })) return;
  }
}

async function composedKeysOf(db: Kysely<DB>, accountId: string): Promise<string[]> {
  const prefix = `users/${accountId}/composed/%`;
  const files = await db.selectFrom('file').select('blob_key').distinct().where('account_id', '=', accountId).where('blob_key', 'like', prefix).execute();
  const versions = await db.selectFrom('file_version').select('blob_key').distinct().where('account_id', '=', accountId).where('blob_key', 'like', prefix).execute();
  return [...new Set([...files, ...versions].map((r) => r.blob_key).filter((k): k is string => !!k))];
}

/**
 * Keys under the account's prefix that it may no longer name itself: named by another account's row (its file, version
 * or composition), or listed as shared content (issue 35). The bytes of a file the account uploaded stay under its
 * prefix when another account stored the same bytes, also once the account deleted that file: found only through the
 * account's own rows, they were left to the final `deletePrefix`, which took them from under the other account's
 * file. Compositions first, as below. Exported for its plan test.
 */
export async function sharedKeysUnderPrefix(db: Kysely<DB>, accountId: string): Promise<string[]> {
  // The account's keys as a byte range of each key column's index (migration 2026-12-15T0300_blob_key_bytes): '0'
  // follows '/', so [users/<id>/, users/<id>0) is exactly the keys under the prefix, read without a table scan.
  const from = `users/${accountId}/`;
  const to = `users/${accountId}0`;
  const files = [];
  // One range per column (an OR of ranges would not use every index on SQLite).
  for (const column of KEY_COLUMNS) {
    files.push(
      ...(await db
        .selectFrom('file')
        .select(KEY_COLUMNS)
        .where(column, '>=', from)
        .where(column, '<', to)
        .where('account_id', '!=', accountId)
        .execute()),
    );
  }
  const versions = await db.selectFrom('file_version').select('blob_key').where('blob_key', '>=', from).where('blob_key', '<', to).where('account_id', '!=', accountId).execute();
  const parts = await db.selectFrom('content_part').select('part_key').where('part_key', '>=', from).where('part_key', '<', to).where('account_id', '!=', accountId).execute();
  const shared = await db.selectFrom('content_blob').select('key').where('key', '>=', from).where('key', '<', to).execute();
  const keys = new Set([
    ...files.flatMap((r) => KEY_COLUMNS.map((c) => r[c])),
    ...versions.map((r) => r.blob_key),
    ...parts.map((r) => r.part_key),
    ...shared.map((r) => r.key),
  ]);
  const own = [...keys].filter((k): k is string => !!k && k.startsWith(`users/${accountId}/`));
  return [...own.filter(isComposedKey), ...own.filter((k) => !isComposedKey(k))];
}

/**
 * Account deletion: every file row of the account and the blobs they name (content, thumbnails, preview); a blob
 * another account's copy still uses moves to that account. Blobs go before their rows, batch by batch, so a crash
 * between the two only means the next run releases them again and never leaves a blob whose row is gone.
 */
export async function purgeAccountFiles(db: Kysely<DB>, blobs: BlobStore, accountId: string): Promise<void> {
  // Keys under the prefix that other accounts name or that are shared content, first: moved out, or claimed (DYING)
  // so that no upload links to them any more before the prefix goes.
  for (const key of await sharedKeysUnderPrefix(db, accountId)) await releaseAccountBlob(db, blobs, accountId, key);
  // Composed contents first (issue 35): their parts are often the account's own blobs, which must still be there when
  // a composition another account names is copied out, and must no longer be counted by it when they are released.
  for (const key of await composedKeysOf(db, accountId)) await releaseAccountBlob(db, blobs, accountId, key);
  // Versions first (issue 33): their blobs, then their rows, by the same crash-safe order.
  for (;;) {
    const rows = await versions.blobKeysOfAccount(db, accountId, BATCH);
    if (rows.length === 0) break;
    for (const key of new Set(rows.map((r) => r.blob_key))) await releaseAccountBlob(db, blobs, accountId, key);
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
    for (const key of keys) await releaseAccountBlob(db, blobs, accountId, key);
    await db.deleteFrom('file').where('account_id', '=', accountId).where('id', 'in', rows.map((r) => r.id)).execute();
  }
  await db.deleteFrom('file_activity').where('account_id', '=', accountId).execute();
  await db.deleteFrom('listing_boundary').where('account_id', '=', accountId).execute();
  // Whatever else is left under the account's prefix: derivatives of a media job that crashed mid-way.
  await blobs.deletePrefix(`users/${accountId}`);
}
