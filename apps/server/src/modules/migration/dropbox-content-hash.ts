import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** Dropbox's block size for `content_hash`. */
export const BLOCK_BYTES = 4 * 1024 * 1024;

/**
 * Dropbox's `content_hash`: the SHA-256 of the concatenated SHA-256 digests of each 4 MiB block
 * (https://www.dropbox.com/developers/reference/content-hash), computed as bytes stream by.
 */
export class ContentHasher {
  private readonly overall = createHash('sha256');
  private block: Hash = createHash('sha256');
  private inBlock = 0;

  update(chunk: Buffer): this {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(BLOCK_BYTES - this.inBlock, chunk.length - offset);
      this.block.update(chunk.subarray(offset, offset + take));
      this.inBlock += take;
      offset += take;
      if (this.inBlock === BLOCK_BYTES) {
        this.overall.update(this.block.digest());
        this.block = createHash('sha256');
        this.inBlock = 0;
      }
    }
    return this;
  }

  digest(): string {
    if (this.inBlock > 0) this.overall.update(this.block.digest());
    return this.overall.digest('hex');
  }
}

export const contentHashOf = (bytes: Buffer): string => new ContentHasher().update(bytes).digest();

/** Passes bytes through and fails at the end (before `end`) when they do not hash to `expected`. */
export function verifyingContentHash(expected: string): Transform {
  const hasher = new ContentHasher();
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      hasher.update(chunk);
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      const got = hasher.digest();
      done(got === expected ? null : new ContentHashMismatch(expected, got));
    },
  });
}

export class ContentHashMismatch extends Error {
  constructor(readonly expected: string, readonly got: string) {
    super(`content_hash mismatch: expected ${expected}, got ${got}`);
  }
}
