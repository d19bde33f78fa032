import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { DavTree } from '../../infra/dav/dav-server.js';
import type { DavResource } from '../../infra/dav/dav-props.js';
import { DAV_NS, type QName } from '../../infra/dav/dav-xml.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { nameKey } from '../../shared/names.js';
import * as files from '../files/files.public.js';
import { getById as getAccount } from '../account/account.identity.public.js';

/** A signed-in DAV client: its account is its namespace. */
export interface FilesPrincipal {
  scopeId: string;
  auth: AuthContext;
}

const LIST_BATCH = 500;

export const toResource = (path: string, row: files.FileRow): DavResource => ({
  path,
  id: row.id,
  collection: row.is_folder === 1,
  // Changes with the bytes (a PUT makes a new file id) and with any later change of the item.
  etag: row.is_folder === 1 ? null : `"${row.id}-${Number(row.last_modified_at).toString(36)}-${Number(row.bytes).toString(36)}"`,
  createdAt: Number(row.created_at),
  lastModifiedAt: Number(row.last_modified_at),
  contentLength: Number(row.bytes),
  contentType: row.content_type,
  displayName: row.name,
});

const rootOf = (accountId: string): DavResource => ({
  path: '/',
  // The root has no file row: its dead properties hang on the account id.
  id: accountId,
  collection: true,
  etag: null,
  createdAt: 0,
  lastModifiedAt: 0,
  contentLength: null,
  contentType: null,
  displayName: '',
});

const childPath = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);

/** The subscriber's files as a DAV tree: paths resolve name by name through the files module's own lookups. */
export class FilesTree implements DavTree<FilesPrincipal> {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly createEmptyFile: (p: FilesPrincipal, path: string) => Promise<void>,
  ) {}

  /** The row behind a path, or null; the root is null too (it has no row) — callers check `path === '/'`. */
  async row(accountId: string, path: string): Promise<files.FileRow | null> {
    if (path === '/') return null;
    let parentId = files.ROOT;
    let row: files.FileRow | undefined;
    for (const segment of path.slice(1).split('/')) {
      if (row && row.is_folder !== 1) return null;
      row = await files.getLiveByNameKey(this.db, accountId, parentId, nameKey(segment));
      if (!row) return null;
      parentId = row.id;
    }
    return row ?? null;
  }

  /** The folder id a path names ('' for the root), or null when it is not a live folder. */
  async folderId(accountId: string, path: string): Promise<string | null> {
    if (path === '/') return files.ROOT;
    const row = await this.row(accountId, path);
    return row && row.is_folder === 1 ? row.id : null;
  }

  async stat(p: FilesPrincipal, path: string): Promise<DavResource | null> {
    if (path === '/') return rootOf(p.auth.accountId);
    const row = await this.row(p.auth.accountId, path);
    return row ? toResource(path, row) : null;
  }

  async *children(p: FilesPrincipal, dir: DavResource): AsyncIterable<DavResource> {
    const accountId = p.auth.accountId;
    const parentId = dir.path === '/' ? files.ROOT : dir.id;
    let after: Awaited<ReturnType<typeof files.listChildPositions>>[number] | null = null;
    for (;;) {
      const positions = await files.listChildPositions(this.db, { accountId, parentId, column: 'name_key', desc: false, foldersOnly: false, after, skip: 0, limit: LIST_BATCH });
      if (positions.length === 0) return;
      for (const row of await files.getInOrder(this.db, accountId, positions.map((x) => x.id))) yield toResource(childPath(dir.path, row.name), row);
      if (positions.length < LIST_BATCH) return;
      after = positions.at(-1)!;
    }
  }

  /** Quota of RFC 4331, read once per request from the account's counters. */
  extraProps = (p: FilesPrincipal) => {
    let usage: Promise<{ used: number; quota: number }> | null = null;
    return async () => {
      usage ??= getAccount(this.db, p.auth.accountId).then((a) => ({ used: Number(a?.used_bytes ?? 0), quota: Number(a?.quota_bytes ?? 0) }));
      const { used, quota } = await usage;
      const prop = (name: string, value: number): [string, { q: QName; xml: string }] => [`{${DAV_NS}}${name}`, { q: { ns: DAV_NS, name }, xml: String(value) }];
      return new Map([prop('quota-used-bytes', used), prop('quota-available-bytes', Math.max(0, quota - used))]);
    };
  };

  createEmpty(p: FilesPrincipal, path: string): Promise<void> {
    return this.createEmptyFile(p, path);
  }
}
