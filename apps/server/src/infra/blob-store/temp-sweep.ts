import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import type { BlobStore } from './blob-store.js';

/**
 * A temp file untouched this long belongs to no live request or job: a put being written is touched by every write,
 * a media work file lives at most for its tool's time limit (2 minutes). Their owners remove them in `finally`; this
 * sweep is for what a crash (kill -9) left behind.
 */
export const TEMP_MAX_AGE_MS = 15 * 60_000;
/** Work directories the server makes in the OS temp directory (media decoding). */
export const OS_TEMP_PREFIXES = ['bulut-media-'];

/** Removes the entries of `dir` (optionally only names matching `match`) whose newest modification is older than the age. */
export async function sweepDir(dir: string, olderThanMs: number, match: (name: string) => boolean = () => true, at = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter(match)) {
    const path = join(dir, name);
    try {
      if ((await newestChange(path)) >= at - olderThanMs) continue;
      await rm(path, { recursive: true, force: true });
      removed++;
    } catch {
      // Gone meanwhile, or not ours to remove: the next sweep looks again.
    }
  }
  return removed;
}

/** A directory counts as touched when anything directly in it was (a tool writing its output file). */
async function newestChange(path: string): Promise<number> {
  const s = await stat(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of await readdir(path)) {
    const child = await stat(join(path, name)).catch(() => null);
    if (child && child.mtimeMs > newest) newest = child.mtimeMs;
  }
  return newest;
}

/** Sweeps the blob store's temp files and the server's work directories in the OS temp directory. */
export async function sweepTemp(
  blobs: BlobStore,
  opts: { olderThanMs?: number; osTempDir?: string } = {},
): Promise<{ blobs: number; os: number }> {
  const age = opts.olderThanMs ?? TEMP_MAX_AGE_MS;
  return {
    blobs: (await blobs.sweepTemp?.(age)) ?? 0,
    os: await sweepDir(opts.osTempDir ?? os.tmpdir(), age, (name) => OS_TEMP_PREFIXES.some((p) => name.startsWith(p))),
  };
}
