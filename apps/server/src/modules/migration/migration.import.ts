import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { AppError } from '../../shared/errors.js';
import { validateName } from '../../shared/names.js';
import { toLanguage } from '../../shared/schemas.js';
import * as files from '../files/files.public.js';
import { getById as getAccount } from '../account/account.support.public.js';
import { createNotification } from '../notification/notification.public.js';
import type { UploadService } from '../upload/upload.public.js';
import { ContentHashMismatch, verifyingContentHash } from './dropbox-content-hash.js';
import { DropboxError, type DropboxClient, type FileMetadata, type FolderMetadata, type ListFolderResult } from './dropbox-client.js';
import { importNotice, type FailureReason } from './migration.messages.js';
import * as repo from './migration.repository.js';
import { attempt, Stale, stableId } from './migration.runs.js';
import { contentKey, type Failure, type MigrationService } from './migration.service.js';
import type { DropboxImportRow, DropboxItemRow } from './migration.table.js';

/** Files streamed at once: enough to hide Dropbox's per-call latency, few enough to leave the machine to others. */
const PARALLEL_FILES = 3;
const PAGE_LIMIT = 500;
const ROOT_FOLDER_NAME = 'Dropbox';
/** Failures kept by path for the status and the notification. */
const MAX_FAILURES = 1000;
const DEVICE = 'DROPBOX';

export interface ImportDeps {
  db: Kysely<DB>;
  logger: FastifyBaseLogger;
  uploads: UploadService;
  changes: files.FileChangesService;
  migration: MigrationService;
}

const parentPath = (p: string) => p.slice(0, p.lastIndexOf('/'));

/** A cut connection or a stalled one (the client's idle timeout): worth another try of the same file. */
function transient(err: unknown): boolean {
  if (err instanceof AppError) return err.status === 'UPLOAD_INCOMPLETE';
  const name = (err as { name?: unknown } | null)?.name;
  return err instanceof TypeError || name === 'AbortError' || name === 'TimeoutError';
}

/**
 * One run of an account's import, as a durable job. It walks the Dropbox tree page by page with `list_folder`
 * cursors and saves the cursor after each page is wholly imported; a killed run starts again at that page, where every
 * file already brought in is found in `dropbox_item` (by path and content) and skipped, and the file that was
 * streaming when it died is the same upload again (stable id), so nothing is imported twice and nothing is lost.
 */
export class DropboxImport {
  private readonly items = new Map<string, DropboxItemRow>();
  private readonly failures = new Map<string, FailureReason>();
  private rootId = '';
  private auth!: AuthContext;
  private client!: DropboxClient;

  constructor(
    private readonly d: ImportDeps,
    private readonly accountId: string,
    private readonly runId: string,
  ) {}

  static run(d: ImportDeps, payload: { accountId: string; runId: string }, lastAttempt: boolean): Promise<void> {
    return attempt(new DropboxImport(d, payload.accountId, payload.runId), lastAttempt);
  }

  async execute(): Promise<void> {
    const run = await repo.getImport(this.d.db, this.accountId);
    if (!run || run.run_id !== this.runId || run.status !== 'RUNNING') return;
    const conn = await repo.getConnection(this.d.db, this.accountId);
    const account = await getAccount(this.d.db, this.accountId);
    if (!conn?.connected_at || !account || account.status === 'DELETED') return this.finish('FAILED');
    this.auth = { accountId: account.id, sessionId: '', status: account.status === 'READ_ONLY' ? 'READ_ONLY' : 'ACTIVE', projectId: account.project_id };
    this.client = this.d.migration.client(conn);
    for (const f of JSON.parse(run.failures) as Failure[]) this.failures.set(f.path, f.reason);

    await this.update({ resumed_at: Date.now(), bytes_at_resume: Number(run.bytes_done) });
    await this.prepareRoot(run);
    try {
      if (Number(run.files_total) < 0) {
        // Totals for the progress bar: one walk of the listing before any file (cheap: metadata only; redone after a kill).
        const total = await this.d.migration.countToImport(this.accountId, this.client);
        await this.update({ files_total: total.files, bytes_total: total.bytes });
      }
      await this.walk(run.cursor);
    } catch (err) {
      // A token Dropbox no longer accepts (revoked in Dropbox's settings) will not come back by retrying.
      if (err instanceof DropboxError && (err.httpStatus === 401 || err.is('invalid_grant'))) return this.finish('FAILED');
      throw err;
    }
    await this.finish('DONE');
  }

