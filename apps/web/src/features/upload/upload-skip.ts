import type { Piece } from './upload-math';
import type { TransportRequest, TransportResponse } from './upload-transport';

// Issue 35: before sending a file, the client hashes it (off the main thread) and asks which of its bytes the account
// already holds; a whole file it holds completes at once, a piece it holds is stood in for instead of being sent.

/** SHA-256 of a file and of each of its pieces (from the start, `pieceBytes` each; the last may be shorter). */
export interface FileDigest {
  sha256: string;
  pieceBytes: number;
  pieces: string[];
}

/** Hashes a file; the app's runs in a Web Worker with WebAssembly (upload-hash.ts). */
export type FileHasher = (file: Blob, pieceBytes: number) => Promise<FileDigest>;

/** Which pieces the server stands in for; a piece it refuses after all (409 PIECE_NOT_HELD) is sent as bytes. */
export interface SkipPlan {
  digest: FileDigest;
  pieces: boolean[];
}

export interface SkipIo {
  send: (request: Omit<TransportRequest, 'signal'>) => Promise<TransportResponse>;
  uploadUrl: () => Promise<string>;
  hash: (file: Blob) => Promise<FileDigest>;
  chunkSize: number;
}

interface HeldAnswer {
  file: boolean;
  pieceBytes: number;
  pieces: boolean[];
}

const json = { 'Content-Type': 'application/json' };

/**
 * Hashes the file and asks the server what the account holds of it: 'done' when the whole file was completed from
 * what it holds, a plan when some pieces are held, null when everything is to be sent (or asking failed: then the
 * upload simply sends every byte, as before).
 */
export async function planSkip(
  job: { uuid: string; size: number; type: string },
  file: Blob,
  meta: Record<string, string>,
  io: SkipIo,
): Promise<'done' | SkipPlan | null> {
  const digest = await io.hash(file);
  if (digest.pieceBytes !== io.chunkSize) return null;
  const base = await io.uploadUrl();
  const asked = await io.send({
    method: 'POST',
    url: `${base}/held`,
    headers: json,
    body: JSON.stringify({ bytes: job.size, sha256: digest.sha256, pieces: digest.pieces }),
  });
  if (asked.status !== 200) return null;
  const held = JSON.parse(asked.text) as HeldAnswer;
  if (held.file) {
    const known = await io.send({
      method: 'POST',
      url: `${base}/${encodeURIComponent(job.uuid)}/known`,
      headers: { ...meta, ...json },
      body: JSON.stringify({ bytes: job.size, sha256: digest.sha256, ...(job.type ? { contentType: job.type } : {}) }),
    });
    // 409 UPLOAD_COMPLETE: an earlier try completed it and its answer was lost on the way back.
    if (known.status === 201 || (known.status === 409 && known.text.includes('"UPLOAD_COMPLETE"'))) return 'done';
    // Anything else (released meanwhile, over quota): the bytes are sent and the usual answers apply.
    return null;
  }
  if (held.pieceBytes !== io.chunkSize || !held.pieces.some(Boolean)) return null;
  return { digest, pieces: held.pieces };
}

/** At most this many pieces per known-pieces call (the server's limit): a longer run takes more calls. */
export const MAX_KNOWN_PIECES = 256;

/**
 * The pieces the server holds from the piece at hand on, as far as they run (at most MAX_KNOWN_PIECES): one request
 * stands in for them all. Empty when the piece at hand is to be sent (pieces start at multiples of the piece size).
 */
export function heldRun(plan: SkipPlan | null, piece: Piece, size: number): Piece[] {
  const run: Piece[] = [];
  if (!plan || piece.whole) return run;
  const n = plan.digest.pieceBytes;
  for (let start = piece.start; start < size && run.length < MAX_KNOWN_PIECES && start % n === 0 && plan.pieces[start / n] === true; start += n) {
    run.push({ start, end: Math.min(size, start + n), whole: false });
  }
  return run;
}

/**
 * The request that stands in for a run of held pieces: the same answers as the last piece's PUT would get; 409
 * PIECE_NOT_HELD says (Upload-Offset) which piece to send as bytes, the ones before it being taken.
 */
export function knownPiecesRequest(url: string, meta: Record<string, string>, run: readonly Piece[], size: number, type: string, plan: SkipPlan): Omit<TransportRequest, 'signal'> {
  return {
    method: 'POST',
    url: `${url}/known-pieces`,
    headers: { ...meta, ...json },
    body: JSON.stringify({
      total: size,
      pieces: run.map((piece) => ({ start: piece.start, end: piece.end - 1, sha256: plan.digest.pieces[piece.start / plan.digest.pieceBytes] })),
      ...(type ? { contentType: type } : {}),
    }),
  };
}

/**
 * Where a run refused with 409 PIECE_NOT_HELD stopped (the piece to send as bytes), from the answer's Upload-Offset: a
 * piece start inside the run, else the run's first piece (an answer without it still makes progress).
 */
export function notHeldAt(run: readonly Piece[], offset: number | null, plan: SkipPlan): number {
  const first = run[0]!.start;
  const inRun = offset !== null && offset >= first && offset < run[run.length - 1]!.end && offset % plan.digest.pieceBytes === 0;
  return inRun ? offset : first;
}
