import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import type { BlobStore, PutResult } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { Executor } from '../../infra/db/executor.js';
import { FIGURES, type FigureRecorder } from '../../infra/figures/figure-recorder.js';
import { NotFound } from '../../shared/errors.js';
import { nameKey } from '../../shared/names.js';
import { now } from '../../shared/time.js';
import { localDay } from '../../shared/days.js';
import * as accounts from '../account/account.quota.public.js';
import * as family from '../family/family.public.js';
import type { AuthContext } from '../../shared/auth-context.js';
import * as files from '../files/files.public.js';
import { ROOT, toFileItem, type DerivativeLinks, type FileItemDto, type FileRow } from '../files/files.public.js';
import { isMedia, MEDIA_PROCESS_JOB, mediaKindOf, NO_MEDIA } from '../media/media.public.js';
import { needsDocumentPreview, OFFICE_PREVIEW_JOB } from '../office/office.public.js';
import { documentTypeFor } from './upload.content-type.js';
import { AlreadyComplete, PieceNotHeld, QuotaExceeded, UploadNotFound } from './upload.errors.js';
import * as repo from './upload.repository.js';
import type { UploadRow, UploadStatus } from './upload.table.js';
import { ContentNotHeld, copyPieceIndex, deleteIndexOfAccount, INDEX_PIECES_JOB, needsIndexJob } from './upload.content.js';
import { composedKey, type Part } from '../../infra/blob-store/composed-blob-store.js';

// How an upload ends: its stored blob becomes a file, or it is aborted; either way its reservation is settled once.

/** X-Meta-Strategy values. */
export const KEEP_BOTH = 0;
export const REPLACE = 1;

export { fileBlobKey } from '../files/files.public.js';
import { fileBlobKey } from '../files/files.public.js';
/** Where versions before pieces were written in place kept each piece as a blob; still cleared when an upload ends. */
export const pieceDir = (accountId: string, id: string) => `uploads/${accountId}/${id}`;

export interface UploadDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  /** Signs thumbnail and preview URLs into file items. */
  links?: DerivativeLinks;
  /** Uploads per day for the operator's dashboard. */
  figures?: FigureRecorder;
}

/** Issue 35: a file of the account whose bytes the new file names instead of receiving them. */
export interface HeldSource {
  fileId: string;
  key: string;
}

/** What an upload stored: its size and SHA-256 (null for a composed file until its index job computes it). */
export interface Stored {
  size: number;
  sha256: string | null;
}

/** Issue 35: a file composed of ranges of stored blobs; `own`: the upload's own blob among them (the pieces received). */
export interface Composition {
  parts: Part[];
  own: string | null;
}

/** What aborting needs; housekeeping aborts without a request behind it. */
export type AbortDeps = Pick<UploadDeps, 'db' | 'blobs' | 'logger'>;

/**
 * Makes the stored blob a file in one transaction: upload DONE, name clash settled, file row, quota committed,
 * activity. A unique-name race with another writer retries with a fresh name; any other failure aborts the upload.
 */
export async function finishUpload(
  d: UploadDeps,
  auth: AuthContext,
  upload: UploadRow,
  from: UploadStatus,
  stored: Stored,
  source?: HeldSource,
  composition?: Composition,
): Promise<FileItemDto> {
  for (let attempt = 1; ; attempt++) {
    try {
      const item = await d.db.transaction().execute((trx) => commit(d, trx, auth, upload, from, stored, source, composition));
      d.figures?.addDay(FIGURES.uploadsCount, 1);
      d.figures?.addDay(FIGURES.uploadsBytes, stored.size);
      return item;
    } catch (err) {
      if (isUniqueViolation(err) && attempt < 3) continue;
      await abortUpload(d, upload, [from], { finalBlob: true });
      throw err;
    }
  }
}