  /** The folder the tree goes into: last run's if it is still there, else a new "Dropbox" (numbered if the name is taken). */
  private async prepareRoot(run: DropboxImportRow): Promise<void> {
    if (run.folder_id && (await files.getActiveFolder(this.d.db, this.accountId, run.folder_id))) {
      this.rootId = run.folder_id;
      for (const item of await repo.listItems(this.d.db, this.accountId)) this.items.set(item.path_lower, item);
      return;
    }
    // Whatever an earlier run brought in is gone with its folder.
    await repo.deleteItems(this.d.db, this.accountId);
    const id = stableId(this.accountId, this.runId, 'root');
    const existing = await files.getById(this.d.db, this.accountId, id);
    if (!existing) {
      const name = await this.d.db.transaction().execute((trx) => files.freeNameInFolder(trx, this.accountId, files.ROOT, ROOT_FOLDER_NAME, true));
      await this.d.changes.createFolder(this.auth, undefined, encodeURIComponent(name), id);
    }
    this.rootId = id;
    await this.update({ folder_id: id });
  }

  private async walk(cursor: string | null): Promise<void> {
    let page = cursor
      ? await this.client.rpc<ListFolderResult>('files/list_folder/continue', { cursor })
      : await this.client.rpc<ListFolderResult>('files/list_folder', { path: '', recursive: true, limit: PAGE_LIMIT });
    for (;;) {
      await this.assertCurrent();
      // Folders first, in listing order (a parent before its children), then the page's files a few at a time.
      for (const e of page.entries) if (e['.tag'] === 'folder') await this.folder(e);
      const queue = page.entries.filter((e): e is FileMetadata => e['.tag'] === 'file');
      // Every worker stops before the job fails: none goes on writing after it (a retry would meet it mid-upload).
      let failed: unknown = null;
      const outcomes = await Promise.allSettled(
        Array.from({ length: PARALLEL_FILES }, async () => {
          for (let e = queue.shift(); e && failed === null; e = queue.shift()) await this.file(e).catch((err: unknown) => Promise.reject((failed ??= err)));
        }),
      );
      const rejected = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (rejected) throw failed ?? rejected.reason;
      await this.update({ cursor: page.cursor });
      if (!page.has_more) return;
      page = await this.client.rpc<ListFolderResult>('files/list_folder/continue', { cursor: page.cursor });
    }
  }

  // --- folders

  private readonly folderIds = new Map<string, Promise<string | null>>();

  /** Our folder for a Dropbox folder path (display case), made with its ancestors; null when a name is refused. */
  private folderFor(pathDisplay: string): Promise<string | null> {
    if (pathDisplay === '') return Promise.resolve(this.rootId);
    const key = pathDisplay.toLowerCase();
    let found = this.folderIds.get(key);
    if (!found) {
      found = this.makeFolder(pathDisplay, key);
      this.folderIds.set(key, found);
    }
    return found;
  }

  private async makeFolder(pathDisplay: string, key: string): Promise<string | null> {
    const parentId = await this.folderFor(parentPath(pathDisplay));
    if (parentId === null) return null;
    const known = this.items.get(key);
    if (known?.kind === 'folder' && (await files.getActiveFolder(this.d.db, this.accountId, known.file_id))) return known.file_id;
    let name: string;
    try {
      name = validateName(pathDisplay.slice(pathDisplay.lastIndexOf('/') + 1));
    } catch {
      await this.fail(pathDisplay, 'NAME_REFUSED');
      return null;
    }
    // A folder of an earlier run that is gone (trashed) keeps its id: this one needs another.
    const id = known ? stableId(this.accountId, this.rootId, key, this.runId) : stableId(this.accountId, this.rootId, key);
    let folderId = id;
    try {
      await this.d.changes.createFolder(this.auth, parentId, encodeURIComponent(name), id);
    } catch (err) {
      if (!(err instanceof AppError && err.status === 'NAME_ALREADY_EXISTS')) throw err;
      // A folder of that name is already there (made by hand, or by an earlier run): the files go into it.
      const clash = await files.getLiveByNameKey(this.d.db, this.accountId, parentId, name.normalize('NFC').toLowerCase());
      if (clash?.is_folder === 1) folderId = clash.id;
      else {
        const free = await this.d.db.transaction().execute((trx) => files.freeNameInFolder(trx, this.accountId, parentId, name, true));
        await this.d.changes.createFolder(this.auth, parentId, encodeURIComponent(free), id);
      }
    }
    const item = { account_id: this.accountId, path_lower: key, kind: 'folder' as const, file_id: folderId, content_key: null, bytes: 0, run_id: this.runId, imported_at: Date.now() };
    await repo.saveItem(this.d.db, item);
    this.items.set(key, item);
    return folderId;
  }

