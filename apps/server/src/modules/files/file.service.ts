import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { Executor } from '../../infra/db/executor.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { assertWritable } from '../../shared/access.js';
import { AppError, Conflict, NotFound, ValidationError } from '../../shared/errors.js';
import { nameKey, numberedName, validateName } from '../../shared/names.js';
import * as accounts from '../account/account.repository.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { ListingCache, listingKey, type Boundary } from './file.listing-cache.js';
import * as repo from './file.repository.js';
import {
  FOLDER_CONTENT_TYPE,
  MAX_PAGE_SIZE,
  toActivityItem,
  toFileItem,
  type ActivityAction,
  type DerivativeLinks,
  type FileItemDto,
  type FilePageDto,
  type FolderListQueryValue,
  type PagingQueryValue,
  type SortByValue,
} from './file.schemas.js';
import { ROOT, type DocumentType, type FileActivityTable, type FileRow } from './file.table.js';

export const PURGE_BLOBS_JOB = 'file.purge-blobs';
const PURGE_BATCH = 1000;
const DEFAULT_PAGE_SIZE = 50;
const MEDIA_KINDS = new Set(['image', 'video', 'audio', 'text', 'application']);
const DEFAULT_ACTIVITY_PAGE_SIZE = 200;

type Auth = Pick<AuthContext, 'accountId' | 'status'>;

const FileNotFound = () => NotFound('File not found.');
const FolderNotFound = () => NotFound('Folder not found.');
const NameClash = (field?: string) => Conflict('NAME_ALREADY_EXISTS', 'An item with this name already exists here.', field);
const InvalidMove = () => new AppError(400, 'INVALID_MOVE', 'A folder cannot be moved into itself or one of its subfolders.');

export interface FilesServiceDeps {
  db: Kysely<DB>;
  jobs: JobQueue;
  blobs: BlobStore;
  cache?: ListingCache;
  /** Signs thumbnail and preview URLs into file items. */
  links?: DerivativeLinks;
}

export class FilesService {
  private readonly db: Kysely<DB>;
  private readonly jobs: JobQueue;
  readonly cache: ListingCache;
  private readonly links: DerivativeLinks | null;

  constructor(deps: FilesServiceDeps) {
    this.db = deps.db;
    this.links = deps.links ?? null;
    this.jobs = deps.jobs;
    this.cache = deps.cache ?? new ListingCache();
  }

  /** For other writers of the file table (upload): the folder's listing changed, forget its page boundaries. */
  folderChanged(accountId: string, folderId: string): void {
    this.cache.bump(accountId, folderId);
  }

  // --- listings

  async list(auth: Auth, q: FolderListQueryValue): Promise<FilePageDto> {
    const folderOnly = q.folderOnly === true;
    const size = q.size ?? DEFAULT_PAGE_SIZE;
    if (!folderOnly && size > MAX_PAGE_SIZE) {
      throw ValidationError(`querystring.size must be at most ${MAX_PAGE_SIZE} unless folderOnly=true`, 'size');
    }
    const parentId = q.parentFolderUuid ?? ROOT;
    const [projectId] = await Promise.all([this.projectId(auth), this.requireFolder(this.db, auth.accountId, parentId)]);
    const sortBy = q.sortBy ?? 'name';
    const desc = q.sortOrder === 'DESC';
    // `from` (folderOnly) is a row offset; as a whole number of pages it uses the boundary cache like `page`.
    const from = folderOnly && q.from !== undefined ? q.from : (q.page ?? 0) * size;
    const page = Math.floor(from / size);
    const { rows, hasMore } =
      from % size === 0
        ? await this.folderPage(auth.accountId, parentId, sortBy, desc, folderOnly, page, size)
        : await this.folderSlice(auth.accountId, parentId, sortBy, desc, folderOnly, null, from, size);
    return { fileList: rows.map((r) => toFileItem(r, projectId, this.links)), page, size, hasMore };
  }

  async listByProject(auth: Auth, projectId: string, q: FolderListQueryValue): Promise<FilePageDto> {
    if (projectId !== (await this.projectId(auth))) throw NotFound('Project not found.');
    return this.list(auth, q);
  }

