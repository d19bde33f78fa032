import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import type { Executor } from '../db/executor.js';
import { withoutDurableCommit } from '../db/dialect.js';
import './figure.table.js';

/** Names of the figures that paths of the app add to (the dashboard reads them; gauges are set by its roll-up). */
export const FIGURES = {
  uploadsCount: 'uploads.count',
  uploadsBytes: 'uploads.bytes',
  /** Bytes clients did not send because their account already held them (issue 35). */
  uploadsSkippedBytes: 'uploads.skipped_bytes',
  /** Suffixed with the currency: `payments.count.TRY`. */
  paymentsCount: 'payments.count',
  paymentsMinor: 'payments.minor',
  http5xx: 'http.5xx',
} as const;

/** Gauges the dashboard's roll-up sets once per run for the day (the latest run of a day is that day's figure). */
export const DAY_GAUGES = {
  subscribersTotal: 'subscribers.total',
  subscribersActive7d: 'subscribers.active7d',
  subscribersPremium: 'subscribers.premium',
  storageUsedBytes: 'storage.used_bytes',
  /** Bytes stored once but named by several files (issue 35): what sharing identical content saves. */
  storageSavedBytes: 'storage.saved_bytes',
} as const;

/** The business day of a moment: operators, invoices and reconciliation count days in Turkey's time. */
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' });
export const businessDay = (at: number): string => dayFormat.format(new Date(at));
export const epochMinute = (at: number): number => Math.floor(at / 60_000);

type Key = `d|${string}|${string}` | `m|${string}|${number}`;

/**
 * Adds to counters without a write per event: additions are summed in memory and flushed every few seconds as one
 * upsert per (name, bucket), adding to what every other instance flushed. A crash loses at most the last interval's
 * additions, which is fine for operating figures; the things themselves (uploads, payments) are never lost.
 */
export class FigureRecorder {
  private pending = new Map<Key, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly d: { db: Kysely<DB>; dialect: Dialect; logger: FastifyBaseLogger; flushMs?: number; now?: () => number },
  ) {}

  private get now(): number {
    return (this.d.now ?? Date.now)();
  }

  /** Adds to today's counter `name` (a day in the business time zone). */
  addDay(name: string, value: number, at = this.now): void {
    this.bump(`d|${name}|${businessDay(at)}`, value);
  }

  /** Adds to this minute's counter `name` (kept two days; for "in the last hour" figures). */
  addMinute(name: string, value: number, at = this.now): void {
    this.bump(`m|${name}|${epochMinute(at)}`, value);
  }

  private bump(key: Key, value: number): void {
    if (!(value > 0) || !Number.isFinite(value)) return;
    this.pending.set(key, (this.pending.get(key) ?? 0) + value);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush().catch((err) => this.d.logger.warn({ err }, 'figures not flushed; kept for the next flush'));
      }, this.d.flushMs ?? 2_000);
      this.timer.unref();
    }
  }

  /** Writes what was added so far (one at a time; a failed flush keeps its additions for the next one). */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.write());
    this.flushing = next.catch(() => {});
    return next;
  }

  /** Flushes and stops the timer (the app's close). */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const days: Array<{ name: string; day: string; value: number }> = [];
    const minutes: Array<{ name: string; minute: number; value: number }> = [];
    for (const [key, value] of batch) {
      const [kind, name, bucket] = splitKey(key);
      if (kind === 'd') days.push({ name, day: bucket, value });
      else minutes.push({ name, minute: Number(bucket), value });
    }
    try {
      // Counters a crash may lose without harm: no wait for the log's fsync on PostgreSQL.
      await withoutDurableCommit(this.d.db, this.d.dialect, async (executor) => {
        if (days.length > 0) await addToDays(executor, days);
        if (minutes.length > 0) await addToMinutes(executor, minutes);
      });
    } catch (err) {
      for (const [key, value] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + value);
      throw err;
    }
  }
}

function splitKey(key: Key): [string, string, string] {
  const first = key.indexOf('|');
  const last = key.lastIndexOf('|');
  return [key.slice(0, first), key.slice(first + 1, last), key.slice(last + 1)];
}

// Sorted, so two instances flushing the same rows lock them in the same order (no deadlock on PostgreSQL).
const byKey = <T extends { name: string }>(rows: T[], bucket: (r: T) => string | number) =>
  rows.sort((a, b) => (a.name === b.name ? (bucket(a) < bucket(b) ? -1 : 1) : a.name < b.name ? -1 : 1));

async function addToDays(executor: Executor, rows: Array<{ name: string; day: string; value: number }>): Promise<void> {
  await executor
    .insertInto('metric_day')
    .values(byKey(rows, (r) => r.day))
    .onConflict((oc) => oc.columns(['name', 'day']).doUpdateSet((eb) => ({ value: eb(eb.ref('metric_day.value'), '+', eb.ref('excluded.value')) })))
    .execute();
}

async function addToMinutes(executor: Executor, rows: Array<{ name: string; minute: number; value: number }>): Promise<void> {
  await executor
    .insertInto('metric_minute')
    .values(byKey(rows, (r) => r.minute))
    .onConflict((oc) =>
      oc.columns(['name', 'minute']).doUpdateSet((eb) => ({ value: eb(eb.ref('metric_minute.value'), '+', eb.ref('excluded.value')) })),
    )
    .execute();
}

/** Sets gauges for a day (a roll-up's result): running the roll-up again writes the same rows. */
export async function setDayGauges(executor: Executor, day: string, gauges: Record<string, number>): Promise<void> {
  const rows = Object.entries(gauges).map(([name, value]) => ({ name, day, value }));
  if (rows.length === 0) return;
  await executor
    .insertInto('metric_day')
    .values(byKey(rows, (r) => r.day))
    .onConflict((oc) => oc.columns(['name', 'day']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

/** Per-minute counters older than two days are not read by anything. */
export async function purgeOldMinutes(db: Kysely<DB>, at = Date.now()): Promise<number> {
  const r = await db.deleteFrom('metric_minute').where('minute', '<', epochMinute(at) - 2 * 24 * 60).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Counts every answer with a 5xx status per minute (any route, any cause). */
export function countServerErrors(app: FastifyInstance, figures: FigureRecorder): void {
  app.addHook('onResponse', (_req, reply, done) => {
    if (reply.statusCode >= 500) figures.addMinute(FIGURES.http5xx, 1);
    done();
  });
}
