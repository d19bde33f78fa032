import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Static } from 'typebox';
import type { DB } from '../../infra/db/schema.js';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import { BlobTooLargeError, type BlobStore, type PutResult } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { Executor } from '../../infra/db/executor.js';
import { assertWritable } from '../../shared/access.js';
import { AppError, BadRequest, Conflict, NotFound, ValidationError } from '../../shared/errors.js';
import { nameKey, validateName } from '../../shared/names.js';
import { days, now } from '../../shared/time.js';
import { utcDay } from '../../shared/days.js';
import * as accounts from '../account/account.public.js';
import type { AuthContext } from '../../shared/auth-context.js';
import * as files from '../files/files.public.js';
import { ROOT, toFileItem, type DerivativeLinks, type FileItemDto, type FileRow } from '../files/files.public.js';
import { isMedia, MEDIA_PROCESS_JOB, mediaKindOf, NO_MEDIA } from '../media/media.public.js';
import { contentTypeFor, documentTypeFor } from './upload.content-type.js';
import * as repo from './upload.repository.js';
import type { UploadHeaders } from './upload.schemas.js';
import type { UploadRow, UploadStatus, UploadTable } from './upload.table.js';

/** Unfinished uploads untouched this long are aborted and their pieces removed. */
export const STALE_UPLOAD_MS = days(1);
/** Finished or aborted upload rows are kept this long so HEAD can still answer, then purged. */
const FINISHED_UPLOAD_KEEP_MS = days(7);

const KEEP_BOTH = 0;
const REPLACE = 1;
const NOT_FOUND = 'Upload not found.';
const NAME_FIELD = 'X-Object-Meta-File-Name';

export const fileBlobKey = (accountId: string, id: string) => `users/${accountId}/files/${id}`;
const pieceDir = (accountId: string, id: string) => `uploads/${accountId}/${id}`;
/** Zero-padded so the pieces of an upload sort in byte order wherever they are listed. */
const pieceKey = (accountId: string, id: string, offset: number) =>
  `${pieceDir(accountId, id)}/${String(offset).padStart(15, '0')}`;

export const LengthRequired = () => new AppError(411, 'LENGTH_REQUIRED', 'Content-Length is required.');
export const QuotaExceeded = () => new AppError(413, 'QUOTA_EXCEEDED', 'Storage quota exceeded.');
const UploadIncomplete = () => BadRequest('UPLOAD_INCOMPLETE', 'The request body ended before Content-Length bytes arrived.');
const AlreadyComplete = () => Conflict('UPLOAD_COMPLETE', 'This upload is already complete.');
const InvalidRange = (message: string) => BadRequest('INVALID_CONTENT_RANGE', message, 'Content-Range');

/** A piece that does not start at the next expected byte; the route puts `offset` in the Upload-Offset header. */
export class UploadOffsetMismatch extends AppError {
  constructor(readonly offset: number) {
    super(409, 'UPLOAD_OFFSET_MISMATCH', `The next expected byte is ${offset}.`);
  }
}

export interface PutInput {
  uuid: string;
  headers: Static<typeof UploadHeaders>;
  body: Readable;
  /** When the request arrived (monotonic ms): "newer" means arrived later, not reached the handler later. */
  receivedAt: number;
}

export interface UploadProgressDto {
  uuid: string;
  receivedBytes: number;
  totalBytes: number;
}

export type PutOutcome = { done: true; item: FileItemDto } | { done: false; progress: UploadProgressDto };

interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
  total: number;
}

export interface UploadDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  /** Told after an upload adds (or replaces) an item in a folder, e.g. to drop cached listing positions. */
  onFolderChanged?: (accountId: string, folderId: string) => void;
  /** Signs thumbnail and preview URLs into file items. */
  links?: DerivativeLinks;
}

/**
 * Uploads in one request or in pieces (`Content-Range`). Quota is reserved before any byte is stored and turned into
 * usage in the transaction that makes the file visible. Whoever moves an upload row out of OPEN/COMPLETING (finish,
 * cancel, failure, housekeeping) settles its reservation in the same transaction, so it is settled exactly once.
 */
export class UploadService {
  /** Requests streaming into an upload on this process; a newer request for the same uuid supersedes the older one. */
  private readonly inflight = new Map<string, { body: Readable; done: Promise<unknown>; receivedAt: number }>();

