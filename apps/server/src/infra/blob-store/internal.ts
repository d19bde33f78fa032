// Helpers shared by the BlobStore implementations; not part of the public interface.
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { BlobRangeNotSatisfiableError, BlobTooLargeError } from './blob-store.js';
import type { BlobRange } from './blob-store.js';

/**
 * Pass-through that hashes and counts bytes, and fails the stream as soon as the count goes past
 * `maxBytes` — so an oversized body is rejected after reading at most one chunk too many, instead
 * of after it has been stored.
 */
export class HashingMeter extends Transform {
  bytes = 0;
  exceeded = false;
  readonly #hash = createHash('sha256');

  constructor(private readonly maxBytes: number | undefined) {
    super();
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
