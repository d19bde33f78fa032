import type { Hash } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface BlobStat {
  size: number;
}

export interface PutResult {
  size: number;
  /** Lower-case hex SHA-256 of the stored bytes, computed while streaming. */
  sha256: string;
}

export interface GetResult {
  /** The caller must consume or destroy it; an abandoned stream pins a file handle / HTTP socket. */
  stream: Readable;
  /** Total size of the blob (not of the range), as needed for `Content-Range: bytes start-end/size`. */
  size: number;
  start: number;
  /** Inclusive; `-1` for a whole-blob read of an empty blob. */
  end: number;
}

export interface PutOptions {
  maxBytes?: number;
  /** Stored as object metadata by the S3 store; the disk store does not keep it. */
  contentType?: string;
}

/** One piece of a blob written in pieces, in order, across requests (and restarts): see `BlobStore.writePiece`. */
export interface PieceWrite {
  /** Where the piece starts; equal to the bytes written so far. */
  offset: number;
  /** The piece's exact size: more bytes fail with BlobTooLargeError, fewer leave the piece short (see the result). */
  length: number;
  /** The final piece of the blob. */
  last: boolean;
  body: Readable;
  /** Updated with the piece's bytes as they are read, so the caller can keep a running digest of the whole blob. */
  hash?: Hash;
  /** Recorded by the S3 store when the first piece opens its multipart upload. */
  contentType?: string;
}

export interface PieceResult {
  /** Bytes of the piece stored; less than `length` when the body ended early (the piece then does not count). */
  size: number;
  /** What the store needs to continue: the caller keeps it with the new offset and passes it with the next call. */
  state: string | null;
}

export interface BlobRange {
  start: number;
  /** Inclusive; clamped to the last byte of the blob. */
  end?: number;
}

export interface BlobStore {
  /**
   * Streams `body` into `key`, replacing any existing blob only once the new one is complete.
   * The body is consumed; if the put fails for any reason it is destroyed (like `stream.pipeline`).
   * Throws BlobTooLargeError once more than `maxBytes` have been read; nothing is left behind.
   */
  put(key: string, body: Readable, opts?: PutOptions): Promise<PutResult>;
  /**
   * Stores one piece of the blob `key` at its offset, where it stays (no second copy when the blob is complete), and
   * makes it durable before resolving. Pieces come in order; a piece written again at the same offset (a retry)
   * replaces the earlier attempt. Nothing is visible under `key` before `completePieces`.
   * `state` is the result of the last piece that counted (null for the first); throws PiecesLostError, before reading
   * the body, when what earlier pieces stored is gone (a reboot before they were synced, an older version's layout), so
   * the upload must start again. Otherwise the body is consumed, or destroyed when the write fails.
   */
  writePiece(key: string, state: string | null, piece: PieceWrite): Promise<PieceResult>;
  /**
   * Publishes the first `total` bytes written in pieces as the blob `key`, atomically. Idempotent: after a crash it
   * may be called again, and succeeds when the blob was already published with that size.
   */
  completePieces(key: string, state: string | null, total: number): Promise<void>;
  /** Removes what pieces of `key` hold, never the published blob. Idempotent. */
  abortPieces(key: string, state: string | null): Promise<void>;
  /** Throws BlobNotFoundError, or BlobRangeNotSatisfiableError when `range.start` is past the end. */
  get(key: string, range?: BlobRange): Promise<GetResult>;
  stat(key: string): Promise<BlobStat | null>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
  /**
   * Deletes every blob under `prefix/` (segment-aligned, so "users/1" never touches "users/10/…").
   * A trailing slash is optional; the empty prefix is rejected.
   */
  deletePrefix(prefix: string): Promise<void>;
  /** Health check: throws when the backend is unreachable or unusable. */
  ping(): Promise<void>;
  /** Removes temp files (puts cut off by a crash) untouched for `olderThanMs`; returns how many. Stores without any omit it. */
  sweepTemp?(olderThanMs: number): Promise<number>;
}

export class BlobNotFoundError extends Error {
  override readonly name = 'BlobNotFoundError';
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
  }
}

export class PiecesLostError extends Error {
  override readonly name = 'PiecesLostError';
  constructor(readonly key: string) {
    super(`the pieces written so far of ${key} are gone`);
  }
}

export class BlobTooLargeError extends Error {
  override readonly name = 'BlobTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`blob exceeds the limit of ${maxBytes} bytes`);
  }
}

/** `size` lets the HTTP layer answer 416 with `Content-Range: bytes *\/size`. */
export class BlobRangeNotSatisfiableError extends Error {
  override readonly name = 'BlobRangeNotSatisfiableError';
  constructor(readonly size: number) {
    super(`range not satisfiable for a blob of ${size} bytes`);
  }
}

export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`invalid blob key ${JSON.stringify(key)}: ${reason}`);
  }
}

// S3's key limit; also keeps disk paths well below PATH_MAX.
const MAX_KEY_BYTES = 1024;
// Common filesystem NAME_MAX.
const MAX_SEGMENT_BYTES = 255;
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Keys look like "users/<uuid>/files/<uuid>". They become paths in the disk store, so anything that
 * could escape the root or alias another key is rejected. Segments may not start with "." — that
 * covers "." and ".." and keeps the disk store's own ".tmp" directory out of the key space.
 */
export function validateKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidBlobKeyError(String(key), 'empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new InvalidBlobKeyError(key, `longer than ${MAX_KEY_BYTES} bytes`);
  if (key.includes('\\')) throw new InvalidBlobKeyError(key, 'contains a backslash');
  if (CONTROL_CHARS.test(key)) throw new InvalidBlobKeyError(key, 'contains a control character');
  if (key.startsWith('/')) throw new InvalidBlobKeyError(key, 'is absolute');
  for (const segment of key.split('/')) {
    if (segment.length === 0) throw new InvalidBlobKeyError(key, 'has an empty segment');
    if (segment.startsWith('.')) throw new InvalidBlobKeyError(key, 'has a segment starting with "."');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      throw new InvalidBlobKeyError(key, `has a segment longer than ${MAX_SEGMENT_BYTES} bytes`);
    }
  }
}

/** Validates a deletePrefix argument and returns it without the optional trailing slash. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  validateKey(trimmed);
  return trimmed;
}
