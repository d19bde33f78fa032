import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { isUniqueViolation } from '../../infra/db/dialect.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { Executor } from '../../infra/db/executor.js';
import { assertWritable } from '../../shared/access.js';
import { actingFor } from '../../shared/access/acting-account.js';
import { AppError, Conflict, ValidationError } from '../../shared/errors.js';
import { nameKey, validateName } from '../../shared/names.js';
import { FileNotFound, requireFolder, requireLive, type FileAuth as Auth } from './files.guards.js';
import * as repo from './files.repository.js';
import type { FilesServiceDeps } from './files.service.js';
import * as trashRepo from './files.trash.repository.js';
import { freeNameInFolder, recordActivity, releaseDeleted } from './files.writer.js';
import { indexFiles } from '../search-index/search-index.public.js';
import { FOLDER_CONTENT_TYPE, toFileItem, type DerivativeLinks, type FileItemDto } from './files.schemas.js';
import { ROOT, type FileRow } from './files.table.js';

const NameClash = (field?: string) => Conflict('NAME_ALREADY_EXISTS', 'An item with this name already exists here.', field);
const InvalidMove = () => new AppError(400, 'INVALID_MOVE', 'A folder cannot be moved into itself or one of its subfolders.');

/** The write side of the files module: create, rename, move, trash, recover, delete. */
export class FileChangesService {
  private readonly db: Kysely<DB>;
  private readonly jobs: JobQueue;
  private readonly links: DerivativeLinks | null;

  constructor(deps: FilesServiceDeps) {
    this.db = deps.db;
    this.links = deps.links ?? null;
    this.jobs = deps.jobs;
  }

  // --- single-item changes

