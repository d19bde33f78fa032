import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { localDay } from '../../shared/days.js';
import { AppError } from '../../shared/errors.js';
import { validateName } from '../../shared/names.js';
import { toLanguage } from '../../shared/schemas.js';
import * as files from '../files/files.public.js';
import { getById as getAccount } from '../account/account.support.public.js';
import type { AlbumsService } from '../albums/albums.public.js';
import type { MediaService } from '../media/media.public.js';
import { createNotification } from '../notification/notification.public.js';
import type { UploadService } from '../upload/upload.public.js';
import * as repo from './migration.repository.js';
import { attempt, Stale, stableId } from './migration.runs.js';
import { archiveKind, forEachEntry, readSmall } from './takeout.archive.js';
import { takeoutNotice, type TakeoutFailureReason } from './takeout.messages.js';
import { albumTitle, findSidecar, isMediaName, readSidecar, type SidecarFacts } from './takeout.sidecars.js';

const ROOT_FOLDER_NAME = 'Google Photos';
const DEVICE = 'TAKEOUT';
/** A sidecar or metadata.json larger than this is not one. */
const MAX_JSON_BYTES = 1024 * 1024;
const MAX_FAILURES = 1000;

export interface TakeoutDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  logger: FastifyBaseLogger;
  uploads: UploadService;
  changes: files.FileChangesService;
  media: MediaService;
  albums: AlbumsService;
}

export interface TakeoutFailure {
  path: string;
  reason: TakeoutFailureReason;
}

const split = (path: string) => {
  const slash = path.lastIndexOf('/');
  return { dir: slash < 0 ? '' : path.slice(0, slash), name: path.slice(slash + 1) };
};
const lastSegment = (dir: string) => dir.slice(dir.lastIndexOf('/') + 1);
/** What identifies a photo in any Takeout of the account: its name and size (an album folder's copy has both). */
const mediaKey = (name: string, size: number) => `media:${name.normalize('NFC').toLowerCase()}|${size}`;
const albumKey = (title: string) => `album:${title.normalize('NFC').toLowerCase()}`;

/**
 * One run of a Takeout import, as a durable job. Pass one reads the archive's sidecars and album metadata (small JSON
 * only); pass two streams each photo or video into a "Google Photos" folder through the upload path, processes it and
 * then lays the sidecar's date, place, description and favourite over what the file itself said. Albums are made
 * (or filled) at the end. A photo already imported (this run before a restart, or an earlier import) is skipped.
 */
export class TakeoutImport {
  private auth!: AuthContext;
  private folderId = '';
  private readonly failures = new Map<string, TakeoutFailureReason>();
  /** Photos brought in by this run, by key: an album folder's copy joins the album without counting twice. */
  private readonly thisRun = new Set<string>();
  private albumsMade = 0;

  private constructor(
    private readonly d: TakeoutDeps,
    private readonly accountId: string,
    private readonly importId: string,
  ) {}

  static run(d: TakeoutDeps, payload: { accountId: string; importId: string }, lastAttempt: boolean): Promise<void> {
    return attempt(new TakeoutImport(d, payload.accountId, payload.importId), lastAttempt);
  }

  async execute(): Promise<void> {
    const { db } = this.d;
    const row = await repo.getTakeout(db, this.accountId, this.importId);
    if (!row || row.status !== 'RUNNING') return;
    const account = await getAccount(db, this.accountId);
    if (!account || account.status === 'DELETED') return this.finish('FAILED');
    this.auth = { accountId: account.id, sessionId: '', status: account.status === 'READ_ONLY' ? 'READ_ONLY' : 'ACTIVE', projectId: account.project_id };
    for (const f of JSON.parse(row.failures) as TakeoutFailure[]) this.failures.set(f.path, f.reason);
    this.albumsMade = Number(row.albums);
    const archive = await files.getActiveFile(db, this.accountId, row.file_id);
    const kind = archive ? archiveKind(archive.name) : null;
    if (!archive?.blob_key || !kind) return this.finish('FAILED');

    // Pass one: the JSON beside the photos, by folder, and the album folders' titles.
    const sidecars = new Map<string, Map<string, SidecarFacts>>();
    const albumDirs = new Map<string, string>();
    let media = 0;
    await forEachEntry(this.d.blobs, archive.blob_key, kind, async (e) => {
      const { dir, name } = split(e.path);
      if (isMediaName(name)) {
        media++;
        return;
      }
      if (!name.toLowerCase().endsWith('.json') || e.size > MAX_JSON_BYTES) return;
      const bytes = await readSmall(e.stream, MAX_JSON_BYTES);
      let json: unknown;
      try {
        json = bytes ? JSON.parse(bytes.toString('utf8')) : null;
      } catch {
        return;
      }
      if (name === 'metadata.json') {
        const title = albumTitle(lastSegment(dir), json);
        if (title) albumDirs.set(dir, title);
        return;
      }
      let inDir = sidecars.get(dir);
      if (!inDir) sidecars.set(dir, (inDir = new Map()));
      inDir.set(name, readSidecar(json));
    });
    if (Number(row.media_total) < 0) await this.update({ media_total: media });

    await this.prepareFolder();
    // Pass two: the photos and videos, one at a time.
    const members = new Map<string, string[]>();
    let seen = 0;
    await forEachEntry(this.d.blobs, archive.blob_key, kind, async (e) => {
      const { dir, name } = split(e.path);
      if (!isMediaName(name)) return;
      if (++seen % 50 === 0) await this.assertCurrent();
      const fileId = await this.photo(e.path, name, e.size, e.stream, findSidecar(name, sidecars.get(dir) ?? new Map()));
      if (fileId && albumDirs.has(dir)) {
        const list = members.get(dir) ?? [];
        list.push(fileId);
        members.set(dir, list);
      }
    });
    for (const [dir, ids] of members) await this.album(albumDirs.get(dir)!, ids);
    await this.finish('DONE');
  }

