import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Static } from 'typebox';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import type { Executor } from '../../infra/db/executor.js';
import { PiecesLostError, type PutResult } from '../../infra/blob-store/blob-store.js';
import { assertWritable } from '../../shared/access.js';
import { actingFor } from '../../shared/access/acting-account.js';
import { AppError, NotFound, ValidationError } from '../../shared/errors.js';
import { validateName } from '../../shared/names.js';
import { days, minutes, now } from '../../shared/time.js';
import * as accounts from '../account/account.public.js';
import type { AuthContext } from '../../shared/auth-context.js';
import * as files from '../files/files.public.js';
import { ROOT, type FileItemDto } from '../files/files.public.js';
import { contentTypeFor } from './upload.content-type.js';
import {
  AlreadyComplete,
  asUploadError,
  InvalidRange,
  LengthRequired,
  QuotaExceeded,
  UploadIncomplete,
  UploadCompleting,
  UploadNotFound,
  UploadOffsetMismatch,
} from './upload.errors.js';
import {
  abortUpload,
  fileBlobKey,
  finishUpload,
  KEEP_BOTH,
  REPLACE,
  removePieces,
  type AbortDeps,
  type UploadDeps,
} from './upload.finish.js';
import * as repo from './upload.repository.js';
import type { UploadHeaders } from './upload.schemas.js';
import { takenHint } from './upload.taken.js';
import type { UploadRow, UploadTable } from './upload.table.js';

/** Unfinished uploads untouched this long are aborted and their pieces removed. */
export const STALE_UPLOAD_MS = days(1);
/**
 * An unfinished upload untouched this long gives its quota reservation back but stays resumable for the rest of the
 * day; the web client gives up after two minutes without progress, so no live upload is this idle.
 */
export const IDLE_RESERVATION_MS = minutes(15);
/** Finished or aborted upload rows are kept this long so HEAD can still answer, then purged. */
const FINISHED_UPLOAD_KEEP_MS = days(7);

const NAME_FIELD = 'X-Object-Meta-File-Name';

/** The durable step that turns the recorded pieces of an upload into its file; enqueued with the final piece. */
export const ASSEMBLE_UPLOAD_JOB = 'upload.assemble';
/**
 * The request that sent the final piece assembles at once; the job is its safety net after a crash, due this much
 * later so it normally finds the file committed (running both at once is safe, only wasteful).
 */
export const ASSEMBLE_GRACE_MS = 30_000;

/**
 * Running digests kept on this process at most; one dropped (or lost in a restart, or never seen: pieces that went to
 * another instance) only means the finished blob is read once to hash it.
 */
const MAX_RUNNING_DIGESTS = 10_000;

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

/**
 * Uploads in one request or in pieces (`Content-Range`). Quota is reserved before any byte is stored and turned into
 * usage in the transaction that makes the file visible. Whoever moves an upload row out of OPEN/COMPLETING (finish,
 * cancel, failure, housekeeping) settles its reservation in the same transaction, so it is settled exactly once.
 */
export class UploadService {
  /** Requests streaming into an upload on this process; a newer request for the same uuid supersedes the older one. */
  private readonly inflight = new Map<string, { body: Readable; done: Promise<unknown>; receivedAt: number }>();
  /** Assemblies running on this process, so a retry or the job waits for one instead of starting a second. */
  private readonly assembling = new Map<string, Promise<FileItemDto>>();
  /** SHA-256 of an upload's bytes up to `offset`, continued piece by piece while they arrive here in order. */
  private readonly digests = new Map<string, { offset: number; hash: Hash }>();

  constructor(private readonly d: UploadDeps) {}

