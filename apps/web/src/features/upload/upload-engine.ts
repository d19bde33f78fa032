import type { UnknownAction } from '@reduxjs/toolkit';
import { randomUuid } from '@/lib/uuid';
import { CHUNK_SIZE, GIVE_UP_AFTER_MS, MAX_PARALLEL_UPLOADS, parseOffset, uploadPercent } from './upload-math';
import { KEEP_BOTH, type PlannedUpload, type UploadStrategy } from './upload-clash';
import { sameFile, type PendingUpload, type PendingUploadStore } from './upload-persistence';
import { errorStatus, RetryableResponse, sendPieces, UploadStopped } from './upload-pieces';
import { uploadProgressed, uploadsQueued, uploadSkipped, uploadStatusChanged, uploadsCleared, type UploadItem } from './upload-slice';
import type { FileHasher } from './upload-skip';
import { UploadStatus, type UploadFailure } from './upload-status';
import { UploadNetworkError, type TransportRequest, type TransportResponse, type UploadTransport } from './upload-transport';

export interface UploadEngineDeps {
  dispatch: (action: UnknownAction) => unknown;
  transport: UploadTransport;
  /** POST /container/baseUrl → value (asked once, again only after a failure). */
  getBaseUrl: () => Promise<string>;
  /** The stored session token (`_at`). */
  getToken: () => string | null;
  /** The base query's single-flight refresh: the token to retry with, or null once the session has ended. */
  refreshToken: (tokenSent: string | null) => Promise<string | null>;
  /** 413 QUOTA_EXCEEDED: the queue has stopped; show the full-storage modal. */
  onQuotaExceeded: () => void;
  /** A file is complete: its folder's listing and the usage are stale (and the family library, when it went there). */
  onUploaded: (parentUuid: string | null, familyLibrary: boolean) => void;
  pending: PendingUploadStore;
  /** Hashes a file before it is sent, so bytes the account already holds are skipped (issue 35); absent: all are sent. */
  hashFile?: FileHasher;
  /** Resolves after `ms` (or earlier, e.g. when the browser comes back online). */
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
  newUuid?: () => string;
  chunkSize?: number;
  maxParallel?: number;
  giveUpAfterMs?: number;
}

type JobState = 'queued' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed';

interface Job {
  uuid: string;
  name: string;
  size: number;
  lastModified: number;
  type: string;
  parentUuid: string | null;
  /** X-Meta-Strategy sent with the upload's first request. */
  strategy: UploadStrategy;
  /** "Add to Family library" (issue 35). */
  familyLibrary: boolean;
  file: Blob | null;
  state: JobState;
  /** Bytes may be on the server already: ask HEAD for the offset before sending. */
  resume: boolean;
  controller: AbortController | null;
  percent: number;
}


function defaultWait(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    // Back online: no need to sit out the rest of the back-off.
    window.addEventListener('online', done);
  });
}

/**
 * The upload queue: at most 3 files at a time; files up to 8 MiB in one PUT, bigger ones in 8 MiB pieces,
 * each after the previous one succeeded. A cut connection is retried with back-off (1 s … 30 s) after
 * asking HEAD how much the server has; 409 UPLOAD_OFFSET_MISMATCH corrects the offset; 401 refreshes the
 * session once for everybody; 413 stops the queue. Unfinished uploads are remembered so that, after a
 * reload, choosing the same file again continues where the server stopped.
 */
export class UploadEngine {
  private readonly jobs = new Map<string, Job>();
  private readonly order: string[] = [];
  private running = 0;
  private stopped = false;
  private seq = 0;
  private baseUrl: Promise<string> | null = null;
  private readonly wait: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly newUuid: () => string;
  private readonly chunkSize: number;
  private readonly maxParallel: number;
  private readonly giveUpAfterMs: number;

  constructor(private readonly deps: UploadEngineDeps) {
    this.wait = deps.wait ?? defaultWait;
    this.now = deps.now ?? Date.now;
    this.newUuid = deps.newUuid ?? randomUuid;
    this.chunkSize = deps.chunkSize ?? CHUNK_SIZE;
    this.maxParallel = deps.maxParallel ?? MAX_PARALLEL_UPLOADS;
    this.giveUpAfterMs = deps.giveUpAfterMs ?? GIVE_UP_AFTER_MS;
  }

