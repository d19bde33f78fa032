import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { businessDay, DAY_GAUGES, epochMinute, FIGURES } from './figure-recorder.js';

/** The operating figures as they stand, summed across instances (what the metrics endpoint exposes beside its own). */
export interface CurrentFigures {
  /** The dashboard roll-up's gauges (subscribers, storage used) of the latest day it ran, today or yesterday. */
  gauges: Record<string, number>;
  /** Today's counters (uploads, payments per currency) by figure name. */
  today: Record<string, number>;
  /** 5xx answers in the last 60 minutes. */
  errors5xxLastHour: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reads the current figures with two small reads: the day rows of today and yesterday (metric_day holds a row per
 * figure and day, a few thousand rows a year) and the last hour's minute rows of the 5xx counter (primary-key range).
 */
export async function readCurrentFigures(db: Kysely<DB>, at: number): Promise<CurrentFigures> {
  const today = businessDay(at);
  const yesterday = businessDay(at - DAY_MS);
  const gaugeNames = new Set<string>(Object.values(DAY_GAUGES));
  const [days, errors] = await Promise.all([
    db.selectFrom('metric_day').select(['name', 'day', 'value']).where('day', '>=', yesterday).orderBy('day').execute(),
    db
      .selectFrom('metric_minute')
      .select(sql<number | string | null>`sum(value)`.as('total'))
      .where('name', '=', FIGURES.http5xx)
      .where('minute', '>=', epochMinute(at) - 59)
      .executeTakeFirst(),
  ]);
  const out: CurrentFigures = { gauges: {}, today: {}, errors5xxLastHour: Number(errors?.total ?? 0) };
  // Ordered by day: a gauge's today row, once the roll-up ran today, overwrites yesterday's.
  for (const row of days) {
    if (gaugeNames.has(row.name)) out.gauges[row.name] = Number(row.value);
    else if (row.day === today) out.today[row.name] = Number(row.value);
  }
  return out;
}