  async put(caller: AuthContext, input: PutInput): Promise<PutOutcome> {
    assertWritable(caller);
    // Into a folder shared with an editor: the upload, the file and its bytes are the folder owner's (owner's quota).
    const auth = await actingFor(this.d.db, caller, input.headers['x-object-meta-parent-uuid']);
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
  async status(auth: AuthContext, id: string): Promise<{ offset: number; length: number; completing: boolean }> {
    const upload = await repo.getUpload(this.d.db, id);
    if (upload && upload.account_id === auth.accountId && upload.status !== 'ABORTED') {
      const offset = upload.status === 'OPEN' ? upload.received_bytes : upload.total_bytes;
      // Every byte is here but the file is not committed yet: the route says so (202), never "complete".
      return { offset: Number(offset), length: Number(upload.total_bytes), completing: upload.status === 'COMPLETING' };
    }
    const file = await files.getById(this.d.db, auth.accountId, id);
    if (file && file.is_folder === 0) return { offset: Number(file.bytes), length: Number(file.bytes), completing: false };
    throw UploadNotFound();
  }

  async cancel(auth: AuthContext, id: string): Promise<void> {
    const upload = await repo.getUpload(this.d.db, id);
    if (!upload || upload.account_id !== auth.accountId || upload.status === 'ABORTED') throw UploadNotFound();
    if (upload.status !== 'OPEN') throw AlreadyComplete();
    if (!(await abortUpload(this.d, upload, ['OPEN'], { finalBlob: false }))) {
      const current = await repo.getUpload(this.d.db, id);
      throw current?.status === 'ABORTED' ? UploadNotFound() : AlreadyComplete();
    }
    // After the abort is recorded, so the interrupted request finds nothing left to settle.
    this.inflight.get(id)?.body.destroy(new Error('upload cancelled'));
    this.digests.delete(id);
  }

  // --- one request, the whole file

  private async putWhole(auth: AuthContext, input: PutInput, length: number): Promise<PutOutcome> {
    const upload = await this.begin(auth, input.uuid, await this.meta(auth, input.headers), length, { takeOver: true });
    const key = fileBlobKey(auth.accountId, upload.id);
    let stored: PutResult;
    try {
      stored = await this.d.blobs.put(key, input.body, { maxBytes: length, contentType: upload.content_type });
      if (stored.size !== length) throw UploadIncomplete();
    } catch (err) {
      await abortUpload(this.d, upload, ['OPEN'], { finalBlob: true });
      throw asUploadError(err);
    }
    const item = await finishUpload(this.d, auth, upload, 'OPEN', stored);
    if (upload.takenOver) {
      // It took over an upload left OPEN (a crash, pieces sent before): its pieces are no longer needed.
      this.digests.delete(upload.id);
      await removePieces(this.d, upload);
    }
    return { done: true, item };
  }

  // --- in pieces

  private async putPiece(auth: AuthContext, input: PutInput, length: number, range: ByteRange): Promise<PutOutcome> {
    const existing = await repo.getUpload(this.d.db, input.uuid);
    if (existing && existing.account_id !== auth.accountId) throw UploadNotFound();
    let upload: UploadRow;
    if (!existing || existing.status === 'ABORTED') {
      if (range.start !== 0) {
        await this.assertUuidFree(auth, input.uuid);
        throw new UploadOffsetMismatch(0);
      }
      upload = await this.begin(auth, input.uuid, await this.meta(auth, input.headers), range.total);
    } else {
      upload = existing;
      if (upload.status !== 'OPEN') {
        // The answer to the final piece was lost (a crash, a cut connection): the retry finishes or reports the upload.
        input.body.resume();
        if (range.end + 1 !== range.total || Number(upload.total_bytes) !== range.total) {
          throw upload.status === 'COMPLETING' ? UploadCompleting() : AlreadyComplete();
        }
        return { done: true, item: await this.settle(auth, upload) };
      }
      if (Number(upload.total_bytes) !== range.total) throw InvalidRange('The total size does not match the upload.');
      if (Number(upload.received_bytes) !== range.start) throw new UploadOffsetMismatch(Number(upload.received_bytes));
      if (upload.reserved === 0) await this.reserveAgain(upload);
    }

    const last = range.end + 1 === range.total;
    // Continues this process's digest when it holds the bytes before this piece; a copy, so a piece cut short leaves it as it was.
    const running = this.digests.get(upload.id);
    const hash = range.start === 0 ? createHash('sha256') : running?.offset === range.start ? running.hash.copy() : undefined;
    let pieceState: string | null;
    try {
      const written = await this.d.blobs.writePiece(fileBlobKey(auth.accountId, upload.id), upload.piece_state, {
        offset: range.start,
        length,
        last,
        body: input.body,
        hash,
        contentType: upload.content_type,
      });
      if (written.size !== length) throw UploadIncomplete();
      pieceState = written.state;
    } catch (err) {
      if (err instanceof PiecesLostError) return this.restart(upload, input.body);
      throw asUploadError(err);
    }

    // The final piece enqueues the assembly in the same transaction, so an upload is never COMPLETING without it.
    const recorded = await this.d.db.transaction().execute(async (trx) => {
      const ok = await repo.recordPiece(trx, upload.id, range.start, range.end + 1, last ? 'COMPLETING' : 'OPEN', now(), pieceState);
      if (ok && last) await this.d.jobs.enqueue(trx, ASSEMBLE_UPLOAD_JOB, { uploadId: upload.id }, { runAt: Date.now() + ASSEMBLE_GRACE_MS });
      return ok;
    });
    if (!recorded) {
      const current = await repo.getUpload(this.d.db, upload.id);
      if (!current || current.status === 'ABORTED') {
        // Cancelled meanwhile: what this piece wrote may have come after the cancel removed the pieces.
        await removePieces(this.d, upload);
        throw UploadNotFound();
      }
      throw current.status === 'OPEN' ? new UploadOffsetMismatch(Number(current.received_bytes)) : AlreadyComplete();
    }
    this.keepDigest(upload.id, range.end + 1, hash);
    if (!last) return { done: false, progress: { uuid: upload.id, receivedBytes: range.end + 1, totalBytes: range.total } };
    return { done: true, item: await this.assembleOnce(auth, { ...upload, piece_state: pieceState }) };
  }

  /**
   * What earlier pieces stored is gone (a reboot before they were synced, or stored the way an older version did): the
   * client starts again at 0. The unread body is drained so the answer reaches it.
   */
  private async restart(upload: UploadRow, body: Readable): Promise<never> {
    body.resume();
    this.digests.delete(upload.id);
    await abortUpload(this.d, upload, ['OPEN'], { finalBlob: false });
    throw new UploadOffsetMismatch(0);
  }

  private keepDigest(id: string, offset: number, hash: Hash | undefined): void {
    this.digests.delete(id);
    if (!hash) return;
    if (this.digests.size >= MAX_RUNNING_DIGESTS) this.digests.delete(this.digests.keys().next().value!);
    this.digests.set(id, { offset, hash });
  }

  /**
   * A final piece sent again after its upload left OPEN: the file item once the file row is committed (as the first
   * answer would have been), the assembly driven here when no one on this process runs it, or the reason it cannot be.
   */
  private async settle(auth: AuthContext, upload: UploadRow): Promise<FileItemDto> {
    if (upload.status === 'COMPLETING') return this.assembleOnce(auth, upload);
    const file = await files.getById(this.d.db, auth.accountId, upload.id);
    if (upload.status === 'DONE' && file && file.is_folder === 0 && file.status === 'ACTIVE') {
      return files.toFileItem(file, auth.projectId, this.d.links);
    }
    throw AlreadyComplete();
  }

  /** The assembly job: finishes an upload left COMPLETING (a crash before its answer); a no-op once it is settled. */
  async resumeAssembly(uploadId: string): Promise<void> {
    await this.assembling.get(uploadId)?.catch(() => {});
    const upload = await repo.getUpload(this.d.db, uploadId);
    if (!upload || upload.status !== 'COMPLETING') return;
    // No request behind it: the item it returns is not sent anywhere, so the project id does not matter.
    const owner: AuthContext = { accountId: upload.account_id, sessionId: '', status: 'ACTIVE', projectId: '' };
    await this.assembleOnce(owner, upload).catch((err) => {
      // Another assembler (a retry, another instance) settled it meanwhile: nothing is left to do.
      if (err instanceof AppError) return;
      throw err;
    });
  }

  /** One assembly per upload on this process; the others wait for it and get its result. */
  private assembleOnce(auth: AuthContext, upload: UploadRow): Promise<FileItemDto> {
    const running = this.assembling.get(upload.id);
    if (running) return running;
    const done = this.assemble(auth, upload).finally(() => this.assembling.delete(upload.id));
    this.assembling.set(upload.id, done);
    return done;
  }

  /**
   * Publishes the pieces, written in place, as the file's blob (no copy), with the digest kept while they arrived or,
   * when this process did not see them all (a restart, another instance), read back once; then commits the file.
   */
  private async assemble(auth: AuthContext, upload: UploadRow): Promise<FileItemDto> {
    const total = Number(upload.total_bytes);
    const key = fileBlobKey(upload.account_id, upload.id);
    const running = this.digests.get(upload.id);
    this.digests.delete(upload.id);
    let stored: PutResult;
    try {
      await this.d.blobs.completePieces(key, upload.piece_state, total);
      const sha256 = running?.offset === total ? running.hash.digest('hex') : await this.digestOf(key);
      stored = { size: total, sha256 };
    } catch (err) {
      await abortUpload(this.d, upload, ['COMPLETING'], { finalBlob: true });
      return this.committedMeanwhile(auth, upload, err);
    }
    try {
      return await finishUpload(this.d, auth, upload, 'COMPLETING', stored);
    } catch (err) {
      return this.committedMeanwhile(auth, upload, err);
    }
  }

  private async digestOf(key: string): Promise<string> {
    const hash = createHash('sha256');
    const { stream } = await this.d.blobs.get(key);
    for await (const chunk of stream) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  /** After a failed assembly: the file a racing assembler committed, else the failure. */
  private async committedMeanwhile(auth: AuthContext, upload: UploadRow, err: unknown): Promise<FileItemDto> {
    const file = await files.getById(this.d.db, auth.accountId, upload.id);
    const current = await repo.getUpload(this.d.db, upload.id);
    if (file && current?.status === 'DONE' && file.is_folder === 0) return files.toFileItem(file, auth.projectId, this.d.links);
    throw err;
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
      taken: takenHint(h['x-object-meta-taken-at'], now()),
    };
  }

  private async assertUuidFree(auth: AuthContext, id: string): Promise<void> {
    const owner = await files.getOwner(this.d.db, id);
    if (owner) throw owner.account_id === auth.accountId ? AlreadyComplete() : UploadNotFound();
  }

  /**
   * Opens the upload row and reserves its bytes, atomically: 413 leaves nothing behind. With `takeOver` (a whole-file
   * PUT), an OPEN upload of the same size is continued instead of refused: a crash mid-body leaves one behind, and the
   * client's retry of the whole file must work.
   */
  private async begin(
    auth: AuthContext,
    id: string,
    meta: Awaited<ReturnType<UploadService['meta']>>,
    total: number,
    opts: { takeOver?: boolean } = {},
  ): Promise<UploadRow & { takenOver?: true }> {
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
      piece_state: null,
      status: 'OPEN',
      taken_at: meta.taken?.at ?? null,
      taken_day: meta.taken?.day ?? null,
      reserved: 1,
      created_at: at,
      updated_at: at,
    };
    let taken: (UploadRow & { takenOver: true }) | undefined;
    try {
      await this.d.db.transaction().execute(async (trx) => {
        const owner = await files.getOwner(trx, id);
        if (owner) throw owner.account_id === auth.accountId ? AlreadyComplete() : UploadNotFound();
        const existing = await repo.getUpload(trx, id);
        if (existing) {
          if (existing.account_id !== auth.accountId) throw UploadNotFound();
          if (existing.status === 'COMPLETING') throw UploadCompleting();
          if (existing.status === 'OPEN' && opts.takeOver && Number(existing.total_bytes) === total) {
            // Its reservation is held (or taken again after idling); the row is touched so housekeeping leaves it be.
            if (!(await repo.transition(trx, id, ['OPEN'], 'OPEN', at))) throw new UploadOffsetMismatch(Number(existing.received_bytes));
            if (existing.reserved === 0) await reserve(trx, existing, at);
            taken = { ...existing, reserved: 1, updated_at: at, takenOver: true };
            return;
          }
          if (existing.status === 'OPEN') throw new UploadOffsetMismatch(Number(existing.received_bytes));
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
      throw current && current.account_id === auth.accountId ? new UploadOffsetMismatch(Number(current.received_bytes)) : UploadNotFound();
    }
    return taken ?? row;
  }

  /** An idle upload resumes: its bytes are reserved again before any more are stored (413 when they no longer fit). */
  private async reserveAgain(upload: UploadRow): Promise<void> {
    await this.d.db.transaction().execute((trx) => reserve(trx, upload, now()));
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

/** Takes an idle upload's reservation again, in the caller's transaction; a no-op when another request already did. */
async function reserve(trx: Executor, upload: UploadRow, at: number): Promise<void> {
  if (!(await repo.setReserved(trx, upload.id, 1, at))) return;
  if (!(await accounts.reserveQuota(trx, upload.account_id, Number(upload.total_bytes)))) throw QuotaExceeded();
}

/**
 * Gives back the reservations of uploads idle for `IDLE_RESERVATION_MS`, aborts unfinished uploads untouched for a
 * day and forgets old finished ones. Idempotent; every instance may run it.
 */
export async function abortStaleUploads(d: AbortDeps, at = now()): Promise<{ released: number; aborted: number; purged: number }> {
  const idleBefore = at - IDLE_RESERVATION_MS;
  let released = 0;
  for (const upload of await repo.listIdleReserved(d.db, idleBefore, 1000)) {
    const freed = await d.db.transaction().execute(async (trx) => {
      if (!(await repo.setReserved(trx, upload.id, 0, at, { idleBefore }))) return false;
      await accounts.releaseQuota(trx, upload.account_id, Number(upload.total_bytes));
      return true;
    });
    if (freed) released++;
  }
  const before = at - STALE_UPLOAD_MS;
  let aborted = 0;
  for (const upload of await repo.listStale(d.db, before, 1000)) {
    // The assembled blob is garbage only while no file row claims it.
    const finalBlob = !(await files.getOwner(d.db, upload.id));
    if (await abortUpload(d, upload, ['OPEN', 'COMPLETING'], { finalBlob, untouchedSince: before })) aborted++;
  }
  return { released, aborted, purged: await repo.purgeFinished(d.db, at - FINISHED_UPLOAD_KEEP_MS) };
}
