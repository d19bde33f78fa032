import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import { days } from '../../shared/time.js';

/** Finished jobs are kept a week for diagnosis, then go; each feature purges its own short-lived rows on its schedule. */
export async function purgeFinishedJobs(db: Kysely<DB>, at = Date.now()): Promise<number> {
  const r = await db.deleteFrom('job').where('status', '=', 'done').where('updated_at', '<', at - days(7)).executeTakeFirst();
  return Number(r.numDeletedRows);
}
