import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { utcDay } from '../../shared/days.js';
import { NotFound } from '../../shared/errors.js';
import { days } from '../../shared/time.js';
import { newId } from '../../shared/tokens.js';
import * as files from '../files/files.public.js';
import type { ProcessedMedia } from '../media/media.public.js';
import { faceCounts } from '../people/people.public.js';
import { toCoverPhoto } from '../places/places.public.js';
import type { Executor } from '../../infra/db/executor.js';
import { photoQuality } from '../../infra/render/index.js';
import * as repo from './foryou.repository.js';
import type { YearsAgoDetailDto, YearsAgoItemDto, YearsAgoListDto, YearsAgoTitleDto } from './foryou.schemas.js';
import type { ForyouItemRow } from './foryou.table.js';
import type { Budget } from './foryou.generator.js';

type Auth = Pick<AuthContext, 'accountId' | 'projectId'>;

export const FORYOU_QUALITY_JOB = 'foryou.quality';
export const FORYOU_DAILY_SCHEDULE = 'foryou.daily';
export const FORYOU_BACKFILL_SCHEDULE = 'foryou.backfill';

/** CPU our jobs may spend on one account in a UTC day (docs/decisions.md "For you — foryou (issue 15)"). */
export const DAILY_CPU_MS = 120_000;
/** Photos in one memory. */
export const YEARS_AGO_PHOTOS = 12;
/** How far back memories look. */
const MAX_YEARS = 30;
/** Photos taken this close to a chosen one are the same moment (a burst): only the best is kept. */
export const BURST_MS = 3_000;
/** A memory shows on its day and the 7 days after. */
const SHOWN_DAYS = 8;
/** Photos read per account and day when choosing; the best by score come first. */
const CANDIDATE_LIMIT = 1_000;
/** Accounts one schedule run generates for; the next run, minutes later, goes on. */
const ACCOUNTS_PER_RUN = 500;
/** Photos the backfill queues per run (every minute). */
const BACKFILL_BATCH = 200;
/** File ids the backfill reads per run: a bounded stretch, whatever the number of files (a full round is ids / this). */
const BACKFILL_SCAN = 2_000;
/** What a photo not scored yet counts as: below most scored photos, above none. */
const UNSCORED = 0.3;

export interface ForyouDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  jobs: JobQueue;
  links: files.DerivativeLinks | null;
  /** "Now" for days, memories and budgets (tests set it); Date.now otherwise. */
  clock?: () => number;
  dailyCpuMs?: number;
}

/** A photo's rank among candidates: its pixels' score, and a bonus for people in it (up to two faces). */
export const rank = (score: number | null, faces: number) => 0.8 * (score ?? UNSCORED) + 0.2 * Math.min(1, faces / 2);

/**
 * For you: items generated offline from the account's photos. This part scores photos (a job per processed photo,
 * charged to the account's daily CPU budget) and makes "years ago" memories once a day per account.
 */
export class ForyouService {
  private readonly clock: () => number;
  private readonly dailyCpuMs: number;
  /** The file id the backfill's next stretch starts after (in memory: a restart starts a new round). */
  private backfillFrom = '';

  constructor(private readonly d: ForyouDeps) {
    this.clock = d.clock ?? Date.now;
    this.dailyCpuMs = d.dailyCpuMs ?? DAILY_CPU_MS;
  }

  // --- quality

  async onProcessed(trx: Executor, media: ProcessedMedia): Promise<void> {
    if (media.status !== 'READY' || !media.previewKey) return;
    await this.d.jobs.enqueue(trx, FORYOU_QUALITY_JOB, { fileId: media.fileId }, { fairKey: media.accountId });
  }

