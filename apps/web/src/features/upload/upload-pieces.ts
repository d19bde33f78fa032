import { DEVICE_TYPE } from '@/config/constants';
import { captureDate } from './capture-date';
import { contentRange, nextPiece, parseOffset, retryDelay } from './upload-math';
import { UploadStatus, type UploadFailure } from './upload-status';
import type { TransportRequest, TransportResponse } from './upload-transport';
import { heldRun, knownPiecesRequest, notHeldAt, planSkip, type FileDigest, type SkipPlan } from './upload-skip';

/** An HTTP answer that is worth retrying (5xx, 408, 429): handled like a network failure. */
export class RetryableResponse extends Error {
  constructor(readonly status: number) {
    super(`Retryable upload response ${status}`);
  }
}

/** The upload cannot go on; the reason is shown in the panel. */
export class UploadStopped extends Error {
  constructor(readonly failure: UploadFailure) {
    super(`Upload stopped: ${failure}`);
  }
}

const MAX_OFFSET_CORRECTIONS = 5;

/** The browser's IANA time zone, so a photo without a capture date is filed under the uploader's local day. */
export function uploaderTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    // A browser without time zone data: the server files the photo under the UTC day, as before.
    return null;
  }
}

export function errorStatus(response: TransportResponse): string | undefined {
  try {
    const body = JSON.parse(response.text) as { status?: unknown };
    return typeof body.status === 'string' ? body.status : undefined;
  } catch {
    return undefined;
  }
}

/** The file an upload sends; `resume` says bytes may be on the server already (ask HEAD before sending). */
export interface PieceJob {
  uuid: string;
  name: string;
  size: number;
  type: string;
  parentUuid: string | null;
  /** X-Meta-Strategy (issue 33): 1 replaces a file of the same name, 0 keeps both. */
  strategy: number;
  resume: boolean;
  /** Lands in the family library (issue 35). */
  familyLibrary?: boolean;
}

/** What the piece loop needs from the queue that runs it, bound to one job. */
export interface PieceIo {
  /** Sends with the session token (refreshing it once on 401). */
  send: (request: Omit<TransportRequest, 'signal'>) => Promise<TransportResponse>;
  uploadUrl: () => Promise<string>;
  /** How many bytes the server has (0 when it does not know the upload). */
  serverOffset: (url: string) => Promise<number>;
  /** False once the job was cancelled, paused or dropped: the loop stops quietly. */
  isLive: () => boolean;
  setStatus: (status: UploadStatus, extra?: { retrying?: boolean; failure?: UploadFailure }) => void;
  progress: (bytes: number) => void;
  complete: () => void;
  fail: (status: UploadStatus, failure?: UploadFailure) => void;
  stopQueue: () => void;
  wait: (ms: number) => Promise<void>;
  now: () => number;
  chunkSize: number;
  giveUpAfterMs: number;
  /** Hashes the file (issue 35); without it every byte is sent, as before. */
  hash?: (file: Blob) => Promise<FileDigest>;
  /** Bytes the server took from what the account holds instead of receiving them. */
  skipped?: (bytes: number) => void;
}

/**
 * Sends one file: in one PUT up to the piece size, else piece by piece, each after the previous one succeeded. A cut
 * connection or a 5xx is retried with back-off from the offset HEAD reports, until no byte has moved for
 * `giveUpAfterMs`; 409 continues from the server's offset (409 UPLOAD_COMPLETING and HEAD 202: wait until assembled); 404 for a later piece starts over once; 413 stops the queue.
 */
