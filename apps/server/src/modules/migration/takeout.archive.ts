import { PassThrough, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import yauzl from 'yauzl';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';

// Reads a Takeout archive (.zip, .tgz / .tar.gz) straight from the blob store, entry by entry: a zip through ranged
// reads of its central directory and each entry, a tarball as one gunzipped stream. Nothing is copied whole.

export type ArchiveKind = 'zip' | 'tgz';

export interface ArchiveEntry {
  /** '/'-separated path inside the archive. */
  path: string;
  size: number;
  /** The entry's bytes; the visitor consumes it or leaves it (the reader then drains or closes it). */
  stream: Readable;
}

export function archiveKind(name: string): ArchiveKind | null {
  const n = name.toLowerCase();
  if (n.endsWith('.zip')) return 'zip';
  if (n.endsWith('.tgz') || n.endsWith('.tar.gz')) return 'tgz';
  return null;
}

/** Calls `visit` for every file entry, one at a time, in the archive's order. */
export async function forEachEntry(blobs: BlobStore, key: string, kind: ArchiveKind, visit: (e: ArchiveEntry) => Promise<void>): Promise<void> {
  if (kind === 'zip') return forEachZipEntry(blobs, key, visit);
  return forEachTarEntry(blobs, key, visit);
}

async function forEachTarEntry(blobs: BlobStore, key: string, visit: (e: ArchiveEntry) => Promise<void>): Promise<void> {
  const { stream } = await blobs.get(key);
  const gunzip = createGunzip();
  const extract = tar.extract();
  const fail = (err: Error) => extract.destroy(err);
  stream.on('error', fail);
  gunzip.on('error', fail);
  stream.pipe(gunzip).pipe(extract);
  try {
    for await (const entry of extract) {
      const h = entry.header;
      if (h.type === 'file' || h.type === 'contiguous-file') {
        // tar-stream's entries are streamx streams: the visitor gets a Node stream over it.
        await visit({ path: h.name.replace(/^\.\//, ''), size: h.size ?? 0, stream: Readable.from(entry, { objectMode: false }) });
      }
      // Whatever the visitor left is read and dropped, so the next header can be reached.
      for await (const _ of entry) void _;
    }
  } finally {
    stream.destroy();
  }
}

/** yauzl reads ranges through this: each read is a ranged get of the blob. */
class BlobReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly blobs: BlobStore,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.blobs.get(this.key, { start, end: end - 1 }).then(
      ({ stream }) => {
        // An entry left unread is destroyed by its reader (yauzl does not pass that on): the blob's file closes with it.
        if (out.destroyed) return void stream.destroy();
        out.once('close', () => stream.destroy());
        stream.on('error', (err) => out.destroy(err));
        stream.pipe(out);
      },
      (err: Error) => out.destroy(err),
    );
    return out;
  }
}

async function forEachZipEntry(blobs: BlobStore, key: string, visit: (e: ArchiveEntry) => Promise<void>): Promise<void> {
  const stat = await blobs.stat(key);
  if (!stat) throw new Error('archive not found');
  const reader = new BlobReader(blobs, key);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(reader, stat.size, { lazyEntries: true, autoClose: false, decodeStrings: true }, (err, z) => (err ? reject(err) : resolve(z!))),
  );
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => {
          zip.off('end', onEnd).off('error', onError);
          resolve(e);
        };
        const onEnd = () => {
          zip.off('entry', onEntry).off('error', onError);
          resolve(null);
        };
        const onError = (err: Error) => {
          zip.off('entry', onEntry).off('end', onEnd);
          reject(err);
        };
        zip.once('entry', onEntry).once('end', onEnd).once('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s!))));
      try {
        await visit({ path: entry.fileName, size: entry.uncompressedSize, stream });
      } finally {
        stream.destroy();
      }
    }
  } finally {
    zip.close();
  }
}

/** Reads a small entry whole (sidecars, metadata.json): refused beyond `max` bytes. */
export async function readSmall(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