  private async folder(e: FolderMetadata): Promise<void> {
    await this.folderFor(e.path_display);
  }

  // --- files

  private async file(e: FileMetadata): Promise<void> {
    await this.assertCurrent();
    const key = contentKey(e);
    const known = this.items.get(e.path_lower);
    if (known?.kind === 'file' && known.content_key === key) {
      // Brought in by this run before a restart (already counted), or by an earlier run with the same content.
      if (known.run_id !== this.runId) await this.count({ files: 0, bytes: 0, unchanged: 1 }, known);
      return;
    }
    const parentId = await this.folderFor(parentPath(e.path_display));
    if (parentId === null) return this.fail(e.path_display, 'NAME_REFUSED');
    const exported = e.is_downloadable === false;
    const format = exported ? (e.export_info?.export_options?.includes('docx') ? 'docx' : (e.export_info?.export_as ?? 'html')) : null;
    let name: string;
    try {
      name = validateName(format ? e.name.replace(/\.[^.]*$/, '') + `.${format}` : e.name);
    } catch {
      return this.fail(e.path_display, 'NAME_REFUSED');
    }
    if (exported && !e.export_info) return this.fail(e.path_display, 'NOT_DOWNLOADABLE');
    const id = stableId(this.accountId, this.rootId, e.path_lower, key);

    for (let attempt = 1; ; attempt++) {
      let source: Readable | null = null;
      try {
        const got = exported
          ? await this.client.download<unknown>('files/export', { path: e.id, export_format: format })
          : await this.client.download<unknown>('files/download', { path: e.id });
        source = got.body;
        // Downloads are checked against Dropbox's content_hash as they stream; an export has no hash of its bytes.
        const body: Readable = !exported && e.content_hash ? got.body.pipe(verifyingContentHash(e.content_hash)) : got.body;
        if (body !== got.body) got.body.once('error', (err) => body.destroy(err));
        const size = await this.store(id, name, parentId, !!known, body, got.length);
        if (e.client_modified) await files.setLastModified(this.d.db, this.accountId, id, Date.parse(e.client_modified));
        await this.count({ files: 1, bytes: size, unchanged: 0 }, { path_lower: e.path_lower, file_id: id, content_key: key, bytes: size });
        return;
      } catch (err) {
        // Refused before its bytes were read (quota): the download's connection is closed, not left open.
        source?.destroy();
        const reason = this.reasonOf(err);
        if (reason === 'RETRY_OR_MISMATCH' && attempt < 2) continue;
        // A connection cut mid-file is tried again at once a few times before the job's own retry.
        if (reason === null && transient(err) && attempt < 3) continue;
        if (reason === null) throw err;
        if (reason === 'RETRY_OR_MISMATCH') return this.fail(e.path_display, 'CONTENT_MISMATCH');
        if (reason === 'DONE') {
          // Committed before a crash kept us from recording it: the file is there, its bytes those we hashed then.
          const row = await files.getById(this.d.db, this.accountId, id);
          return this.count({ files: 1, bytes: Number(row?.bytes ?? 0), unchanged: 0 }, { path_lower: e.path_lower, file_id: id, content_key: key, bytes: Number(row?.bytes ?? 0) });
        }
        return this.fail(e.path_display, reason);
      }
    }
  }

  /** Streams the bytes through the upload path (quota reserved, names rule, photos processed); returns the size. */
  private async store(id: string, name: string, parentId: string, replace: boolean, body: Readable, length: number | null): Promise<number> {
    const input: Parameters<UploadService['put']>[1] = {
      uuid: id,
      headers: {
        ...(length === null ? {} : { 'content-length': String(length) }),
        'x-object-meta-file-name': encodeURIComponent(name),
        'x-object-meta-parent-uuid': parentId,
        // A changed file replaces the one an earlier run brought in (same folder, same name).
        'x-meta-strategy': replace ? '1' : '0',
        'x-object-meta-device-type': DEVICE,
      },
      body,
      receivedAt: performance.now(),
    };
    const done = length === null ? await this.d.uploads.putUnsized(this.auth, input) : await this.d.uploads.put(this.auth, input);
    if (!done.done) throw new Error('upload did not complete');
    return done.item.bytes;
  }

