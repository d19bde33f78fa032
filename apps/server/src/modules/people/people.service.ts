import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { BlobNotFoundError } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { Forbidden, NotFound, ValidationError } from '../../shared/errors.js';
import { nameKey, validateName } from '../../shared/names.js';
import { days, now } from '../../shared/time.js';
import type { ProcessedMedia } from '../media/media.public.js';
import { indexEntities, unindexEntities } from '../search-index/search-index.public.js';
import type { AlbumStreamProvider, StreamAlbum } from '../albums/albums.public.js';
import { decodeDescriptor, encodeDescriptor, group, type ClusterFace } from './people.cluster.js';
import * as repo from './people.repository.js';
import type { PersonDto } from './people.schemas.js';
import type { PersonStatus } from './people.table.js';
import type { FaceFound, FaceVision } from './people.vision.js';

export const PEOPLE_FACES_JOB = 'people.faces';
export const PEOPLE_RECLUSTER_SCHEDULE = 'people.recluster';
export const PEOPLE_BACKFILL_SCHEDULE = 'people.backfill';
export const PEOPLE_RETENTION_SCHEDULE = 'people.retention';

const NOT_FOUND = 'Person not found.';
/** Faces smaller than this (shorter side, pixels of the preview) are too blurry to tell people apart. */
export const MIN_FACE_PX = 40;
const CROP_PX = 256;
/** Room around the detected box, so the crop shows the head rather than the inner face only. */
const CROP_MARGIN = 0.3;
/** Photos the backfill queues per run (every minute): the queue is fair by account, so a big library takes turns. */
const BACKFILL_BATCH = 200;
const SWEEP_BATCH = 500;
/**
 * Face data outlives premium this long: a failed renewal or a short lapse keeps the names people typed, yet biometric
 * data is not kept indefinitely for a feature no longer paid for.
 */
export const KEEP_AFTER_PREMIUM = days(30);
/** Accounts whose face data the retention schedule deletes per run (each in its own transaction). */
const RETENTION_BATCH = 50;

export interface PeopleDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  signer: UrlSigner;
  logger: FastifyBaseLogger;
  /** Null while no engine is available: nothing is queued, the rest of the module works. */
  vision: FaceVision | null;
  /** Same person when the euclidean distance of two descriptors is below this (the engine's measured FACE_MATCH_DISTANCE). */
  matchDistance: number;
  /** Test clock (retention after premium ended); Date.now otherwise. */
  clock?: () => number;
}

/** Face crop links are valid at least a day and rounded up to whole days, so a URL stays cacheable like thumbnails. */
const faceExpiry = (at: number) => Math.ceil((at + days(1)) / days(1)) * days(1);

const cropKey = (accountId: string, fileId: string, faceId: string) => `users/${accountId}/faces/${fileId}/${faceId}.webp`;

export class PeopleService implements AlbumStreamProvider {
  private readonly now: () => number;

  constructor(private readonly d: PeopleDeps) {
    this.now = d.clock ?? now;
  }

  // --- pipeline

  /** Media listener: a processed photo (or video, through its poster) of a premium account with recognition on is queued. */
  async onProcessed(trx: Executor, media: ProcessedMedia): Promise<void> {
    if (!this.d.vision || media.status !== 'READY' || !media.previewKey) return;
    if (!(await repo.isPremium(trx, media.accountId)) || !(await repo.isEnabled(trx, media.accountId))) return;
    await this.queue(trx, media.accountId, media.fileId);
  }

  private async queue(trx: Executor, accountId: string, fileId: string): Promise<void> {
    if (await repo.markQueued(trx, accountId, fileId)) {
      await this.d.jobs.enqueue(trx, PEOPLE_FACES_JOB, { fileId }, { fairKey: accountId });
    }
  }