async function commit(
  d: UploadDeps,
  trx: Executor,
  auth: AuthContext,
  upload: UploadRow,
  from: UploadStatus,
  stored: Stored,
  source: HeldSource | undefined,
  composition: Composition | undefined,
): Promise<FileItemDto> {
  const accountId = auth.accountId;
  const at = now();
  // Cancelled or aborted by housekeeping meanwhile: its reservation is already released.
  if (!(await repo.transition(trx, upload.id, [from], 'DONE', at))) throw UploadNotFound();
  // "Add to Family library" (issue 35): the family as it is now, under the pool lock taken before any account row (the
  // lock order), so leaving cannot interleave. Left meanwhile: the file stays in the uploader's own library, as a
  // leaving member's items come back to it.
  const familyId = upload.family === 1 ? ((await family.lockMembership(trx, accountId))?.family_id ?? null) : null;
  if (upload.parent_id !== ROOT && !(await files.getActiveFolder(trx, accountId, upload.parent_id))) {
    throw NotFound('Folder not found.');
  }
  if (await files.getOwner(trx, upload.id)) throw AlreadyComplete();

  let name = upload.name;
  const clash = await files.getLiveByNameKey(trx, accountId, upload.parent_id, nameKey(name));
  if (clash && upload.strategy === REPLACE && clash.is_folder === 0) {
    // The replaced file's content becomes a version of the new row (issue 33), its history follows; thumbnails go.
    if (await files.replaceByUpload(trx, d.jobs, clash, upload.id, at)) await files.recordActivity(trx, accountId, [clash], 'DELETED');
  } else if (clash) {
    // Keep both; a folder of the same name is never replaced by a file.
    name = await files.freeNameInFolder(trx, accountId, upload.parent_id, name, false);
  }

  const row: FileRow = {
    id: upload.id,
    account_id: accountId,
    parent_id: upload.parent_id,
    name,
    name_key: nameKey(name),
    is_folder: 0,
    bytes: stored.size,
    content_type: upload.content_type,
    document_type: documentTypeFor(name, upload.content_type),
    blob_key: composition
      ? await composedContentKey(trx, accountId, upload.id, stored.size, composition, at)
      : await contentKey(d, trx, accountId, upload.id, { size: stored.size, sha256: stored.sha256! }, source, at),
    sha256: stored.sha256,
    favourite: upload.favourite,
    hidden: 0,
    description: null,
    status: 'ACTIVE',
    trashed_at: null,
    trash_root_id: null,
    device_type: upload.device_type,
    created_at: at,
    last_modified_at: at,
    ...NO_MEDIA,
    // media: photos and videos get facts and thumbnails from a job queued with the row (same transaction).
    media_status: isMedia(upload.content_type) ? 'PENDING' : null,
    // timeline: under the client's capture date (else today in the uploader's zone) at once; the media job confirms or corrects it.
    ...(isMedia(upload.content_type) ? provisionalTaken(upload, at) : { taken_day: null }),
    media_kind: mediaKindOf(upload.content_type),
    video_slideshow: 0,
    time_zone: upload.time_zone,
    // An editor of a shared folder saves content the owner keeps: the Versions panel says who.
    content_saved_by: await files.saverOf(trx, auth),
    content_saved_at: null,
    // Straight into the family library: the same row a move would leave (its adder's, charged to them, in the pool).
    family_id: familyId,
    family_held_until: null,
    facts_given: 0,
  };
  await files.insertFile(trx, row);
  // The piece index (issue 35): copied from the file whose bytes it names, else read from the blob by a job (which
  // also computes a composed file's whole SHA-256).
  if (needsIndexJob(row.bytes, row.sha256) && !(source && (await copyPieceIndex(trx, accountId, source.fileId, row.id)) > 0)) {
    await d.jobs.enqueue(trx, INDEX_PIECES_JOB, { fileId: row.id }, { fairKey: accountId });
  }
  // Fair across accounts: one account's backlog does not delay everyone else's thumbnails.
  if (row.media_status === 'PENDING') await d.jobs.enqueue(trx, MEDIA_PROCESS_JOB, { fileId: row.id }, { fairKey: accountId });
  // Documents and PDFs get a first-page preview from the office module's job (nothing happens without LibreOffice).
  if (needsDocumentPreview(row.name, row.content_type)) await d.jobs.enqueue(trx, OFFICE_PREVIEW_JOB, { fileId: row.id }, { fairKey: accountId });
  // An upload that idled gave its reservation back: its bytes must fit the quota now.
  const held = await repo.isReserved(trx, upload.id);
  if (!held && !(await accounts.reserveQuota(trx, accountId, stored.size))) throw QuotaExceeded();
  await accounts.commitQuota(trx, accountId, held ? Number(upload.total_bytes) : stored.size, stored.size);
  await files.recordActivity(trx, accountId, [row], 'UPLOADED');
  return toFileItem(row, auth.projectId, d.links);
}

/**
 * The blob the new file names (issue 35): bytes of the account's own file it skipped receiving, or the same bytes
 * stored before by any account once these were received in full (its own copy then goes), or its own.
 */