  /** What a failure means for the file: a reason to record, DONE (already imported), RETRY once, or null (fail the job). */
  private reasonOf(err: unknown): FailureReason | 'DONE' | 'RETRY_OR_MISMATCH' | null {
    if (err instanceof DropboxError) {
      if (err.is('path/not_found') || err.is('path_lookup/not_found')) return 'DELETED';
      if (err.is('unsupported_file') || err.is('non_exportable')) return 'NOT_DOWNLOADABLE';
      return null;
    }
    // Bytes that do not hash to Dropbox's content_hash: fetched once more, then recorded as failed.
    if (err instanceof ContentHashMismatch) return 'RETRY_OR_MISMATCH';
    if (err instanceof AppError) {
      if (err.status === 'UPLOAD_COMPLETE') return 'DONE';
      if (err.status === 'QUOTA_EXCEEDED') return 'QUOTA_EXCEEDED';
      if (err.status === 'VALIDATION_ERROR') return 'NAME_REFUSED';
      if (err.status === 'ACCOUNT_READ_ONLY') return 'QUOTA_EXCEEDED';
    }
    return null;
  }

  // --- the run's state

  private async count(add: { files: number; bytes: number; unchanged: number }, item: Pick<DropboxItemRow, 'path_lower' | 'file_id' | 'content_key' | 'bytes'>): Promise<void> {
    const row = {
      account_id: this.accountId,
      path_lower: item.path_lower,
      kind: 'file' as const,
      file_id: item.file_id,
      content_key: item.content_key,
      bytes: Number(item.bytes),
      // Now this run's: a restart of it finds the file counted.
      run_id: this.runId,
      imported_at: Date.now(),
    };
    await this.d.db.transaction().execute(async (trx) => {
      await repo.saveItem(trx, row);
      await repo.countImported(trx, this.accountId, this.runId, add, Date.now());
    });
    this.items.set(item.path_lower, row);
  }

  private failing: Promise<unknown> = Promise.resolve();

  private fail(path: string, reason: FailureReason): Promise<void> {
    const next = this.failing.then(async () => {
      if (this.failures.size >= MAX_FAILURES && !this.failures.has(path)) return;
      this.failures.set(path, reason);
      await this.update({ failures: this.failuresJson(), files_failed: this.failures.size });
    });
    this.failing = next.catch(() => {});
    return next;
  }

  private failuresJson(): string {
    return JSON.stringify([...this.failures].map(([path, reason]) => ({ path, reason })));
  }

  private async update(values: Parameters<typeof repo.updateImport>[3]): Promise<void> {
    if (!(await repo.updateImport(this.d.db, this.accountId, this.runId, { ...values, updated_at: Date.now() }))) throw new Stale();
  }

  /** Stops when the run was cancelled (disconnect) or replaced. */
  private async assertCurrent(): Promise<void> {
    const run = await repo.getImport(this.d.db, this.accountId);
    if (!run || run.run_id !== this.runId || run.status !== 'RUNNING') throw new Stale();
  }

  /** Ends the run and tells the subscriber, in one transaction. */
  async finish(status: 'DONE' | 'FAILED'): Promise<void> {
    await this.failing;
    const account = await getAccount(this.d.db, this.accountId);
    await this.d.db.transaction().execute(async (trx) => {
      const run = await repo.getImport(trx, this.accountId);
      if (!run || run.run_id !== this.runId || run.status !== 'RUNNING') return;
      await repo.updateImport(trx, this.accountId, this.runId, { status, finished_at: Date.now(), updated_at: Date.now() });
      if (!account) return;
      const failures = JSON.parse(run.failures) as Failure[];
      const notice = importNotice(
        toLanguage(account.language),
        { imported: Number(run.files_done), unchanged: Number(run.files_unchanged), failed: failures.length },
        failures,
      );
      await createNotification(trx, this.accountId, { type: status === 'DONE' ? 'DROPBOX_IMPORT_DONE' : 'DROPBOX_IMPORT_FAILED', language: account.language, ...notice });
    });
  }
}