  /** The people.faces job: finds the faces of one photo, stores them with their crops and groups them. */
  async analyse(fileId: string): Promise<void> {
    const vision = this.d.vision;
    const file = await repo.fileToScan(this.d.db, fileId);
    if (!vision || !file || !file.preview_key) return;
    const scan = await repo.scanOf(this.d.db, fileId);
    if (scan && Number(scan.scanned_at) > 0) return;
    const accountId = file.account_id;
    const stored: repo.NewFace[] = [];
    const written: string[] = [];
    try {
      const bytes = await this.readBlob(file.preview_key);
      const image = await vision.readImage(bytes);
      const found = (await vision.faces(image)).filter(
        (f) => f.score >= vision.minScore && Math.min(f.box.width, f.box.height) >= MIN_FACE_PX,
      );
      const at = now();
      for (const f of found) {
        const id = randomUUID();
        const key = cropKey(accountId, fileId, id);
        await this.d.blobs.put(key, Readable.from([await crop(bytes, image, f)]), { contentType: 'image/webp' });
        written.push(key);
        stored.push(toRow(f, image, { id, accountId, fileId, key, at }));
      }
    } catch (err) {
      // A preview that cannot be read or analysed is recorded as scanned with no face, so progress still completes.
      this.d.logger.warn({ err, fileId }, 'face analysis failed');
      stored.length = 0;
    }
    if (!(await this.record(accountId, fileId, stored))) await this.deleteBlobs(written);
  }

