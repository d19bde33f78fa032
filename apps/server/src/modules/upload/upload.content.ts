import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { BlobNotFoundError } from '../../infra/blob-store/blob-store.js';
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
export const PieceNotHeld = () => Conflict('PIECE_NOT_HELD', 'This account does not hold this piece; send its bytes.');

/** The pieces a file has to be indexed for; a one-piece file is found by its whole SHA-256. */
export const needsPieceIndex = (bytes: number) => bytes > PIECE_BYTES;

/** Which of these piece hashes the account holds in a file it still has (live or in Trash). */
export async function heldPieces(db: Executor, accountId: string, hashes: readonly string[]): Promise<boolean[]> {
  const unique = [...new Set(hashes)];
  const rows: Array<{ file_id: string; sha256: string }> = [];
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
    rows.push(
      ...(await db
        .selectFrom('content_piece')
        .select(['file_id', 'sha256'])
        .where('account_id', '=', accountId)
        .where('sha256', 'in', unique.slice(i, i + LOOKUP_BATCH))
        .execute()),
    );
  }
  const held = await files.heldBlobKeys(db, accountId, [...new Set(rows.map((r) => r.file_id))]);
  await dropStale(db, accountId, rows.map((r) => r.file_id), held);
  const known = new Set(rows.filter((r) => held.has(r.file_id)).map((r) => r.sha256));
  return hashes.map((h) => known.has(h));
}

/** Where the account holds a piece with this hash and length: a blob and an offset in it; null when it holds none. */
export async function pieceSource(db: Executor, accountId: string, sha256: string, length: number): Promise<{ key: string; offset: number } | null> {
  const rows = await db
    .selectFrom('content_piece')
    .select(['file_id', 'offset'])
    .where('account_id', '=', accountId)
    .where('sha256', '=', sha256)
    .where('bytes', '=', length)
    .limit(20)
    .execute();
  const held = await files.heldBlobKeys(db, accountId, rows.map((r) => r.file_id));
  await dropStale(db, accountId, rows.map((r) => r.file_id), held);
  for (const r of rows) {
    const key = held.get(r.file_id);
    if (key) return { key, offset: Number(r.offset) };
  }
  return null;
}

/**
 * The bytes of a held piece, read from the account's own blob and checked against the hash while they stream: a
 * mismatch (the source changed under the index) fails the piece with PIECE_NOT_HELD and the client sends it.
 */
export async function readHeldPiece(blobs: BlobStore, source: { key: string; offset: number }, length: number, sha256: string): Promise<Readable> {
  let stream: Readable;
  try {
    ({ stream } = await blobs.get(source.key, { start: source.offset, end: source.offset + length - 1 }));
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw PieceNotHeld();
    throw err;
  }
  const hash = createHash('sha256');
  let seen = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      seen += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      done(seen === length && hash.digest('hex') === sha256 ? null : PieceNotHeld());
    },
  });
  stream.on('error', (err) => checked.destroy(err));
  checked.on('close', () => stream.destroy());
  return stream.pipe(checked);
}

/** A file linked to bytes another of the account's files holds has the same pieces: its index rows are copied. */
export async function copyPieceIndex(db: Executor, accountId: string, fromFileId: string, toFileId: string): Promise<number> {
  const res = await db
    .insertInto('content_piece')
    .columns(['account_id', 'file_id', 'offset', 'bytes', 'sha256'])
    .expression((eb) =>
      eb
        .selectFrom('content_piece')
        .select((s) => [s.val(accountId).as('account_id'), s.val(toFileId).as('file_id'), 'offset', 'bytes', 'sha256'])
        .where('account_id', '=', accountId)
        .where('file_id', '=', fromFileId),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The index job: hashes the file's blob in 8 MiB pieces and records them (replacing what an interrupted run wrote).
 * A file gone meanwhile needs nothing.
 */
export async function indexPieces(d: { db: Kysely<DB>; blobs: BlobStore }, fileId: string): Promise<void> {
  const file = await files.getByIdUnscoped(d.db, fileId);
  if (!file || file.is_folder === 1 || !file.blob_key || !needsPieceIndex(Number(file.bytes))) return;
  let stream: Readable;
  try {
    ({ stream } = await d.blobs.get(file.blob_key));
  } catch (err) {
    if (err instanceof BlobNotFoundError) return;
    throw err;
  }
  const rows: ContentPieceTable[] = [];
  let hash = createHash('sha256');
  let filled = 0;
  let offset = 0;
  const close = () => {
    rows.push({ account_id: file.account_id, file_id: file.id, offset, bytes: filled, sha256: hash.digest('hex') });
    offset += filled;
    filled = 0;
    hash = createHash('sha256');
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
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
    for (let i = 0; i < rows.length; i += LOOKUP_BATCH) await trx.insertInto('content_piece').values(rows.slice(i, i + LOOKUP_BATCH)).execute();
  });
}

/** Index rows of files the account no longer holds go when a lookup meets them (they never answer "held"). */
async function dropStale(db: Executor, accountId: string, fileIds: readonly string[], held: ReadonlyMap<string, string>): Promise<void> {
  const gone = [...new Set(fileIds)].filter((id) => !held.has(id));
  if (gone.length > 0) await db.deleteFrom('content_piece').where('account_id', '=', accountId).where('file_id', 'in', gone).execute();
}

/** Account deletion. */
export async function deleteIndexOfAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('content_piece').where('account_id', '=', accountId).execute();
}
