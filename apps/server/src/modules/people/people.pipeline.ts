import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { UrlSigner } from '../../infra/signing/url-signer.js';
import { days, now } from '../../shared/time.js';
import type { ProcessedMedia } from '../media/media.public.js';
import { unindexEntities } from '../search-index/search-index.public.js';
import { decodeDescriptor, encodeDescriptor, group, type ClusterFace } from './people.cluster.js';
import { inPremiumFamilyLibrary, unscannedInFamilies } from './people.family.repository.js';
import * as personRepo from './people.persons.repository.js';
import * as repo from './people.repository.js';
import type { FaceFound, FaceVision } from './people.vision.js';

export const PEOPLE_FACES_JOB = 'people.faces';
export const PEOPLE_RECLUSTER_SCHEDULE = 'people.recluster';
export const PEOPLE_BACKFILL_SCHEDULE = 'people.backfill';
export const PEOPLE_RETENTION_SCHEDULE = 'people.retention';
/** The family library's people (issue 35): ungrouped faces of library photos are grouped within the minute. */
export const PEOPLE_FAMILY_GROUP_SCHEDULE = 'people.family-group';

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

const cropKey = (accountId: string, fileId: string, faceId: string) => `users/${accountId}/faces/${fileId}/${faceId}.webp`;

/**
 * The face pipeline: photos queued as media finishes them, their faces found, cropped and grouped into persons, and the
 * schedules around it (backfill, regrouping, retention after premium). Face data is deleted here too, crops after commit.
 */
export class FacePipeline {
  private readonly now: () => number;

  constructor(private readonly d: PeopleDeps) {
    this.now = d.clock ?? now;
  }

  /** Media listener: a processed photo (or video, through its poster) of a premium account with recognition on is queued. */
  async onProcessed(trx: Executor, media: ProcessedMedia): Promise<void> {
    if (!this.d.vision || media.status !== 'READY' || !media.previewKey) return;
    if (!(await this.mayAnalyse(trx, media.accountId, media.fileId))) return;
    await this.queue(trx, media.accountId, media.fileId);
  }

  /**
   * Recognition is on for the account and it is premium — or the photo is in a premium family's library (issue 35: a
   * family package's members analyse what they add to the family, under the family's premium).
   */
  private async mayAnalyse(trx: Executor, accountId: string, fileId: string): Promise<boolean> {
    if (!(await repo.isEnabled(trx, accountId))) return false;
    return (await repo.isPremium(trx, accountId)) || (await inPremiumFamilyLibrary(trx, fileId));
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
      if (!(await this.mayAnalyse(trx, accountId, fileId))) return false;
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
    // New persons first: a later face of this run may join one of them (its row needs the person to exist).
    const at = now();
    for (const members of created) {
      const personId = all.find((f) => f.id === members[0])!.personId!;
      await personRepo.createPerson(trx, { id: personId, account_id: accountId, at });
      await repo.assignFaces(trx, personId, members);
    }
    const byPerson = new Map<string, string[]>();
    for (const [face, person] of joins) byPerson.set(person, [...(byPerson.get(person) ?? []), face]);
    for (const [person, ids] of byPerson) await repo.assignFaces(trx, person, ids);
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
    const own = await repo.unscanned(this.d.db, BACKFILL_BATCH);
    // Photos members without premium of their own added to a premium family's library (issue 35).
    const rows = [...own, ...(await unscannedInFamilies(this.d.db, BACKFILL_BATCH))];
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
      // Premium may have come back since the list was read (or a premium family): then nothing is deleted.
      await this.deleteAll(accountId, async (trx) => !(await repo.isPremium(trx, accountId)) && !(await repo.inPremiumFamily(trx, accountId)));
    }
    return due.length;
  }

  /**
   * Deletes every face, person (with its search entry), rejection and scan of the account in one transaction when
   * `first`, run in it, says so, then the crops after commit: recognition off, retention after premium, account purge.
   */
  async deleteAll(accountId: string, first: (trx: Executor) => Promise<boolean>, withSetting = false): Promise<void> {
    const crops = await this.d.db.transaction().execute(async (trx) => {
      if (!(await first(trx))) return [];
      const keys = await repo.cropKeysOf(trx, accountId);
      await unindexEntities(trx, 'person', await repo.personIdsOf(trx, accountId));
      await repo.deleteAll(trx, accountId, withSetting);
      return keys;
    });
    await this.deleteBlobs(crops);
  }

  private async readBlob(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of (await this.d.blobs.get(key)).stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async deleteBlobs(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.d.blobs.delete(key).catch((err: unknown) => this.d.logger.warn({ err, key }, 'face crop not deleted'));
    }
  }
}

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