  /**
   * Queues files for upload into a folder (null = root), each keeping both on a name clash unless planned to replace,
   * and into the family library as well when asked (issue 35). Empty files are not uploaded (status Empty).
   */
  add(files: readonly (File | PlannedUpload)[], parentUuid: string | null, options: { familyLibrary?: boolean } = {}): void {
    const items: UploadItem[] = [];
    for (const entry of files) {
      const { file, strategy }: PlannedUpload = entry instanceof Blob ? { file: entry, strategy: KEEP_BOTH } : entry;
      const uuid = this.newUuid();
      const empty = file.size === 0;
      const job: Job = {
        uuid,
        name: file.name,
        size: file.size,
        lastModified: file.lastModified,
        type: file.type,
        parentUuid,
        strategy,
        familyLibrary: options.familyLibrary === true,
        file,
        state: empty ? 'done' : 'queued',
        resume: false,
        controller: null,
        percent: 0,
      };
      this.jobs.set(uuid, job);
      this.order.push(uuid);
      items.push(this.itemOf(job, empty ? UploadStatus.Empty : UploadStatus.NotStarted));
    }
    if (items.length > 0) this.deps.dispatch(uploadsQueued(items));
    // New files mean the user wants uploads again after a quota stop.
    this.stopped = false;
    this.pump();
  }

  /** After a reload: the unfinished uploads, paused until their files are chosen again. */
  restore(): void {
    const items: UploadItem[] = [];
    for (const entry of this.deps.pending.load()) {
      if (this.jobs.has(entry.uuid)) continue;
      const job: Job = { ...entry, strategy: entry.strategy ?? KEEP_BOTH, familyLibrary: entry.familyLibrary === true, type: '', file: null, state: 'paused', resume: true, controller: null, percent: 0 };
      this.jobs.set(entry.uuid, job);
      this.order.push(entry.uuid);
      items.push({ ...this.itemOf(job, UploadStatus.NotStarted), needsFile: true });
    }
    if (items.length === 0) return;
    this.deps.dispatch(uploadsQueued(items));
    // Show how far each one got (best effort; the real offset is asked again when it resumes).
    for (const item of items) {
      const job = this.jobs.get(item.uuid);
      if (!job) continue;
      void this.uploadUrl()
        .then((base) => this.serverOffset(job, `${base}/${encodeURIComponent(job.uuid)}`))
        .then((offset) => {
          if (job.state === 'paused') this.reportProgress(job, offset);
        })
        .catch(() => undefined);
    }
  }

  /** Files chosen again for paused uploads (same name, size and date); returns the ones that match none. */
  resumeWith(files: readonly File[]): File[] {
    const unmatched: File[] = [];
    for (const file of files) {
      const job = this.order
        .map((uuid) => this.jobs.get(uuid))
        .find((candidate): candidate is Job => candidate?.state === 'paused' && sameFile(candidate, file));
      if (!job) {
        unmatched.push(file);
        continue;
      }
      job.file = file;
      job.type = file.type;
      job.state = 'queued';
      this.deps.dispatch(uploadStatusChanged({ uuid: job.uuid, status: UploadStatus.NotStarted, needsFile: false }));
    }
    this.stopped = false;
    this.pump();
    return unmatched;
  }

  /** Stops an upload; the server drops what it has (DELETE) so the reserved space is freed. */
  cancel(uuid: string): void {
    const job = this.jobs.get(uuid);
    if (!job || job.state === 'done' || job.state === 'cancelled') return;
    const wasOnServer = job.resume || job.state === 'running' || job.percent > 0;
    job.state = 'cancelled';
    job.controller?.abort();
    this.deps.pending.remove(uuid);
    this.deps.dispatch(uploadStatusChanged({ uuid, status: UploadStatus.Cancelled }));
    if (wasOnServer) void this.discard(job);
    this.pump();
  }

