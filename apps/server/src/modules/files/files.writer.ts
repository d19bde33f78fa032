// Writes to the file and file_activity tables that other modules make inside their own transactions (an upload's
// file row, media facts); the files service uses the same functions, so each rule is written once.
import type { Executor } from '../../infra/db/executor.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { timeOrderedId } from '../../shared/ids.js';
import { freeName } from '../../shared/names.js';
import * as accounts from '../account/account.quota.public.js';
import { indexFiles, unindex } from '../search-index/search-index.public.js';
import { queuePurge } from './files.jobs.js';
import { composeStored, linkStored, shareStored, type StoredContent } from './files.content.js';
import * as activities from './files.activity.repository.js';
import * as repo from './files.repository.js';
import { deleteVersionsOfFiles } from './files.versions.writer.js';
import type { ActivityAction } from './files.schemas.js';
import { FACT_GIVEN, type FileActivityTable, type FileRow, type FileUpdate, type NewFile } from './files.table.js';

type Deleted = { id: string; name: string; is_folder: number; bytes: number; blob_key: string | null; thumb_key: string | null; small_thumb_key: string | null; preview_key: string | null };

/** The one writer of the activity feed: time-ordered ids, so rows recorded in one transaction list in that order. */
export async function recordActivity(
  db: Executor,
  accountId: string,
  items: ReadonlyArray<{ id: string; name: string; is_folder: number }>,
  action: ActivityAction,
): Promise<void> {
  const rows: FileActivityTable[] = items.map((i) => {
    const { id, at } = timeOrderedId();
    return { id, account_id: accountId, file_id: i.id, action, name: i.name, is_folder: i.is_folder, created_at: at };
  });
  await activities.insertActivities(db, rows);
}

/** The name itself when no live item of the folder holds it, else the lowest free "name (n)", within the name limits. */
export const freeNameInFolder = (db: Executor, accountId: string, parentId: string, name: string, isFolder: boolean): Promise<string> =>
  freeName(name, isFolder, async (keys) => (await repo.findByNameKeys(db, accountId, parentId, keys)).map((r) => r.name_key));

export async function insertFile(db: Executor, row: NewFile): Promise<void> {
  await repo.insert(db, row);
  await indexFiles(db, [row]);
}

/** After rows are deleted for good: their bytes go back to the quota and their blobs (with derivatives) are queued for deletion. */
export async function releaseDeleted(db: Executor, jobs: JobQueue, accountId: string, gone: readonly Deleted[]): Promise<void> {
  const bytes = gone.reduce((sum, r) => sum + (r.is_folder === 1 ? 0 : Number(r.bytes)), 0);
  if (bytes > 0) {
    await accounts.freeQuota(db, accountId, bytes);
    // A read-only account (over its quota after a plan ended) is writable again as soon as its files fit (issue 13).
    await accounts.refreshStatus(db, accountId);
  }
  await unindex(db, 'file', gone.map((r) => r.id));
  // Their versions go with them (issue 33), bytes and blobs.
  await deleteVersionsOfFiles(db, jobs, accountId, gone.filter((r) => r.is_folder === 0).map((r) => r.id));
  await queuePurge(
    db,
    jobs,
    gone.flatMap((r) => [r.blob_key, r.thumb_key, r.small_thumb_key, r.preview_key].filter((k): k is string => k !== null)),
  );
}

/** Deletes a live file for good (an upload replacing it) and records it; false when it was already gone or trashed. */
export async function deleteLiveFile(db: Executor, jobs: JobQueue, accountId: string, file: Deleted): Promise<boolean> {
  if (!(await repo.deleteLive(db, accountId, file.id))) return false;
  await releaseDeleted(db, jobs, accountId, [file]);
  await recordActivity(db, accountId, [file], 'DELETED');
  return true;
}

