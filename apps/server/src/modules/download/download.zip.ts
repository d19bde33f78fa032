import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { freeNameIn, nameKey } from '../../shared/names.js';
import type { TreeNode } from './download.repository.js';

export interface ZipEntry {
  /** Path inside the archive, '/'-separated, never absolute, never with "." or ".." segments. */
  path: string;
  node: TreeNode;
}

/** Formats whose bytes are already compressed: deflating them again costs CPU for nothing. */
const STORED = /^(image\/(jpeg|png|gif|webp|heic|heif|avif)|video\/|audio\/(mpeg|mp4|aac|ogg|webm|x-m4a)|application\/(zip|gzip|x-7z-compressed|vnd\.rar|x-rar-compressed|pdf|vnd\.openxmlformats))/;

/** One path segment from a stored name: names are validated already, this is defence in depth for the archive. */
export function safeSegment(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const s = name.replace(/[\\/]/g, '_').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (s === '' || s === '.' || s === '..') return '_';
  // "C:" would read as a Windows drive at the start of a path.
  return /^[A-Za-z]:$/.test(s) ? `${s[0]}_` : s;
}

/**
 * Lays the selection out as archive paths: selected items at the top (unless inside another selected folder), folders
 * with their subtree, folders before files and by name at each level, clashing names numbered like the app does.
 */
export function planZip(nodes: readonly TreeNode[], selected: readonly string[]): ZipEntry[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<string, TreeNode[]>();
  for (const n of nodes) {
    if (n.parent_id === n.id || !byId.has(n.parent_id)) continue;
    const list = children.get(n.parent_id) ?? [];
    list.push(n);
    children.set(n.parent_id, list);
  }
  const roots = [...new Set(selected)].map((id) => byId.get(id)).filter((n): n is TreeNode => !!n && !byId.has(n.parent_id));

  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  const walk = (level: readonly TreeNode[], dir: string) => {
    const used = new Set<string>();
    const ordered = [...level].sort((a, b) => b.is_folder - a.is_folder || (a.name_key < b.name_key ? -1 : a.name_key > b.name_key ? 1 : 0));
    for (const node of ordered) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      const name = freeNameIn(safeSegment(node.name), node.is_folder === 1, used);
      used.add(nameKey(name));
      entries.push({ path: dir + name, node });
      if (node.is_folder === 1) walk(children.get(node.id) ?? [], `${dir}${name}/`);
    }
  };
  walk(roots, '');
  return entries;
}

/**
 * The archive as a stream, built while it is read: one blob open at a time, backpressure from the client all the way
 * to the blob store, so memory does not grow with the total size. A blob failing mid-way cuts the response (the client
 * sees a failed download, never a silently short archive).
 */
export function streamZip(entries: readonly ZipEntry[], openBlob: (key: string) => Promise<Readable>, logger: FastifyBaseLogger): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let current: Readable | null = null;
  let finished = false;

  const stop = (err?: Error) => {
    if (finished) return;
    finished = true;
    current?.destroy();
    if (err) {
      logger.warn({ err }, 'zip download failed');
      out.destroy(err);
    }
  };
  zip.on('error', (err: Error) => stop(err));
  // Fastify destroys the body when the client goes away; the open blob must not outlive it.
  out.on('close', () => stop());
  out.on('end', () => {
    finished = true;
  });

  for (const { path, node } of entries) {
    const mtime = new Date(Number(node.last_modified_at));
    if (node.is_folder === 1) {
      zip.addEmptyDirectory(path, { mtime });
    } else if (!node.blob_key) {
      zip.addBuffer(Buffer.alloc(0), path, { mtime });
    } else {
      const key = node.blob_key;
      zip.addReadStreamLazy(path, { mtime, compress: !STORED.test(node.content_type) }, (cb) => {
        if (finished) return;
        openBlob(key).then(
          (stream) => {
            current = stream;
            // yazl only pipes the stream; its errors are ours to handle.
            stream.on('error', (err) => stop(err));
            cb(null, stream);
          },
          (err: Error) => stop(err),
        );
      });
    }
  }
  zip.end();
  return out;
}