  constructor(private readonly d: UploadDeps) {}

  async put(auth: AuthContext, input: PutInput): Promise<PutOutcome> {
    assertWritable(auth);
    const rawLength = input.headers['content-length'];
    if (rawLength === undefined) throw LengthRequired();
    const length = Number(rawLength);
    if (!Number.isSafeInteger(length)) throw ValidationError('Content-Length is too large.', 'Content-Length');
    const rawRange = input.headers['content-range'];
    const range = rawRange === undefined ? null : parseContentRange(rawRange, length);
    return this.exclusive(input, () =>
      range ? this.putPiece(auth, input, length, range) : this.putWhole(auth, input, length),
    );
  }

  /** What the server holds of an upload, so a client can resume. A finished upload reports all of its bytes. */
  async status(auth: AuthContext, id: string): Promise<{ offset: number; length: number }> {
    const upload = await repo.getUpload(this.d.db, id);
    if (upload && upload.account_id === auth.accountId && upload.status !== 'ABORTED') {
      const offset = upload.status === 'OPEN' ? upload.received_bytes : upload.total_bytes;
      return { offset: Number(offset), length: Number(upload.total_bytes) };
    }
    const file = await files.getById(this.d.db, auth.accountId, id);
    if (file && file.is_folder === 0) return { offset: Number(file.bytes), length: Number(file.bytes) };
    throw NotFound(NOT_FOUND);
  }

  async cancel(auth: AuthContext, id: string): Promise<void> {
    const upload = await repo.getUpload(this.d.db, id);
    if (!upload || upload.account_id !== auth.accountId || upload.status === 'ABORTED') throw NotFound(NOT_FOUND);
    if (upload.status !== 'OPEN') throw AlreadyComplete();
    if (!(await abortUpload(this.d, upload, ['OPEN'], { finalBlob: false }))) {
      const current = await repo.getUpload(this.d.db, id);
      throw current?.status === 'ABORTED' ? NotFound(NOT_FOUND) : AlreadyComplete();
    }
    // After the abort is recorded, so the interrupted request finds nothing left to settle.
    this.inflight.get(id)?.body.destroy(new Error('upload cancelled'));
  }

  // --- one request, the whole file

  private async putWhole(auth: AuthContext, input: PutInput, length: number): Promise<PutOutcome> {
    const upload = await this.begin(auth, input.uuid, await this.meta(auth, input.headers), length);
    const key = fileBlobKey(auth.accountId, upload.id);
    let stored: PutResult;
    try {
      stored = await this.d.blobs.put(key, input.body, { maxBytes: length, contentType: upload.content_type });
      if (stored.size !== length) throw UploadIncomplete();
    } catch (err) {
      await abortUpload(this.d, upload, ['OPEN'], { finalBlob: true });
      throw asUploadError(err);
    }
    return { done: true, item: await this.complete(auth, upload, 'OPEN', stored) };
  }

  // --- in pieces

  private async putPiece(auth: AuthContext, input: PutInput, length: number, range: ByteRange): Promise<PutOutcome> {
    const existing = await repo.getUpload(this.d.db, input.uuid);
    if (existing && existing.account_id !== auth.accountId) throw NotFound(NOT_FOUND);
    let upload: UploadRow;
    if (!existing || existing.status === 'ABORTED') {
      if (range.start !== 0) {
        await this.assertUuidFree(auth, input.uuid);
        throw new UploadOffsetMismatch(0);
      }
      upload = await this.begin(auth, input.uuid, await this.meta(auth, input.headers), range.total);
    } else {
      upload = existing;
      if (upload.status !== 'OPEN') throw AlreadyComplete();
      if (Number(upload.total_bytes) !== range.total) throw InvalidRange('The total size does not match the upload.');
      if (Number(upload.received_bytes) !== range.start) throw new UploadOffsetMismatch(Number(upload.received_bytes));
    }

    const key = pieceKey(auth.accountId, upload.id, range.start);
    try {
      const { size } = await this.d.blobs.put(key, input.body, { maxBytes: length });
      if (size !== length) throw UploadIncomplete();
    } catch (err) {
      await this.discardPiece(upload, range.start, key);
      throw asUploadError(err);
    }

    const last = range.end + 1 === range.total;
    const recorded = await repo.recordPiece(this.d.db, upload.id, range.start, range.end + 1, last ? 'COMPLETING' : 'OPEN', now());
    if (!recorded) {
      await this.discardPiece(upload, range.start, key);
      const current = await repo.getUpload(this.d.db, upload.id);
      if (!current || current.status === 'ABORTED') throw NotFound(NOT_FOUND);
      throw current.status === 'OPEN' ? new UploadOffsetMismatch(Number(current.received_bytes)) : AlreadyComplete();
    }
    if (!last) return { done: false, progress: { uuid: upload.id, receivedBytes: range.end + 1, totalBytes: range.total } };
    return { done: true, item: await this.assemble(auth, upload) };
  }

