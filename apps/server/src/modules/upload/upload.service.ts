import { metrics } from '../../infra/metrics/metrics.js';
import { Readable } from 'node:stream';
import type { Static } from 'typebox';
import { PiecesLostError, type PutResult } from '../../infra/blob-store/blob-store.js';
import { assertWritable } from '../../shared/access.js';
import { actingFor } from '../../shared/access/acting-account.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { ValidationError } from '../../shared/errors.js';
import { FIGURES } from '../../infra/figures/figure-recorder.js';
import { now } from '../../shared/time.js';
import * as files from '../files/files.public.js';
import type { FileItemDto } from '../files/files.public.js';
import { ASSEMBLE_GRACE_MS, ASSEMBLE_UPLOAD_JOB, UploadAssembler } from './upload.assembly.js';
import {
  AlreadyComplete,
  asUploadError,
  InvalidRange,
  LengthRequired,
  UploadIncomplete,
  UploadCompleting,
  UploadNotFound,
  UploadOffsetMismatch,
  PieceNotHeld,
} from './upload.errors.js';
import { GrowingReservation } from './upload.growing.js';
import { abortUpload, fileBlobKey, finishUpload, removePieces, type UploadDeps } from './upload.finish.js';
import * as repo from './upload.repository.js';
import type { UploadHeaders } from './upload.schemas.js';
import { assertUuidFree, beginUpload, parseContentRange, reserveAgain, uploadMeta, type ByteRange } from './upload.session.js';
import type { UploadRow } from './upload.table.js';
import { ContentNotHeld, heldPieces, heldPrefix, PIECE_BYTES, skippedBytes, skippedPieces } from './upload.content.js';
import { joinParts, type Part } from '../../infra/blob-store/composed-blob-store.js';

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

/** Issue 35: what a client knows of a file before sending it (SHA-256 of the whole and of each 8 MiB piece). */
export interface HeldQuery {
  bytes: number;
  sha256: string;
  pieces: string[];
}

/** One skipped piece: the bytes it stands for (first and last, inclusive) and their hash. */
export interface KnownPiece {
  start: number;
  end: number;
  sha256: string;
}

/** A run of consecutive skipped pieces from the upload's offset (the bytes come from the account's own blobs). */
export interface KnownPiecesInput {
  uuid: string;
  headers: Static<typeof UploadHeaders>;
  total: number;
  pieces: readonly KnownPiece[];
  receivedAt: number;
}

/**
 * Uploads in one request or in pieces (`Content-Range`). Quota is reserved before any byte is stored and turned into
 * usage in the transaction that makes the file visible. Whoever moves an upload row out of OPEN/COMPLETING (finish,
 * cancel, failure, housekeeping) settles its reservation in the same transaction, so it is settled exactly once.
 */
export class UploadService {
  /** Requests streaming into an upload on this process; a newer request for the same uuid supersedes the older one. */
  private readonly inflight = new Map<string, { body: Readable; done: Promise<unknown>; receivedAt: number }>();
  private readonly assembler: UploadAssembler;

