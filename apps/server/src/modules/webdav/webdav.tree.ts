import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { DavTree } from '../../infra/dav/dav-server.js';
import type { DavResource, DeadProperty } from '../../infra/dav/dav-props.js';
import { DAV_NS, type QName } from '../../infra/dav/dav-xml.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { AccessPolicy } from '../../shared/access/access-policy.js';
import { Forbidden } from '../../shared/errors.js';
import { freeNameIn, nameKey } from '../../shared/names.js';
import * as files from '../files/files.public.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import { listShared } from '../private-shares/private-shares.public.js';

/** A signed-in DAV client: its account is its namespace. */
export interface FilesPrincipal {
  scopeId: string;
  auth: AuthContext;
}

/** Rows a folder listing reads at a time (the mount renders a page while the next waits for the socket). */
export const LIST_PAGE = 200;

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

/** A client's file time: Unix seconds (fractions allowed) or an HTTP date, as ms; null when it is neither. */
export function parseClientTime(raw: string): number | null {
  const v = raw.trim();
  if (/^\d{1,12}(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const ms = Date.parse(v);
  return Number.isFinite(ms) && /[a-z]/i.test(v) ? ms : null;
}

const childPath = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);

/**
 * Where items others share with the subscriber appear: one fixed name in every language, so that paths in scripts and
 * rclone configs stay valid (docs/decisions.md). Shown at the root while something is shared with the caller.
 */
export const SHARED_DIR = 'Shared with me';
const SHARED_KEY = nameKey(SHARED_DIR);

/** The shared-with-me folder has no row either; dead properties are kept per account, so one fixed id serves all. */
const sharesOf = (): DavResource => ({ ...rootOf('shared-with-me'), path: `/${SHARED_DIR}`, displayName: SHARED_DIR });

/** What a path names: the root, the shared-with-me folder, one of the caller's own items, or one shared with them. */
export type Located =
  | { kind: 'root' }
  | { kind: 'shares' }
  | { kind: 'own'; row: files.FileRow }
  /** An item in another subscriber's tree, reached through a live share. */
  | { kind: 'shared'; row: files.FileRow };

const rowOf = (l: Located | null): files.FileRow | null => (l && (l.kind === 'own' || l.kind === 'shared') ? l.row : null);

/** The subscriber's files as a DAV tree: paths resolve name by name through the files module's own lookups. */
export class FilesTree implements DavTree<FilesPrincipal> {
  private readonly policy: AccessPolicy;

  private readonly pageSize: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly createEmptyFile: (p: FilesPrincipal, path: string) => Promise<void>,
    options: { pageSize?: number } = {},
  ) {
    this.policy = new AccessPolicy(db);
    this.pageSize = options.pageSize ?? LIST_PAGE;
  }

  /** Walks `segments` down from `parentId` in one account's tree (a few levels a statement). */
  private async walk(accountId: string, parentId: string, segments: readonly string[]): Promise<files.FileRow | null> {
    if (segments.length === 0) return null;
    return (await files.getLiveByPath(this.db, accountId, parentId, segments.map(nameKey))) ?? null;
  }

  /**
   * Items shared with the caller by their names in the shared folder (a clash of two owners' names is numbered), in
   * name order, read a page at a time: only the names given so far are kept (to number a clash).
   */
  async *shares(p: FilesPrincipal): AsyncIterable<{ name: string; row: files.FileRow }> {
    const used = new Set<string>();
    const at = Date.now();
    for (let offset = 0; ; offset += this.pageSize) {
      // The shares screen's own query and order; its pages are by offset (a subscriber's shares are few next to a folder's files).
      const { rows } = await listShared(this.db, { sharedWith: p.auth.accountId, sortBy: 'name', sortOrder: 'ASC', limit: this.pageSize, offset, at });
      for (const row of rows) {
        const name = freeNameIn(row.name, row.is_folder === 1, used);
        used.add(nameKey(name));
        yield { name, row };
      }
      if (rows.length < this.pageSize) return;
    }
  }

  /** Whether anything is shared with the caller (the shared folder shows at the root only then). */
  private async anyShares(p: FilesPrincipal): Promise<boolean> {
    const { rows } = await listShared(this.db, { sharedWith: p.auth.accountId, sortBy: 'name', sortOrder: 'ASC', limit: 1, offset: 0, at: Date.now() });
    return rows.length > 0;
  }

  /** The share named `name` in the shared folder; its pages are read only until it is found. */
  private async shareNamed(p: FilesPrincipal, name: string): Promise<files.FileRow | null> {
    const key = nameKey(name);
    for await (const s of this.shares(p)) if (nameKey(s.name) === key) return s.row;
    return null;
  }

  /** What a path names for this caller, or null; items of others only while the access policy grants them to read. */
  async locate(p: FilesPrincipal, path: string): Promise<Located | null> {
    if (path === '/') return { kind: 'root' };
    const [first, ...rest] = path.slice(1).split('/') as [string, ...string[]];
    // With nothing shared the name is the caller's own, like any other.
    if (nameKey(first) === SHARED_KEY && (await this.anyShares(p))) {
      if (rest.length === 0) return { kind: 'shares' };
      const top = await this.shareNamed(p, rest[0]!);
      if (!top) return null;
      const row = rest.length === 1 ? top : top.is_folder === 1 ? await this.walk(top.account_id, top.id, rest.slice(1)) : null;
      if (!row || !(await this.policy.checkAccess(p.auth, 'file.read', [row.id])).has(row.id)) return null;
      return { kind: 'shared', row };
    }
    const row = await this.walk(p.auth.accountId, files.ROOT, [first, ...rest]);
    return row ? { kind: 'own', row } : null;
  }

  /** The file or folder behind a path (the caller's or shared with them); null for the root, the shared folder, nothing. */
  async row(p: FilesPrincipal, path: string): Promise<files.FileRow | null> {
    return rowOf(await this.locate(p, path));
  }

  /**
   * The folder that will take a new member at `path`: its id, or null when there is none (409 for the caller).
   * 403 when the caller may read it but not write there (a viewer's share, the shared-with-me folder itself).
   */
  async writableFolder(p: FilesPrincipal, path: string): Promise<string | null> {
    const l = await this.locate(p, path);
    if (!l) return null;
    if (l.kind === 'root') return files.ROOT;
    if (l.kind === 'shares') throw Forbidden('Items are shared with you by their owners; nothing can be added here.');
    if (l.row.is_folder !== 1) return null;
    await this.assertWritable(p, l);
    return l.row.id;
  }

  /** 403 unless the access policy lets the caller change this item (their own, or a share with the editor role). */
  async assertWritable(p: FilesPrincipal, l: Located): Promise<void> {
    if (l.kind === 'own') return;
    if (l.kind === 'shared' && (await this.policy.checkAccess(p.auth, 'file.write', [l.row.id])).has(l.row.id)) return;
    throw Forbidden('You can only view this shared item.');
  }

  async stat(p: FilesPrincipal, path: string): Promise<DavResource | null> {
    const l = await this.locate(p, path);
    if (!l) return null;
    if (l.kind === 'root') return rootOf(p.auth.accountId);
    if (l.kind === 'shares') return sharesOf();
    return toResource(path, l.row);
  }

  async *children(p: FilesPrincipal, dir: DavResource): AsyncIterable<DavResource> {
    const l = await this.locate(p, dir.path);
    if (!l) return;
    if (l.kind === 'shares') {
      for await (const s of this.shares(p)) yield toResource(childPath(dir.path, s.name), s.row);
      return;
    }
    if (l.kind === 'root') {
      const shared = await this.anyShares(p);
      if (shared) yield sharesOf();
      // The shared folder takes its name at the root: an own item of that name is not listed (reach it in the web).
      for await (const r of this.members(p.auth.accountId, files.ROOT, dir.path)) if (!shared || nameKey(r.displayName) !== SHARED_KEY) yield r;
      return;
    }
    if (l.row.is_folder === 1) yield* this.members(l.row.account_id, l.row.id, dir.path);
  }

  /** One folder's members in name order, a page at a time by keyset on the listing's index (a folder may hold tens of thousands). */
  private async *members(accountId: string, parentId: string, path: string): AsyncIterable<DavResource> {
    let after: Awaited<ReturnType<typeof files.listChildPositions>>[number] | null = null;
    for (;;) {
      const positions = await files.listChildPositions(this.db, { accountId, parentId, column: 'name_key', desc: false, foldersOnly: false, after, skip: 0, limit: this.pageSize });
      if (positions.length === 0) return;
      for (const row of await files.getInOrder(this.db, accountId, positions.map((x) => x.id))) yield toResource(childPath(path, row.name), row);
      if (positions.length < this.pageSize) return;
      after = positions.at(-1)!;
    }
  }

  /** Quota of RFC 4331, read once per request from the account's counters. */
  extraProps = (p: FilesPrincipal) => {
    // The same two values for every member of a listing: built once per request.
    let props: Promise<Map<string, { q: QName; xml: string }>> | null = null;
    return () => {
      props ??= getAccount(this.db, p.auth.accountId).then((a) => {
        const used = Number(a?.used_bytes ?? 0);
        const quota = Number(a?.quota_bytes ?? 0);
        const prop = (name: string, value: number): [string, { q: QName; xml: string }] => [`{${DAV_NS}}${name}`, { q: { ns: DAV_NS, name }, xml: String(value) }];
        return new Map([prop('quota-used-bytes', used), prop('quota-available-bytes', Math.max(0, quota - used))]);
      });
      return props;
    };
  };

  /**
   * ownCloud's `DAV:lastmodified` (what rclone's owncloud vendor PROPPATCHes to set a time: Unix seconds, or an HTTP
   * date) becomes the file's modification time, like X-OC-Mtime on PUT; anything else stays a dead property.
   */
  async applyProps(p: FilesPrincipal, r: DavResource, set: readonly DeadProperty[]): Promise<Set<string>> {
    const taken = new Set<string>();
    const prop = set.find((d) => d.ns === DAV_NS && d.name === 'lastmodified');
    const at = prop ? parseClientTime(prop.value) : null;
    if (!prop || at === null || r.collection) return taken;
    const l = await this.locate(p, r.path);
    const row = rowOf(l);
    if (!l || !row) return taken;
    await this.assertWritable(p, l);
    await files.setLastModified(this.db, row.account_id, row.id, at);
    taken.add(`{${DAV_NS}}lastmodified`);
    return taken;
  }

  createEmpty(p: FilesPrincipal, path: string): Promise<void> {
    return this.createEmptyFile(p, path);
  }
}