  /** The "Google Photos" folder: the one an earlier import made if it is still there, else a new one. */
  private async prepareFolder(): Promise<void> {
    const known = (await repo.getTakeoutItems(this.d.db, this.accountId, ['folder'])).get('folder');
    if (known && (await files.getActiveFolder(this.d.db, this.accountId, known))) {
      this.folderId = known;
      return;
    }
    const id = stableId(this.accountId, this.importId, 'folder');
    if (!(await files.getById(this.d.db, this.accountId, id))) {
      const name = await this.d.db.transaction().execute((trx) => files.freeNameInFolder(trx, this.accountId, files.ROOT, ROOT_FOLDER_NAME, true));
      await this.d.changes.createFolder(this.auth, undefined, encodeURIComponent(name), id);
    }
    this.folderId = id;
    await repo.saveTakeoutItem(this.d.db, this.accountId, 'folder', id, Date.now());
  }

  /** Brings one photo in (or finds it already here); its file id, or null when it failed. */
  private async photo(path: string, name: string, size: number, body: Readable, facts: SidecarFacts | null): Promise<string | null> {
    const key = mediaKey(name, size);
    if (this.thisRun.has(key)) {
      // An album folder's copy of a photo this run already brought in (or found): it joins the album, nothing more.
      await this.count({ done: 1, imported: 0, skipped: 0 });
      return (await repo.getTakeoutItems(this.d.db, this.accountId, [key])).get(key) ?? null;
    }
    const known = (await repo.getTakeoutItems(this.d.db, this.accountId, [key])).get(key);
    if (known && (await files.getActiveFile(this.d.db, this.accountId, known))) {
      this.thisRun.add(key);
      await this.count({ done: 1, imported: 0, skipped: 1 });
      return known;
    }
    const id = stableId(this.accountId, this.importId, key);
    try {
      if (!(await files.getActiveFile(this.d.db, this.accountId, id))) {
        const clean = validateName(name);
        const free = await this.d.db.transaction().execute((trx) => files.freeNameInFolder(trx, this.accountId, this.folderId, clean, false));
        const done = await this.d.uploads.put(this.auth, {
          uuid: id,
          headers: {
            'content-length': String(size),
            'x-object-meta-file-name': encodeURIComponent(free),
            'x-object-meta-parent-uuid': this.folderId,
            'x-meta-strategy': '0',
            'x-object-meta-favourite': facts?.favourite ? 'true' : 'false',
            'x-object-meta-device-type': DEVICE,
            ...(facts?.takenAt ? { 'x-object-meta-taken-at': String(facts.takenAt) } : {}),
          },
          body,
          receivedAt: performance.now(),
        });
        if (!done.done) throw new AppError(400, 'UPLOAD_INCOMPLETE', 'The entry ended early.');
      }
      await this.applyFacts(id, facts);
    } catch (err) {
      const reason = reasonOf(err);
      if (reason === null) throw err;
      await this.fail(path, reason);
      await this.count({ done: 1, imported: 0, skipped: 0 });
      return null;
    }
    await repo.saveTakeoutItem(this.d.db, this.accountId, key, id, Date.now());
    this.thisRun.add(key);
    await this.count({ done: 1, imported: 1, skipped: 0 });
    return id;
  }

