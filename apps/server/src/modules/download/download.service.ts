import type { Readable } from 'node:stream';
import { actingFor } from '../../shared/access/acting-account.js';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import { BlobNotFoundError, type BlobStore } from '../../infra/blob-store/blob-store.js';
import { AppError, NotFound } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import { minutes, now } from '../../shared/time.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { contentDisposition, etagMatches, isInlineSafe, parseRange, servedContentType } from './download.headers.js';
import * as repo from './download.repository.js';
import type { TreeNode } from './download.repository.js';
import * as files from '../files/files.public.js';
import { UrlSigner } from '../../infra/signing/url-signer.js';
import { planZip, safeSegment, streamZip } from './download.zip.js';

/** A signed link stays valid at least this long. */
export const URL_TTL_MS = minutes(60);
/** Expiries are rounded up to this step, so asking again soon gives the same URL and the browser cache still hits. */
const EXPIRY_STEP_MS = minutes(15);
/** Entries one zip may hold; the tree is read into memory (metadata only) to lay the archive out. */
export const MAX_ZIP_ENTRIES = 100_000;
const NOT_FOUND = 'File not found.';

const ZipTooLarge = () => new AppError(413, 'ZIP_TOO_LARGE', `A zip download holds at most ${MAX_ZIP_ENTRIES} items.`);

export interface DownloadDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  logger: FastifyBaseLogger;
}

export interface FileResponse {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  /** null when there is no body to send (HEAD, 304, 416, an empty file). */
  stream: Readable | null;
}

export interface Conditionals {
  range?: string;
  ifNoneMatch?: string;
  ifRange?: string;
  head: boolean;
}