  async listHidden(auth: Auth, q: PagingQueryValue): Promise<FilePageDto> {
    const p = paging(q);
    const [projectId, rows] = await Promise.all([
      this.projectId(auth),
      repo.listHidden(this.db, auth.accountId, { column: repo.KEY_COLUMN[p.sortBy], ...p.window }),
    ]);
    return pageOf(rows, projectId, p, this.links);
  }

  async listByDocumentType(
    auth: Auth,
    q: PagingQueryValue & { documentType: DocumentType; parentFolderUuid?: string },
  ): Promise<FilePageDto> {
    const p = paging(q);
    const parentId = q.parentFolderUuid === undefined || q.parentFolderUuid === ROOT ? null : q.parentFolderUuid;
    if (parentId !== null) await this.requireFolder(this.db, auth.accountId, parentId);
    const [projectId, rows] = await Promise.all([
      this.projectId(auth),
      repo.listByDocumentType(this.db, auth.accountId, q.documentType, parentId, {
        column: repo.KEY_COLUMN[p.sortBy],
        ...p.window,
      }),
    ]);
    return pageOf(rows, projectId, p, this.links);
  }

  /** Favourites, slideshows or media kinds across the whole account (`content_type` values like "image OR video"). */
  async listByField(
    auth: Auth,
    q: PagingQueryValue & { fieldName: 'favourite' | 'videoSlideshow' | 'content_type'; fieldValue: string; showHidden?: boolean },
  ): Promise<FilePageDto> {
    const p = paging(q);
    let filter: repo.FieldFilter;
    if (q.fieldName === 'favourite' || q.fieldName === 'videoSlideshow') {
      if (q.fieldValue !== 'true') throw ValidationError(`fieldValue must be "true" for ${q.fieldName}.`, 'fieldValue');
      filter = q.fieldName === 'favourite' ? { favourite: true } : { videoSlideshow: true };
    } else {
      const kinds = q.fieldValue.split(/\s+OR\s+/i).map((k) => k.trim().toLowerCase());
      if (kinds.some((k) => !MEDIA_KINDS.has(k))) {
        throw ValidationError(`fieldValue must be media kinds joined by OR: ${[...MEDIA_KINDS].join(', ')}.`, 'fieldValue');
      }
      filter = { contentTypePrefixes: kinds };
    }
    const [projectId, rows] = await Promise.all([
      this.projectId(auth),
      repo.listByField(this.db, auth.accountId, filter, q.showHidden === true, { column: repo.KEY_COLUMN[p.sortBy], ...p.window }),
    ]);
    return pageOf(rows, projectId, p, this.links);
  }

  async listTrash(auth: Auth, q: PagingQueryValue): Promise<FilePageDto> {
    const p = paging(q);
    const column = p.sortBy === 'date' ? 'trashed_at' : repo.KEY_COLUMN[p.sortBy];
    const [projectId, rows] = await Promise.all([
      this.projectId(auth),
      repo.listTrashRoots(this.db, auth.accountId, { column, ...p.window }),
    ]);
    return pageOf(rows, projectId, p, this.links);
  }

  async activityFeed(
    auth: Auth,
    q: { sortOrder?: 'ASC' | 'DESC'; page?: number; size?: number },
  ): Promise<{ activityList: ReturnType<typeof toActivityItem>[] }> {
    const size = q.size ?? DEFAULT_ACTIVITY_PAGE_SIZE;
    const rows = await repo.listActivities(this.db, auth.accountId, {
      // Newest first unless asked otherwise.
      desc: q.sortOrder !== 'ASC',
      offset: (q.page ?? 0) * size,
      limit: size,
    });
    return { activityList: rows.map(toActivityItem) };
  }

  // --- single-item changes