  async createFolder(caller: Auth, parentFolderUuid: string | undefined, encodedName: string, folderUuid: string): Promise<FileItemDto> {
    assertWritable(caller);
    // In a folder shared with an editor, the new folder is the folder owner's.
    const auth = await actingFor(this.db, caller, parentFolderUuid);
    const name = validateName(decodeHeader(encodedName, 'Folder-Name'), 'Folder-Name');
    const parentId = parentFolderUuid ?? ROOT;
    const existing = await this.existingFolder(auth, folderUuid);
    if (existing) return toFileItem(existing, auth.projectId, this.links);
    const at = Date.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        await requireFolder(trx, auth.accountId, parentId);
        if ((await repo.findByNameKeys(trx, auth.accountId, parentId, [nameKey(name)])).length > 0) throw NameClash('Folder-Name');
        const folder = {
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
        } as const;
        await repo.insert(trx, folder);
        await indexFiles(trx, [{ ...folder, description: null }]);
        await recordActivity(trx, auth.accountId, [{ id: folderUuid, name, is_folder: 1 }], 'CREATED_FOLDER');
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A concurrent request with the same uuid won the race: answer like the retry it is. Otherwise the name was taken.
      const raced = await this.existingFolder(auth, folderUuid);
      if (raced) return toFileItem(raced, auth.projectId, this.links);
      throw NameClash('Folder-Name');
    }
    return toFileItem((await repo.getById(this.db, auth.accountId, folderUuid))!, auth.projectId, this.links);
  }

  async rename(caller: Auth, uuid: string, encodedName: string): Promise<FileItemDto> {
    assertWritable(caller);
    const auth = await actingFor(this.db, caller, uuid);
    const name = validateName(decodeHeader(encodedName, 'New-Name'), 'New-Name');
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const item = await requireLive(trx, auth.accountId, uuid);
        if (item.name === name) return item;
        const clash = await repo.findByNameKeys(trx, auth.accountId, item.parent_id, [nameKey(name)]);
        if (clash.some((c) => c.id !== item.id)) throw NameClash('New-Name');
        const patch = { name, name_key: nameKey(name), last_modified_at: Date.now() };
        await repo.updateMany(trx, auth.accountId, [item.id], patch);
        await indexFiles(trx, [{ ...item, ...patch }]);
        await recordActivity(trx, auth.accountId, [{ ...item, name }], 'RENAMED');
        return { ...item, ...patch };
      });
      return toFileItem(row, auth.projectId, this.links);
    } catch (err) {
      if (isUniqueViolation(err)) throw NameClash('New-Name');
      throw err;
    }
  }

  async describe(auth: Auth, uuid: string, value: string): Promise<FileItemDto> {
    const description = value.trim() === '' ? null : value;
    const row = await this.db.transaction().execute(async (trx) => {
      const item = await requireLive(trx, auth.accountId, uuid);
      if (item.description === description) return item;
      await repo.updateMany(trx, auth.accountId, [item.id], { description });
      await indexFiles(trx, [{ ...item, description }]);
      await recordActivity(trx, auth.accountId, [item], 'DESCRIBED');
      return { ...item, description };
    });
    return toFileItem(row, auth.projectId, this.links);
  }

  // --- bulk changes: one transaction each; any unknown uuid → 404 and nothing changes

  async setFavourite(auth: Auth, uuids: string[], favourite: boolean): Promise<{ fileList: FileItemDto[] }> {
    const flag = favourite ? 1 : 0;
    return this.bulk(auth, uuids, async (trx, items) => {
      const changed = items.filter((i) => i.favourite !== flag);
      await repo.updateMany(trx, auth.accountId, ids(changed), { favourite: flag });
      await recordActivity(trx, auth.accountId, changed, favourite ? 'FAVOURITED' : 'UNFAVOURITED');
      return items.map((i) => ({ ...i, favourite: flag }));
    });
  }

  async setHidden(auth: Auth, uuids: string[], hidden: boolean): Promise<{ fileList: FileItemDto[] }> {
    const flag = hidden ? 1 : 0;
    return this.bulk(auth, uuids, async (trx, items) => {
      const changed = items.filter((i) => i.hidden !== flag);
      await repo.updateMany(trx, auth.accountId, ids(changed), { hidden: flag });
      await recordActivity(trx, auth.accountId, changed, hidden ? 'HIDDEN' : 'UNHIDDEN');
      return items.map((i) => ({ ...i, hidden: flag }));
    });
  }

  async move(auth: Auth, uuids: string[], targetFolderUuid: string | undefined): Promise<{ fileList: FileItemDto[] }> {
    assertWritable(auth);
    const target = targetFolderUuid ?? ROOT;
    try {
      return await this.bulk(auth, uuids, async (trx, items) => {
        await requireFolder(trx, auth.accountId, target);
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
        await recordActivity(trx, auth.accountId, moving, 'MOVED');
        return items.map((i) => ({ ...i, parent_id: target }));
      });
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
          await trashRepo.trashSubtree(trx, auth.accountId, item.id, at);
          await recordActivity(trx, auth.accountId, [item], 'TRASHED');
          trashed.push({ ...item, status: 'TRASHED', trash_root_id: item.id, trashed_at: at });
        }
        return trashed;
      },
      true,
    );
  }

  async trashByProject(auth: Auth, items: Array<{ projectId: string; uuid: string }>): Promise<{ fileList: FileItemDto[] }> {
    if (items.some((i) => i.projectId !== auth.projectId)) throw FileNotFound();
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
      async (trx, items) => {
        if (items.some((i) => i.status === 'TRASHED' && i.trash_root_id !== i.id)) throw FileNotFound();
        const out: FileRow[] = [];
        for (const item of items) {
          if (item.status === 'ACTIVE') {
            out.push(item);
            continue;
          }
          const home = item.parent_id === ROOT ? null : await repo.getById(trx, auth.accountId, item.parent_id);
          const parentId = home && home.status === 'ACTIVE' && home.is_folder === 1 ? home.id : ROOT;
          const name = await freeNameInFolder(trx, auth.accountId, parentId, item.name, item.is_folder === 1);
          const patch = {
            parent_id: parentId,
            name,
            name_key: nameKey(name),
            status: 'ACTIVE' as const,
            trash_root_id: null,
            trashed_at: null,
          };
          await repo.updateMany(trx, auth.accountId, [item.id], patch);
          await indexFiles(trx, [{ ...item, ...patch }]);
          await trashRepo.restoreTrashedWith(trx, auth.accountId, item.id);
          await recordActivity(trx, auth.accountId, [{ ...item, name }], 'RECOVERED');
          out.push({ ...item, ...patch });
        }
        return out;
      },
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
      const gone = await trashRepo.deleteTrashed(trx, auth.accountId, unique);
      return { deleted: await this.afterDelete(trx, auth.accountId, gone) };
    });
  }

  async emptyTrash(auth: Auth): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trashRepo.deleteAllTrashed(trx, auth.accountId);
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
      small_thumb_key: string | null;
      preview_key: string | null;
    }>,
  ): Promise<number> {
    await releaseDeleted(trx, this.jobs, accountId, gone);
    const roots = gone.filter((r) => r.trash_root_id === r.id);
    await recordActivity(trx, accountId, roots, 'DELETED');
    return roots.length;
  }

  /**
   * Loads every named item of the account in one transaction (404 if any is missing), runs `change` and maps the
   * result. Only live items unless `includeTrashed`.
   */
  private async bulk(
    auth: Auth,
    uuids: string[],
    change: (trx: Executor, items: FileRow[]) => Promise<FileRow[]>,
    includeTrashed = false,
  ): Promise<{ fileList: FileItemDto[] }> {
    const unique = [...new Set(uuids)];
    const rows = await this.db.transaction().execute(async (trx) => {
      const found = await repo.getInOrder(trx, auth.accountId, unique);
      if (found.length !== unique.length || (!includeTrashed && found.some((i) => i.status !== 'ACTIVE'))) {
        throw FileNotFound();
      }
      return change(trx, found);
    });
    return { fileList: rows.map((r) => toFileItem(r, auth.projectId, this.links)) };
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
}

const ids = (rows: ReadonlyArray<{ id: string }>) => rows.map((r) => r.id);

function decodeHeader(raw: string, field: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ValidationError(`${field} must be URL-encoded UTF-8.`, field);
  }
}
