import { randomUUID } from 'node:crypto';
import { createWriteStream, constants as fsConstants } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { access, lstat, mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, BlobTooLargeError, normalizePrefix, validateKey } from './blob-store.js';
import type { BlobRange, BlobStat, BlobStore, GetResult, PutOptions, PutResult } from './blob-store.js';
import { checkMaxBytes, checkRange, errnoCode, HashingMeter, resolveRange } from './internal.js';
import { sweepDir } from './temp-sweep.js';

// A key path that does not exist, or runs through a regular file (ENOTDIR), is simply "no blob".
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

/**
 * Blobs live at `<root>/<key>` (key segments become directories). Keys that are both a blob and a
 * prefix of another key ("a/b" and "a/b/c") cannot coexist here, unlike on S3; the
 * "users/<id>/<kind>/<id>" layout never needs that.
 */
export class DiskBlobStore implements BlobStore {
  readonly root: string;
  // Temp files share the root's filesystem so the final rename is atomic. "."-segments are
  // invalid keys, so this directory can never collide with a blob.
  readonly #tmpDir: string;

  constructor(rootDir: string) {
    this.root = resolve(rootDir);
    this.#tmpDir = join(this.root, '.tmp');
  }

  async put(key: string, body: Readable, opts: PutOptions = {}): Promise<PutResult> {
    validateKey(key);
    checkMaxBytes(opts.maxBytes);
    const finalPath = this.#pathFor(key);
    await mkdir(this.#tmpDir, { recursive: true });
    const tmpPath = join(this.#tmpDir, randomUUID());
    const meter = new HashingMeter(opts.maxBytes);
    // flush: fsync before close, so the data is durable before the rename publishes it.
    const file = createWriteStream(tmpPath, { flags: 'wx', flush: true });
    try {
      try {
        await pipeline(body, meter, file);
      } finally {
        // pipeline can settle before the file stream has closed (on errors, before it has even
        // finished opening — it would then create the temp file after our rm below).
        await untilClosed(file);
      }
      await this.#moveIntoPlace(tmpPath, finalPath);
    } catch (err) {
      await rm(tmpPath, { force: true });
      // The meter's own error may be masked by whatever the pipeline reports first.
      throw meter.exceeded ? new BlobTooLargeError(opts.maxBytes ?? 0) : err;
    }
    // Best effort: makes the rename itself durable; the blob is already in place either way.
    await syncDir(dirname(finalPath));
    return { size: meter.bytes, sha256: meter.digestHex() };
  }

  async get(key: string, range?: BlobRange): Promise<GetResult> {
    validateKey(key);
    checkRange(range);
    let fh: FileHandle;
    try {
      fh = await open(this.#pathFor(key), 'r');
    } catch (err) {
      if (MISSING.has(errnoCode(err) ?? '') || errnoCode(err) === 'EISDIR') throw new BlobNotFoundError(key);
      throw err;
    }
    try {
      // Size and data come from the same open handle, so a concurrent overwrite (a rename onto
      // this path) cannot make them disagree.
      const st = await fh.stat();
      if (!st.isFile()) throw new BlobNotFoundError(key);
      const { start, end } = resolveRange(range, st.size);
      if (end < start) {
        await fh.close();
        return { stream: new PassThrough().end(), size: st.size, start, end };
      }
      // The stream owns the handle from here on and closes it on end, error or destroy.
      return { stream: fh.createReadStream({ start, end }), size: st.size, start, end };
    } catch (err) {
      await fh.close().catch(() => {});
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    validateKey(key);
    try {
      const st = await stat(this.#pathFor(key));
      return st.isFile() ? { size: st.size } : null;
    } catch (err) {
      if (MISSING.has(errnoCode(err) ?? '')) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    validateKey(key);
    try {
      await unlink(this.#pathFor(key));
    } catch (err) {
      // EISDIR: the key is only a prefix of other blobs, so there is no blob to delete.
      if (MISSING.has(errnoCode(err) ?? '') || errnoCode(err) === 'EISDIR') return;
      throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    const dir = this.#pathFor(normalizePrefix(prefix));
    try {
      // Only what is *under* the prefix goes; a blob named exactly like the prefix stays (as on S3).
      if (!(await lstat(dir)).isDirectory()) return;
    } catch (err) {
      if (MISSING.has(errnoCode(err) ?? '')) return;
      throw err;
    }
    // Retries cover ENOTEMPTY from a put landing in the tree while it is being removed.
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }

  async ping(): Promise<void> {
    // Creates the root on first use (like put does) so a fresh install is healthy, and fails on a
    // read-only or inaccessible volume.
    await mkdir(this.#tmpDir, { recursive: true });
    await access(this.#tmpDir, fsConstants.R_OK | fsConstants.W_OK);
  }

  async sweepTemp(olderThanMs: number): Promise<number> {
    return sweepDir(this.#tmpDir, olderThanMs);
  }

  #pathFor(key: string): string {
    return join(this.root, ...key.split('/'));
  }

  async #moveIntoPlace(tmpPath: string, finalPath: string): Promise<void> {
    // A concurrent deletePrefix can remove the freshly created parent between mkdir and rename.
    for (let attempt = 1; ; attempt++) {
      await mkdir(dirname(finalPath), { recursive: true });
      try {
        await rename(tmpPath, finalPath);
        return;
      } catch (err) {
        if (errnoCode(err) !== 'ENOENT' || attempt >= 3) throw err;
      }
    }
  }
}

function untilClosed(stream: WriteStream): Promise<void> {
  return stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once('close', () => resolve()));
}

async function syncDir(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    // Some platforms/filesystems cannot open or fsync directories.
  } finally {
    await fh?.close().catch(() => {});
  }
}
