import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { safeSegment } from '../download/download.public.js';
import type { ExportFile, ExportFolder } from './data-export.repository.js';

/** The account's files go under this folder of the archive, beside account.json and the modules' files. */
export const FILES_DIR = 'Files';
/** Files read per query while a part is planned. */
const PAGE = 500;
/**
 * Bytes an entry adds besides its content and its name (twice: local header and central directory): the fixed header
 * sizes, the zip64 extra fields and data descriptor, and yazl's timestamp field, rounded up.
 */
const ENTRY_OVERHEAD = 256;
/** The end-of-archive records (zip64 ones included), rounded up. */
const END_OVERHEAD = 256;

export interface ArchiveExtra {
  path: string;
  content: Buffer;
}

/** Archive paths of the live folders; a folder whose parent is not live hangs at the top of Files/. */
export interface Layout {
  folders: Array<{ id: string; path: string }>;
  dirOf(parentId: string): string;
}

export function exportLayout(folders: readonly ExportFolder[]): Layout {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, seen = new Set<string>()): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const f = byId.get(id);
    // The root, an unknown parent, or a cycle (never written, but a walk must end) all mean the top.
    if (!f || seen.has(id)) return FILES_DIR;
    seen.add(id);
    const path = `${pathOf(f.parent_id, seen)}/${safeSegment(f.name)}`;
    paths.set(id, path);
    return path;
  };
  return {
    folders: folders.map((f) => ({ id: f.id, path: pathOf(f.id) })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    dirOf: (parentId) => (byId.has(parentId) ? pathOf(parentId) : FILES_DIR),
  };
}

/** A file's path in the archive: its folder's path and its own name. */
export const filePath = (layout: Layout, f: { parent_id: string; name: string }) => `${layout.dirOf(f.parent_id)}/${safeSegment(f.name)}`;

export interface PartPlan {
  files: Array<ExportFile & { path: string }>;
  extras: ArchiveExtra[];
  withFolders: boolean;
  /** No file is left after this part. */
  last: boolean;
}

const entryBytes = (path: string, content: number) => ENTRY_OVERHEAD + 2 * Buffer.byteLength(path) + content;
/** Deflated JSON and vCard text is smaller than itself; stored worst case plus deflate's few bytes a block. */
const compressedBound = (n: number) => n + Math.ceil(n / 16_000) * 5 + 64;

/**
 * The files of the next part: after `after` in id order, as many as fit in `limit` bytes with the first part's
 * extras. A part holds at least one file or the extras, so a file larger than the limit gets a part of its own.
 */
export async function planPart(o: {
  next: (after: string | null, limit: number) => Promise<ExportFile[]>;
  after: string | null;
  limit: number;
  layout: Layout;
  extras: ArchiveExtra[];
  withFolders: boolean;
}): Promise<PartPlan> {
  let size = END_OVERHEAD;
  for (const e of o.extras) size += entryBytes(e.path, compressedBound(e.content.length));
  if (o.withFolders) for (const f of o.layout.folders) size += entryBytes(`${f.path}/`, 0);
  const files: PartPlan['files'] = [];
  const nonEmpty = () => files.length > 0 || o.extras.length > 0;
  const used = new Set<string>();
  let after = o.after;
  for (;;) {
    const page = await o.next(after, PAGE);
    for (const f of page) {
      let path = filePath(o.layout, f);
      // Two names that only differ in what safeSegment replaced: the second keeps its id to stay apart.
      if (used.has(path.toLowerCase())) path = `${path} (${f.id.slice(0, 8)})`;
      const add = entryBytes(path, Number(f.bytes));
      if (size + add > o.limit && nonEmpty()) return { files, extras: o.extras, withFolders: o.withFolders, last: false };
      used.add(path.toLowerCase());
      files.push({ ...f, path });
      size += add;
    }
    if (page.length < PAGE) return { files, extras: o.extras, withFolders: o.withFolders, last: true };
    after = page[page.length - 1]!.id;
  }
}

/**
 * Writes one part into the blob store as it is built: one blob open at a time, stored without compression (photos
 * and videos are compressed already, and a known size keeps the parts under their limit); zip64 where a size or an
 * offset needs it. A blob that fails mid-way fails the put, so no short part is ever kept. Returns the part's size.
 */
export async function writePart(blobs: BlobStore, key: string, plan: PartPlan, layout: Layout): Promise<number> {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let current: Readable | null = null;
  let failed = false;
  const fail = (err: Error) => {
    if (failed) return;
    failed = true;
    current?.destroy();
    out.destroy(err);
  };
  zip.on('error', fail);
  const now = new Date();
  if (plan.withFolders) {
    zip.addEmptyDirectory(`${FILES_DIR}/`, { mtime: now });
    for (const f of layout.folders) zip.addEmptyDirectory(`${f.path}/`, { mtime: now });
  }
  for (const e of plan.extras) zip.addBuffer(e.content, e.path, { mtime: now, compress: true });
  for (const f of plan.files) {
    const mtime = new Date(Number(f.last_modified_at));
    const blobKey = f.blob_key;
    if (!blobKey || Number(f.bytes) === 0) {
      zip.addBuffer(Buffer.alloc(0), f.path, { mtime, compress: false });
      continue;
    }
    zip.addReadStreamLazy(f.path, { mtime, compress: false, size: Number(f.bytes) }, (cb) => {
      if (failed) return;
      blobs.get(blobKey).then(
        ({ stream }) => {
          current = stream;
          // yazl only pipes the stream; its errors are ours to handle.
          stream.on('error', fail);
          cb(null, stream);
        },
        (err: Error) => fail(err),
      );
    });
  }
  zip.end();
  const put = await blobs.put(key, out, { contentType: 'application/zip' });
  return put.size;
}