  /** Streams the pieces, in order, into the file's blob: one put, so memory stays flat and the sha256 comes for free. */
  private async assemble(auth: AuthContext, upload: UploadRow): Promise<FileItemDto> {
    const total = Number(upload.total_bytes);
    let stored: PutResult;
    try {
      stored = await this.d.blobs.put(fileBlobKey(upload.account_id, upload.id), Readable.from(this.readPieces(upload)), {
        maxBytes: total,
        contentType: upload.content_type,
      });
      if (stored.size !== total) throw new Error(`assembled ${stored.size} of ${total} bytes`);
    } catch (err) {
      await abortUpload(this.d, upload, ['COMPLETING'], { finalBlob: true });
      throw err;
    }
    const item = await this.complete(auth, upload, 'COMPLETING', stored);
    await this.d.blobs
      .deletePrefix(pieceDir(upload.account_id, upload.id))
      .catch((err) => this.d.logger.warn({ err, upload: upload.id }, 'could not remove upload pieces'));
    return item;
  }

  private async *readPieces(upload: UploadRow): AsyncGenerator<Buffer> {
    for (let offset = 0; offset < Number(upload.total_bytes); ) {
      const { stream, size } = await this.d.blobs.get(pieceKey(upload.account_id, upload.id, offset));
      if (size === 0) {
        stream.destroy();
        throw new Error(`empty upload piece at ${offset}`);
      }
      for await (const chunk of stream) yield chunk as Buffer;
      offset += size;
    }
  }

  /** Removes a piece blob that was not (and now cannot be) recorded, unless the offset it sits at was recorded since. */
  private async discardPiece(upload: UploadRow, start: number, key: string): Promise<void> {
    try {
      const current = await repo.getUpload(this.d.db, upload.id);
      const recordedByOther = current?.status === 'OPEN' || current?.status === 'COMPLETING' ? Number(current.received_bytes) > start : false;
      if (!recordedByOther) await this.d.blobs.delete(key);
    } catch (err) {
      this.d.logger.warn({ err, upload: upload.id }, 'could not discard an upload piece');
    }
  }

  // --- shared steps