const expiry = (at: number) => Math.ceil((at + URL_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;

/**
 * Public download links. The URL carries a signed token naming the account and the file; every request checks the file
 * is still live, and any failure (tampered, expired, gone, someone else's) is the same 404.
 */
export class DownloadService {
  private readonly signer: UrlSigner;

  constructor(private readonly d: DownloadDeps) {
    this.signer = new UrlSigner(d.db);
  }

  async createUrls(caller: AuthContext, items: ReadonlyArray<{ projectId: string; uuid: string }>) {
    // Items shared with the caller are signed under their owner (the access policy granted each of them).
    const auth = await actingFor(this.d.db, caller, items.find((item) => item.projectId !== caller.projectId)?.uuid);
    if (items.some((item) => item.projectId !== auth.projectId)) throw NotFound(NOT_FOUND);
    const ids = [...new Set(items.map((item) => item.uuid))];
    const rows = await files.getMany(this.d.db, auth.accountId, ids);
    const names = new Map(rows.filter((r) => r.status === 'ACTIVE' && r.is_folder === 0).map((r) => [r.id, r.name]));
    if (names.size !== ids.length) throw NotFound(NOT_FOUND);
    const e = expiry(now());
    return Promise.all(
      items.map(async ({ uuid }) => ({
        uuid,
        url: `/api/download/${await this.signer.sign('file', { a: auth.accountId, f: uuid, e })}`,
        // The name after the token is only a label (ignored by `open`): a browser's PDF viewer titles the tab with the
        // URL's last segment, which would otherwise be the token.
        inlineUrl: `/api/download/${await this.signer.sign('file', { a: auth.accountId, f: uuid, e, i: 1 })}/${encodeURIComponent(names.get(uuid)!)}?inline=1`,
        expiresAt: e,
      })),
    );
  }

  async open(path: string, req: Conditionals): Promise<FileResponse> {
    const [token = ''] = path.split('/', 1);
    const claims = await this.signer.verify('file', token);
    if (!claims || typeof claims.a !== 'string' || typeof claims.f !== 'string') throw NotFound(NOT_FOUND);
    const file = await files.getActiveFile(this.d.db, claims.a, claims.f);
    if (!file?.blob_key) throw NotFound(NOT_FOUND);

    const size = Number(file.bytes);
    const etag = file.sha256 ? `"${file.sha256}"` : null;
    const headers: Record<string, string> = {
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    };
    if (etag) headers.etag = etag;
    if (etag && etagMatches(req.ifNoneMatch, etag)) return { status: 304, headers, stream: null };

    // If-Range: a range only applies to the version the client already holds part of.
    const range = !req.ifRange || req.ifRange.trim() === etag ? parseRange(req.range, size) : null;
    if (range === 'unsatisfiable') return { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` }, stream: null };

    const type = servedContentType(file.content_type);
    const inline = claims.i === 1 && isInlineSafe(type);
    headers['content-type'] = type;
    headers['content-disposition'] = contentDisposition(inline ? 'inline' : 'attachment', file.name);
    // Anything not shown inline (HTML, SVG, scripts…) must never run with our origin, even if opened directly.
    if (!inline) headers['content-security-policy'] = 'sandbox';
    else {
      // Safe types shown inline (PDF in the preview's frame) may be framed by our own pages, nothing else.
      headers['content-security-policy'] = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
      headers['x-frame-options'] = 'SAMEORIGIN';
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    headers['content-length'] = String(end - start + 1);
    if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    const status = range ? 206 : 200;
    if (req.head || size === 0) return { status, headers, stream: null };
    try {
      return { status, headers, stream: (await this.d.blobs.get(file.blob_key, { start, end })).stream };
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw NotFound(NOT_FOUND);
      throw err;
    }
  }

  /**
   * Checks the selection now and stores it; the link names the stored list, so 500 uuids still make a short URL.
   * `name` (an album's label) names the archive; without it the selection names it (`zipNameOf`).
   */
  async createZip(auth: Pick<AuthContext, 'accountId'>, uuids: readonly string[], name: string | null = null): Promise<string> {
    const ids = [...new Set(uuids)];
    const live = await files.listActiveIds(this.d.db, auth.accountId, ids, true);
    if (live.length !== ids.length) throw NotFound(NOT_FOUND);
    const nodes = await repo.subtree(this.d.db, auth.accountId, ids, MAX_ZIP_ENTRIES + 1);
    if (nodes.length > MAX_ZIP_ENTRIES) throw ZipTooLarge();
    const label = name ?? (await this.zipNameOf(auth.accountId, ids, nodes));
    const at = now();
    const e = expiry(at);
    const id = newId();
    await repo.insertZip(this.d.db, { id, account_id: auth.accountId, file_ids: JSON.stringify(ids), name: label, created_at: at, expires_at: e });
    return `/api/download/zip/${await this.signer.sign('zip', { a: auth.accountId, z: id, e })}`;
  }

  /**
   * One folder → its name; items of one folder → that folder's name (the folder the person is in); items of the root
   * or of several folders → null, the dated product name. Named when the link is made, so a later rename does not
   * change a link already handed out.
   */
  private async zipNameOf(accountId: string, ids: readonly string[], nodes: readonly TreeNode[]): Promise<string | null> {
    const wanted = new Set(ids);
    const selected = nodes.filter((node) => wanted.has(node.id));
    if (selected.length === 1 && selected[0]!.is_folder === 1) return selected[0]!.name;
    const parents = new Set(selected.map((node) => node.parent_id));
    const [parent] = parents;
    if (parents.size !== 1 || parent === undefined || parent === files.ROOT) return null;
    const folder = await files.getById(this.d.db, accountId, parent);
    return folder?.is_folder === 1 && folder.status === 'ACTIVE' ? folder.name : null;
  }

  /** The archive of what is still live in the selection, streamed as it is built. */
  async openZip(token: string): Promise<{ filename: string; stream: Readable }> {
    const claims = await this.signer.verify('zip', token);
    if (!claims || typeof claims.a !== 'string' || typeof claims.z !== 'string') throw NotFound(NOT_FOUND);
    const row = await repo.getZip(this.d.db, claims.z, claims.a, now());
    if (!row) throw NotFound(NOT_FOUND);
    const ids = JSON.parse(row.file_ids) as string[];
    const nodes = await repo.subtree(this.d.db, claims.a, ids, MAX_ZIP_ENTRIES + 1);
    if (nodes.length > MAX_ZIP_ENTRIES) throw ZipTooLarge();
    const entries = planZip(nodes, ids);
    if (entries.length === 0) throw NotFound(NOT_FOUND);
    const stream = streamZip(entries, async (key) => (await this.d.blobs.get(key)).stream, this.d.logger);
    const base = row.name === null ? `Bulut-${new Date(now()).toISOString().slice(0, 10)}` : safeSegment(row.name);
    return { filename: `${base}.zip`, stream };
  }
}

/** Forgets zip selections whose links have expired. */
export const purgeExpiredZipLists = (db: Kysely<DB>, at = now()): Promise<number> => repo.purgeExpiredZips(db, at);