  /** Tries a failed or timed-out upload again, from what the server already has. */
  retry(uuid: string): void {
    const job = this.jobs.get(uuid);
    if (!job || job.state !== 'failed' || !job.file) return;
    job.state = 'queued';
    job.resume = true;
    this.stopped = false;
    this.deps.dispatch(uploadStatusChanged({ uuid, status: UploadStatus.NotStarted }));
    this.pump();
  }

  /** Removes finished uploads from the panel; failed ones are given up (and freed on the server). */
  clearFinished(): void {
    const dropped: string[] = [];
    for (const [uuid, job] of this.jobs) {
      if (job.state === 'failed') {
        this.deps.pending.remove(uuid);
        void this.discard(job);
      }
      if (job.state === 'done' || job.state === 'cancelled' || job.state === 'failed') {
        this.jobs.delete(uuid);
        this.order.splice(this.order.indexOf(uuid), 1);
        dropped.push(uuid);
      }
    }
    this.deps.dispatch(uploadsCleared(dropped));
  }

  /** Leaving the signed-in area: stop sending. Unfinished uploads stay remembered for the next visit. */
  dispose(): void {
    for (const job of this.jobs.values()) {
      if (job.state === 'running' || job.state === 'queued') {
        job.state = 'paused';
        job.controller?.abort();
      }
    }
    this.jobs.clear();
    this.order.length = 0;
    this.running = 0;
  }

  private itemOf(job: Job, status: UploadStatus): UploadItem {
    this.seq += 1;
    return {
      uuid: job.uuid,
      name: job.name,
      size: job.size,
      lastModified: job.lastModified,
      parentUuid: job.parentUuid,
      ...(job.familyLibrary ? { familyLibrary: true } : {}),
      progress: 0,
      status,
      seq: this.seq,
    };
  }

  private pump(): void {
    while (!this.stopped && this.running < this.maxParallel) {
      const next = this.order.map((uuid) => this.jobs.get(uuid)).find((job) => job?.state === 'queued' && job.file);
      if (!next) return;
      void this.run(next);
    }
  }

  private async run(job: Job): Promise<void> {
    job.state = 'running';
    this.running += 1;
    try {
      await this.upload(job);
    } finally {
      this.running = Math.max(0, this.running - 1);
      job.controller = null;
      // A disposed engine no longer knows the job and starts nothing.
      if (this.jobs.get(job.uuid) === job) this.pump();
    }
  }

  private isLive(job: Job): boolean {
    return job.state === 'running' && this.jobs.get(job.uuid) === job;
  }

  private setStatus(job: Job, status: UploadStatus, extra: { retrying?: boolean; failure?: UploadFailure } = {}): void {
    if (this.jobs.get(job.uuid) !== job) return;
    this.deps.dispatch(uploadStatusChanged({ uuid: job.uuid, status, ...extra }));
  }

  private reportProgress(job: Job, bytes: number, complete = false): void {
    const percent = uploadPercent(bytes, job.size, complete);
    if (percent === job.percent && !complete) return;
    job.percent = percent;
    if (this.jobs.get(job.uuid) === job) this.deps.dispatch(uploadProgressed({ uuid: job.uuid, progress: percent, bytes, at: Date.now() }));
  }

  private async uploadUrl(): Promise<string> {
    this.baseUrl ??= this.deps.getBaseUrl().then(
      (value) => {
        if (!value) throw new UploadNetworkError('network');
        return value.replace(/\/+$/, '');
      },
      (error: unknown) => {
        this.baseUrl = null;
        throw error;
      },
    );
    try {
      return await this.baseUrl;
    } catch (error) {
      this.baseUrl = null;
      throw error instanceof UploadNetworkError ? error : new UploadNetworkError('network');
    }
  }

  /** Sends a request with the current token; a 401 refreshes the session (shared lock) and sends it again once. */
  private async send(job: Job, request: Omit<TransportRequest, 'signal'>): Promise<TransportResponse> {
    const token = this.deps.getToken();
    const signal = job.controller?.signal;
    const first = await this.deps.transport.request({ ...request, headers: { ...request.headers, 'X-Auth-Token': token ?? '' }, signal });
    if (first.status !== 401) return first;
    const fresh = await this.deps.refreshToken(token);
    if (!fresh) throw new UploadStopped('session');
    if (!this.isLive(job)) throw new UploadNetworkError('aborted');
    return this.deps.transport.request({ ...request, headers: { ...request.headers, 'X-Auth-Token': fresh }, signal });
  }

