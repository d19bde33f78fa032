import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { DavError } from '../../infra/dav/dav-errors.js';
import { parentPath } from '../../infra/dav/dav-locks.js';
import { actingFor } from '../../shared/access/acting-account.js';
import { Forbidden } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import * as files from '../files/files.public.js';
import type { UploadService } from '../upload/upload.public.js';
import * as repo from './webdav.repository.js';
import { toResource, type FilesPrincipal, type FilesTree } from './webdav.tree.js';
import type { DavResource } from '../../infra/dav/dav-props.js';

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Files macOS writes beside what a subscriber copies (AppleDouble `._name`, Finder's `.DS_Store`): stored, so Finder's
 * copy succeeds and reads them back, but hidden, so they stay out of listings, the timeline and search.
 */
export const isMacMetadata = (name: string) => name.startsWith('._') || name === '.DS_Store';
const Conflicting = (why: string) => new DavError(409, null, why);
/** Clients see which device stored a file (the web's "uploaded from"). */
const DEVICE = 'WEBDAV';

export interface StoreInput {
  body: Readable;
  /** null: a chunked body of unknown size, reserved as it arrives. */
  length: number | null;
  contentType: string | undefined;
  /** The client's modification time (ms), kept as the file's (X-OC-Mtime); null: now. */
  modifiedAt?: number | null;
}

/**
 * File semantics of the WebDAV mount, all through the files and upload modules: the same names rule, quota,
 * trash, photo processing and shared-folder access as the web. Protocol checks (locks, If headers) happen before.
 */
export class WebdavService {
  constructor(
    private readonly d: {
      db: Kysely<DB>;
      blobs: BlobStore;
      uploads: UploadService;
      changes: files.FileChangesService;
      tree: FilesTree;
    },
  ) {}

  /**
   * The live folder that will hold `path`, or 409 (RFC 4918: intermediate collections must exist); 403 when the caller
   * may not write there (a viewer's share).
   */
  async parentFolder(p: FilesPrincipal, path: string): Promise<string> {
    if (path === '/') throw new DavError(405, null, 'The root cannot be replaced.');
    const id = await this.d.tree.writableFolder(p, parentPath(path));
    if (id === null) throw Conflicting('The parent folder does not exist.');
    return id;
  }

  /** PUT: streams the body into a new file through the upload path; an existing file of the name is replaced. */
  async store(p: FilesPrincipal, path: string, input: StoreInput, previous: files.FileRow | null): Promise<files.FileRow> {
    const parentId = await this.parentFolder(p, path);
    const id = newId();
    const upload: Parameters<UploadService['put']>[1] = {
      uuid: id,
      headers: {
        ...(input.length === null ? {} : { 'content-length': String(input.length) }),
        ...(input.contentType ? { 'content-type': input.contentType.slice(0, 255) } : {}),
        'x-object-meta-file-name': encodeURIComponent(baseName(path)),
        ...(parentId === files.ROOT ? {} : { 'x-object-meta-parent-uuid': parentId }),
        'x-meta-strategy': '1',
        'x-object-meta-favourite': previous?.favourite === 1 ? 'true' : 'false',
        'x-object-meta-device-type': DEVICE,
      },
      body: input.body,
      receivedAt: performance.now(),
    };
    await (input.length === null ? this.d.uploads.putUnsized(p.auth, upload) : this.d.uploads.put(p.auth, upload));
    // In a folder shared with an editor the new file is the folder owner's (the upload path decided so).
    const owner = await actingFor(this.d.db, p.auth, id);
    if (input.modifiedAt != null) await files.setLastModified(this.d.db, owner.accountId, id, input.modifiedAt);
    if (isMacMetadata(baseName(path))) await this.d.changes.setHidden(owner, [id], true);
    if (previous) {
      // A replaced file keeps what the subscriber set on it: hidden state and the client's dead properties.
      if (previous.hidden === 1) await this.d.changes.setHidden(owner, [id], true);
      await repo.copyProperties(this.d.db, p.auth.accountId, previous.id, id);
    }
    return (await files.getById(this.d.db, owner.accountId, id))!;
  }

  async mkcol(p: FilesPrincipal, path: string): Promise<void> {
    const parentId = await this.parentFolder(p, path);
    await this.d.changes.createFolder(p.auth, parentId === files.ROOT ? undefined : parentId, encodeURIComponent(baseName(path)), newId());
  }

  /** DELETE moves to the trash, as in the web: recoverable there. Only the owner trashes an item, as in the web. */
  async trash(p: FilesPrincipal, row: files.FileRow): Promise<void> {
    this.assertOwn(p, row);
    await this.d.changes.trash(p.auth, [row.id]);
  }

  /** The bytes of a file the caller may read (theirs, or shared with them): in its owner's store. */
  async open(_p: FilesPrincipal, row: files.FileRow, range?: { start: number; end: number }) {
    // The row names its content: a restored version (issue 33), an editor's save, a copy saved from a link.
    return this.d.blobs.get(row.blob_key ?? files.fileBlobKey(row.account_id, row.id), range);
  }

  /** Moving and trashing are the owner's, as in the web: an invitee (even an editor) gets 403. */
  private assertOwn(p: FilesPrincipal, row: files.FileRow): void {
    if (row.account_id !== p.auth.accountId) throw Forbidden('Only the owner can move or delete a shared item.');
  }

  /** MOVE: a rename, a move to another folder, or both, keeping the item's id (and so its properties and state). */
  async move(p: FilesPrincipal, row: files.FileRow, to: string): Promise<void> {
    const targetParent = await this.parentFolder(p, to);
    const newName = baseName(to);
    const moves = targetParent !== row.parent_id;
    const renames = newName !== row.name;
    // An editor renames a shared item in place (as in the web); anything else of another's is the owner's to move, and
    // nothing moves from one owner's files into another's.
    if (row.account_id !== p.auth.accountId && (moves || !renames)) this.assertOwn(p, row);
    const targetOwner = targetParent === files.ROOT ? p.auth.accountId : (await files.getOwner(this.d.db, targetParent))?.account_id;
    if (targetOwner !== row.account_id) throw Forbidden('Items move only within their owner’s files; copy them instead.');
    if (moves && renames) {
      // Rename where the new name is free first; else move first (the old name is then free in the target).
      const clashHere = await this.d.tree.row(p, `${parentPath(to)}/${row.name}`.replace(/^\/\//, '/'));
      if (clashHere) {
        await this.d.changes.rename(p.auth, row.id, encodeURIComponent(newName));
        await this.d.changes.move(p.auth, [row.id], targetParent === files.ROOT ? undefined : targetParent);
        return;
      }
      await this.d.changes.move(p.auth, [row.id], targetParent === files.ROOT ? undefined : targetParent);
      await this.d.changes.rename(p.auth, row.id, encodeURIComponent(newName));
      return;
    }
    if (moves) await this.d.changes.move(p.auth, [row.id], targetParent === files.ROOT ? undefined : targetParent);
    if (renames) await this.d.changes.rename(p.auth, row.id, encodeURIComponent(newName));
  }

  /** COPY: a file is read and uploaded again (quota counted like any upload); a folder is copied member by member. */
  async copy(p: FilesPrincipal, row: files.FileRow, from: string, to: string, depth: 0 | 'infinity'): Promise<void> {
    if (row.is_folder === 1) {
      await this.mkcol(p, to);
      const copied = await this.d.tree.row(p, to);
      if (copied) await repo.copyProperties(this.d.db, p.auth.accountId, row.id, copied.id);
      if (depth === 0) return;
      // Members are listed first: copying into a subfolder of the source must not copy the copy.
      const members: DavResource[] = [];
      for await (const member of this.d.tree.children(p, toResource(from, row))) members.push(member);
      for (const member of members) {
        const memberRow = await files.getById(this.d.db, row.account_id, member.id);
        if (memberRow) await this.copy(p, memberRow, member.path, `${to}/${memberRow.name}`, depth);
      }
      return;
    }
    const source = await this.open(p, row);
    const stored = await this.store(p, to, { body: source.stream, length: source.size, contentType: row.content_type }, null);
    await repo.copyProperties(this.d.db, p.auth.accountId, row.id, stored.id);
  }

  /** LOCK on an unmapped name makes an empty file there (Windows then PUTs the real bytes). */
  async createEmpty(p: FilesPrincipal, path: string): Promise<void> {
    await this.store(p, path, { body: Readable.from([]), length: 0, contentType: undefined }, null);
  }
}
