import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, constants as fsConstants } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { access, lstat, mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, BlobTooLargeError, normalizePrefix, PiecesLostError, validateKey } from './blob-store.js';
import type { BlobRange, BlobStat, BlobStore, GetResult, PieceResult, PieceWrite, PutOptions, PutResult } from './blob-store.js';
import { checkMaxBytes, checkPiece, checkRange, errnoCode, HashingMeter, resolveRange } from './internal.js';
import { sweepDir } from './temp-sweep.js';

// A key path that does not exist, or runs through a regular file (ENOTDIR), is simply "no blob".
const MISSING = new Set(['ENOENT', 'ENOTDIR']);
/**
 * A blob being written in pieces whose file is untouched this long belongs to no live upload (the upload module aborts
 * uploads untouched for a day, removing their file); what a crash left between the two is swept with the temp files.
 */
export const PIECES_MAX_AGE_MS = 3 * 24 * 3600_000;

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
  // Blobs being written in pieces, one file each, renamed into place when complete. Not in `.tmp`: an upload may
  // pause for hours between pieces, far longer than a temp file may sit untouched.
  readonly #piecesDir: string;
  #writerId: Promise<string | null> | undefined;

  constructor(rootDir: string) {
    this.root = resolve(rootDir);
    this.#tmpDir = join(this.root, '.tmp');
    this.#piecesDir = join(this.root, '.pieces');
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

  /**
   * Pieces are written in place at their offset and synced once, with the final piece (as a one-request put syncs once
   * at its end): a sync per piece would put a journal commit between every two pieces of a client that sends them one
   * after another. Unsynced pieces survive a crash of the process (the page cache keeps them), not one of the machine,
   * so the state names the boot that wrote them: a later boot of the same host finds them lost and the upload starts
   * again, instead of publishing what a power cut may have left.
   */
  async writePiece(key: string, state: string | null, piece: PieceWrite): Promise<PieceResult> {
    validateKey(key);
    checkPiece(piece);
    const path = this.#piecePath(key);
    const meter = new HashingMeter(piece.length, piece.hash);
    const writer = await this.#writer();
    // Without a boot id to tell a reboot by, every piece is synced.
    const sync = piece.last || writer === null;
    // A later piece continues what is there; bytes past its offset are an attempt cut short, written over now.
    if (piece.offset > 0 && (lostInReboot(state, writer) || ((await stat(path).catch(() => null))?.size ?? -1) < piece.offset)) {
      throw new PiecesLostError(key);
    }
    try {
      await mkdir(this.#piecesDir, { recursive: true });
      // Positional writes at the offset, into the one file the blob will be: no second copy when it completes. The first
      // piece starts the file over (an upload begun again). flush: the whole file synced before close.
      const file = createWriteStream(path, { flags: piece.offset === 0 ? 'w' : 'r+', start: piece.offset, flush: sync });
      try {
        await pipeline(piece.body, meter, file);
      } finally {
        await untilClosed(file);
      }
    } catch (err) {
      piece.body.destroy();
      if (errnoCode(err) === 'ENOENT') throw new PiecesLostError(key);
      throw meter.exceeded ? new BlobTooLargeError(piece.length) : err;
    }
    // The previous state when the body ended short: this attempt does not count.
    if (meter.bytes !== piece.length) return { size: meter.bytes, state };
    return { size: meter.bytes, state: sync ? SYNCED : writer };
  }

  async completePieces(key: string, state: string | null, total: number): Promise<void> {
    validateKey(key);
    const path = this.#piecePath(key);
    const size = await stat(path).then(
      (st) => st.size,
      (err: unknown) => {
        if (errnoCode(err) !== 'ENOENT') throw err;
        return null;
      },
    );
    if (size === null) {
      // An earlier call published it and was cut short before its caller heard so (a crash): done already.
      if ((await this.stat(key))?.size === total) return;
      throw new PiecesLostError(key);
    }
    if (size !== total) throw new Error(`pieces of ${key} hold ${size} bytes, expected ${total}`);
    if (state !== SYNCED) {
      // Not expected (the final piece syncs), but a blob is only ever published synced.
      if (lostInReboot(state, await this.#writer())) throw new PiecesLostError(key);
      await syncFile(path);
    }
    await this.#moveIntoPlace(path, this.#pathFor(key));
    await syncDir(dirname(this.#pathFor(key)));
  }

  /** "<boot id>@<host>" of this process, or null where the kernel does not say (then pieces are synced one by one). */
  async #writer(): Promise<string | null> {
    this.#writerId ??= readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
      (boot) => `${boot.trim()}@${hostname()}`,
      () => null,
    );
    return this.#writerId;
  }

  async abortPieces(key: string): Promise<void> {
    validateKey(key);
    await rm(this.#piecePath(key), { force: true });
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
    return (await sweepDir(this.#tmpDir, olderThanMs)) + (await sweepDir(this.#piecesDir, Math.max(olderThanMs, PIECES_MAX_AGE_MS)));
  }

  #pathFor(key: string): string {
    return join(this.root, ...key.split('/'));
  }

  /**
   * One flat directory (the age sweep looks at its entries), named by the key so an operator can tell whose it is; a
   * key too long for a file name is named by its digest ("%%" never comes out of encodeURIComponent).
   */
  #piecePath(key: string): string {
    const name = encodeURIComponent(key);
    return join(this.#piecesDir, name.length <= 250 ? name : `%%${createHash('sha256').update(key).digest('hex')}`);
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

/** The state of pieces all synced to disk. */
const SYNCED = 'synced';

/**
 * Whether unsynced pieces may be gone: written on this host under an earlier boot (a reboot or power cut since). On
 * another host (a shared volume) they were flushed when their writer closed the file. No state: stored by a version
 * that kept pieces as separate blobs.
 */
function lostInReboot(state: string | null, writer: string | null): boolean {
  if (state === null) return true;
  if (state === SYNCED || writer === null) return false;
  const [boot, host] = [state.slice(0, state.indexOf('@')), state.slice(state.indexOf('@') + 1)];
  return host === writer.slice(writer.indexOf('@') + 1) && boot !== writer.slice(0, writer.indexOf('@'));
}

async function syncFile(path: string): Promise<void> {
  const fh = await open(path, 'r+');
  try {
    await fh.datasync();
  } finally {
    await fh.close();
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
