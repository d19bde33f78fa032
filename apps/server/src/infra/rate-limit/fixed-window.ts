import { sql, type Kysely } from 'kysely';
import type { Executor } from '../db/executor.js';

/** The shape of every fixed-window counter table (the captcha's `rate_counter`, the request limiter's `request_counter`). */
export interface CounterRow {
  key: string;
  count: number;
  window_start: number;
}

type CounterDb = Kysely<Record<string, CounterRow>>;

/**
 * Counts one hit for `key` in a fixed window that starts at the key's first hit, in one atomic upsert, so every server
 * process sharing the database counts against the same window. Returns the count including this hit.
 */
export async function hitWindow(
  db: Executor,
  table: string,
  key: string,
  windowMs: number,
  at = Date.now(),
): Promise<{ count: number; windowStart: number }> {
  const stale = at - windowMs;
  const start = sql.ref<number>(`${table}.window_start`);
  const count = sql.ref<number>(`${table}.count`);
  const row = await (db as unknown as CounterDb)
    .insertInto(table)
    .values({ key, count: 1, window_start: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN ${start} < ${stale} THEN 1 ELSE ${count} + 1 END`,
        window_start: sql<number>`CASE WHEN ${start} < ${stale} THEN ${at} ELSE ${start} END`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/** Deletes counters whose window ended before `before`. */
export async function purgeWindows(db: Executor, table: string, before: number): Promise<number> {
  const r = await (db as unknown as CounterDb).deleteFrom(table).where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
