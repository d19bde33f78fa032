import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import { days } from '../../shared/time.js';

/**
 * Deletes rows that only matter for a while: dead sessions and tokens, used captchas, stale counters,
 * abandoned sign-ups and finished jobs. Idempotent, so every instance may run it.
 */
export async function purgeExpired(db: Kysely<DB>, at = Date.now()): Promise<Record<string, number>> {
  const n = (r: { numDeletedRows: bigint }[]) => r.reduce((sum, x) => sum + Number(x.numDeletedRows), 0);
  return {
    sessions: n(
      await db
        .deleteFrom('session')
        .where((eb) => eb.or([eb('expires_at', '<', at - days(1)), eb('revoked_at', '<', at - days(1))]))
        .execute(),
    ),
    rememberMe: n(await db.deleteFrom('remember_me_token').where('expires_at', '<', at).execute()),
    captchas: n(await db.deleteFrom('captcha').where('expires_at', '<', at).execute()),
    counters: n(await db.deleteFrom('rate_counter').where('window_start', '<', at - days(1)).execute()),
    signups: n(await db.deleteFrom('signup_request').where('created_at', '<', at - days(1)).execute()),
    jobs: n(
      await db.deleteFrom('job').where('status', '=', 'done').where('updated_at', '<', at - days(7)).execute(),
    ),
  };
}
