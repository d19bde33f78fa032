import { createHash, type Hash } from 'node:crypto';
import type { PutResult } from '../../infra/blob-store/blob-store.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { AppError } from '../../shared/errors.js';
import * as files from '../files/files.public.js';
import type { FileItemDto } from '../files/files.public.js';
import { AlreadyComplete } from './upload.errors.js';
import { abortUpload, fileBlobKey, finishUpload, type UploadDeps } from './upload.finish.js';
import * as repo from './upload.repository.js';
import { compose, skippedBytes, skippedPieces, type SkippedPiece } from './upload.content.js';
import type { UploadRow } from './upload.table.js';

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

/** Turns the pieces of an upload into its file, once per upload on this process, with the digest kept while they arrived. */
export class UploadAssembler {
  /** Assemblies running on this process, so a retry or the job waits for one instead of starting a second. */
  private readonly assembling = new Map<string, Promise<FileItemDto>>();
  /** SHA-256 of an upload's bytes up to `offset`, continued piece by piece while they arrive here in order. */
  private readonly digests = new Map<string, { offset: number; hash: Hash }>();

  constructor(private readonly d: UploadDeps) {}

  /** The hash to continue with a piece at `start`: a copy, so a piece cut short leaves the running digest as it was. */
  hashFor(id: string, start: number): Hash | undefined {
    const running = this.digests.get(id);
    return start === 0 ? createHash('sha256') : running?.offset === start ? running.hash.copy() : undefined;
  }

  keepDigest(id: string, offset: number, hash: Hash | undefined): void {
    this.digests.delete(id);
    if (!hash) return;
    if (this.digests.size >= MAX_RUNNING_DIGESTS) this.digests.delete(this.digests.keys().next().value!);
    this.digests.set(id, { offset, hash });
  }

  forgetDigest(id: string): void {
    this.digests.delete(id);
  }

  /**
   * A final piece sent again after its upload left OPEN: the file item once the file row is committed (as the first
   * answer would have been), the assembly driven here when no one on this process runs it, or the reason it cannot be.
   */
  async settle(auth: AuthContext, upload: UploadRow): Promise<FileItemDto> {
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
  assembleOnce(auth: AuthContext, upload: UploadRow): Promise<FileItemDto> {
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
    const skipped = skippedPieces(upload);
    if (skipped.length > 0) return this.assembleComposed(auth, upload, skipped);
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

  /**
   * Issue 35: an upload that skipped pieces the account holds. Its received pieces are published as its own blob (no
   * copy) and the file is composed of ranges of that blob and of the held ones: no byte is read, copied or hashed
   * here. The whole-file SHA-256 comes later from the index job queued with the file row.
   */
  private async assembleComposed(auth: AuthContext, upload: UploadRow, skipped: SkippedPiece[]): Promise<FileItemDto> {
    const total = Number(upload.total_bytes);
    const own = fileBlobKey(upload.account_id, upload.id);
    const ownBytes = total - skippedBytes(skipped);
    this.digests.delete(upload.id);
    try {
      if (ownBytes > 0) await this.d.blobs.completePieces(own, upload.piece_state, ownBytes);
    } catch (err) {
      await abortUpload(this.d, upload, ['COMPLETING'], { finalBlob: true });
      return this.committedMeanwhile(auth, upload, err);
    }
    const composition = { parts: compose(skipped, total, own), own: ownBytes > 0 ? own : null };
    try {
      return await finishUpload(this.d, auth, upload, 'COMPLETING', { size: total, sha256: null }, undefined, composition);
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
}
