import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { BlobNotFoundError } from '../../infra/blob-store/blob-store.js';
import { isComposedKey, joinParts, partsOf, sliceParts, type Part } from '../../infra/blob-store/composed-blob-store.js';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { Conflict } from '../../shared/errors.js';
import * as files from '../files/files.public.js';
import type { ContentPieceTable } from './upload.table.js';

// Issue 35: what an account already holds, so its uploads skip those bytes. Only ever the caller's own account: no
// answer here depends on what another account stores (sharing bytes across accounts happens after they are received).

/** The piece size the web client hashes and sends: the index is kept at these boundaries. */
export const PIECE_BYTES = 8 * 1024 * 1024;
/** Indexes a new file's pieces (reads its blob once), queued with its row; files of one piece need none (whole-file skip). */
export const INDEX_PIECES_JOB = 'upload.index-pieces';
const LOOKUP_BATCH = 500;

export const ContentNotHeld = () => Conflict('CONTENT_NOT_HELD', 'This account does not hold these bytes; send them.');

/** The pieces a file has to be indexed for; a one-piece file is found by its whole SHA-256. */
export const needsPieceIndex = (bytes: number) => bytes > PIECE_BYTES;
/** The index job also computes the whole SHA-256 of a composed file, committed without it. */
export const needsIndexJob = (bytes: number, sha256: string | null) => needsPieceIndex(bytes) || (sha256 === null && bytes > 0);

/** Which of these piece hashes the account holds in a file it still has (live or in Trash). */
export async function heldPieces(db: Executor, accountId: string, hashes: readonly string[]): Promise<boolean[]> {
  const unique = [...new Set(hashes)];
  const rows: Array<{ file_id: string; sha256: string; blob_key: string | null }> = [];
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
    rows.push(
      ...(await db
        .selectFrom('content_piece')
        .select(['file_id', 'sha256', 'blob_key'])
        .where('account_id', '=', accountId)
        .where('sha256', 'in', unique.slice(i, i + LOOKUP_BATCH))
        .execute()),
    );
  }
  const held = await files.heldBlobKeys(db, accountId, [...new Set(rows.map((r) => r.file_id))]);
  await dropStale(db, accountId, rows, held);
  const known = new Set(rows.filter((r) => current(r, held)).map((r) => r.sha256));
  return hashes.map((h) => known.has(h));
}

/**
 * Where the account holds each piece of a run (hash and length), as ranges of stored blobs (a piece of a composed file
 * maps onto that file's parts), from the first piece up to the first one it holds nowhere: the sources of the held
 * prefix, empty when it does not hold the first. One lookup for the whole run. The index is trusted without reading the
 * bytes back: a row counts only while its file still names the blob it was read from, and blobs never change once written.
 */
export async function heldPrefix(db: Kysely<DB>, accountId: string, pieces: ReadonlyArray<{ sha256: string; bytes: number }>): Promise<Part[][]> {
  const unique = [...new Set(pieces.map((p) => p.sha256))];
  const rows: Array<{ file_id: string; offset: number; bytes: number; sha256: string; blob_key: string | null }> = [];
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
    rows.push(
      ...(await db
        .selectFrom('content_piece')
        .select(['file_id', 'offset', 'bytes', 'sha256', 'blob_key'])
        .where('account_id', '=', accountId)
        .where('sha256', 'in', unique.slice(i, i + LOOKUP_BATCH))
        .execute()),
    );
  }
  const held = await files.heldBlobKeys(db, accountId, [...new Set(rows.map((r) => r.file_id))]);
  await dropStale(db, accountId, rows, held);
  const composed = new Map<string, Part[]>();
  const partsOfComposed = async (key: string) => composed.get(key) ?? composed.set(key, await partsOf(db, key)).get(key)!;
  const out: Part[][] = [];
  for (const piece of pieces) {
    let found: Part[] | null = null;
    for (const r of rows) {
      if (r.sha256 !== piece.sha256 || Number(r.bytes) !== piece.bytes || !current(r, held)) continue;
      const key = r.blob_key!;
      const parts = isComposedKey(key) ? sliceParts(await partsOfComposed(key), Number(r.offset), piece.bytes) : [{ key, offset: Number(r.offset), bytes: piece.bytes }];
      if (parts.reduce((n, p) => n + p.bytes, 0) === piece.bytes) {
        found = parts;
        break;
      }
    }
    if (!found) break;
    out.push(found);
  }
  return out;
}

const current = (r: { file_id: string; blob_key: string | null }, held: ReadonlyMap<string, string>) => r.blob_key !== null && held.get(r.file_id) === r.blob_key;