export async function sendPieces(job: PieceJob, file: Blob, io: PieceIo): Promise<void> {
  let offset: number | null = job.resume ? null : 0;
  let lastProgressAt = io.now();
  let bestOffset = 0;
  let attempt = 0;
  let corrections = 0;
  let restartedFromZero = false;
  let retrying = false;
  // Read once: the piece that opens the upload carries it; the server ignores it on later pieces.
  const takenAt = await captureDate(file);
  const timeZone = uploaderTimeZone();
  const meta: Record<string, string> = {
    'X-Object-Meta-Parent-Uuid': job.parentUuid ?? '',
    'X-Object-Meta-Favourite': 'false',
    'X-Meta-Strategy': String(job.strategy),
    'X-Object-Meta-File-Name': encodeURIComponent(job.name),
    'X-Object-Meta-Device-Type': DEVICE_TYPE,
  };
  if (takenAt) meta['X-Object-Meta-Taken-At'] = takenAt;
  if (timeZone) meta['X-Object-Meta-Time-Zone'] = timeZone;
  if (job.familyLibrary) meta['X-Object-Meta-Family-Library'] = 'true';
  // A new upload first asks what the account already holds of the file; only what it lacks is sent.
  let plan: SkipPlan | null = null;
  if (!job.resume && io.hash) {
    const hash = io.hash;
    try {
      const planned = await planSkip(job, file, meta, { send: io.send, uploadUrl: io.uploadUrl, hash, chunkSize: io.chunkSize });
      if (planned === 'done') {
        io.skipped?.(job.size);
        io.complete();
        return;
      }
      plan = planned;
    } catch (error) {
      // The session ended: as for any request. Anything else (no worker, a network blip): every byte is sent.
      if (error instanceof UploadStopped) {
        if (io.isLive()) io.fail(UploadStatus.Failed, error.failure);
        return;
      }
    }
  }

  // Hashing a big file takes a while: the stall clock starts when sending does.
  lastProgressAt = io.now();
  const progressed = (bytes: number) => {
    if (bytes > bestOffset) {
      bestOffset = bytes;
      lastProgressAt = io.now();
    }
    io.progress(bytes);
  };

  while (io.isLive()) {
    try {
      const url = `${await io.uploadUrl()}/${encodeURIComponent(job.uuid)}`;
      if (offset === null) {
        offset = await io.serverOffset(url);
        job.resume = false;
        progressed(offset);
        // The server has every byte: the last answer was lost on the way back.
        if (offset >= job.size) {
          io.complete();
          return;
        }
      }
      if (!io.isLive()) return;
      if (retrying) {
        retrying = false;
        io.setStatus(UploadStatus.Loading);
      }

      const piece = nextPiece(offset, job.size, io.chunkSize);
      const headers: Record<string, string> = { ...meta, 'Content-Type': job.type || 'application/octet-stream' };
      if (!piece.whole) headers['Content-Range'] = contentRange(piece, job.size);
      const start = piece.start;
      job.resume = true;
      // Pieces the account holds go in one request per run of them, instead of their bytes.
      const run = heldRun(plan, piece, job.size);
      const end = run.length > 0 ? run[run.length - 1]!.end : piece.end;
      const response =
        run.length > 0
          ? await io.send(knownPiecesRequest(url, meta, run, job.size, job.type, plan!))
          : await io.send({
              method: 'PUT',
              url,
              headers,
              body: piece.whole ? file : file.slice(piece.start, piece.end),
              onProgress: (loaded) => progressed(start + Math.min(loaded, piece.end - piece.start)),
            });
      if (run.length > 0 && response.status === 409 && errorStatus(response) === 'PIECE_NOT_HELD') {
        // One is not held after all (deleted meanwhile): the pieces before it were taken, it goes as bytes.
        const at = notHeldAt(run, parseOffset(response.header('Upload-Offset')), plan!);
        plan!.pieces[at / plan!.digest.pieceBytes] = false;
        if (at > start) {
          io.skipped?.(at - start);
          progressed(at);
        }
        offset = at;
        continue;
      }

      if (response.status === 201 || (response.status === 200 && end >= job.size)) {
        if (run.length > 0) io.skipped?.(job.size - start);
        io.complete();
        return;
      }
      if (response.status === 202 || response.status === 200) {
        let received: number | null = null;
        try {
          const body = JSON.parse(response.text) as { receivedBytes?: unknown };
          received = typeof body.receivedBytes === 'number' ? body.receivedBytes : null;
        } catch {
          received = null;
        }
        offset = received ?? end;
        if (run.length > 0) io.skipped?.(offset - start);
        attempt = 0;
        corrections = 0;
        progressed(offset);
        continue;
      }
      // The final piece is recorded and the server is assembling the file: wait, then ask HEAD until it is committed.
      if (response.status === 409 && errorStatus(response) === 'UPLOAD_COMPLETING') throw new RetryableResponse(response.status);
      if (response.status === 409) {
        corrections += 1;
        if (corrections > MAX_OFFSET_CORRECTIONS) throw new UploadStopped('server');
        // UPLOAD_OFFSET_MISMATCH: continue from what the server says it has.
        offset = parseOffset(response.header('Upload-Offset'));
        if (offset !== null) progressed(offset);
        continue;
      }
      if (response.status === 413) {
        io.stopQueue();
        throw new UploadStopped('quota');
      }
      if (response.status === 404 && piece.start > 0 && !restartedFromZero) {
        // The server forgot the unfinished upload (24 h): start over.
        restartedFromZero = true;
        offset = 0;
        continue;
      }
      if (response.status >= 500 || response.status === 408 || response.status === 429) throw new RetryableResponse(response.status);
      const code = errorStatus(response);
      if (response.status === 403) throw new UploadStopped(code === 'ACCOUNT_READ_ONLY' ? 'read_only' : 'server');
      throw new UploadStopped(response.status === 404 ? 'not_found' : 'server');
    } catch (error) {
      if (!io.isLive()) return;
      if (error instanceof UploadStopped) {
        io.fail(UploadStatus.Failed, error.failure);
        return;
      }
      // A network failure, a stall or a 5xx: wait and try again from the server's offset.
      if (io.now() - lastProgressAt >= io.giveUpAfterMs) {
        io.fail(UploadStatus.Timeout);
        return;
      }
      if (!retrying) {
        retrying = true;
        io.setStatus(UploadStatus.Loading, { retrying: true });
      }
      await io.wait(retryDelay(attempt));
      attempt += 1;
      offset = null;
    }
  }
}
