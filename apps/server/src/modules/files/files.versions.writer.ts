// Writes of version history (issue 33) that run inside other transactions: an upload replacing a file, an editor's
// save (office), deleting files for good, the retention rule. A version keeps the blob the content was written to; no
// bytes are copied, so a version costs exactly the bytes its content already took, and quota moves with the rows.
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { days } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import * as accounts from '../account/account.quota.public.js';
import { unindex } from '../search-index/search-index.public.js';
import { queuePurge } from './files.jobs.js';
import * as repo from './files.repository.js';
import * as versions from './files.versions.repository.js';
import type { FileRow } from './files.table.js';

/** Retention (recorded in docs/decisions.md): every version for 30 days, then the newest of each UTC day, at most 50. */
export const KEEP_ALL_MS = days(30);
export const MAX_VERSIONS = 50;

/** What a file's content is: a blob (never shared with another live row or version) and its facts. */
export interface FileContent {
  blobKey: string;
  bytes: number;
  sha256: string | null;
  contentType: string;
}

type ContentOf = Pick<FileRow, 'id' | 'account_id' | 'blob_key' | 'bytes' | 'content_type' | 'sha256' | 'content_saved_by' | 'content_saved_at' | 'created_at'>;

/** Who saved content for `acting` (the owner's identity when an editor of a share acts): null means the owner. */
export async function saverOf(db: Executor, auth: { accountId: string; sessionId: string }): Promise<string | null> {
  const caller = await versions.sessionAccount(db, auth.sessionId);
  return caller && caller !== auth.accountId ? caller : null;
}

/**
 * Records a file's current content as a version of `fileId` (its own id unless the content moves to a new row). Empty
 * content is not kept (WebDAV clients write a 0-byte placeholder before every real PUT): its blob is queued for deletion.
 */
export async function keepVersion(db: Executor, jobs: JobQueue, file: ContentOf, at: number, fileId = file.id): Promise<void> {
  if (!file.blob_key) return;
  if (Number(file.bytes) === 0) {
    await queuePurge(db, jobs, [file.blob_key]);
    return;
  }
  await versions.insert(db, {
    id: newId(),
    file_id: fileId,
    account_id: file.account_id,
    blob_key: file.blob_key,
    bytes: Number(file.bytes),
    content_type: file.content_type,
    sha256: file.sha256,
    saved_by: file.content_saved_by,
    saved_at: Number(file.content_saved_at ?? file.created_at),
    created_at: at,
  });
}

/**
 * An upload with strategy "replace" over a live file: the old row goes (as before issue 33 the new content is a new
 * row with the upload's id), its content becomes a version of the new row and its history follows. Its bytes stay
 * charged (now as a version); thumbnails are queued for deletion. False when the file was already gone.
 */
export async function replaceByUpload(db: Executor, jobs: JobQueue, old: FileRow, newFileId: string, at: number): Promise<boolean> {
  if (!(await repo.deleteLive(db, old.account_id, old.id))) return false;
  await keepVersion(db, jobs, old, at, newFileId);
  await versions.moveToFile(db, old.account_id, old.id, newFileId);
  await unindex(db, 'file', [old.id]);
  await queuePurge(db, jobs, derivatives(old));
  return true;
}

/**
 * An editor's save (for the office module): the file's current content becomes a version and the file, keeping its
 * id, names the new content. The new bytes are charged here (QuotaExceeded when they do not fit); the blob must be
 * new (a key no row names). Thumbnails of the old content are queued for deletion. Returns the updated row.
 */
export async function replaceContent(
  db: Executor,
  jobs: JobQueue,
  file: FileRow,
  content: FileContent,
  savedBy: string | null,
  at: number,
): Promise<FileRow | null> {
  // Only over the content the caller read (the row stays locked to the end of the transaction on PostgreSQL): two saves
  // racing must not both keep the same old bytes as a version. Null: the file changed or went meanwhile.
  if (file.blob_key === null || file.blob_key === content.blobKey) return null;
  const claimed = await repo.swapContent(db, file.account_id, file.id, file.blob_key, {
    blob_key: file.blob_key,
    bytes: file.bytes,
    sha256: file.sha256,
    last_modified_at: file.last_modified_at,
  });
  if (!claimed) return null;
  if (!(await accounts.reserveQuota(db, file.account_id, content.bytes))) throw accounts.QuotaExceeded();
  await accounts.commitQuota(db, file.account_id, content.bytes, content.bytes);
  await keepVersion(db, jobs, file, at);
  return setContent(db, jobs, file, content, savedBy, at);
}

