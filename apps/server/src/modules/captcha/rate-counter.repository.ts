import type { Executor } from '../../infra/db/executor.js';
import { hitWindow } from '../../infra/rate-limit/fixed-window.js';
import { keyEndsWithAny } from '../../infra/db/counter-keys.js';
import type { PurgedAccount } from '../../infra/module-manifest.js';

/** Fixed-window counters in the database, so limits hold across restarts and across server processes. */
export async function hit(db: Executor, key: string, windowMs: number, at = Date.now()): Promise<number> {
  return (await hitWindow(db, 'rate_counter', key, windowMs, at)).count;
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

/** Account deletion: failure counters of the account and sign-up counters of its contacts. */
export async function purgeAccount(db: Executor, account: PurgedAccount): Promise<void> {
  await db
    .deleteFrom('rate_counter')
    .where(keyEndsWithAny('key', [account.id, `email:${account.email}`, `phone:${account.phoneE164}`]))
    .execute();
}