  async createFolder(auth: Auth, parentFolderUuid: string | undefined, encodedName: string, folderUuid: string): Promise<FileItemDto> {
    assertWritable(auth);
    const name = validateName(decodeHeader(encodedName, 'Folder-Name'), 'Folder-Name');
    const parentId = parentFolderUuid ?? ROOT;
    const projectId = await this.projectId(auth);
    const existing = await this.existingFolder(auth, folderUuid);
    if (existing) return toFileItem(existing, projectId, this.links);
    const at = Date.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.requireFolder(trx, auth.accountId, parentId);
        if ((await repo.findByNameKeys(trx, auth.accountId, parentId, [nameKey(name)])).length > 0) throw NameClash('Folder-Name');
        await repo.insert(trx, {
          id: folderUuid,
          account_id: auth.accountId,
          parent_id: parentId,
          name,
          name_key: nameKey(name),
          is_folder: 1,
          bytes: 0,
          content_type: FOLDER_CONTENT_TYPE,
          favourite: 0,
          hidden: 0,
          status: 'ACTIVE',
          device_type: 'WEB',
          created_at: at,
          last_modified_at: at,
        });
        await this.record(trx, auth.accountId, [{ id: folderUuid, name, is_folder: 1 }], 'CREATED_FOLDER');
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A concurrent request with the same uuid won the race: answer like the retry it is. Otherwise the name was taken.
      const raced = await this.existingFolder(auth, folderUuid);
      if (raced) return toFileItem(raced, projectId, this.links);
      throw NameClash('Folder-Name');
    } finally {
      this.cache.bump(auth.accountId, parentId);
    }
    return toFileItem((await repo.getById(this.db, auth.accountId, folderUuid))!, projectId, this.links);
  }

  async rename(auth: Auth, uuid: string, encodedName: string): Promise<FileItemDto> {
    assertWritable(auth);
    const name = validateName(decodeHeader(encodedName, 'New-Name'), 'New-Name');
    const projectId = await this.projectId(auth);
    const seen: { parentId?: string } = {};
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const item = await this.requireLive(trx, auth.accountId, uuid);
        seen.parentId = item.parent_id;
        if (item.name === name) return item;
        const clash = await repo.findByNameKeys(trx, auth.accountId, item.parent_id, [nameKey(name)]);
        if (clash.some((c) => c.id !== item.id)) throw NameClash('New-Name');
        const patch = { name, name_key: nameKey(name), last_modified_at: Date.now() };
        await repo.updateMany(trx, auth.accountId, [item.id], patch);
        await this.record(trx, auth.accountId, [{ ...item, name }], 'RENAMED');
        return { ...item, ...patch };
      });
      return toFileItem(row, projectId, this.links);
    } catch (err) {
      if (isUniqueViolation(err)) throw NameClash('New-Name');
      throw err;
    } finally {
      if (seen.parentId !== undefined) this.cache.bump(auth.accountId, seen.parentId);
    }
  }

  async describe(auth: Auth, uuid: string, value: string): Promise<FileItemDto> {
    const description = value.trim() === '' ? null : value;
    const projectId = await this.projectId(auth);
    const row = await this.db.transaction().execute(async (trx) => {
      const item = await this.requireLive(trx, auth.accountId, uuid);
      if (item.description === description) return item;
      await repo.updateMany(trx, auth.accountId, [item.id], { description });
      await this.record(trx, auth.accountId, [item], 'DESCRIBED');
      return { ...item, description };
    });
    return toFileItem(row, projectId, this.links);
  }

  // --- bulk changes: one transaction each; any unknown uuid → 404 and nothing changes

  async setFavourite(auth: Auth, uuids: string[], favourite: boolean): Promise<{ fileList: FileItemDto[] }> {
    const flag = favourite ? 1 : 0;
    return this.bulk(auth, uuids, async (trx, items) => {
      const changed = items.filter((i) => i.favourite !== flag);
      await repo.updateMany(trx, auth.accountId, ids(changed), { favourite: flag });
      await this.record(trx, auth.accountId, changed, favourite ? 'FAVOURITED' : 'UNFAVOURITED');
      return items.map((i) => ({ ...i, favourite: flag }));
    });
  }

  async setHidden(auth: Auth, uuids: string[], hidden: boolean): Promise<{ fileList: FileItemDto[] }> {
    const flag = hidden ? 1 : 0;
    return this.bulk(auth, uuids, async (trx, items) => {
      const changed = items.filter((i) => i.hidden !== flag);
      await repo.updateMany(trx, auth.accountId, ids(changed), { hidden: flag });
      await this.record(trx, auth.accountId, changed, hidden ? 'HIDDEN' : 'UNHIDDEN');
      return items.map((i) => ({ ...i, hidden: flag }));
    });
  }

  async move(auth: Auth, uuids: string[], targetFolderUuid: string | undefined): Promise<{ fileList: FileItemDto[] }> {
    assertWritable(auth);
    const target = targetFolderUuid ?? ROOT;
    try {
      return await this.bulk(auth, uuids, async (trx, items) => {
        await this.requireFolder(trx, auth.accountId, target);
        if (target !== ROOT) {
          const above = new Set(await repo.ancestorIds(trx, auth.accountId, target));
          if (items.some((i) => above.has(i.id))) throw InvalidMove();
        }
        const moving = items.filter((i) => i.parent_id !== target);
        const keys = moving.map((i) => i.name_key);
        if (new Set(keys).size !== keys.length) throw NameClash();
        const movingIds = new Set(ids(moving));
        const taken = await repo.findByNameKeys(trx, auth.accountId, target, keys);
        if (taken.some((t) => !movingIds.has(t.id))) throw NameClash();
        await repo.updateMany(trx, auth.accountId, [...movingIds], { parent_id: target });
        await this.record(trx, auth.accountId, moving, 'MOVED');
        return items.map((i) => ({ ...i, parent_id: target }));
      }, [target]);
    } catch (err) {
      if (isUniqueViolation(err)) throw NameClash();
      throw err;
    }
  }

  /** Trashes each item with its subtree. Items already in the trash stay as they are, so a retry is harmless. */
  async trash(auth: Auth, uuids: string[]): Promise<{ fileList: FileItemDto[] }> {
    return this.bulk(
      auth,
      uuids,
      async (trx, items) => {
        const at = Date.now();
        const trashed: FileRow[] = [];
        for (const item of items) {
          // An earlier item of this call may have taken this one along (a folder and something inside it).
          const current = item.status === 'ACTIVE' ? await repo.getById(trx, auth.accountId, item.id) : item;
          if (current?.status !== 'ACTIVE') {
            trashed.push(current ?? item);
            continue;
          }
          await repo.trashSubtree(trx, auth.accountId, item.id, at);
          await this.record(trx, auth.accountId, [item], 'TRASHED');
          trashed.push({ ...item, status: 'TRASHED', trash_root_id: item.id, trashed_at: at });
        }
        return trashed;
      },
      [],
      true,
    );
  }

  async trashByProject(auth: Auth, items: Array<{ projectId: string; uuid: string }>): Promise<{ fileList: FileItemDto[] }> {
    const projectId = await this.projectId(auth);
    if (items.some((i) => i.projectId !== projectId)) throw FileNotFound();
    return this.trash(
      auth,
      items.map((i) => i.uuid),
    );
  }

  /** Restores trash roots with everything trashed with them: into their folder, or the root when it is gone. */
  async recover(auth: Auth, uuids: string[]): Promise<{ fileList: FileItemDto[] }> {
    return this.bulk(
      auth,
      uuids,
      async (trx, items, touched) => {
        if (items.some((i) => i.status === 'TRASHED' && i.trash_root_id !== i.id)) throw FileNotFound();
        const out: FileRow[] = [];
        for (const item of items) {
          if (item.status === 'ACTIVE') {
            out.push(item);
            continue;
          }
          const home = item.parent_id === ROOT ? null : await repo.getById(trx, auth.accountId, item.parent_id);
          const parentId = home && home.status === 'ACTIVE' && home.is_folder === 1 ? home.id : ROOT;
          const name = await this.freeName(trx, auth.accountId, parentId, item.name, item.is_folder === 1);
          const patch = {
            parent_id: parentId,
            name,
            name_key: nameKey(name),
            status: 'ACTIVE' as const,
            trash_root_id: null,
            trashed_at: null,
          };
          await repo.updateMany(trx, auth.accountId, [item.id], patch);
          await repo.restoreTrashedWith(trx, auth.accountId, item.id);
          await this.record(trx, auth.accountId, [{ ...item, name }], 'RECOVERED');
          touched.push(parentId);
          out.push({ ...item, ...patch });
        }
        return out;
      },
      [],
      true,
    );
  }

  async deleteForever(auth: Auth, uuids: string[]): Promise<{ deleted: number }> {
    const unique = [...new Set(uuids)];
    return this.db.transaction().execute(async (trx) => {
      const items = await repo.getMany(trx, auth.accountId, unique);
      if (items.length !== unique.length || items.some((i) => i.status !== 'TRASHED' || i.trash_root_id !== i.id)) {
        throw FileNotFound();
      }
      const gone = await repo.deleteTrashed(trx, auth.accountId, unique);
      return { deleted: await this.afterDelete(trx, auth.accountId, gone) };
    });
  }

  async emptyTrash(auth: Auth): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await repo.deleteAllTrashed(trx, auth.accountId);
      return { deleted: await this.afterDelete(trx, auth.accountId, gone) };
    });
  }

  // --- helpers

  /** Gives the bytes back, queues the blobs for deletion and records the roots, all in the deleting transaction. */
  private async afterDelete(
    trx: Executor,
    accountId: string,
    gone: Array<{
      id: string;
      trash_root_id: string | null;
      name: string;
      is_folder: number;
      bytes: number;
      blob_key: string | null;
      thumb_key: string | null;
      preview_key: string | null;
    }>,
  ): Promise<number> {
    const bytes = gone.reduce((sum, r) => sum + (r.is_folder === 1 ? 0 : Number(r.bytes)), 0);
    if (bytes > 0) await accounts.freeQuota(trx, accountId, bytes);
    // The media derivatives go with the original.
    const keys = gone.flatMap((r) => [r.blob_key, r.thumb_key, r.preview_key].filter((k): k is string => k !== null));
    for (let i = 0; i < keys.length; i += PURGE_BATCH) {
      await this.jobs.enqueue(trx, PURGE_BLOBS_JOB, { keys: keys.slice(i, i + PURGE_BATCH) });
    }
    const roots = gone.filter((r) => r.trash_root_id === r.id);
    await this.record(trx, accountId, roots, 'DELETED');
    return roots.length;
  }

  /**
   * Loads every named item of the account in one transaction (404 if any is missing), runs `change`, bumps the listing
   * version of every folder involved and maps the result. Only live items unless `includeTrashed`.
   */
  private async bulk(
    auth: Auth,
    uuids: string[],
    change: (trx: Executor, items: FileRow[], touched: string[]) => Promise<FileRow[]>,
    alsoTouched: string[] = [],
    includeTrashed = false,
  ): Promise<{ fileList: FileItemDto[] }> {
    const unique = [...new Set(uuids)];
    const touched = [...alsoTouched];
    const projectId = await this.projectId(auth);
    try {
      const rows = await this.db.transaction().execute(async (trx) => {
        const found = await repo.getInOrder(trx, auth.accountId, unique);
        if (found.length !== unique.length || (!includeTrashed && found.some((i) => i.status !== 'ACTIVE'))) {
          throw FileNotFound();
        }
        touched.push(...found.map((i) => i.parent_id));
        return change(trx, found, touched);
      });
      return { fileList: rows.map((r) => toFileItem(r, projectId, this.links)) };
    } finally {
      for (const folder of new Set(touched)) this.cache.bump(auth.accountId, folder);
    }
  }

  /** One page of a folder: a keyset seek from the nearest known page end, else an index-only OFFSET walk. */
  private async folderPage(
    accountId: string,
    parentId: string,
    sortBy: SortByValue,
    desc: boolean,
    foldersOnly: boolean,
    page: number,
    size: number,
  ): Promise<{ rows: FileRow[]; hasMore: boolean }> {
    const listing = listingKey(accountId, parentId, `${sortBy}.${desc ? 'DESC' : 'ASC'}`, size, foldersOnly);
    const version = this.cache.version(accountId, parentId);
    const known = page > 0 ? this.cache.nearest(listing, version, page) : null;
    const skip = known ? (page - 1 - known.page) * size : page * size;
    const result = await this.folderSlice(accountId, parentId, sortBy, desc, foldersOnly, known?.boundary ?? null, skip, size);
    if (result.previous) this.cache.remember(listing, version, page - 1, result.previous);
    if (result.last) this.cache.remember(listing, version, page, result.last);
    return result;
  }

  private async folderSlice(
    accountId: string,
    parentId: string,
    sortBy: SortByValue,
    desc: boolean,
    foldersOnly: boolean,
    after: Boundary | null,
    skip: number,
    size: number,
  ) {
    // When skipping, read the row just before the page too: it is the previous page's end, worth remembering.
    const withPrevious = skip > 0;
    const positions = await repo.listChildPositions(this.db, {
      accountId,
      parentId,
      column: repo.KEY_COLUMN[sortBy],
      desc,
      foldersOnly,
      after,
      skip: withPrevious ? skip - 1 : 0,
      limit: size + 1 + (withPrevious ? 1 : 0),
    });
    const previous = withPrevious ? positions.shift() : undefined;
    const pagePositions = positions.slice(0, size);
    const rows = await repo.getInOrder(this.db, accountId, pagePositions.map((p) => p.id));
    return { rows, hasMore: positions.length > size, previous, last: pagePositions.at(-1) };
  }

  /** The lowest "name (n)" (n ≥ 2) free among live items of the folder, or the name itself when free. */
  private async freeName(db: Executor, accountId: string, parentId: string, name: string, isFolder: boolean): Promise<string> {
    if ((await repo.findByNameKeys(db, accountId, parentId, [nameKey(name)])).length === 0) return name;
    for (let start = 2; ; start += 100) {
      const candidates = Array.from({ length: 100 }, (_, i) => numberedName(name, start + i, isFolder));
      const taken = new Set((await repo.findByNameKeys(db, accountId, parentId, candidates.map(nameKey))).map((r) => r.name_key));
      const free = candidates.find((c) => !taken.has(nameKey(c)));
      if (free) return free;
    }
  }

  /** A folder this account owns under that uuid (the idempotent retry), or 409 if the uuid is taken by anything else. */
  private async existingFolder(auth: Auth, folderUuid: string): Promise<FileRow | null> {
    const owner = await repo.getOwner(this.db, folderUuid);
    if (owner) {
      if (owner.account_id === auth.accountId && owner.is_folder === 1) {
        return (await repo.getById(this.db, auth.accountId, folderUuid)) ?? null;
      }
      throw Conflict('FOLDER_UUID_IN_USE', 'This folder id cannot be used; generate a new one.', 'Folder-Uuid');
    }
    // An upload in progress will become a file with this id.
    if (await repo.getUploadOwner(this.db, folderUuid)) {
      throw Conflict('FOLDER_UUID_IN_USE', 'This folder id cannot be used; generate a new one.', 'Folder-Uuid');
    }
    return null;
  }

  private async requireFolder(db: Executor, accountId: string, folderId: string): Promise<void> {
    if (folderId === ROOT) return;
    const folder = await repo.getById(db, accountId, folderId);
    if (!folder || folder.is_folder !== 1 || folder.status !== 'ACTIVE') throw FolderNotFound();
  }

  private async requireLive(db: Executor, accountId: string, id: string): Promise<FileRow> {
    const item = await repo.getById(db, accountId, id);
    if (!item || item.status !== 'ACTIVE') throw FileNotFound();
    return item;
  }

  private async projectId(auth: Auth): Promise<string> {
    const account = await accounts.getById(this.db, auth.accountId);
    if (!account) throw NotFound('Account not found.');
    return account.project_id;
  }

  private async record(
    db: Executor,
    accountId: string,
    items: ReadonlyArray<{ id: string; name: string; is_folder: number }>,
    action: ActivityAction,
  ): Promise<void> {
    const rows: FileActivityTable[] = items.map((i) => {
      const { id, at } = timeOrderedId();
      return { id, account_id: accountId, file_id: i.id, action, name: i.name, is_folder: i.is_folder, created_at: at };
    });
    await repo.insertActivities(db, rows);
  }
}