/** The columns the media job learns about a photo or video. */
export type MediaFacts = Pick<
  FileUpdate,
  | 'taken_at'
  | 'taken_day'
  | 'width'
  | 'height'
  | 'duration_ms'
  | 'latitude'
  | 'longitude'
  | 'camera'
  | 'orientation'
  | 'placeholder'
  | 'thumb_key'
  | 'small_thumb_key'
  | 'preview_key'
  | 'media_status'
  | 'media_error'
>;

/**
 * Records what media processing found, except a date or place someone gave (giveMediaFacts): those stay, whenever the
 * media job runs or is retried. The row as saved; null when it is gone (deleted meanwhile).
 */
export async function saveMediaFacts(db: Executor, id: string, values: MediaFacts): Promise<FileRow | null> {
  const before = await repo.getByIdUnscoped(db, id);
  if (!before) return null;
  const given = Number(before.facts_given);
  const patch = { ...values };
  if (given & FACT_GIVEN.date) {
    delete patch.taken_at;
    delete patch.taken_day;
  }
  if (given & FACT_GIVEN.place) {
    delete patch.latitude;
    delete patch.longitude;
  }
  if (!(await repo.updateById(db, id, patch))) return null;
  // The camera and the month of capture are searchable.
  const row = await repo.getByIdUnscoped(db, id);
  if (row) await indexFiles(db, [row]);
  return row ?? null;
}

/** A capture date and place someone gave (a Takeout sidecar): they outrank what the media job reads from the file. */
export async function giveMediaFacts(
  db: Executor,
  id: string,
  facts: { taken?: { at: number; day: number }; place?: { latitude: number; longitude: number } },
): Promise<boolean> {
  const before = await repo.getByIdUnscoped(db, id);
  if (!before) return false;
  let given = Number(before.facts_given);
  const patch: FileUpdate = {};
  if (facts.taken) {
    Object.assign(patch, { taken_at: facts.taken.at, taken_day: facts.taken.day });
    given |= FACT_GIVEN.date;
  }
  if (facts.place) {
    Object.assign(patch, facts.place);
    given |= FACT_GIVEN.place;
  }
  if (Object.keys(patch).length === 0) return true;
  if (!(await repo.updateById(db, id, { ...patch, facts_given: given }))) return false;
  const row = await repo.getByIdUnscoped(db, id);
  if (row) await indexFiles(db, [row]);
  return true;
}

/** A client's own modification time for a file it stored (WebDAV's X-OC-Mtime): sorting by date and sync clients see it. */
export async function setLastModified(db: Executor, accountId: string, id: string, at: number): Promise<void> {
  await repo.updateMany(db, accountId, [id], { last_modified_at: at });
}

/**
 * Issue 35: the key a new file's row names for bytes an upload stored under `own.key`: the same bytes stored before by
 * any account (the upload's own copy is then queued for deletion in the caller's transaction), else its own.
 */
export async function shareUploadedContent(db: Executor, jobs: JobQueue, own: StoredContent, at: number): Promise<string> {
  const { key, redundant } = await shareStored(db, own, at);
  if (redundant) await queuePurge(db, jobs, [redundant]);
  return key;
}

/** Issue 35: a new file names bytes one of the account's files names already; false: they are being released. */
export const linkUploadedContent = (db: Executor, source: StoredContent, at: number): Promise<boolean> => linkStored(db, source, at);

/** Issue 35: a new file composed of ranges of stored blobs (`composeStored`); false: a held part is being released. */
export const composeUploadedContent = (db: Executor, c: Parameters<typeof composeStored>[1], at: number): Promise<boolean> => composeStored(db, c, at);

/** The whole-file SHA-256 of a composed file, computed after it was committed, kept if it still has that content. */
export async function setDeferredHash(db: Executor, fileId: string, blobKey: string, sha256: string): Promise<void> {
  await db.updateTable('file').set({ sha256 }).where('id', '=', fileId).where('blob_key', '=', blobKey).where('sha256', 'is', null).execute();
}