  /**
   * Stores a photo's faces, marks it scanned and groups the faces, in one transaction; false (nothing written) when
   * recognition was turned off (or premium lost) while the photo was analysed.
   */
  async record(accountId: string, fileId: string, faces: repo.NewFace[]): Promise<boolean> {
    return this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.isPremium(trx, accountId)) || !(await repo.isEnabled(trx, accountId))) return false;
      await repo.insertFaces(trx, faces);
      await repo.markScanned(trx, accountId, fileId, now());
      await this.regroup(trx, accountId, faces.map((f) => f.id));
      return true;
    });
  }

  /** Groups the given faces of the account (see people.cluster.ts) and writes the result. */
  private async regroup(trx: Executor, accountId: string, faceIds: string[]): Promise<void> {
    if (faceIds.length === 0) return;
    const { faces, rejections } = await repo.clusterFaces(trx, accountId);
    const rejected = new Map<string, Set<string>>();
    for (const r of rejections) rejected.set(r.face_id, (rejected.get(r.face_id) ?? new Set()).add(r.person_id));
    const all: ClusterFace[] = faces.map((f) => ({
      id: f.id,
      personId: f.person_id,
      descriptor: decodeDescriptor(f.descriptor),
      rejected: rejected.get(f.id) ?? new Set(),
    }));
    const { joins, created } = group(all, faceIds, this.d.matchDistance, randomUUID);
    const byPerson = new Map<string, string[]>();
    for (const [face, person] of joins) byPerson.set(person, [...(byPerson.get(person) ?? []), face]);
    for (const [person, ids] of byPerson) await repo.assignFaces(trx, person, ids);
    const at = now();
    for (const members of created) {
      const personId = all.find((f) => f.id === members[0])!.personId!;
      await repo.createPerson(trx, { id: personId, account_id: accountId, at });
      await repo.assignFaces(trx, personId, members);
    }
    // Persons that gained faces are not re-indexed: only names are findable, and a new person has none yet.
  }

  /** Schedule: regroups the unassigned faces of every account that has some (after rejections, merges, backfills). */
  async reclusterAll(): Promise<{ accounts: number; swept: number }> {
    const swept = await this.sweepOrphans();
    const accounts = await repo.accountsWithUnassigned(this.d.db);
    for (const accountId of accounts) await this.recluster(accountId);
    return { accounts: accounts.length, swept };
  }

  async recluster(accountId: string): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => this.regroup(trx, accountId, await repo.unassignedFaceIds(trx, accountId)));
  }

  /** Faces of photos deleted for good go with their crops (the face row keeps the crop's key until then). */
  private async sweepOrphans(): Promise<number> {
    const orphans = await repo.orphanFaces(this.d.db, SWEEP_BATCH);
    if (orphans.length === 0) return 0;
    await repo.deleteFaces(this.d.db, orphans.map((o) => o.id));
    await this.deleteBlobs(orphans.flatMap((o) => (o.crop_key ? [o.crop_key] : [])));
    return orphans.length;
  }

  /** Schedule: queues live photos of premium accounts with recognition on that were never analysed, in bounded batches. */
  async backfill(): Promise<number> {
    if (!this.d.vision) return 0;
    const rows = await repo.unscanned(this.d.db, BACKFILL_BATCH);
    await this.d.db.transaction().execute(async (trx) => {
      for (const r of rows) await this.queue(trx, r.accountId, r.fileId);
    });
    return rows.length;
  }

  /**
   * Schedule: an account with face data and no premium is recorded with the time it was first seen so; 30 days later
   * its face data is deleted as "recognition off" deletes it. Premium back before then clears the record.
   */
  async retention(): Promise<number> {
    const at = this.now();
    await repo.clearPremiumEnded(this.d.db);
    await repo.markPremiumEnded(this.d.db, at);
    const due = await repo.premiumEndedBefore(this.d.db, at - KEEP_AFTER_PREMIUM, RETENTION_BATCH);
    for (const accountId of due) {
      // Premium may have come back since the list was read: then nothing is deleted.
      await this.deleteAll(accountId, async (trx) => !(await repo.isPremium(trx, accountId)));
    }
    return due.length;
  }

  // --- recognition setting

  async recognition(auth: AuthContext) {
    const premium = await repo.isPremium(this.d.db, auth.accountId);
    const enabled = premium && (await repo.isEnabled(this.d.db, auth.accountId));
    const progress = await repo.progress(this.d.db, auth.accountId);
    // Without premium nothing analysed is shown (data kept after premium ended is not), as for an account that never had it.
    return { premium, enabled, done: premium ? progress.done : 0, total: progress.total };
  }

  async setRecognition(auth: AuthContext, enabled: boolean) {
    if (!(await repo.isPremium(this.d.db, auth.accountId))) throw Forbidden('Face recognition is a premium feature.');
    await this.deleteAll(auth.accountId, async (trx) => {
      await repo.setEnabled(trx, auth.accountId, enabled);
      return !enabled;
    });
    // Turning it on needs nothing more: the backfill schedule queues every photo without a scan.
    return this.recognition(auth);
  }

  /**
   * Deletes every face, person (with its search entry), rejection and scan of the account in one transaction when
   * `first`, run in it, says so, then the crops after commit: recognition off, retention after premium, account purge.
   */
  private async deleteAll(accountId: string, first: (trx: Executor) => Promise<boolean>, withSetting = false): Promise<void> {
    const crops = await this.d.db.transaction().execute(async (trx) => {
      if (!(await first(trx))) return [];
      const keys = await repo.cropKeysOf(trx, accountId);
      await unindexEntities(trx, 'person', await repo.personIdsOf(trx, accountId));
      await repo.deleteAll(trx, accountId, withSetting);
      return keys;
    });
    await this.deleteBlobs(crops);
  }

  async purgeAccount(accountId: string): Promise<void> {
    await this.deleteAll(accountId, async () => true, true);
  }

  /** Face data is shown only to premium accounts: kept data of an account whose premium ended is answered as none. */
  private showsFaces(accountId: string): Promise<boolean> {
    return repo.isPremium(this.d.db, accountId);
  }

  private async requireShown(accountId: string): Promise<void> {
    if (!(await this.showsFaces(accountId))) throw NotFound(NOT_FOUND);
  }

  // --- people

  async page(auth: AuthContext, q: { pageSize: number; pageNumber: number; status: PersonStatus }) {
    if (!(await this.showsFaces(auth.accountId))) return { people: [], total: 0, pageNumber: q.pageNumber, pageSize: q.pageSize };
    const { rows, total } = await repo.listPersons(this.d.db, auth.accountId, q.status, q.pageNumber, q.pageSize);
    return { people: await this.toDtos(auth.accountId, rows), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
  }

  async get(auth: AuthContext, personId: string): Promise<PersonDto> {
    await this.requireShown(auth.accountId);
    const row = await repo.personWithCounts(this.d.db, auth.accountId, personId);
    if (!row) throw NotFound(NOT_FOUND);
    return (await this.toDtos(auth.accountId, [row]))[0]!;
  }

  async rename(auth: AuthContext, personId: string, raw: string): Promise<PersonDto> {
    const label = validateName(raw, 'label');
    await this.write(auth.accountId, [personId], { label, label_key: nameKey(label) });
    return this.get(auth, personId);
  }

  async update(auth: AuthContext, personId: string, body: { label?: string; hidden?: boolean; mergeInto?: string }): Promise<PersonDto> {
    if (body.mergeInto !== undefined) {
      if (body.mergeInto === personId) throw ValidationError('A person cannot be merged into itself.', 'mergeInto');
      await this.merge(auth.accountId, personId, body.mergeInto);
      personId = body.mergeInto;
    }
    if (body.label !== undefined) await this.rename(auth, personId, body.label);
    if (body.hidden !== undefined) await this.setStatus(auth.accountId, [personId], body.hidden ? 'HIDDEN' : 'ACTIVE');
    return this.get(auth, personId);
  }

  /** All faces of `from` go to `into`; `into` keeps its name, or takes `from`'s when it has none. */
  private async merge(accountId: string, from: string, into: string): Promise<void> {
    await this.requireShown(accountId);
    await this.d.db.transaction().execute(async (trx) => {
      const persons = await repo.getPersons(trx, accountId, [from, into]);
      const source = persons.find((p) => p.id === from);
      const target = persons.find((p) => p.id === into);
      if (!source || !target) throw NotFound(NOT_FOUND);
      await repo.mergePerson(trx, from, into);
      await unindexEntities(trx, 'person', [from]);
      const at = now();
      if (target.label === null && source.label !== null) {
        await repo.updatePerson(trx, accountId, [into], { label: source.label, label_key: source.label_key }, at);
      } else await repo.updatePerson(trx, accountId, [into], {}, at);
      await this.reindex(trx, accountId, [into]);
    });
  }

  async setStatus(accountId: string, ids: string[], status: PersonStatus): Promise<void> {
    await this.write(accountId, ids, { status });
  }

  async setVisibility(auth: AuthContext, body: { hidden: string[]; visible: string[] }): Promise<void> {
    await this.write(auth.accountId, body.hidden, { status: 'HIDDEN' });
    await this.write(auth.accountId, body.visible, { status: 'ACTIVE' });
  }

  async setThumbnail(auth: AuthContext, personId: string, fileId: string): Promise<PersonDto> {
    await this.requireShown(auth.accountId);
    const face = await repo.faceOfPersonInPhoto(this.d.db, personId, fileId);
    if (!face) throw ValidationError('The person is not on this photo.', 'uuid');
    await this.write(auth.accountId, [personId], { thumbnail_face_id: face.id });
    return this.get(auth, personId);
  }

  /** "Not this person" for the person's faces on these photos: they leave it and never come back to it. */
  async removePhotos(auth: AuthContext, personId: string, fileIds: string[]): Promise<PersonDto> {
    await this.requireShown(auth.accountId);
    await this.d.db.transaction().execute(async (trx) => {
      if ((await repo.getPersons(trx, auth.accountId, [personId])).length === 0) throw NotFound(NOT_FOUND);
      await repo.rejectPhotos(trx, personId, fileIds);
      await repo.updatePerson(trx, auth.accountId, [personId], {}, now());
    });
    return this.get(auth, personId);
  }

  async peopleInPhoto(auth: AuthContext, fileId: string) {
    if (!(await this.showsFaces(auth.accountId))) return { people: [] };
    const rows = await repo.facesInPhoto(this.d.db, auth.accountId, fileId);
    return {
      people: rows.map((r) => ({
        personId: r.person_id,
        label: r.label,
        thumbnailUrl: r.crop_key ? this.faceUrl(auth.accountId, r.id) : null,
        box: { x: r.box_x, y: r.box_y, width: r.box_w, height: r.box_h },
      })),
    };
  }

  /** The crop behind a signed face URL; anything wrong is the same 404. */
  async openFace(token: string): Promise<Readable> {
    const claims = await this.d.signer.verify('face', token);
    if (!claims || typeof claims.a !== 'string' || typeof claims.f !== 'string' || !(await this.showsFaces(claims.a))) throw NotFound('Not found.');
    const row = await repo.cropOf(this.d.db, claims.a, claims.f);
    if (!row?.crop_key) throw NotFound('Not found.');
    try {
      return (await this.d.blobs.get(row.crop_key)).stream;
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw NotFound('Not found.');
      throw err;
    }
  }

  // --- album stream (album/person)

  async album(accountId: string, id: string): Promise<StreamAlbum | null> {
    if (!(await this.showsFaces(accountId))) return null;
    const row = await repo.personWithCounts(this.d.db, accountId, id);
    if (!row) return null;
    const cover = (await repo.thumbnails(this.d.db, [row])).get(row.id);
    return toStreamAlbum(row, cover?.fileId ?? null);
  }

  async list(accountId: string, q: { status: PersonStatus; page: number; size: number }) {
    if (!(await this.showsFaces(accountId))) return { albums: [], total: 0 };
    const { rows, total } = await repo.listPersons(this.d.db, accountId, q.status, q.page, q.size);
    const covers = await repo.thumbnails(this.d.db, rows);
    return { albums: rows.map((r) => toStreamAlbum(r, covers.get(r.id)?.fileId ?? null)), total };
  }

  shown(id: Expression<unknown>): Expression<SqlBool> {
    return repo.shownPerson(this.d.db, id);
  }

  async fileIds(accountId: string, id: string, q: { page: number; size: number; sortOrder: 'ASC' | 'DESC' }) {
    if (!(await this.showsFaces(accountId))) return { ids: [], total: 0 };
    return repo.photoIds(this.d.db, accountId, id, q);
  }

  // --- helpers

  /** Updates the caller's persons and their search entries together; an id that is not the caller's is a 404. */
  private async write(accountId: string, ids: string[], patch: Parameters<typeof repo.updatePerson>[3]): Promise<void> {
    if (ids.length === 0) return;
    await this.requireShown(accountId);
    await this.d.db.transaction().execute(async (trx) => {
      const unique = [...new Set(ids)];
      if ((await repo.getPersons(trx, accountId, unique)).length !== unique.length) throw NotFound(NOT_FOUND);
      await repo.updatePerson(trx, accountId, unique, patch, now());
      await this.reindex(trx, accountId, unique);
    });
  }

  /** Only named people are findable: unnamed ones have no search entry. */
  private async reindex(trx: Executor, accountId: string, ids: string[]): Promise<void> {
    const persons = await repo.getPersons(trx, accountId, ids);
    const named = persons.filter((p) => p.label !== null);
    await unindexEntities(trx, 'person', persons.filter((p) => p.label === null).map((p) => p.id));
    await indexEntities(
      trx,
      named.map((p) => ({ kind: 'person', id: p.id, owner: accountId, names: [p.label!], label: p.label!, status: p.status, modifiedAt: Number(p.modified_at) })),
    );
  }

  private async toDtos(accountId: string, rows: repo.PersonRow[]): Promise<PersonDto[]> {
    const thumbs = await repo.thumbnails(this.d.db, rows);
    return rows.map((r) => {
      const t = thumbs.get(r.id);
      return {
        personId: r.id,
        label: r.label,
        thumbnailUuid: t?.fileId ?? null,
        thumbnailUrl: t ? this.faceUrl(accountId, t.faceId) : null,
        photoCount: r.photos,
        status: r.status,
      };
    });
  }

  private faceUrl(accountId: string, faceId: string): string {
    return `/api/person/face/${this.d.signer.signNow('face', { a: accountId, f: faceId, e: faceExpiry(now()) })}`;
  }

  private async readBlob(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of (await this.d.blobs.get(key)).stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async deleteBlobs(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.d.blobs.delete(key).catch((err: unknown) => this.d.logger.warn({ err, key }, 'face crop not deleted'));
    }
  }
}