  /** How many bytes the server has (0 when it does not know the upload). */
  private async serverOffset(job: Job, url: string): Promise<number> {
    const response = await this.send(job, { method: 'HEAD', url, headers: {} });
    if (response.status === 404) return 0;
    // 202: every byte is on the server but the file is not committed yet; ask again after a wait, never call it done.
    if (response.status === 202) throw new RetryableResponse(response.status);
    if (response.status >= 500 || response.status === 408 || response.status === 429) throw new RetryableResponse(response.status);
    if (response.status === 403) throw new UploadStopped(errorStatus(response) === 'ACCOUNT_READ_ONLY' ? 'read_only' : 'server');
    if (response.status >= 400) return 0;
    return Math.min(job.size, parseOffset(response.header('Upload-Offset')) ?? 0);
  }

  private async upload(job: Job): Promise<void> {
    const file = job.file!;
    job.controller = new AbortController();
    this.setStatus(job, UploadStatus.Loading);
    const entry: PendingUpload = {
      uuid: job.uuid,
      name: job.name,
      size: job.size,
      lastModified: job.lastModified,
      parentUuid: job.parentUuid,
      strategy: job.strategy,
    };
    if (job.familyLibrary) entry.familyLibrary = true;
    this.deps.pending.save(entry);

    await sendPieces(job, file, {
      send: (request) => this.send(job, request),
      uploadUrl: () => this.uploadUrl(),
      serverOffset: (url) => this.serverOffset(job, url),
      isLive: () => this.isLive(job),
      setStatus: (status, extra) => this.setStatus(job, status, extra),
      progress: (bytes) => this.reportProgress(job, bytes),
      complete: () => this.complete(job),
      fail: (status, failure) => this.fail(job, status, failure),
      stopQueue: () => this.stopQueue(),
      wait: this.wait,
      now: this.now,
      chunkSize: this.chunkSize,
      giveUpAfterMs: this.giveUpAfterMs,
      hash: this.deps.hashFile ? (blob) => this.deps.hashFile!(blob, this.chunkSize) : undefined,
      skipped: (bytes) => {
        if (this.jobs.get(job.uuid) === job) this.deps.dispatch(uploadSkipped({ uuid: job.uuid, bytes }));
      },
    });
  }

  private complete(job: Job): void {
    job.state = 'done';
    this.deps.pending.remove(job.uuid);
    this.reportProgress(job, job.size, true);
    this.deps.onUploaded(job.parentUuid, job.familyLibrary);
  }

  private fail(job: Job, status: UploadStatus, failure?: UploadFailure): void {
    job.state = 'failed';
    // Only a cut connection can be resumed later (after a reload too); other failures are final.
    if (status !== UploadStatus.Timeout) this.deps.pending.remove(job.uuid);
    if (failure === 'quota' || failure === 'session') void this.discard(job);
    this.setStatus(job, status, { failure });
  }

  /** 413: nothing else starts; queued files fail with the same reason (retry starts them again). */
  private stopQueue(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const job of this.jobs.values()) {
      if (job.state === 'queued') {
        job.state = 'failed';
        this.setStatus(job, UploadStatus.Failed, { failure: 'quota' });
      }
    }
    this.deps.onQuotaExceeded();
  }

  /** DELETE value/uuid, best effort: frees what the server reserved for an abandoned upload. */
  private async discard(job: Job): Promise<void> {
    const token = this.deps.getToken();
    if (!token) return;
    try {
      const url = `${await this.uploadUrl()}/${encodeURIComponent(job.uuid)}`;
      await this.deps.transport.request({ method: 'DELETE', url, headers: { 'X-Auth-Token': token } });
    } catch {
      // The server removes unfinished uploads after 24 h anyway.
    }
  }
}