  /** Metadata for a new upload, checked before any byte is read. */
  private async meta(auth: AuthContext, h: PutInput['headers']) {
    const rawName = h['x-object-meta-file-name'];
    if (rawName === undefined || rawName === '') throw ValidationError('The file name is required.', NAME_FIELD);
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawName);
    } catch {
      throw ValidationError('The file name is not valid URL encoding.', NAME_FIELD);
    }
    const name = validateName(decoded, NAME_FIELD);
    const parentId = h['x-object-meta-parent-uuid'] || ROOT;
    if (parentId !== ROOT && !(await files.getActiveFolder(this.d.db, auth.accountId, parentId))) throw NotFound('Folder not found.');
    return {
      name,
      parentId,
      contentType: contentTypeFor(name, h['content-type']),
      strategy: h['x-meta-strategy'] === '1' ? REPLACE : KEEP_BOTH,
      favourite: h['x-object-meta-favourite'] === 'true' ? 1 : 0,
      deviceType: (h['x-object-meta-device-type'] ?? 'WEB').toUpperCase(),
    };
  }

  private async assertUuidFree(auth: AuthContext, id: string): Promise<void> {
    const owner = await files.getOwner(this.d.db, id);
    if (owner) throw owner.account_id === auth.accountId ? AlreadyComplete() : NotFound(NOT_FOUND);
  }

  /** Opens the upload row and reserves its bytes, atomically: 413 leaves nothing behind. */
  private async begin(auth: AuthContext, id: string, meta: Awaited<ReturnType<UploadService['meta']>>, total: number): Promise<UploadRow> {
    const at = now();
    const row: UploadTable = {
      id,
      account_id: auth.accountId,
      parent_id: meta.parentId,
      name: meta.name,
      content_type: meta.contentType,
      strategy: meta.strategy,
      favourite: meta.favourite,
      device_type: meta.deviceType,
      total_bytes: total,
      received_bytes: 0,
      part_count: 0,
      status: 'OPEN',
      created_at: at,
      updated_at: at,
    };
    try {
      await this.d.db.transaction().execute(async (trx) => {
        const owner = await files.getOwner(trx, id);
        if (owner) throw owner.account_id === auth.accountId ? AlreadyComplete() : NotFound(NOT_FOUND);
        const existing = await repo.getUpload(trx, id);
        if (existing) {
          if (existing.account_id !== auth.accountId) throw NotFound(NOT_FOUND);
          if (existing.status === 'OPEN' || existing.status === 'COMPLETING') {
            throw new UploadOffsetMismatch(Number(existing.received_bytes));
          }
          // Aborted, or finished with its file deleted since: the uuid starts over.
          await repo.deleteUpload(trx, id, existing.status);
        }
        if (!(await accounts.reserveQuota(trx, auth.accountId, total))) throw QuotaExceeded();
        await repo.insertUpload(trx, row);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A concurrent request opened this upload first.
      const current = await repo.getUpload(this.d.db, id);
      throw current && current.account_id === auth.accountId ? new UploadOffsetMismatch(Number(current.received_bytes)) : NotFound(NOT_FOUND);
    }
    return row;
  }

  /**
   * Makes the stored blob a file in one transaction: upload DONE, name clash settled, file row, quota committed,
   * activity. A unique-name race with another writer retries with a fresh name; any other failure aborts the upload.
   */
  private async complete(auth: AuthContext, upload: UploadRow, from: UploadStatus, stored: PutResult): Promise<FileItemDto> {
    for (let attempt = 1; ; attempt++) {
      try {
        const item = await this.d.db.transaction().execute((trx) => this.commit(trx, auth, upload, from, stored));
        this.d.onFolderChanged?.(upload.account_id, upload.parent_id);
        return item;
      } catch (err) {
        if (isUniqueViolation(err) && attempt < 3) continue;
        await abortUpload(this.d, upload, [from], { finalBlob: true });
        throw err;
      }
    }
  }

  private async commit(trx: Executor, auth: AuthContext, upload: UploadRow, from: UploadStatus, stored: PutResult): Promise<FileItemDto> {
    const accountId = auth.accountId;
    const at = now();
    // Cancelled or aborted by housekeeping meanwhile: its reservation is already released.
    if (!(await repo.transition(trx, upload.id, [from], 'DONE', at))) throw NotFound(NOT_FOUND);
    if (upload.parent_id !== ROOT && !(await files.getActiveFolder(trx, accountId, upload.parent_id))) {
      throw NotFound('Folder not found.');
    }
    if (await files.getOwner(trx, upload.id)) throw AlreadyComplete();

    let name = upload.name;
    const clash = await files.getLiveByNameKey(trx, accountId, upload.parent_id, nameKey(name));
    if (clash && upload.strategy === REPLACE && clash.is_folder === 0) {
      // The replaced file's bytes go back and its blobs (thumbnail and preview too) are queued for deletion.
      await files.deleteLiveFile(trx, this.d.jobs, accountId, clash);
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
      blob_key: fileBlobKey(accountId, upload.id),
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
      // timeline: on today's (UTC) page at once, moved to its EXIF day once processed.
      ...(isMedia(upload.content_type) ? { taken_at: at, taken_day: utcDay(at) } : { taken_day: null }),
      media_kind: mediaKindOf(upload.content_type),
      video_slideshow: 0,
    };
    await files.insertFile(trx, row);
    if (row.media_status === 'PENDING') await this.d.jobs.enqueue(trx, MEDIA_PROCESS_JOB, { fileId: row.id });
    await accounts.commitQuota(trx, accountId, Number(upload.total_bytes), stored.size);
    await files.recordActivity(trx, accountId, [row], 'UPLOADED');
    return toFileItem(row, auth.projectId, this.d.links);
  }

  /** Runs one request per upload uuid on this process; a newer one cuts off an older one still streaming (a stale connection). */
  private async exclusive<T>({ uuid: id, body, receivedAt }: PutInput, run: () => Promise<T>): Promise<T> {
    for (let current = this.inflight.get(id); current; current = this.inflight.get(id)) {
      // A request that was slower through auth than the client's retry must not cut the retry off: it is the stale one.
      if (current.receivedAt > receivedAt) {
        // Nothing reads this body yet, so it is closed without an error event that no one would listen to.
        body.destroy();
        throw UploadIncomplete();
      }
      current.body.destroy(new Error('superseded by a newer request for the same upload'));
      await current.done.catch(() => {});
    }
    const done = run();
    const entry = { body, done, receivedAt };
    this.inflight.set(id, entry);
    try {
      return await done;
    } finally {
      if (this.inflight.get(id) === entry) this.inflight.delete(id);
    }
  }
}

/** `bytes a-b/total`, consistent with Content-Length. */
export function parseContentRange(header: string, length: number): ByteRange {
  const m = /^bytes (\d{1,16})-(\d{1,16})\/(\d{1,16})$/.exec(header.trim());
  if (!m) throw InvalidRange('Content-Range must be "bytes first-last/total".');
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!(start <= end && end < total) || !Number.isSafeInteger(total)) throw InvalidRange('Content-Range is out of order.');
  if (end - start + 1 !== length) throw InvalidRange('Content-Range does not match Content-Length.');
  return { start, end, total };
}