  constructor(private readonly d: UploadDeps) {
    this.assembler = new UploadAssembler(d);
  }

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
      range ? this.putPiece(auth, input, length, range, null, caller) : this.putWhole(auth, input, length, caller),
    );
  }

  /**
   * One request whose size is not known up front (a chunked body, WebDAV): the quota is reserved ahead of the bytes as
   * they arrive and the request fails with QuotaExceeded the moment the next bytes would not fit; nothing is left behind.
   */
  async putUnsized(caller: AuthContext, input: PutInput): Promise<{ done: true; item: FileItemDto }> {
    assertWritable(caller);
    const auth = await actingFor(this.d.db, caller, input.headers['x-object-meta-parent-uuid']);
    return this.exclusive(input, async () => {
      const upload = await beginUpload(this.d, auth, input.uuid, await uploadMeta(this.d, auth, input.headers, caller), 0);
      const reservation = new GrowingReservation(this.d, upload);
      let stored: PutResult;
      try {
        stored = await this.d.blobs.put(fileBlobKey(auth.accountId, upload.id), reservation.metered(input.body), { contentType: upload.content_type });
        await reservation.settle(stored.size);
        metrics.uploadStored(stored.size, 'whole');
        metrics.uploadReceived(stored.size);
      } catch (err) {
        await abortUpload(this.d, reservation.row, ['OPEN'], { finalBlob: true });
        throw asUploadError(err);
      }
      return { done: true as const, item: await finishUpload(this.d, auth, reservation.row, 'OPEN', stored) };
    });
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
    this.assembler.forgetDigest(id);
  }

  // --- issue 35: skipping what the account already holds (never another account's: that is no question to ask)

  /** Which of a file's bytes the caller's own account holds: the whole file, and piece by piece (8 MiB). */
  async held(auth: AuthContext, q: HeldQuery): Promise<{ file: boolean; pieceBytes: number; pieces: boolean[] }> {
    const file = await files.findHeldContent(this.d.db, auth.accountId, q.sha256, q.bytes);
    if (file) return { file: true, pieceBytes: PIECE_BYTES, pieces: q.pieces.map(() => true) };
    const expected = Math.ceil(q.bytes / PIECE_BYTES);
    if (q.pieces.length !== expected) throw ValidationError(`A file of ${q.bytes} bytes has ${expected} pieces of ${PIECE_BYTES} bytes.`, 'pieces');
    return { file: false, pieceBytes: PIECE_BYTES, pieces: await heldPieces(this.d.db, auth.accountId, q.pieces) };
  }

  /**
   * A whole file the account already holds (same SHA-256 and size) becomes a new file at once, naming the same bytes;
   * its quota is charged in full as for any upload. 409 CONTENT_NOT_HELD: the client sends the bytes.
   */
  async putKnownFile(caller: AuthContext, input: { uuid: string; headers: Static<typeof UploadHeaders>; bytes: number; sha256: string; receivedAt: number }): Promise<FileItemDto> {
    assertWritable(caller);
    const auth = await actingFor(this.d.db, caller, input.headers['x-object-meta-parent-uuid']);
    // Into someone else's shared folder: the owner's files are not the caller's to ask about.
    if (auth.accountId !== caller.accountId) throw ContentNotHeld();
    const meta = await uploadMeta(this.d, auth, input.headers, caller);
    const source = await files.findHeldContent(this.d.db, auth.accountId, input.sha256, input.bytes);
    if (!source?.blob_key) throw ContentNotHeld();
    const body = Readable.from([]);
    return this.exclusive({ uuid: input.uuid, headers: input.headers, body, receivedAt: input.receivedAt }, async () => {
      // Taking over: a crash between opening and finishing leaves the upload OPEN, and the client's retry must work.
      const upload = await beginUpload(this.d, auth, input.uuid, meta, input.bytes, { takeOver: true });
      const item = await finishUpload(this.d, auth, upload, 'OPEN', { size: input.bytes, sha256: input.sha256 }, { fileId: source.id, key: source.blob_key! });
      await this.tookOver(upload);
      metrics.uploadSkipped(input.bytes, 'file');
      this.d.figures?.addDay(FIGURES.uploadsSkippedBytes, input.bytes);
      return item;
    });
  }

  /**
   * A run of consecutive pieces the account holds (each the same SHA-256 and length as a piece it holds) is neither
   * received nor copied: the upload records where the account holds them, in one step as if the client had sent them
   * as one piece, and the file is composed of those ranges and the pieces received when it is assembled. When the
   * account does not hold one of them, the pieces before it are taken and PieceNotHeld says where the upload stands:
   * the client sends that piece's bytes. A malformed run (out of order, overlapping, gaps) changes nothing.
   */
  async putKnownPieces(caller: AuthContext, input: KnownPiecesInput): Promise<PutOutcome> {
    assertWritable(caller);
    const range = runRange(input.pieces, input.total);
    const auth = await actingFor(this.d.db, caller, input.headers['x-object-meta-parent-uuid']);
    if (auth.accountId !== caller.accountId) throw new PieceNotHeld(range.start);
    const sources = await heldPrefix(this.d.db, auth.accountId, input.pieces.map((p) => ({ sha256: p.sha256, bytes: p.end - p.start + 1 })));
    if (sources.length === 0) throw new PieceNotHeld(range.start);
    const taken = { ...range, end: input.pieces[sources.length - 1]!.end };
    const length = taken.end - taken.start + 1;
    const put: PutInput = { uuid: input.uuid, headers: input.headers, body: Readable.from([]), receivedAt: input.receivedAt };
    const outcome = await this.exclusive(put, () => this.putPiece(auth, put, length, taken, joinParts([], sources.flat()), caller));
    metrics.uploadSkipped(length, 'piece');
    this.d.figures?.addDay(FIGURES.uploadsSkippedBytes, length);
    if (sources.length < input.pieces.length) throw new PieceNotHeld(taken.end + 1);
    return outcome;
  }

  // --- one request, the whole file

  private async putWhole(auth: AuthContext, input: PutInput, length: number, caller: AuthContext): Promise<PutOutcome> {
    const upload = await beginUpload(this.d, auth, input.uuid, await uploadMeta(this.d, auth, input.headers, caller), length, { takeOver: true });
    const key = fileBlobKey(auth.accountId, upload.id);
    let stored: PutResult;
    try {
      stored = await this.d.blobs.put(key, input.body, { maxBytes: length, contentType: upload.content_type });
      if (stored.size !== length) throw UploadIncomplete();
      metrics.uploadStored(stored.size, 'whole');
      metrics.uploadReceived(stored.size);
    } catch (err) {
      await abortUpload(this.d, upload, ['OPEN'], { finalBlob: true });
      throw asUploadError(err);
    }
    const item = await finishUpload(this.d, auth, upload, 'OPEN', stored);
    await this.tookOver(upload);
    return { done: true, item };
  }

  /** After a whole file took over an upload left OPEN (a crash, pieces sent before): its pieces are no longer needed. */
  private async tookOver(upload: Awaited<ReturnType<typeof beginUpload>>): Promise<void> {
    if (!upload.takenOver) return;
    this.assembler.forgetDigest(upload.id);
    await removePieces(this.d, upload);
  }

  // --- in pieces

  /**
   * `held`: null for the client's request body, else where the account holds this piece (issue 35: nothing is written,
   * the upload records the ranges). `caller`: who sent it (auth may act for a folder's owner).
   */
  private async putPiece(auth: AuthContext, input: PutInput, length: number, range: ByteRange, held: Part[] | null, caller: AuthContext): Promise<PutOutcome> {
    const existing = await repo.getUpload(this.d.db, input.uuid);
    if (existing && existing.account_id !== auth.accountId) throw UploadNotFound();
    let upload: UploadRow;
    if (!existing || existing.status === 'ABORTED') {
      if (range.start !== 0) {
        await assertUuidFree(this.d.db, auth, input.uuid);
        throw new UploadOffsetMismatch(0);
      }
      upload = await beginUpload(this.d, auth, input.uuid, await uploadMeta(this.d, auth, input.headers, caller), range.total);
    } else {
      upload = existing;
      if (upload.status !== 'OPEN') {
        // The answer to the final piece was lost (a crash, a cut connection): the retry finishes or reports the upload.
        input.body.resume();
        if (range.end + 1 !== range.total || Number(upload.total_bytes) !== range.total) {
          throw upload.status === 'COMPLETING' ? UploadCompleting() : AlreadyComplete();
        }
        return { done: true, item: await this.assembler.settle(auth, upload) };
      }
      if (Number(upload.total_bytes) !== range.total) throw InvalidRange('The total size does not match the upload.');
      if (Number(upload.received_bytes) !== range.start) throw new UploadOffsetMismatch(Number(upload.received_bytes));
      if (upload.reserved === 0) await reserveAgain(this.d, upload);
    }

    const last = range.end + 1 === range.total;
    const skipped = skippedPieces(upload);
    // Continues this process's digest when it holds the bytes before this piece; an upload that skipped a piece gets
    // its whole SHA-256 later, from the job that indexes the composed file.
    const hash = skipped.length === 0 && !held ? this.assembler.hashFor(upload.id, range.start) : undefined;
    let pieceState = upload.piece_state;
    let parts: string | undefined;
    if (held) {
      input.body.resume();
      parts = JSON.stringify([...skipped, { at: range.start, parts: held }]);
    } else {
      try {
        // The pieces received go one after another into the upload's own blob: its offset there leaves out the skipped.
        const written = await this.d.blobs.writePiece(fileBlobKey(auth.accountId, upload.id), upload.piece_state, {
          offset: range.start - skippedBytes(skipped),
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
    }

    // The final piece enqueues the assembly in the same transaction, so an upload is never COMPLETING without it.
    const recorded = await this.d.db.transaction().execute(async (trx) => {
      const ok = await repo.recordPiece(trx, upload.id, range.start, range.end + 1, last ? 'COMPLETING' : 'OPEN', now(), pieceState, parts);
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
    if (!held) {
      metrics.uploadStored(length, 'piece');
      metrics.uploadReceived(length);
    }
    this.assembler.keepDigest(upload.id, range.end + 1, hash);
    if (!last) return { done: false, progress: { uuid: upload.id, receivedBytes: range.end + 1, totalBytes: range.total } };
    return { done: true, item: await this.assembler.assembleOnce(auth, { ...upload, piece_state: pieceState, parts: parts ?? upload.parts }) };
  }

  /**
   * What earlier pieces stored is gone (a reboot before they were synced, or stored the way an older version did): the
   * client starts again at 0. The unread body is drained so the answer reaches it.
   */
  private async restart(upload: UploadRow, body: Readable): Promise<never> {
    body.resume();
    this.assembler.forgetDigest(upload.id);
    await abortUpload(this.d, upload, ['OPEN'], { finalBlob: false });
    throw new UploadOffsetMismatch(0);
  }

  /** The assembly job: finishes an upload left COMPLETING (a crash before its answer); a no-op once it is settled. */
  resumeAssembly(uploadId: string): Promise<void> {
    return this.assembler.resumeAssembly(uploadId);
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

/** The bytes a run of pieces covers; 400 unless each piece is in order and starts right after the one before. */
function runRange(pieces: readonly KnownPiece[], total: number): ByteRange {
  if (pieces.length === 0) throw InvalidRange('At least one piece is needed.', 'pieces');
  pieces.forEach((p, i) => {
    const field = `pieces.${i}`;
    if (!(p.start <= p.end && p.end < total)) throw InvalidRange(`Piece ${i} (bytes ${p.start}-${p.end}) is out of order or past the end of the file (${total} bytes).`, field);
    const expected = i === 0 ? p.start : pieces[i - 1]!.end + 1;
    if (p.start !== expected) throw InvalidRange(`Piece ${i} starts at byte ${p.start}; the pieces must follow one another (expected ${expected}).`, field);
  });
  return { start: pieces[0]!.start, end: pieces[pieces.length - 1]!.end, total };
}