/** Points a file at other content, clearing what was derived from the old one (photos are processed again). */
export async function setContent(
  db: Executor,
  jobs: JobQueue,
  file: FileRow,
  content: FileContent,
  savedBy: string | null,
  at: number,
  mediaJob?: string,
): Promise<FileRow> {
  const patch = {
    blob_key: content.blobKey,
    bytes: content.bytes,
    sha256: content.sha256,
    content_type: content.contentType,
    last_modified_at: at,
    content_saved_by: savedBy,
    content_saved_at: at,
    thumb_key: null,
    small_thumb_key: null,
    preview_key: null,
    placeholder: null,
    media_status: file.media_kind !== null && mediaJob ? ('PENDING' as const) : file.media_status,
  };
  await repo.updateMany(db, file.account_id, [file.id], patch);
  await queuePurge(db, jobs, derivatives(file));
  if (patch.media_status === 'PENDING' && mediaJob) await jobs.enqueue(db, mediaJob, { fileId: file.id }, { fairKey: file.account_id });
  return { ...file, ...patch };
}

/** Versions gone for good: their bytes go back to the quota and their blobs are queued for deletion. */
export async function releaseVersions(db: Executor, jobs: JobQueue, accountId: string, gone: ReadonlyArray<{ blob_key: string; bytes: number }>): Promise<void> {
  if (gone.length === 0) return;
  const bytes = gone.reduce((sum, v) => sum + Number(v.bytes), 0);
  if (bytes > 0) {
    await accounts.freeQuota(db, accountId, bytes);
    await accounts.refreshStatus(db, accountId);
  }
  await queuePurge(db, jobs, gone.map((v) => v.blob_key));
}

/** Files deleted for good take their versions with them. */
export async function deleteVersionsOfFiles(db: Executor, jobs: JobQueue, accountId: string, fileIds: readonly string[]): Promise<void> {
  await releaseVersions(db, jobs, accountId, await versions.deleteOfFiles(db, accountId, fileIds));
}

/**
 * The retention rule at `now` (the scheduled job passes the clock; tests pass their own): per file, versions younger
 * than 30 days stay; older ones keep the newest of each UTC day; then only the newest 50. Returns how many went.
 */
export async function pruneVersions(db: Kysely<DB>, jobs: JobQueue, now: number): Promise<number> {
  const before = now - KEEP_ALL_MS;
  let after = '';
  let removed = 0;
  for (;;) {
    const page = await versions.filesToPrune(db, before, MAX_VERSIONS, after, 200);
    if (page.length === 0) break;
    for (const { file_id: fileId, account_id: accountId } of page) {
      const all = await versions.allOfFile(db, fileId);
      const seenDays = new Set<string>();
      const kept: string[] = [];
      const drop: string[] = [];
      for (const v of all) {
        const at = Number(v.created_at);
        const day = new Date(at).toISOString().slice(0, 10);
        const keep = (at >= before || !seenDays.has(day)) && kept.length < MAX_VERSIONS;
        if (at < before) seenDays.add(day);
        (keep ? kept : drop).push(v.id);
      }
      if (drop.length === 0) continue;
      await db.transaction().execute(async (trx) => {
        const gone = await versions.deleteByIds(trx, accountId, drop);
        await releaseVersions(trx, jobs, accountId, gone);
        removed += gone.length;
      });
    }
    after = page.at(-1)!.file_id;
  }
  return removed;
}

const derivatives = (f: Pick<FileRow, 'thumb_key' | 'small_thumb_key' | 'preview_key'>) =>
  [f.thumb_key, f.small_thumb_key, f.preview_key].filter((k): k is string => k !== null);
