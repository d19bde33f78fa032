import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-query.js';
import type { Executor } from '../db/executor.js';

/** The shape of every fixed-window counter table (the captcha's `rate_counter`, the request limiter's `request_counter`). */
export interface CounterRow {
  key: string;
  count: number;
  window_start: number;
}

type CounterDb = Kysely<Record<string, CounterRow>>;

/**
 * Counts `hits` hits for `key` in a fixed window that starts at the key's first hit, in one atomic upsert, so every
 * server process sharing the database counts against the same window. Returns the count including these hits.
 */
export async function hitWindow(
  db: Executor,
  table: string,
  key: string,
  windowMs: number,
  at = Date.now(),
  hits = 1,
): Promise<{ count: number; windowStart: number }> {
  const row = await upsertFor(table).takeFirst(db, { key, at, stale: at - windowMs, hits });
  if (!row) throw new Error(`counter upsert into ${table} returned no row`);
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

// One compiled upsert per counter table: the request limiter runs it on every metered request.
const upserts = new Map<string, ReturnType<typeof buildUpsert>>();
const upsertFor = (table: string) => upserts.get(table) ?? upserts.set(table, buildUpsert(table)).get(table)!;

function buildUpsert(table: string) {
  const start = sql.ref<number>(`${table}.window_start`);
  const count = sql.ref<number>(`${table}.count`);
  return compiledOnce((db, p: { key: string; at: number; stale: number; hits: number }) =>
    (db as unknown as CounterDb)
      .insertInto(table)
      .values({ key: p.key, count: p.hits, window_start: p.at })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN ${start} < ${p.stale} THEN ${p.hits} ELSE ${count} + ${p.hits} END`,
          window_start: sql<number>`CASE WHEN ${start} < ${p.stale} THEN ${p.at} ELSE ${start} END`,
        }),
      )
      .returning(['count', 'window_start']),
  );
}

/** Deletes counters whose window ended before `before`. */
export async function purgeWindows(db: Executor, table: string, before: number): Promise<number> {
  const r = await (db as unknown as CounterDb).deleteFrom(table).where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
