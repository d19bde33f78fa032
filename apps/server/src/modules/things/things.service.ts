import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { OBJECT_MIN_SCORE, readVisionImage, type VisionEngine } from '../../infra/vision/vision-engine.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { newId } from '../../shared/tokens.js';
import { now } from '../../shared/time.js';
import * as files from '../files/files.public.js';
import type { AlbumStreamProvider } from '../albums/albums.public.js';
import type { ProcessedMedia } from '../media/media.public.js';
import * as photos from '../places/places.public.js';
import { indexEntities } from '../search-index/search-index.public.js';
import * as repo from './things.repository.js';
import { isThingClass, thingNames } from './things.classes.js';
import type { ThingPageDto } from './things.schemas.js';
import type { ThingRow } from './things.table.js';

type Auth = Pick<AuthContext, 'accountId'>;

export const THINGS_TAG_JOB = 'things.tag';
const LINK: photos.PhotoLink = { table: 'file_thing', key: 'thing_id' };
/** Photos queued per backfill run, once the previous ones are done. */
export const BACKFILL_BATCH = 200;

export interface ThingsDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  links: files.DerivativeLinks | null;
  /** Shared with the people module: one worker thread holds the models. */
  vision: Pick<VisionEngine, 'objects'>;
}

/**
 * Things: the object classes the detector finds in each photo (every account). The media listener only queues a job;
 * detection reads the 1440 px preview in the vision worker, one photo at a time, fair across accounts.
 */
export class ThingsService {
  /** `album/object`: a thing as an album (label: its class key), its photos newest first. */
  readonly stream: AlbumStreamProvider;

  constructor(private readonly d: ThingsDeps) {
    this.stream = photos.linkedStream(d.db, LINK, async (accountId, ids) => (await repo.getThings(this.d.db, accountId, ids)).map((t) => ({ id: t.id, label: t.tag, at: null })));
  }

  async onProcessed(trx: Executor, media: ProcessedMedia): Promise<void> {
    if (media.status !== 'READY' || media.kind !== 'image' || !media.previewKey) return;
    await this.d.jobs.enqueue(trx, THINGS_TAG_JOB, { fileId: media.fileId }, { fairKey: media.accountId });
  }

  /** The job: detect, keep confident known classes (best score per class), record them and the scan together. */
  async tag(fileId: string): Promise<void> {
    const file = await files.getByIdUnscoped(this.d.db, fileId);
    if (!file || file.media_status !== 'READY' || !file.preview_key || (await repo.isScanned(this.d.db, fileId))) return;
    const bytes = await buffer((await this.d.blobs.get(file.preview_key)).stream);
    const found = await this.d.vision.objects(await readVisionImage(bytes));
    const best = new Map<string, number>();
    for (const o of found) {
      if (o.score < OBJECT_MIN_SCORE || !isThingClass(o.label)) continue;
      best.set(o.label, Math.max(best.get(o.label) ?? 0, o.score));
    }
    await this.d.db.transaction().execute(async (trx) => {
      // The file may have been deleted for good while the detector ran.
      if (!(await files.getByIdUnscoped(trx, fileId))) return;
      for (const [tag, score] of best) {
        const thing = await this.thingOf(trx, file.account_id, tag);
        await repo.setFileThing(trx, { file_id: fileId, thing_id: thing.id, account_id: file.account_id, score });
      }
      await repo.markScanned(trx, fileId, file.account_id, now());
    });
  }

  private async thingOf(trx: Executor, accountId: string, tag: string): Promise<ThingRow> {
    const existing = await repo.findThing(trx, accountId, tag);
    if (existing) return existing;
    const row = { id: newId(), account_id: accountId, tag };
    if (await repo.insertThing(trx, row)) {
      await indexEntities(trx, [{ kind: 'thing', id: row.id, owner: accountId, names: thingNames(tag), label: tag, status: 'ACTIVE', modifiedAt: now() }]);
      return row;
    }
    const raced = await repo.findThing(trx, accountId, tag);
    if (!raced) throw new Error('thing row vanished while it was being created');
    return raced;
  }

  async list(auth: Auth, q: { pageNumber: number; pageSize: number }): Promise<ThingPageDto> {
    const { rows, total } = await photos.pageByCount(this.d.db, LINK, auth.accountId, q.pageNumber, q.pageSize);
    const ids = rows.map((r) => r.id);
    const [things, covers] = await Promise.all([repo.getThings(this.d.db, auth.accountId, ids), photos.coversOf(this.d.db, LINK, ids)]);
    const byId = new Map(things.map((t) => [t.id, t]));
    return {
      things: rows.flatMap((c) => {
        const t = byId.get(c.id);
        return t ? [{ id: t.id, tag: t.tag, photoCount: c.photoCount, coverPhoto: photos.toCoverPhoto(covers.get(c.id), this.d.links) }] : [];
      }),
      total,
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
    };
  }

  progress(auth: Auth): Promise<{ done: number; total: number }> {
    return repo.progress(this.d.db, auth.accountId);
  }

  /** Schedule: queues photos processed before things existed, a batch at a time, once the queued ones are done. */
  async backfill(): Promise<number> {
    if (await repo.hasPendingJobs(this.d.db, THINGS_TAG_JOB)) return 0;
    const batch = await repo.unscanned(this.d.db, BACKFILL_BATCH);
    if (batch.length === 0) return 0;
    await this.d.db.transaction().execute(async (trx) => {
      for (const f of batch) await this.d.jobs.enqueue(trx, THINGS_TAG_JOB, { fileId: f.id }, { fairKey: f.account_id });
    });
    return batch.length;
  }

  async purgeAccount(accountId: string): Promise<void> {
    await this.d.db.transaction().execute((trx) => repo.deleteAccountThings(trx, accountId));
  }
}