async function contentKey(d: UploadDeps, trx: Executor, accountId: string, id: string, stored: PutResult, source: HeldSource | undefined, at: number): Promise<string> {
  const content = { sha256: stored.sha256, bytes: stored.size };
  if (!source) return files.shareUploadedContent(trx, d.jobs, { key: fileBlobKey(accountId, id), ...content }, at);
  if (!(await files.linkUploadedContent(trx, { key: source.key, ...content }, at))) throw ContentNotHeld();
  return source.key;
}

/**
 * A file composed of stored ranges (issue 35); a held part being released meanwhile: the upload is aborted (by
 * finishUpload) and starts over at 0, its pieces sent.
 */
async function composedContentKey(trx: Executor, accountId: string, id: string, bytes: number, c: Composition, at: number): Promise<string> {
  const key = composedKey(accountId, id);
  if (!(await files.composeUploadedContent(trx, { key, accountId, bytes, parts: c.parts, own: c.own }, at))) {
    throw new PieceNotHeld(0, 'A piece this upload stood in for is no longer held; send the file again from byte 0.');
  }
  return key;
}

function provisionalTaken(upload: UploadRow, at: number): { taken_at: number; taken_day: number } {
  if (upload.taken_at !== null && upload.taken_day !== null) return { taken_at: Number(upload.taken_at), taken_day: upload.taken_day };
  return { taken_at: at, taken_day: localDay(at, upload.time_zone) };
}

/**
 * Moves an unfinished upload to ABORTED and releases its reservation (only if this call made the move), then removes
 * its pieces and, when asked, the assembled blob. Returns whether this call aborted it.
 */
export async function abortUpload(
  d: AbortDeps,
  upload: UploadRow,
  from: UploadStatus[],
  opts: { finalBlob: boolean; untouchedSince?: number },
): Promise<boolean> {
  let aborted = false;
  try {
    aborted = await d.db.transaction().execute(async (trx) => {
      const moved = await repo.transition(trx, upload.id, from, 'ABORTED', now(), { untouchedSince: opts.untouchedSince });
      if (moved && (await repo.isReserved(trx, upload.id))) await accounts.releaseQuota(trx, upload.account_id, Number(upload.total_bytes));
      return moved;
    });
  } catch (err) {
    d.logger.error({ err, upload: upload.id }, 'could not abort upload');
  }
  const removals = [removePieces(d, upload)];
  // A racing assembly (the job, a retry, another instance) may have committed the file: its blob is then not ours to remove;
  // when that cannot be read, a leaked blob is better than a lost file.
  const owned = opts.finalBlob && (aborted || !(await files.getOwner(d.db, upload.id).catch(() => 'unknown')));
  if (owned) removals.push(d.blobs.delete(fileBlobKey(upload.account_id, upload.id)));
  for (const r of await Promise.allSettled(removals)) {
    if (r.status === 'rejected') d.logger.warn({ err: r.reason, upload: upload.id }, 'could not remove upload blobs');
  }
  return aborted;
}

/** Removes what the pieces of an upload hold (never its published blob); logs instead of failing. */
export async function removePieces(d: AbortDeps, upload: UploadRow): Promise<void> {
  const key = fileBlobKey(upload.account_id, upload.id);
  // The row read before the first piece has no state yet; the latest one names what the store must remove.
  const state = upload.piece_state ?? (await repo.getUpload(d.db, upload.id).catch(() => undefined))?.piece_state ?? null;
  const removals = [d.blobs.abortPieces(key, state), d.blobs.deletePrefix(pieceDir(upload.account_id, upload.id))];
  for (const r of await Promise.allSettled(removals)) {
    if (r.status === 'rejected') d.logger.warn({ err: r.reason, upload: upload.id }, 'could not remove upload pieces');
  }
}

/** Account deletion: unfinished uploads' pieces and blobs, then every upload row (a finished one's blob is its file's). */
export async function purgeAccountUploads(d: AbortDeps, accountId: string): Promise<void> {
  for (const upload of await repo.listOfAccount(d.db, accountId)) {
    if (upload.status === 'DONE') continue;
    await removePieces(d, upload);
    await d.blobs.delete(fileBlobKey(accountId, upload.id));
  }
  await d.blobs.deletePrefix(`uploads/${accountId}`);
  await deleteIndexOfAccount(d.db, accountId);
  await repo.deleteOfAccount(d.db, accountId);
}
