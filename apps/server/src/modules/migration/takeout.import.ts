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
import { archiveKind, forEachEntry, readSmall, type ArchiveEntry } from './takeout.archive.js';
import { takeoutNotice, type TakeoutFailureReason } from './takeout.messages.js';
import { albumTitle, findSidecar, isMediaName, readSidecar, sidecarCandidates, type SidecarFacts } from './takeout.sidecars.js';

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

/** A photo brought in whose sidecar has not been seen yet (a tarball is read once, and its JSON may come later). */
interface Unsettled {
  key: string;
  id: string;
  path: string;
  dir: string;
  name: string;
}

/**
 * One run of a Takeout import, as a durable job. Each photo or video streams into a "Google Photos" folder through the
 * upload path; the sidecar's date, place, description and favourite are given to it (they outrank what the file itself
 * says: Google's facts are what the person saw, and Takeout often strips them from the file), then it is processed.
 * A zip's sidecars are read first through its directory (ranged reads of small JSON only); a tarball is one stream,
 * read once: a photo whose sidecar comes later waits for it, unprocessed, or for the end of the archive. Albums are
 * made (or filled) at the end. A photo already imported (this run before a restart, or an earlier import) is skipped.
 */
export class TakeoutImport {
  private auth!: AuthContext;
  private folderId = '';
  private readonly failures = new Map<string, TakeoutFailureReason>();
  /** Photos brought in (or found) by this run, key → file id: an album folder's copy joins the album, not counted twice. */
  private readonly thisRun = new Map<string, string>();
  /** Photos waiting for their sidecar, by folder and by each sidecar name that could be theirs. */
  private readonly unsettled = new Map<string, Map<string, Unsettled[]>>();
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

    const sidecars = new Map<string, Map<string, SidecarFacts>>();
    const albumDirs = new Map<string, string>();
    const json = (e: ArchiveEntry, dir: string, name: string) => this.readJson(e, dir, name, sidecars, albumDirs);
    if (kind === 'zip') {
      // The directory names every entry: the sidecars are read first (ranged reads of small JSON), the count known.
      let media = 0;
      await forEachEntry(this.d.blobs, archive.blob_key, kind, async (e) => {
        const { dir, name } = split(e.path);
        if (isMediaName(name)) media++;
        else await json(e, dir, name);
      });
      if (Number(row.media_total) < 0) await this.update({ media_total: media });
    }

