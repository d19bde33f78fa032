import type { Executor } from '../../infra/db/executor.js';

/** Fixed-window counters in the database, so limits hold across restarts and across server processes. */
export async function hit(db: Executor, key: string, windowMs: number, at = Date.now()): Promise<number> {
  const stale = at - windowMs;
  const row = await db
    .insertInto('rate_counter')
    .values({ key, count: 1, window_start: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_counter.window_start', '<', stale)
          .then(1)
          .else(eb('rate_counter.count', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('rate_counter.window_start', '<', stale)
          .then(at)
          .else(eb.ref('rate_counter.window_start'))
          .end(),
      })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function peek(db: Executor, key: string, windowMs: number, at = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('rate_counter')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '>=', at - windowMs)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function clear(db: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('rate_counter').where('key', 'in', keys).execute();
}

/** Windows that ended a day ago count for nothing any more. */
export async function purgeStale(db: Executor, at: number): Promise<number> {
  const r = await db.deleteFrom('rate_counter').where('window_start', '<', at - 24 * 60 * 60_000).executeTakeFirst();
  return Number(r.numDeletedRows);
}
