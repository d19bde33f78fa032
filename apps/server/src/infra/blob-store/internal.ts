// Helpers shared by the BlobStore implementations; not part of the public interface.
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { BlobRangeNotSatisfiableError, BlobTooLargeError } from './blob-store.js';
import type { BlobRange, PieceWrite } from './blob-store.js';

/**
 * Pass-through that hashes and counts bytes, and fails the stream as soon as the count goes past
 * `maxBytes` — so an oversized body is rejected after reading at most one chunk too many, instead
 * of after it has been stored.
 */
export class HashingMeter extends Transform {
  bytes = 0;
  exceeded = false;
  /** With `exact`: the source ended before `maxBytes`. */
  short = false;
  readonly #hash: Hash;
  readonly #exact: boolean;

  /**
   * `hash`: a digest to continue (a blob written in pieces) instead of a fresh SHA-256. `exact`: fewer than `maxBytes`
   * fail the stream too, for a request that announced the length (it would otherwise wait for the missing bytes).
   */
  constructor(
    private readonly maxBytes: number | undefined,
    hash?: Hash,
    opts: { exact?: boolean } = {},
  ) {
    super();
    this.#hash = hash ?? createHash('sha256');
    this.#exact = opts.exact ?? false;
  }

  override _flush(callback: TransformCallback): void {
    if (this.#exact && this.bytes !== this.maxBytes) {
      this.short = true;
      callback(new Error(`the body ended after ${this.bytes} of ${this.maxBytes} bytes`));
      return;
    }
    callback();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) {
      this.exceeded = true;
      callback(new BlobTooLargeError(this.maxBytes));
      return;
    }
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  /** Only valid once the stream has ended. */
  digestHex(): string {
    return this.#hash.digest('hex');
  }
}

export function checkMaxBytes(maxBytes: number | undefined): void {
  if (maxBytes !== undefined && !(Number.isSafeInteger(maxBytes) && maxBytes >= 0)) {
    throw new RangeError(`maxBytes must be a non-negative integer, got ${maxBytes}`);
  }
}

export function checkPiece(piece: PieceWrite): void {
  if (!(Number.isSafeInteger(piece.offset) && piece.offset >= 0)) throw new RangeError(`piece offset must be a non-negative integer, got ${piece.offset}`);
  if (!(Number.isSafeInteger(piece.length) && piece.length > 0)) throw new RangeError(`piece length must be a positive integer, got ${piece.length}`);
}

/** Argument errors are programming errors (RangeError); the HTTP layer parses and vets Range headers. */
export function checkRange(range: BlobRange | undefined): void {
  if (range === undefined) return;
  if (!(Number.isSafeInteger(range.start) && range.start >= 0)) {
    throw new RangeError(`range.start must be a non-negative integer, got ${range.start}`);
  }
  if (range.end !== undefined && !(Number.isSafeInteger(range.end) && range.end >= range.start)) {
    throw new RangeError(`range.end must be an integer >= start, got ${range.end}`);
  }
}

/** Resolves a checked range against the blob size; `end` is inclusive. */
export function resolveRange(range: BlobRange | undefined, size: number): { start: number; end: number } {
  if (range === undefined) return { start: 0, end: size - 1 };
  if (range.start >= size) throw new BlobRangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

export function errnoCode(err: unknown): string | undefined {
  return err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}
