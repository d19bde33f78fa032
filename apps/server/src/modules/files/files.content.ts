import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { isComposedKey, partsOf, type Part } from '../../infra/blob-store/composed-blob-store.js';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { hours } from '../../shared/time.js';
import * as repo from './files.content.repository.js';

// Content stored once across accounts (issue 35). The rules, each step safe to repeat after a kill:
// - a file links to stored bytes only inside the transaction that inserts its row, and only to a LIVE blob (locked by
//   the link's UPDATE), so a release running meanwhile either waits and then counts the new row, or has already made
//   the blob DYING and the link falls back to the file's own bytes;
// - a release (every blob deletion of files: trash purge, delete, replaced content, versions, account deletion) locks
//   the row, recounts the rows that name the key, and only at zero marks it DYING and commits; then the blob goes, then
//   the row. A kill after the commit leaves a DYING row that the sweep finishes; nothing links to DYING bytes.

/** How often the sweep runs: the longest that unreferenced bytes can outlive a kill (the purge job normally takes them at once). */
export const CONTENT_SWEEP_MS = hours(1);
const SWEEP_BATCH = 500;

export interface StoredContent {
  key: string;
  sha256: string;
  bytes: number;
}

/**
 * An upload's freshly stored bytes becoming a file (after they were received in full): the key of the same bytes
 * stored before (by any account) when there is one, with the upload's own key as `redundant` (the caller queues its
 * deletion in this transaction); else the upload's own key, now shared content.
 */
export async function shareStored(db: Executor, own: StoredContent, at: number): Promise<{ key: string; redundant: string | null }> {
  // Empty files are not worth a row (and WebDAV writes many placeholders).
  if (own.bytes === 0) return { key: own.key, redundant: null };
  const existing = await repo.findLive(db, own.sha256, own.bytes);
  if (existing && existing.key !== own.key && (await repo.addRef(db, existing.key, at))) return { key: existing.key, redundant: own.key };
  if (!(await repo.insert(db, { ...own, refs: 1, state: 'LIVE', created_at: at, checked_at: at })) && !(await repo.addRef(db, own.key, at))) {
    // The key is being released (a reused upload id whose earlier file was just purged): its bytes may go any moment,
    // so this commit must not name them; the upload fails and the client sends it again.
    throw new Error(`content key ${own.key} is being released`);
  }
  return { key: own.key, redundant: null };
}

/**
 * A new file of the same account naming bytes one of its files already names (an upload that skipped every byte).
 * False when those bytes are being released: the caller sends them instead.
 */
export async function linkStored(db: Executor, source: StoredContent, at: number): Promise<boolean> {
  if (await repo.addRef(db, source.key, at)) return true;
  // Content stored before issue 35 has no row yet. The row comes first, so a release starting now waits for this
  // transaction and then counts the new file; one that claimed the key before makes the insert fail.
  if (!(await repo.insert(db, { ...source, refs: 1, state: 'LIVE', created_at: at, checked_at: at }))) return false;
  const refs = await repo.countRefs(db, source.key);
  // Nothing names it any more (its file went meanwhile, its bytes may be gone): the caller's transaction rolls back.
  if (refs === 0) return false;
  await repo.setRefs(db, source.key, refs + 1);
  return true;
}

/**
 * A new file whose content is composed of ranges of stored blobs (issue 35: an upload that skipped some pieces): the
 * account's own held bytes and the upload's own received bytes (`own`, a fresh key). In the transaction that inserts
 * the file row: each held part key gains a reference as a link does (false when one is being released: the caller's
 * transaction rolls back), the own key and the composed key get LIVE rows, and the parts are recorded in order.
 * The composed key's SHA-256 is not known here (it is computed later by a job); it is never shared across accounts.
 */
export async function composeStored(
  db: Executor,
  c: { key: string; accountId: string; bytes: number; parts: readonly Part[]; own: string | null },
  at: number,
): Promise<boolean> {
  const held = [...new Set(c.parts.map((p) => p.key))].filter((k) => k !== c.own);
  for (const key of held) {
    if (await repo.addRef(db, key, at)) continue;
    // A blob stored before issue 35 has no row yet: as in `linkStored`, the row first, then the recount.
    if (!(await repo.insert(db, { key, sha256: '', bytes: 0, refs: 1, state: 'LIVE', created_at: at, checked_at: at }))) return false;
    const refs = await repo.countRefs(db, key);
    if (refs === 0) return false;
    await repo.setRefs(db, key, refs + 1);
  }
  const ownBytes = c.parts.filter((p) => p.key === c.own).reduce((n, p) => n + p.bytes, 0);
  for (const [key, bytes] of [...(c.own ? [[c.own, ownBytes] as const] : []), [c.key, c.bytes] as const]) {
    if (!(await repo.insert(db, { key, sha256: '', bytes, refs: 1, state: 'LIVE', created_at: at, checked_at: at }))) {
      // A reused upload id whose earlier content is being released: as in `shareStored`, the upload fails.
      throw new Error(`content key ${key} is being released`);
    }
  }
  await repo.insertParts(db, c.parts.map((p, seq) => ({ composed_key: c.key, seq, account_id: c.accountId, part_key: p.key, part_offset: p.offset, bytes: p.bytes })));
  return true;
}