  /** The job: score the preview unless the account's day budget is spent, in which case it waits for the next day. */
  async scoreQuality(fileId: string): Promise<void> {
    const file = await files.getByIdUnscoped(this.d.db, fileId);
    if (!file || file.media_status !== 'READY' || !file.preview_key) return;
    const at = this.clock();
    const day = utcDay(at);
    const spent = Number((await repo.getDay(this.d.db, file.account_id, day))?.cpu_ms ?? 0);
    if (spent >= this.dailyCpuMs) {
      // The queue runs on the real clock; the wait is the time left in the (possibly test) clock's day.
      const wait = days(1) - (at % days(1));
      await this.d.jobs.enqueue(this.d.db, FORYOU_QUALITY_JOB, { fileId }, { fairKey: file.account_id, runAt: Date.now() + wait });
      return;
    }
    const before = process.cpuUsage();
    const bytes = await buffer((await this.d.blobs.get(file.preview_key)).stream);
    // A preview libvips cannot read scores 0 rather than failing, so the backfill does not queue it again every minute.
    const q = await photoQuality(bytes).catch(() => ({ sharpness: 0, exposure: 0, score: 0 }));
    const faces = (await faceCounts(this.d.db, [fileId])).get(fileId) ?? 0;
    const used = process.cpuUsage(before);
    // Process-wide CPU while it ran (libvips threads included), so it over-charges rather than under-charges.
    const cpuMs = Math.ceil((used.user + used.system) / 1000);
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await files.getByIdUnscoped(trx, fileId))) return;
      await repo.saveQuality(trx, { file_id: fileId, account_id: file.account_id, sharpness: q.sharpness, exposure: q.exposure, score: q.score, faces, computed_at: at });
      await repo.chargeCpu(trx, file.account_id, day, cpuMs);
    });
  }

  /** Schedule: queues the scoring of photos processed before this module existed, a batch at a time. */
  async backfill(): Promise<number> {
    const { rows: batch, next } = await repo.unscored(this.d.db, FORYOU_QUALITY_JOB, BACKFILL_BATCH, this.backfillFrom, BACKFILL_SCAN);
    this.backfillFrom = next ?? '';
    if (batch.length === 0) return 0;
    await this.d.db.transaction().execute(async (trx) => {
      for (const f of batch) await this.d.jobs.enqueue(trx, FORYOU_QUALITY_JOB, { fileId: f.id }, { fairKey: f.account_id });
    });
    return batch.length;
  }

  /** The account's CPU allowance for the day `at` falls in, shared by scoring and every generator. */
  budget(accountId: string, at: number): Budget {
    const day = utcDay(at);
    return {
      left: async () => this.dailyCpuMs - Number((await repo.getDay(this.d.db, accountId, day))?.cpu_ms ?? 0),
      charge: (cpuMs) => repo.chargeCpu(this.d.db, accountId, day, Math.ceil(cpuMs)),
    };
  }

  // --- years ago

  /** Schedule: sweeps expired items and old ledger days, then makes today's memories for accounts still without. */
  async daily(): Promise<{ expired: number; generated: number; accounts: string[] }> {
    const at = this.clock();
    const today = utcDay(at);
    const { deleted: expired, resultKeys } = await repo.deleteExpired(this.d.db, at);
    // The rows went first: a blob left by a crash here is unreachable, never a row pointing at nothing.
    for (const key of resultKeys) await this.d.blobs.delete(key).catch(() => undefined);
    await repo.deleteLedgerBefore(this.d.db, utcDay(at - days(1)));
    const accounts = await repo.accountsToGenerate(this.d.db, today, ACCOUNTS_PER_RUN);
    for (const accountId of accounts) await this.generateYearsAgo(accountId, at);
    return { expired, generated: accounts.length, accounts };
  }

  /** One memory per earlier year with live photos taken within a day of today's month-day; once per account and day. */
  async generateYearsAgo(accountId: string, at: number): Promise<number> {
    const today = new Date(at);
    const y = today.getUTCFullYear();
    const m = today.getUTCMonth();
    const d = today.getUTCDate();
    const day = utcDay(at);
    // Each taken day of the window, and the year whose anniversary it belongs to (30 Dec 2023 is near 1 Jan 2024's).
    const yearOf = new Map<number, number>();
    for (let year = y - 1; year >= y - MAX_YEARS; year--) {
      for (const offset of [-1, 0, 1]) yearOf.set(utcDay(Date.UTC(year, m, d + offset)), year);
    }
    const found = await repo.candidates(this.d.db, accountId, [...yearOf.keys()], CANDIDATE_LIMIT);
    const faces = await faceCounts(this.d.db, found.map((c) => c.id));
    const byYear = new Map<number, repo.Candidate[]>();
    for (const c of found) {
      const year = yearOf.get(c.taken_day);
      if (year === undefined) continue;
      const list = byYear.get(year);
      if (list) list.push(c);
      else byYear.set(year, [c]);
    }
    const dayStart = at - (at % days(1));
    let made = 0;
    await this.d.db.transaction().execute(async (trx) => {
      for (const [year, photos] of byYear) {
        const chosen = pickBest(photos, (c) => rank(c.score, faces.get(c.id) ?? 0), YEARS_AGO_PHOTOS);
        if (chosen.length === 0) continue;
        const anniversary = new Date(Date.UTC(year, m, d)).toISOString().slice(0, 10);
        const title: YearsAgoTitleDto = { yearsAgo: y - year, year, date: anniversary };
        const inOrder = [...chosen].sort((a, b) => a.taken_at - b.taken_at || a.id.localeCompare(b.id));
        const inserted = await repo.insertItem(
          trx,
          {
            id: newId(),
            account_id: accountId,
            kind: 'YEARS_AGO',
            status: 'NEW',
            key: `years-ago:${dayKey(day)}:${year}`,
            title_params: JSON.stringify(title),
            cover_file_id: chosen[0]!.id,
            result_key: null,
            created_at: at,
            expires_at: dayStart + days(SHOWN_DAYS),
          },
          inOrder.map((c) => c.id),
        );
        if (inserted) made++;
      }
      await repo.markGenerated(trx, accountId, day, at);
    });
    return made;
  }

  async listYearsAgo(auth: Auth): Promise<YearsAgoListDto> {
    const at = this.clock();
    // Not generated yet today (the schedule has not reached this account): once, now, so the memory is there.
    if ((await repo.getDay(this.d.db, auth.accountId, utcDay(at)))?.generated_at == null) await this.generateYearsAgo(auth.accountId, at);
    const rows = await repo.listItems(this.d.db, auth.accountId, 'YEARS_AGO', at, 100);
    const photos = await repo.livePhotosByItem(this.d.db, rows.map((r) => r.id));
    return { items: rows.flatMap((r) => this.present(r, photos.get(r.id) ?? []) ?? []) };
  }

  /** A memory with its live photos; opening it marks it seen. */
  async getYearsAgo(auth: Auth, id: string): Promise<YearsAgoDetailDto> {
    const row = await repo.getItem(this.d.db, auth.accountId, id);
    if (!row || row.kind !== 'YEARS_AGO') throw NotFound('Item not found.');
    const photos = (await repo.livePhotosByItem(this.d.db, [id])).get(id) ?? [];
    if (row.status === 'NEW') {
      await repo.setStatus(this.d.db, id, 'SEEN');
      row.status = 'SEEN';
    }
    const item = this.present(row, photos);
    if (!item) throw NotFound('Item not found.');
    return { item, fileList: photos.map((f) => files.toFileItem(f, auth.projectId, this.d.links)) };
  }

  /** The item as the list shows it, or null when none of its photos is live any more. */
  private present(row: ForyouItemRow, photos: files.FileRow[]): YearsAgoItemDto | null {
    if (photos.length === 0) return null;
    const title = JSON.parse(row.title_params) as YearsAgoTitleDto;
    const videos = photos.filter((p) => p.media_kind === files.MEDIA_KIND.video).length;
    return {
      id: row.id,
      kind: 'YEARS_AGO',
      status: row.status,
      yearsAgo: title.yearsAgo,
      year: title.year,
      date: title.date,
      titleParams: title,
      photoCount: photos.length,
      imageCount: photos.length - videos,
      videoCount: videos,
      coverPhoto: toCoverPhoto(photos.find((p) => p.id === row.cover_file_id) ?? photos[0], this.d.links),
      createdDate: Number(row.created_at),
      expiresDate: row.expires_at === null ? null : Number(row.expires_at),
    };
  }

  async purgeAccount(accountId: string): Promise<void> {
    await this.d.db.transaction().execute((trx) => repo.deleteAccountData(trx, accountId));
  }
}

/**
 * Up to `limit` of the best photos, best first, keeping one of each burst: a photo taken within BURST_MS of one
 * already chosen is the same moment, and the chosen one ranks higher.
 */
export function pickBest<T extends { id: string; taken_at: number }>(photos: readonly T[], score: (p: T) => number, limit: number): T[] {
  const ranked = [...photos].sort((a, b) => score(b) - score(a) || a.id.localeCompare(b.id));
  const chosen: T[] = [];
  for (const p of ranked) {
    if (chosen.length >= limit) break;
    if (chosen.some((c) => Math.abs(c.taken_at - p.taken_at) < BURST_MS)) continue;
    chosen.push(p);
  }
  return chosen;
}

/** A YYYYMMDD day as YYYY-MM-DD (keys and title params). */
export const dayKey = (day: number) => `${Math.floor(day / 10_000)}-${String(Math.floor(day / 100) % 100).padStart(2, '0')}-${String(day % 100).padStart(2, '0')}`;
