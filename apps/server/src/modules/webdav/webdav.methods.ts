import { Readable } from 'node:stream';
import { DavError, PreconditionFailed } from '../../infra/dav/dav-errors.js';
import { parseDepth, parseDestination, parseOverwrite } from '../../infra/dav/dav-headers.js';
import type { DavContext, DavHandler } from '../../infra/dav/dav-server.js';
import { mountPath } from '../../infra/dav/dav-server.js';
import { isUnder } from '../../infra/dav/dav-locks.js';
import { parseRange } from '../download/download.public.js';
import type { FileRow } from '../files/files.public.js';
import type { WebdavService } from './webdav.service.js';
import { parseClientTime, type FilesPrincipal, type FilesTree } from './webdav.tree.js';

type Ctx = DavContext<FilesPrincipal>;

const header = (ctx: Ctx, name: string) => {
  const v = ctx.req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

const NotFoundDav = () => new DavError(404, null, 'Not found.');

/** X-OC-Mtime (ownCloud's PUT header, any case): the client's modification time in Unix seconds; null when absent or unusable. */
function clientMtime(ctx: Ctx): number | null {
  const raw = header(ctx, 'x-oc-mtime')?.trim();
  return raw && /^\d{1,12}(\.\d+)?$/.test(raw) ? parseClientTime(raw) : null;
}

/** The mount's own methods: file semantics over the files module, after the layer's lock and If checks. */
export function fileMethods(prefix: string, tree: FilesTree, service: WebdavService): Record<string, DavHandler<FilesPrincipal>> {
  // The mount's root and the shared-with-me folder are resources without a row: collections nobody moves or deletes.
  const rowOf = async (ctx: Ctx): Promise<FileRow | null> => tree.row(ctx.principal, ctx.path);

  const get = async (ctx: Ctx, head: boolean) => {
    const row = await rowOf(ctx);
    if (!ctx.resource) throw NotFoundDav();
    if (!row || row.is_folder === 1) {
      // A browser opening the mount: collections are browsed with PROPFIND, not GET.
      return ctx.reply.status(200).type('text/plain; charset=utf-8').send(head ? undefined : 'WebDAV collection: use a WebDAV client.\n');
    }
    const etag = ctx.resource!.etag!;
    const ifNoneMatch = header(ctx, 'if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === '*' || t === etag)) {
      return ctx.reply.status(304).header('etag', etag).send();
    }
    const ifMatch = header(ctx, 'if-match');
    if (ifMatch && !ifMatch.split(',').map((t) => t.trim()).some((t) => t === '*' || t === etag)) throw PreconditionFailed();
    const size = Number(row.bytes);
    const range = parseRange(header(ctx, 'range'), size);
    if (range === 'unsatisfiable') return ctx.reply.status(416).header('content-range', `bytes */${size}`).send();
    ctx.reply
      .header('etag', etag)
      .header('last-modified', new Date(Number(row.last_modified_at)).toUTCString())
      .header('accept-ranges', 'bytes')
      .type(row.content_type || 'application/octet-stream');
    if (head) return ctx.reply.status(200).header('content-length', String(size)).send();
    const blob = await service.open(ctx.principal, row, range ?? undefined);
    if (range) ctx.reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    else ctx.reply.status(200);
    return ctx.reply.header('content-length', String(range ? range.end - range.start + 1 : size)).send(blob.stream);
  };

  const destination = (ctx: Ctx) => {
    const to = mountPath(parseDestination(header(ctx, 'destination'), header(ctx, 'host')), prefix);
    if (to === ctx.path) throw new DavError(403, null, 'Source and destination are the same.');
    return to;
  };

  /** COPY and MOVE share their checks: the destination's parent, Overwrite, and the locks on both ends. */
  const transfer = async (ctx: Ctx, move: boolean) => {
    const row = await rowOf(ctx);
    if (!row) throw ctx.resource ? new DavError(403, null, 'This folder cannot be moved or copied.') : NotFoundDav();
    const to = destination(ctx);
    if (row.is_folder === 1 && isUnder(to, ctx.path)) throw new DavError(403, null, 'A folder cannot go inside itself.');
    const depth = parseDepth(header(ctx, 'depth'), 'infinity');
    if (row.is_folder === 1 && depth === 1) throw new DavError(400, null, 'Depth must be 0 or infinity.');
    if (move && depth !== 'infinity') throw new DavError(400, null, 'MOVE of a collection is always Depth infinity.');
    const overwrite = parseOverwrite(header(ctx, 'overwrite'));
    const existing = await tree.row(ctx.principal, to);
    await ctx.assertWritable([...(move ? [{ path: ctx.path, subtree: true }] : []), { path: to, subtree: true }]);
    await service.parentFolder(ctx.principal, to);
    // A case-only rename names the item itself (names are case-insensitive): it is no overwrite.
    const sameItem = existing?.id === row.id;
    if (existing && !sameItem) {
      if (!overwrite) throw PreconditionFailed();
      await service.trash(ctx.principal, existing);
      await ctx.locks.removeUnder(ctx.principal.scopeId, to);
    }
    if (move) {
      await service.move(ctx.principal, row, to);
      await ctx.locks.removeUnder(ctx.principal.scopeId, ctx.path);
    } else {
      await service.copy(ctx.principal, row, ctx.path, to, depth === 0 ? 0 : 'infinity');
    }
    return ctx.reply.status(existing && !sameItem ? 204 : 201).send();
  };

  return {
    GET: (ctx) => get(ctx, false),
    HEAD: (ctx) => get(ctx, true),
    PUT: async (ctx) => {
      const row = await rowOf(ctx);
      if (ctx.resource?.collection) throw new DavError(405, null, 'A folder cannot be written as a file.');
      // No Content-Length and no chunked body is an empty body (a 0-byte PUT); a chunked body's size is unknown (null):
      // its quota is reserved as its bytes arrive.
      const chunked = header(ctx, 'transfer-encoding') !== undefined;
      const rawLength = header(ctx, 'content-length');
      const length = rawLength !== undefined ? Number(rawLength) : chunked ? null : 0;
      const modifiedAt = clientMtime(ctx);
      await ctx.assertWritable([{ path: ctx.path, subtree: false }]);
      const body = ctx.req.body instanceof Readable ? ctx.req.body : Readable.from([]);
      const stored = await service.store(ctx.principal, ctx.path, { body, length, contentType: header(ctx, 'content-type'), modifiedAt }, row);
      const etag = `"${stored.id}-${Number(stored.last_modified_at).toString(36)}-${Number(stored.bytes).toString(36)}"`;
      // ownCloud's answer that tells sync clients (rclone's owncloud vendor) their time was kept.
      if (modifiedAt !== null) ctx.reply.header('x-oc-mtime', 'accepted');
      return ctx.reply.status(row ? 204 : 201).header('etag', etag).send();
    },
    DELETE: async (ctx) => {
      const row = await rowOf(ctx);
      if (!row) throw ctx.resource ? new DavError(403, null, 'This folder cannot be deleted.') : NotFoundDav();
      await ctx.assertWritable([{ path: ctx.path, subtree: true }]);
      await service.trash(ctx.principal, row);
      await ctx.locks.removeUnder(ctx.principal.scopeId, ctx.path);
      return ctx.reply.status(204).send();
    },
    MKCOL: async (ctx) => {
      if (ctx.resource) throw new DavError(405, null, 'Something already exists here.');
      const body = ctx.req.body;
      if (body instanceof Readable) {
        for await (const chunk of body) if ((chunk as Buffer).length > 0) throw new DavError(415, null, 'MKCOL takes no body.');
      }
      await ctx.assertWritable([{ path: ctx.path, subtree: false }]);
      await service.mkcol(ctx.principal, ctx.path);
      return ctx.reply.status(201).send();
    },
    COPY: (ctx) => transfer(ctx, false),
    MOVE: (ctx) => transfer(ctx, true),
  };
}