/**
 * The bytes of a released key: a blob is deleted; a composed key releases each of its parts (they may be named by
 * other files and compositions, so each is recounted), then its part rows go. Safe to repeat after a kill.
 */
async function dropBytes(db: Kysely<DB>, blobs: BlobStore, key: string, opts: { ignoreAccount?: string }): Promise<void> {
  if (!isComposedKey(key)) return blobs.delete(key);
  await releaseComposition(db, blobs, key, opts);
}

/** Releases the parts of a composition that no longer counts (DYING, or moved away), then its part rows. */
export async function releaseComposition(db: Kysely<DB>, blobs: BlobStore, key: string, opts: { ignoreAccount?: string } = {}): Promise<void> {
  for (const part of new Set((await partsOf(db, key)).map((p) => p.key))) await releaseBlob(db, blobs, part, opts);
  await repo.deleteParts(db, key);
}

/**
 * Deletes a blob unless a row still names it (rows of `ignoreAccount` aside: an account being deleted). Returns
 * whether it was deleted. Safe against a link running at the same time and against a kill at any step.
 */
export async function releaseBlob(db: Kysely<DB>, blobs: BlobStore, key: string, opts: { ignoreAccount?: string } = {}): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const at = Date.now();
    const claimed = await db.transaction().execute(async (trx) => {
      const row = await repo.lock(trx, key, at);
      if (row?.state === 'DYING') return true;
      const refs = await repo.countRefs(trx, key, opts.ignoreAccount);
      if (refs > 0) {
        if (row) await repo.setRefs(trx, key, refs);
        return false;
      }
      if (row) {
        await repo.setDying(trx, key);
        return true;
      }
      // A claim row, so that a link of these bytes starting now cannot succeed; null: a link inserted one first.
      return (await repo.insert(trx, { key, sha256: '', bytes: 0, refs: 0, state: 'DYING', created_at: at, checked_at: at })) ? true : null;
    });
    if (claimed === null && attempt < 3) continue;
    if (!claimed) return false;
    await dropBytes(db, blobs, key, opts);
    await repo.removeDying(db, key);
    return true;
  }
}

/**
 * Moves shared bytes to another key (account deletion: bytes another account still names leave the deleted account's
 * prefix): under the row's lock, every other account's row and the content row follow the key.
 */
export async function moveShared(db: Kysely<DB>, from: string, to: string, accountId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lock(trx, from, Date.now());
    for (const column of ['blob_key', 'thumb_key', 'small_thumb_key', 'preview_key'] as const) {
      await trx.updateTable('file').set({ [column]: to }).where(column, '=', from).where('account_id', '!=', accountId).execute();
    }
    await trx.updateTable('file_version').set({ blob_key: to }).where('blob_key', '=', from).where('account_id', '!=', accountId).execute();
    await repo.renamePart(trx, from, to, accountId);
    await repo.rename(trx, from, to);
  });
}

/**
 * The sweep: finishes releases a kill interrupted (DYING rows), and recounts LIVE rows not looked at for a sweep period,
 * releasing any that nothing names (a row deleted without its purge job, e.g. in a crash of older code).
 */
export async function sweepContent(db: Kysely<DB>, blobs: BlobStore, now = Date.now()): Promise<{ finished: number; released: number }> {
  let finished = 0;
  for (const { key } of await repo.listDying(db, SWEEP_BATCH)) {
    await dropBytes(db, blobs, key, {});
    await repo.removeDying(db, key);
    finished++;
  }
  let released = 0;
  for (const { key } of await repo.listUnchecked(db, now - CONTENT_SWEEP_MS, SWEEP_BATCH)) {
    if (await releaseBlob(db, blobs, key)) released++;
  }
  return { finished, released };
}

export { savedBytes } from './files.content.repository.js';