const ids = (rows: ReadonlyArray<{ id: string }>) => rows.map((r) => r.id);

function decodeHeader(raw: string, field: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ValidationError(`${field} must be URL-encoded UTF-8.`, field);
  }
}

function paging(q: PagingQueryValue) {
  const size = q.size ?? DEFAULT_PAGE_SIZE;
  const page = q.page ?? 0;
  const sortBy = q.sortBy ?? 'name';
  // One extra row tells whether another page follows.
  return { page, size, sortBy, window: { desc: q.sortOrder === 'DESC', offset: page * size, limit: size + 1 } };
}

function pageOf(rows: FileRow[], projectId: string, p: { page: number; size: number }, links: DerivativeLinks | null): FilePageDto {
  return {
    fileList: rows.slice(0, p.size).map((r) => toFileItem(r, projectId, links)),
    page: p.page,
    size: p.size,
    hasMore: rows.length > p.size,
  };
}

let lastMs = 0;
let sequence = 0;
/** UUIDv7 with a per-process counter in rand_a, so activities of one millisecond keep their order in the feed. */
function timeOrderedId(): { id: string; at: number } {
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    if (++sequence > 0xfff) {
      ms = ++lastMs;
      sequence = 0;
    }
  } else {
    lastMs = ms;
    sequence = 0;
  }
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (sequence >> 8);
  b[7] = sequence & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return { id: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`, at: ms };
}
