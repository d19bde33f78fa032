import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Dialect } from '../../infra/db/database.js';
import { businessDay, DAY_GAUGES, epochMinute, FIGURES, setDayGauges, type FigureRecorder } from '../../infra/figures/figure-recorder.js';
import { days, hours } from '../../shared/time.js';
import * as repo from './ops-dashboard.repository.js';
import { savedBytes } from '../files/files.public.js';
import type { Dashboard } from './ops-dashboard.schemas.js';

/** Gauges the roll-up sets for each day; their names are infrastructure's, so the metrics endpoint reads them too. */
const GAUGES = {
  total: DAY_GAUGES.subscribersTotal,
  active7d: DAY_GAUGES.subscribersActive7d,
  premium: DAY_GAUGES.subscribersPremium,
  storage: DAY_GAUGES.storageUsedBytes,
  saved: DAY_GAUGES.storageSavedBytes,
} as const;

/** The currency payments are shown in when none was taken today. */
const DEFAULT_CURRENCY = 'TRY';
const SERIES_DAYS = 30;

export interface OpsDashboardDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  figures: FigureRecorder;
  now?: () => number;
  /** Accounts per step of the roll-up's walk. */
  chunk?: number;
}

/** The operator's dashboard: figures kept by counters and a scheduled roll-up, read with a few indexed point reads. */
export class OpsDashboardService {
  constructor(private readonly d: OpsDashboardDeps) {}

  private now(): number {
    return (this.d.now ?? Date.now)();
  }

  /**
   * Counts subscribers (not deleted), those seen within 7 days, premium ones and the bytes they use, walking the accounts
   * in primary-key chunks, and sets today's gauges. Running it again gives the same figures (it sets, never adds).
   */
  async rollUp(): Promise<{ total: number; active7d: number; premium: number; usedBytes: number; savedBytes: number }> {
    const at = this.now();
    const sum = { total: 0, active7d: 0, premium: 0, usedBytes: 0, savedBytes: 0 };
    const limit = this.d.chunk ?? 5_000;
    for (let after = ''; ; ) {
      const c = await repo.subscriberChunk(this.d.db, after, limit, at - days(7));
      sum.total += c.total;
      sum.active7d += c.active;
      sum.premium += c.premium;
      sum.usedBytes += c.usedBytes;
      if (c.rows < limit || c.last === null) break;
      after = c.last;
      // Let requests in between chunks (SQLite's driver is synchronous).
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Identical content stored once (issue 35): bytes that would be stored again without it. A figure, no names.
    sum.savedBytes = await savedBytes(this.d.db);
    await setDayGauges(this.d.db, businessDay(at), {
      [GAUGES.saved]: sum.savedBytes,
      [GAUGES.total]: sum.total,
      [GAUGES.active7d]: sum.active7d,
      [GAUGES.premium]: sum.premium,
      [GAUGES.storage]: sum.usedBytes,
    });
    return sum;
  }

  async dashboard(): Promise<Dashboard> {
    // This instance's latest additions first, so what it just counted shows at once (others flush every few seconds).
    await this.d.figures.flush();
    const at = this.now();
    const dayList = Array.from({ length: SERIES_DAYS }, (_, i) => businessDay(at - days(SERIES_DAYS - 1 - i)));
    const today = dayList[dayList.length - 1]!;
    const names = [GAUGES.total, GAUGES.active7d, GAUGES.premium, GAUGES.storage, GAUGES.saved, FIGURES.uploadsCount, FIGURES.uploadsBytes, FIGURES.uploadsSkippedBytes];
    const [dayRows, payments, errors, waiting, failed] = await Promise.all([
      repo.readDays(this.d.db, names, dayList[0]!),
      repo.readDayByPrefix(this.d.db, `${FIGURES.paymentsCount}.`, today).then(async (counts) => ({
        counts,
        sums: await repo.readDayByPrefix(this.d.db, `${FIGURES.paymentsMinor}.`, today),
      })),
      repo.sumMinutes(this.d.db, FIGURES.http5xx, epochMinute(at) - 59),
      repo.waitingJobs(this.d.db, this.d.dialect, at),
      repo.failedJobs(this.d.db, this.d.dialect, at - hours(24)),
    ]);

    const byName = new Map<string, Map<string, number>>();
    for (const r of dayRows) {
      const series = byName.get(r.name) ?? new Map<string, number>();
      series.set(r.day, Number(r.value));
      byName.set(r.name, series);
    }
    const latest = (name: string) => {
      const series = byName.get(name);
      if (!series) return 0;
      const day = [...series.keys()].sort().at(-1)!;
      return series.get(day)!;
    };
    const storage = byName.get(GAUGES.storage) ?? new Map<string, number>();

    // The currency most payments were taken in today.
    const counts = payments.counts.map((r) => ({ currency: r.name.slice(FIGURES.paymentsCount.length + 1), count: Number(r.value) }));
    const main = counts.sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency))[0];
    const currency = main?.currency ?? DEFAULT_CURRENCY;
    const minor = payments.sums.find((r) => r.name === `${FIGURES.paymentsMinor}.${currency}`);

    const jobs = new Map<string, { kind: string; waiting: number; oldestWaitingSeconds: number; failed24h: number }>();
    const job = (kind: string) => jobs.get(kind) ?? jobs.set(kind, { kind, waiting: 0, oldestWaitingSeconds: 0, failed24h: 0 }).get(kind)!;
    for (const w of waiting) {
      const j = job(w.type);
      j.waiting = Number(w.waiting);
      j.oldestWaitingSeconds = Math.max(0, Math.floor((at - Number(w.oldest)) / 1000));
    }
    for (const f of failed) job(f.type).failed24h = Number(f.failed);

    return {
      subscribers: { total: latest(GAUGES.total), active7d: latest(GAUGES.active7d), premium: latest(GAUGES.premium) },
      storage: {
        usedBytes: latest(GAUGES.storage),
        savedBytes: latest(GAUGES.saved),
        series: dayList.filter((day) => storage.has(day)).map((day) => ({ day, usedBytes: storage.get(day)! })),
      },
      uploads: dayList.map((day) => ({
        day,
        count: byName.get(FIGURES.uploadsCount)?.get(day) ?? 0,
        bytes: byName.get(FIGURES.uploadsBytes)?.get(day) ?? 0,
        skippedBytes: byName.get(FIGURES.uploadsSkippedBytes)?.get(day) ?? 0,
      })),
      jobs: [...jobs.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
      errors5xxLastHour: errors,
      payments: { todayCount: main?.count ?? 0, todayMinor: Number(minor?.value ?? 0), currency },
      generatedAt: new Date(at).toISOString(),
    };
  }
}