/**
 * Moves an unfinished upload to ABORTED and releases its reservation (only if this call made the move), then removes
 * its pieces and, when asked, the assembled blob. Returns whether this call aborted it.
 */
async function abortUpload(
  d: Pick<UploadDeps, 'db' | 'blobs' | 'logger'>,
  upload: UploadRow,
  from: UploadStatus[],
  opts: { finalBlob: boolean; untouchedSince?: number },
): Promise<boolean> {
  let aborted = false;
  try {
    aborted = await d.db.transaction().execute(async (trx) => {
      const moved = await repo.transition(trx, upload.id, from, 'ABORTED', now(), { untouchedSince: opts.untouchedSince });
      if (moved) await accounts.releaseQuota(trx, upload.account_id, Number(upload.total_bytes));
      return moved;
    });
  } catch (err) {
    d.logger.error({ err, upload: upload.id }, 'could not abort upload');
  }
  const removals = [d.blobs.deletePrefix(pieceDir(upload.account_id, upload.id))];
  if (opts.finalBlob) removals.push(d.blobs.delete(fileBlobKey(upload.account_id, upload.id)));
  for (const r of await Promise.allSettled(removals)) {
    if (r.status === 'rejected') d.logger.warn({ err: r.reason, upload: upload.id }, 'could not remove upload blobs');
  }
  return aborted;
}

/** Aborts unfinished uploads untouched for a day and forgets old finished ones. Idempotent; every instance may run it. */
export async function abortStaleUploads(
  d: Pick<UploadDeps, 'db' | 'blobs' | 'logger'>,
  at = now(),
): Promise<{ aborted: number; purged: number }> {
  const before = at - STALE_UPLOAD_MS;
  let aborted = 0;
  for (const upload of await repo.listStale(d.db, before, 1000)) {
    // The assembled blob is garbage only while no file row claims it.
    const finalBlob = !(await files.getOwner(d.db, upload.id));
    if (await abortUpload(d, upload, ['OPEN', 'COMPLETING'], { finalBlob, untouchedSince: before })) aborted++;
  }
  return { aborted, purged: await repo.purgeFinished(d.db, at - FINISHED_UPLOAD_KEEP_MS) };
}

/** A body that stopped early (client gone) is the client's problem (400); anything else is ours. */
function asUploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof BlobTooLargeError) return BadRequest('UPLOAD_TOO_LARGE', 'More bytes arrived than Content-Length announced.');
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : '';
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted' || /superseded|cancelled/.test(message)) {
    return UploadIncomplete();
  }
  return err;
}