    await this.prepareFolder();
    const members = new Map<string, string[]>();
    let seen = 0;
    await forEachEntry(this.d.blobs, archive.blob_key, kind, async (e) => {
      const { dir, name } = split(e.path);
      if (!isMediaName(name)) {
        if (kind === 'tgz' && (await json(e, dir, name))) await this.settleWaitingFor(dir, name, sidecars);
        return;
      }
      if (++seen % 50 === 0) await this.assertCurrent();
      const facts = findSidecar(name, sidecars.get(dir) ?? new Map<string, SidecarFacts>());
      // In a zip every sidecar is known by now: no sidecar means none in the archive.
      const fileId = await this.photo(e.path, dir, name, e.size, e.stream, facts, facts !== null || kind === 'zip');
      if (fileId) {
        const list = members.get(dir) ?? [];
        list.push(fileId);
        members.set(dir, list);
      }
    });
    // What is still waiting has no sidecar in the archive (or one under a name no rule finds): settled as it is.
    const waiting = new Set([...this.unsettled.values()].flatMap((byName) => [...byName.values()].flat()));
    this.unsettled.clear();
    for (const p of waiting) await this.settle(p, findSidecar(p.name, sidecars.get(p.dir) ?? new Map<string, SidecarFacts>()));
    if (Number((await repo.getTakeout(db, this.accountId, this.importId))?.media_total ?? 0) < 0) await this.update({ media_total: seen });
    for (const [dir, ids] of members) {
      const title = albumDirs.get(dir);
      if (title) await this.album(title, ids);
    }
    await this.finish('DONE');
  }

  /** A sidecar or an album's metadata.json, remembered; false when the entry is neither. */
  private async readJson(e: ArchiveEntry, dir: string, name: string, sidecars: Map<string, Map<string, SidecarFacts>>, albumDirs: Map<string, string>): Promise<boolean> {
    if (!name.toLowerCase().endsWith('.json') || e.size > MAX_JSON_BYTES) return false;
    const bytes = await readSmall(e.stream, MAX_JSON_BYTES);
    let json: unknown;
    try {
      json = bytes ? JSON.parse(bytes.toString('utf8')) : null;
    } catch {
      return false;
    }
    if (name === 'metadata.json') {
      const title = albumTitle(lastSegment(dir), json);
      if (title) albumDirs.set(dir, title);
      return false;
    }
    let inDir = sidecars.get(dir);
    if (!inDir) sidecars.set(dir, (inDir = new Map()));
    inDir.set(name, readSidecar(json));
    return true;
  }

  /** The photos of `dir` that were waiting for a sidecar named `name`: settled with the best sidecar known now. */
  private async settleWaitingFor(dir: string, name: string, sidecars: Map<string, Map<string, SidecarFacts>>): Promise<void> {
    const byName = this.unsettled.get(dir);
    const photos = byName?.get(name);
    if (!byName || !photos) return;
    for (const p of photos) {
      for (const candidate of sidecarCandidates(p.name)) {
        const rest = byName.get(candidate)?.filter((q) => q !== p) ?? [];
        if (rest.length > 0) byName.set(candidate, rest);
        else byName.delete(candidate);
      }
      await this.settle(p, findSidecar(p.name, sidecars.get(dir) ?? new Map<string, SidecarFacts>()));
    }
    if (byName.size === 0) this.unsettled.delete(dir);
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

  /**
   * Brings one photo's bytes in (or finds it already here); its file id, or null when it failed. With `settleNow` its
   * sidecar (or the lack of one) is final and it is settled at once; otherwise it waits for a sidecar still to come.
   */
  private async photo(path: string, dir: string, name: string, size: number, body: Readable, facts: SidecarFacts | null, settleNow: boolean): Promise<string | null> {
    const key = mediaKey(name, size);
    const ours = this.thisRun.get(key);
    if (ours !== undefined) {
      // An album folder's copy of a photo this run already brought in (or found): it joins the album, nothing more.
      await this.count({ done: 1, imported: 0, skipped: 0 });
      return ours;
    }
    const id = stableId(this.accountId, this.importId, key);
    const known = (await repo.getTakeoutItems(this.d.db, this.accountId, [key])).get(key);
    if (known && (await files.getActiveFile(this.d.db, this.accountId, known))) {
      this.thisRun.set(key, known);
      // Settled by this same import before a restart: counted then.
      if (known !== id) await this.count({ done: 1, imported: 0, skipped: 1 });
      return known;
    }
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
    } catch (err) {
      await this.failed(path, err);
      return null;
    }
    this.thisRun.set(key, id);
    const p: Unsettled = { key, id, path, dir, name };
    if (settleNow) return (await this.settle(p, facts)) ? id : null;
    let byName = this.unsettled.get(dir);
    if (!byName) this.unsettled.set(dir, (byName = new Map()));
    for (const candidate of sidecarCandidates(name)) byName.set(candidate, [...(byName.get(candidate) ?? []), p]);
    return id;
  }

  /** A photo's sidecar facts given, then the photo processed, recorded and counted; false when that failed. */
  private async settle(p: Unsettled, facts: SidecarFacts | null): Promise<boolean> {
    try {
      await this.applyFacts(p.id, facts);
    } catch (err) {
      await this.failed(p.path, err);
      return false;
    }
    await repo.saveTakeoutItem(this.d.db, this.accountId, p.key, p.id, Date.now());
    await this.count({ done: 1, imported: 1, skipped: 0 });
    return true;
  }

  /** A photo that could not be brought in is reported, or (an unexpected error) fails the attempt, to be retried. */
  private async failed(path: string, err: unknown): Promise<void> {
    const reason = reasonOf(err);
    if (reason === null) throw err;
    await this.fail(path, reason);
    await this.count({ done: 1, imported: 0, skipped: 0 });
  }

  /**
   * The sidecar's date and place given first, so the media job (here, or the queue's retry) keeps them and what it
   * tells other analyses (places) is Google's; then the description and favourite.
   */
  private async applyFacts(id: string, facts: SidecarFacts | null): Promise<void> {
    if (facts) {
      await files.giveMediaFacts(this.d.db, id, {
        ...(facts.takenAt !== null ? { taken: { at: facts.takenAt, day: localDay(facts.takenAt, null) } } : {}),
        ...(facts.latitude !== null && facts.longitude !== null ? { place: { latitude: facts.latitude, longitude: facts.longitude } } : {}),
      });
    }
    try {
      await this.d.media.process(id);
    } catch (err) {
      // Left to the queued media job, which retries it and keeps the given date and place.
      this.d.logger.warn({ err: err instanceof Error ? err.message : String(err), fileId: id }, 'takeout photo not processed inline');
    }
    if (!facts) return;
    if (facts.description) await this.d.changes.describe(this.auth, id, facts.description);
    if (facts.favourite) await this.d.changes.setFavourite(this.auth, [id], true);
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
