/** Pieces of 8 MiB: files up to this size go in one request. */
export const CHUNK_SIZE = 8 * 1024 * 1024;
export const MAX_PARALLEL_UPLOADS = 3;
/** Retries wait 1 s, 2 s, 4 s … up to 30 s. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
/** Without a byte of progress for this long, an upload gives up with status Timeout. */
export const GIVE_UP_AFTER_MS = 120_000;

/** The next request of an upload that the server has `offset` bytes of: [start, end) and whether it is the whole file. */
export interface Piece {
  start: number;
  /** Exclusive. */
  end: number;
  whole: boolean;
}

export function nextPiece(offset: number, size: number, chunkSize = CHUNK_SIZE): Piece {
  const start = Math.max(0, Math.min(offset, size));
  if (start === 0 && size <= chunkSize) return { start: 0, end: size, whole: true };
  return { start, end: Math.min(size, start + chunkSize), whole: false };
}

/** `bytes a-b/total` with b inclusive (RFC 9110). */
export function contentRange(piece: Piece, size: number): string {
  return `bytes ${piece.start}-${piece.end - 1}/${size}`;
}

/** Every piece of a fresh upload, in order. */
export function planPieces(size: number, chunkSize = CHUNK_SIZE): Piece[] {
  const pieces: Piece[] = [];
  let offset = 0;
  do {
    const piece = nextPiece(offset, size, chunkSize);
    pieces.push(piece);
    offset = piece.end;
  } while (offset < size);
  return pieces;
}

/**
 * The rounded percent done (spec: progress is the rounded percentage). It stays at 99 until the server has
 * confirmed the file, because 100 means Installed.
 */
export function uploadPercent(done: number, total: number, complete = false): number {
  if (complete) return 100;
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(99, Math.round((done / total) * 100)));
}

/** 1 s, 2 s, 4 s, 8 s, 16 s, 30 s, 30 s … */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt));
}

/** A header's non-negative integer, or null. */
export function parseOffset(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\s*\d+\s*$/.test(value)) return null;
  const parsed = Number(value.trim());
  return Number.isSafeInteger(parsed) ? parsed : null;
}

/** What the panel knows of an upload's pace: the last reported byte count, when, and a smoothed rate. */
export interface TransferRate {
  at: number;
  bytes: number;
  /** Bytes per second, smoothed; absent until two reports are apart in time. */
  bytesPerSecond?: number;
}

/** How much a new measurement moves the smoothed rate: enough to follow a changing link, not every hiccup. */
const RATE_SMOOTHING = 0.3;

/** Folds one progress report into the rate; a report going backwards (a resumed upload) starts over. */
export function nextRate(previous: TransferRate | undefined, at: number, bytes: number): TransferRate {
  if (!previous || bytes < previous.bytes || at <= previous.at) return { at, bytes, bytesPerSecond: previous && bytes >= previous.bytes ? previous.bytesPerSecond : undefined };
  const instant = ((bytes - previous.bytes) * 1000) / (at - previous.at);
  const bytesPerSecond = previous.bytesPerSecond === undefined ? instant : previous.bytesPerSecond + RATE_SMOOTHING * (instant - previous.bytesPerSecond);
  return { at, bytes, bytesPerSecond };
}

/** Seconds left at this rate, or null when unknown. */
export function secondsLeft(remainingBytes: number, bytesPerSecond: number | undefined): number | null {
  if (!bytesPerSecond || bytesPerSecond <= 0 || !Number.isFinite(remainingBytes)) return null;
  return Math.max(0, remainingBytes / bytesPerSecond);
}

/** Speed and time left are shown only for uploads that will still take at least this long. */
export const LONG_UPLOAD_SECONDS = 10;

/** A rough duration for "time left": seconds under a minute, whole minutes under an hour, then hours. */
export function durationParts(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' } {
  if (seconds < 60) return { value: Math.max(1, Math.ceil(seconds)), unit: 'second' };
  if (seconds < 3600) return { value: Math.ceil(seconds / 60), unit: 'minute' };
  return { value: Math.round((seconds / 3600) * 10) / 10, unit: 'hour' };
}
