import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import * as boundaries from './files.listing-boundary.repository.js';

/** The sort position of a row: enough to continue a listing right after it (keyset pagination). */
export interface Boundary {
  folder: number;
  key: string | number;
  id: string;
}

/**
 * Remembers, in the database, where the page last served under each page number ended, so page N continues right after
 * page N−1 as it was served — on whichever instance answers, and even when the folder changed in between (a change
 * never drops boundaries: a position stays a valid place to continue from, whether or not its row still exists). The
 * next page, or one jumped to again, is then one keyset seek instead of an OFFSET scan.
 */
export class ListingCache {
  constructor(private readonly db: Kysely<DB>) {}

  /** The closest page before `page` whose end is known, if any. */
  async nearest(listing: string, page: number): Promise<{ page: number; boundary: Boundary } | null> {
    const row = await boundaries.nearestBefore(this.db, listing, page);
    return row ? { page: row.page, boundary: decode(row.position) } : null;
  }

  /** The page served under this number ended at `boundary`: the next page continues after it. */
  async remember(accountId: string, listing: string, page: number, boundary: Boundary, at = Date.now()): Promise<void> {
    await boundaries.save(this.db, { listing, page, account_id: accountId, position: encode(boundary), updated_at: at });
  }
}

const encode = (b: Boundary) => JSON.stringify([b.folder, b.key, b.id]);

function decode(position: string): Boundary {
  const [folder, key, id] = JSON.parse(position) as [number, string | number, string];
  return { folder, key, id };
}

export const listingKey = (accountId: string, folderId: string, sort: string, size: number, foldersOnly: boolean) =>
  `${accountId}/${folderId}/${sort}/${size}/${foldersOnly ? 'f' : 'a'}`;
