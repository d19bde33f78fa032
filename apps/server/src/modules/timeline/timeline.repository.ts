import type { Executor } from '../../infra/jobs/job-queue.js';
import { MEDIA_KIND } from '../files/file.table.js';
import type { Category } from './timeline.schemas.js';

/** Every day of the account that has photos, newest first (one small row per day, whatever the library's size). */
export const listDays = (db: Executor, accountId: string) =>
  db
    .selectFrom('timeline_day')
    .select(['day', 'images', 'videos', 'favourites'])
    .where('account_id', '=', accountId)
    .orderBy('day', 'desc')
    .execute();

export async function getDays(db: Executor, accountId: string, days: readonly number[]) {
  if (days.length === 0) return [];
  return db
    .selectFrom('timeline_day')
    .select(['day', 'images', 'videos', 'favourites'])
    .where('account_id', '=', accountId)
    .where('day', 'in', days)
    .execute();
}

/**
 * Ids of one day's photos in timeline order (newest first), from the file_timeline index alone: the category filters
 * read columns carried in the index, and skipped rows never touch the table.
 */
export async function listDayIds(
  db: Executor,
  accountId: string,
  q: { day: number; category: Category; offset: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('file')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where('hidden', '=', 0)
    .where('taken_day', '=', q.day)
    .$call((qb) => {
      switch (q.category) {
        case 'photos':
          return qb.where('media_kind', '=', MEDIA_KIND.image);
        case 'videos':
          return qb.where('media_kind', '=', MEDIA_KIND.video);
        case 'favourites':
          return qb.where('media_kind', 'is not', null).where('favourite', '=', 1);
        default:
          return qb.where('media_kind', 'is not', null);
      }
    })
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return rows.map((r) => r.id);
}