const toStreamAlbum = (r: repo.PersonRow, coverFileId: string | null): StreamAlbum => ({
  id: r.id,
  label: r.label ?? '',
  status: r.status,
  coverFileId,
  imageCount: r.images,
  videoCount: r.videos,
  createdAt: r.created_at,
  modifiedAt: r.modified_at,
});

/** The face as a row: its box in fractions of the photo, so it holds for the preview and the original alike. */
function toRow(f: FaceFound, image: { width: number; height: number }, o: { id: string; accountId: string; fileId: string; key: string; at: number }): repo.NewFace {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return {
    id: o.id,
    account_id: o.accountId,
    file_id: o.fileId,
    box_x: clamp(f.box.x / image.width),
    box_y: clamp(f.box.y / image.height),
    box_w: clamp(f.box.width / image.width),
    box_h: clamp(f.box.height / image.height),
    score: f.score,
    descriptor: encodeDescriptor(f.descriptor),
    crop_key: o.key,
    created_at: o.at,
  };
}

/** A square crop around the face with a margin, from the preview the face was found on (scaled if the engine read it smaller). */
async function crop(preview: Buffer, image: { width: number; height: number }, f: FaceFound): Promise<Buffer> {
  const meta = await sharp(preview).metadata();
  const width = meta.width ?? image.width;
  const height = meta.height ?? image.height;
  const scale = width / image.width;
  const side = Math.max(f.box.width, f.box.height) * scale * (1 + 2 * CROP_MARGIN);
  const cx = (f.box.x + f.box.width / 2) * scale;
  const cy = (f.box.y + f.box.height / 2) * scale;
  const size = Math.max(1, Math.min(Math.round(side), width, height));
  const left = Math.min(Math.max(0, Math.round(cx - size / 2)), width - size);
  const top = Math.min(Math.max(0, Math.round(cy - size / 2)), height - size);
  return sharp(preview).extract({ left, top, width: size, height: size }).resize(CROP_PX, CROP_PX).webp({ quality: 80 }).toBuffer();
}
