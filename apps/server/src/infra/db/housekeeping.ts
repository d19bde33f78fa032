import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import { days } from '../../shared/time.js';
import { keyEndsWithAny } from './counter-keys.js';

/** Finished jobs are kept a week for diagnosis, then go; each feature purges its own short-lived rows on its schedule. */
export async function purgeFinishedJobs(db: Kysely<DB>, at = Date.now()): Promise<number> {
  const r = await db.deleteFrom('job').where('status', '=', 'done').where('updated_at', '<', at - days(7)).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Account deletion: jobs that name the account (fair key, or its id in the payload) and are not running: finished ones
 * kept for diagnosis and queued ones whose rows are gone; and its request counters.
 */
export async function purgeAccountInfra(db: Kysely<DB>, accountId: string): Promise<void> {
  await db
    .deleteFrom('job')
    .where('status', '!=', 'running')
    .where((eb) => eb.or([eb('fair_key', '=', accountId), eb('payload', 'like', `%${accountId}%`)]))
    .execute();
  await db.deleteFrom('request_counter').where(keyEndsWithAny('key', [accountId])).execute();
}
