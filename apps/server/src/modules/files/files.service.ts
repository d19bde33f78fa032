import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { actingFor } from '../../shared/access/acting-account.js';
import { NotFound, ValidationError } from '../../shared/errors.js';
import * as activities from './files.activity.repository.js';
import { requireFolder, type FileAuth as Auth } from './files.guards.js';
import { ListingCache, listingKey, type Boundary } from './files.listing-cache.js';
import * as repo from './files.repository.js';
import {
  MAX_PAGE_SIZE,
  toActivityItem,
  toFileItem,
  type DerivativeLinks,
  type FileItemDto,
  type FilePageDto,
  type FolderListQueryValue,
  type PagingQueryValue,
  type SortByValue,
} from './files.schemas.js';
import { ROOT, type DocumentType, type FileRow } from './files.table.js';

const DEFAULT_PAGE_SIZE = 50;
const MEDIA_KINDS = new Set(['image', 'video', 'audio', 'text', 'application']);
const DEFAULT_ACTIVITY_PAGE_SIZE = 200;

/** What both files services are built from. */
export interface FilesServiceDeps {
  db: Kysely<DB>;
  jobs: JobQueue;
  /** Signs thumbnail and preview URLs into file items. */
  links?: DerivativeLinks;
}

/** The read side of the files module: folder listings, account-wide lists and searches, the activity feed. */
export class FilesService {
  private readonly db: Kysely<DB>;
  private readonly cache: ListingCache;
  private readonly links: DerivativeLinks | null;

  constructor(deps: FilesServiceDeps) {
    this.db = deps.db;
    this.links = deps.links ?? null;
    this.cache = new ListingCache(deps.db);
  }

  async list(auth: Auth, q: FolderListQueryValue): Promise<FilePageDto> {
    const folderOnly = q.folderOnly === true;
    const size = q.size ?? DEFAULT_PAGE_SIZE;
    if (!folderOnly && size > MAX_PAGE_SIZE) {
      throw ValidationError(`querystring.size must be at most ${MAX_PAGE_SIZE} unless folderOnly=true`, 'size');
    }
    const parentId = q.parentFolderUuid ?? ROOT;
    await requireFolder(this.db, auth.accountId, parentId);
    const sortBy = q.sortBy ?? 'name';
    const desc = q.sortOrder === 'DESC';
    // `from` (folderOnly) is a row offset; as a whole number of pages it uses the boundary cache like `page`.
    const from = folderOnly && q.from !== undefined ? q.from : (q.page ?? 0) * size;
    const page = Math.floor(from / size);
    const { rows, hasMore } =
      from % size === 0
        ? await this.folderPage(auth.accountId, parentId, sortBy, desc, folderOnly, page, size)
        : await this.folderSlice(auth.accountId, parentId, sortBy, desc, folderOnly, null, from, size);
    return { fileList: rows.map((r) => toFileItem(r, auth.projectId, this.links)), page, size, hasMore };
  }

  async listByProject(auth: Auth, projectId: string, q: FolderListQueryValue): Promise<FilePageDto> {
    if (projectId === auth.projectId) return this.list(auth, q);
    // Another account's project: only a folder shared with the caller (the access policy granted it) lists there.
    const scope = await actingFor(this.db, auth, q.parentFolderUuid);
    if (scope.projectId !== projectId) throw NotFound('Project not found.');
    return this.list(scope, q);
  }

  /** One live item, hidden or not: what a viewer opened from a link or after a reload needs before its list loads. */
  async getItem(caller: Auth, uuid: string): Promise<FileItemDto> {
    const auth = await actingFor(this.db, caller, uuid);
    const row = await repo.getById(this.db, auth.accountId, uuid);
    if (!row || row.status !== 'ACTIVE') throw NotFound('File not found.');
    return toFileItem(row, auth.projectId, this.links);
  }

  async listHidden(auth: Auth, q: PagingQueryValue): Promise<FilePageDto> {
    const p = paging(q);
    const rows = await repo.listHidden(this.db, auth.accountId, { column: repo.KEY_COLUMN[p.sortBy], ...p.window });
    return pageOf(rows, auth.projectId, p, this.links);
  }

  async listByDocumentType(
    auth: Auth,
    q: PagingQueryValue & { documentType: DocumentType; parentFolderUuid?: string },
  ): Promise<FilePageDto> {
    const p = paging(q);
    const parentId = q.parentFolderUuid === undefined || q.parentFolderUuid === ROOT ? null : q.parentFolderUuid;
    if (parentId !== null) await requireFolder(this.db, auth.accountId, parentId);
    const rows = await repo.listByDocumentType(this.db, auth.accountId, q.documentType, parentId, {
      column: repo.KEY_COLUMN[p.sortBy],
      ...p.window,
    });
    return pageOf(rows, auth.projectId, p, this.links);
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
    const rows = await repo.listByField(this.db, auth.accountId, filter, q.showHidden === true, {
      column: repo.KEY_COLUMN[p.sortBy],
      ...p.window,
    });
    return pageOf(rows, auth.projectId, p, this.links);
  }

  async listTrash(auth: Auth, q: PagingQueryValue): Promise<FilePageDto> {
    const p = paging(q);
    const column = p.sortBy === 'date' ? 'trashed_at' : repo.KEY_COLUMN[p.sortBy];
    const rows = await repo.listTrashRoots(this.db, auth.accountId, { column, ...p.window });
    return pageOf(rows, auth.projectId, p, this.links);
  }

  async activityFeed(
    auth: Auth,
    q: { sortOrder?: 'ASC' | 'DESC'; page?: number; size?: number },
  ): Promise<{ activityList: ReturnType<typeof toActivityItem>[] }> {
    const size = q.size ?? DEFAULT_ACTIVITY_PAGE_SIZE;
    const rows = await activities.listActivities(this.db, auth.accountId, {
      // Newest first unless asked otherwise.
      desc: q.sortOrder !== 'ASC',
      offset: (q.page ?? 0) * size,
      limit: size,
    });
    return { activityList: rows.map(toActivityItem) };
  }

  // --- folder pages

  /**
   * One page of a folder: a keyset seek from where the page before it last ended (shared by all instances and kept
   * across changes, so a scroll never repeats or skips an item), else an index-only OFFSET walk from the nearest known end.
   */
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
    const known = page > 0 ? await this.cache.nearest(listing, page) : null;
    const skip = known ? (page - 1 - known.page) * size : page * size;
    const result = await this.folderSlice(accountId, parentId, sortBy, desc, foldersOnly, known?.boundary ?? null, skip, size);
    if (result.previous) await this.cache.remember(accountId, listing, page - 1, result.previous);
    if (result.last) await this.cache.remember(accountId, listing, page, result.last);
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
