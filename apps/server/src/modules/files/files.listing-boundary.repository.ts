import type { Executor } from '../../infra/db/executor.js';
import type { ListingBoundaryRow, NewListingBoundary } from './files.table.js';

/** The remembered end of the nearest page before `page` (the exact previous one when known). */
export const nearestBefore = (db: Executor, listing: string, page: number): Promise<ListingBoundaryRow | undefined> =>
  db
    .selectFrom('listing_boundary')
    .selectAll()
    .where('listing', '=', listing)
    .where('page', '<', page)
    .orderBy('page', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function save(db: Executor, row: NewListingBoundary): Promise<void> {
  await db
    .insertInto('listing_boundary')
    .values(row)
    .onConflict((oc) => oc.columns(['listing', 'page']).doUpdateSet({ position: row.position, updated_at: row.updated_at }))
    .execute();
}

/** Boundaries of scrolls that ended long ago; a later scroll starts at page 0 and learns them again. */
export async function purgeBefore(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('listing_boundary').where('updated_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
