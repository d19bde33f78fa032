import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { MEDIA_KIND } from '../files/files.public.js';
import type { Category } from './timeline.schemas.js';

/** The photo count of a day in a category, from its timeline_day row. */
const countOf = (category: Category) => {
  switch (category) {
    case 'photos':
      return sql<number>`images`;
    case 'videos':
      return sql<number>`videos`;
    case 'favourites':
      return sql<number>`favourites`;
    default:
      return sql<number>`images + videos`;
  }
};

/** Every day of the account with photos in the category, newest first: one small row per day, whatever the library's size. */
export const listDayCounts = (db: Executor, accountId: string, category: Category) =>
  db
    .selectFrom('timeline_day')
    .select(['day', countOf(category).as('n')])
    .where('account_id', '=', accountId)
    .where(countOf(category), '>', 0)
    .orderBy('day', 'desc')
    .execute();

/**
 * The day holding the x-th photo (0-based, newest first) with its place: running totals computed in the database, so
 * only one row comes back however many days there are. undefined when x is past the end.
 */
export const findDayAt = (db: Executor, accountId: string, category: Category, x: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('timeline_day')
        .select((w) => [
          'day',
          countOf(category).as('n'),
          w.fn.sum<number>(countOf(category)).over((o) => o.orderBy('day', 'desc')).as('through'),
          w.fn.countAll<number>().over((o) => o.orderBy('day', 'desc')).as('ordinal'),
        ])
        .where('account_id', '=', accountId)
        .where(countOf(category), '>', 0)
        .as('running'),
    )
    .select(['day', 'n', 'through', 'ordinal'])
    // Exactly one day starts at or before x and ends after it: no sort needed to pick it.
    .where('through', '>', x)
    .where((eb) => eb(eb('through', '-', eb.ref('n')), '<=', x))
    .limit(1)
    .executeTakeFirst();

/** The counts of the given days in the category (days without photos are absent). */
export async function getDayCounts(db: Executor, accountId: string, category: Category, days: readonly number[]) {
  if (days.length === 0) return [];
  return db
    .selectFrom('timeline_day')
    .select(['day', countOf(category).as('n')])
    .where('account_id', '=', accountId)
    .where('day', 'in', days)
    .execute();
}

const categoryFilter = (category: Category) => (qb: SelectQueryBuilder<DB, 'file', object>) => {
  switch (category) {
    case 'photos':
      return qb.where('media_kind', '=', MEDIA_KIND.image);
    case 'videos':
      return qb.where('media_kind', '=', MEDIA_KIND.video);
    case 'favourites':
      return qb.where('media_kind', 'is not', null).where('favourite', '=', 1);
    default:
      return qb.where('media_kind', 'is not', null);
  }
};

/** A photo's place in its day's order (taken_at, then id, both descending). */
export interface DayCursor {
  takenAt: number;
  id: string;
}

/**
 * A page of a day: from `offset`, or (keyset, the same cost at any depth) the photos right after `after` or right
 * before `before` in timeline order, `offset` then being unused.
 */
export interface DayPage {
  day: number;
  offset: number;
  limit: number;
  after?: DayCursor;
  before?: DayCursor;
}

/** One day's page: its ids (in index order, the service sorts), read from the file_timeline index alone. */
const dayPage = (db: Executor, accountId: string, category: Category, page: DayPage, index: number) => {
  const base = db
    .selectFrom('file')
    .select([sql<number>`${sql.lit(index)}`.as('page'), 'id', 'taken_at'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where('hidden', '=', 0)
    // Photos moved into the family library are the family's timeline's (the day counts leave them out too).
    .where('family_id', 'is', null)
    .where('taken_day', '=', page.day)
    .$call(categoryFilter(category));
  // Keyset: down the day after `after`, or up from `before` (the nearest photos above it; the service re-sorts). The
  // plain bound on taken_at is what both planners turn into an index range; the OR only breaks ties on id.
  const cursor = page.after ?? page.before;
  if (cursor) {
    const down = cursor === page.after;
    return base
      .where('taken_at', down ? '<=' : '>=', cursor.takenAt)
      .where((eb) => eb.or([eb('taken_at', down ? '<' : '>', cursor.takenAt), eb('id', down ? '<' : '>', cursor.id)]))
      .orderBy('taken_at', down ? 'desc' : 'asc')
      .orderBy('id', down ? 'desc' : 'asc')
      .limit(page.limit);
  }
  return base.orderBy('taken_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset);
};

export interface PageHit {
  /** Index of the page in the asked list. */
  page: number;
  id: string;
  taken_at: number | null;
}

/**
 * The ids of several day pages in one round trip (UNION ALL of index range reads; skipped rows never touch the
 * table). Each id comes with the number of its page; callers order a page by (taken_at, id) descending.
 */
export async function listPageIds(
  db: Executor,
  accountId: string,
  category: Category,
  pages: readonly DayPage[],
): Promise<PageHit[]> {
  if (pages.length === 0) return [];
  // Each page is wrapped as a derived table: both dialects refuse ORDER BY/LIMIT directly on a UNION member.
  const [first, ...rest] = pages.map((p, i) => db.selectFrom(dayPage(db, accountId, category, p, i).as(`p${i}`)).selectAll().$castTo<PageHit>());
  return rest.reduce((q, next) => q.unionAll(next), first!).execute();
}

/**
 * Account deletion. The file triggers may still write day rows for the account while the files module's hook runs
 * after this one; those go with the account row (ON DELETE CASCADE), which the account module deletes last.
 */
export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('timeline_day').where('account_id', '=', accountId).execute();
}