/** A file linked to bytes another of the account's files holds has the same pieces: its index rows are copied. */
export async function copyPieceIndex(db: Executor, accountId: string, fromFileId: string, toFileId: string): Promise<number> {
  const res = await db
    .insertInto('content_piece')
    .columns(['account_id', 'file_id', 'offset', 'bytes', 'sha256', 'blob_key'])
    .expression((eb) =>
      eb
        .selectFrom('content_piece')
        .select((s) => [s.val(accountId).as('account_id'), s.val(toFileId).as('file_id'), 'offset', 'bytes', 'sha256', 'blob_key'])
        .where('account_id', '=', accountId)
        .where('file_id', '=', fromFileId),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The index job: hashes the file's blob in 8 MiB pieces and records them (replacing what an interrupted run wrote),
 * and, for a composed file committed without one, its whole SHA-256 (the deferred hash, in the same read). A file gone
 * meanwhile needs nothing.
 */
export async function indexPieces(d: { db: Kysely<DB>; blobs: BlobStore }, fileId: string): Promise<void> {
  const file = await files.getByIdUnscoped(d.db, fileId);
  if (!file || file.is_folder === 1 || !file.blob_key || !needsIndexJob(Number(file.bytes), file.sha256)) return;
  const blobKey = file.blob_key;
  let stream: Readable;
  try {
    ({ stream } = await d.blobs.get(file.blob_key));
  } catch (err) {
    if (err instanceof BlobNotFoundError) return;
    throw err;
  }
  const rows: ContentPieceTable[] = [];
  const whole = file.sha256 === null ? createHash('sha256') : null;
  let hash = createHash('sha256');
  let filled = 0;
  let offset = 0;
  const close = () => {
    rows.push({ account_id: file.account_id, file_id: file.id, offset, bytes: filled, sha256: hash.digest('hex'), blob_key: blobKey });
    offset += filled;
    filled = 0;
    hash = createHash('sha256');
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    whole?.update(chunk);
    for (let at = 0; at < chunk.length; ) {
      const take = Math.min(PIECE_BYTES - filled, chunk.length - at);
      hash.update(chunk.subarray(at, at + take));
      filled += take;
      at += take;
      if (filled === PIECE_BYTES) close();
    }
  }
  if (filled > 0) close();
  await d.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('content_piece').where('account_id', '=', file.account_id).where('file_id', '=', file.id).execute();
    if (!needsPieceIndex(Number(file.bytes))) return;
    for (let i = 0; i < rows.length; i += LOOKUP_BATCH) await trx.insertInto('content_piece').values(rows.slice(i, i + LOOKUP_BATCH)).execute();
  });
  if (whole) await files.setDeferredHash(d.db, file.id, blobKey, whole.digest('hex'));
}

/**
 * Index rows of files the account no longer holds, or read from a blob the file no longer names, go when a lookup meets
 * them (they never answer "held"; a file whose content changed is indexed again by its own job).
 */
async function dropStale(db: Executor, accountId: string, rows: ReadonlyArray<{ file_id: string; blob_key: string | null }>, held: ReadonlyMap<string, string>): Promise<void> {
  const gone = [...new Set(rows.filter((r) => !current(r, held)).map((r) => r.file_id))];
  if (gone.length > 0) await db.deleteFrom('content_piece').where('account_id', '=', accountId).where('file_id', 'in', gone).execute();
}

/** Account deletion. */
export async function deleteIndexOfAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('content_piece').where('account_id', '=', accountId).execute();
}

/** A piece an upload skipped: its offset in the file and where the account holds its bytes. */
export interface SkippedPiece {
  at: number;
  parts: Part[];
}

export const skippedPieces = (upload: { parts: string | null }): SkippedPiece[] => (upload.parts ? (JSON.parse(upload.parts) as SkippedPiece[]) : []);

export const skippedBytes = (skipped: readonly SkippedPiece[]): number => skipped.reduce((n, s) => n + s.parts.reduce((m, p) => m + p.bytes, 0), 0);

/**
 * The composed file's parts, in file order: the skipped pieces where the account holds them, the rest from the
 * upload's own blob (`own`), where the received pieces lie one after another.
 */
export function compose(skipped: readonly SkippedPiece[], total: number, own: string): Part[] {
  const out: Part[] = [];
  let at = 0;
  let ownAt = 0;
  const received = (until: number) => {
    if (until <= at) return;
    joinParts(out, [{ key: own, offset: ownAt, bytes: until - at }]);
    ownAt += until - at;
    at = until;
  };
  for (const s of [...skipped].sort((a, b) => a.at - b.at)) {
    received(s.at);
    joinParts(out, s.parts);
    at += s.parts.reduce((n, p) => n + p.bytes, 0);
  }
  received(total);
  return out;
}