  /**
   * The file's own facts first (the media job, run here rather than queued), then the sidecar's over them: Google's
   * date and place are what the person saw in Google Photos, and Takeout often strips them from the file.
   */
  private async applyFacts(id: string, facts: SidecarFacts | null): Promise<void> {
    try {
      await this.d.media.process(id);
    } catch (err) {
      // Left to the queued media job, which retries it; the sidecar's facts below still apply.
      this.d.logger.warn({ err: err instanceof Error ? err.message : String(err), fileId: id }, 'takeout photo not processed inline');
    }
    if (!facts) return;
    const patch: files.MediaFacts = {};
    if (facts.takenAt !== null) {
      patch.taken_at = facts.takenAt;
      patch.taken_day = localDay(facts.takenAt, null);
    }
    if (facts.latitude !== null && facts.longitude !== null) {
      patch.latitude = facts.latitude;
      patch.longitude = facts.longitude;
    }
    if (Object.keys(patch).length > 0) await files.saveMediaFacts(this.d.db, id, patch);
    if (facts.description) await this.d.changes.describe(this.auth, id, facts.description);
  }

  /** An album folder: made with its photos, or (imported before) given the ones it lacks. */
  private async album(title: string, ids: string[]): Promise<void> {
    const key = albumKey(title);
    const known = (await repo.getTakeoutItems(this.d.db, this.accountId, [key])).get(key);
    if (known) {
      try {
        await this.d.albums.addFiles(this.auth, known, ids);
        return;
      } catch (err) {
        // Deleted since: made again below.
        if (!(err instanceof AppError && err.httpStatus === 404)) throw err;
      }
    }
    const album = await this.d.albums.createWithPhotos(this.auth, { label: title, fileIds: ids });
    await repo.saveTakeoutItem(this.d.db, this.accountId, key, album.uuid, Date.now());
    await this.update({ albums: ++this.albumsMade });
  }

  // --- the run's state

  private async count(add: { done: number; imported: number; skipped: number }): Promise<void> {
    await repo.countTakeout(this.d.db, this.accountId, this.importId, add, Date.now());
  }

  private async fail(path: string, reason: TakeoutFailureReason): Promise<void> {
    if (this.failures.size >= MAX_FAILURES && !this.failures.has(path)) return;
    this.failures.set(path, reason);
    await this.update({ failures: JSON.stringify([...this.failures].map(([p, r]) => ({ path: p, reason: r }))), failed: this.failures.size });
  }

  private async update(values: Parameters<typeof repo.updateTakeout>[3]): Promise<void> {
    if (!(await repo.updateTakeout(this.d.db, this.accountId, this.importId, { ...values, updated_at: Date.now() }))) throw new Stale();
  }

  private async assertCurrent(): Promise<void> {
    const row = await repo.getTakeout(this.d.db, this.accountId, this.importId);
    if (!row || row.status !== 'RUNNING') throw new Stale();
  }

  /** Ends the run and tells the subscriber the counts and what failed, in one transaction. */
  async finish(status: 'DONE' | 'FAILED'): Promise<void> {
    const account = await getAccount(this.d.db, this.accountId);
    await this.d.db.transaction().execute(async (trx) => {
      const row = await repo.getTakeout(trx, this.accountId, this.importId);
      if (!row || row.status !== 'RUNNING') return;
      await repo.updateTakeout(trx, this.accountId, this.importId, { status, finished_at: Date.now(), updated_at: Date.now() });
      if (!account) return;
      const failures = JSON.parse(row.failures) as TakeoutFailure[];
      const notice = takeoutNotice(
        toLanguage(account.language),
        status,
        { imported: Number(row.imported), skipped: Number(row.skipped), failed: failures.length, albums: Number(row.albums) },
        failures,
      );
      await createNotification(trx, this.accountId, { type: status === 'DONE' ? 'TAKEOUT_IMPORT_DONE' : 'TAKEOUT_IMPORT_FAILED', language: account.language, ...notice });
    });
  }
}

/** What a photo's failure means: a reason to report, or null (fail the job: the next attempt goes on). */
function reasonOf(err: unknown): TakeoutFailureReason | null {
  if (!(err instanceof AppError)) return null;
  if (err.status === 'QUOTA_EXCEEDED' || err.httpStatus === 413) return 'QUOTA_EXCEEDED';
  if (err.status === 'VALIDATION_ERROR' || err.status === 'INVALID_NAME') return 'NAME_REFUSED';
  if (err.status === 'UPLOAD_INCOMPLETE') return 'UNREADABLE';
  return null;
}
