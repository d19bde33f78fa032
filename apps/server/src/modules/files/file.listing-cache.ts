/** The sort position of a row: enough to continue a listing right after it (keyset pagination). */
export interface Boundary {
  folder: number;
  key: string | number;
  id: string;
}

interface Listing {
  version: number;
  /** page number → the position of that page's last row. */
  pages: Map<number, Boundary>;
}

export interface ListingCacheOptions {
  /** How many (account, folder, sort, page size) listings keep boundaries. */
  maxListings?: number;
  /** Boundaries kept per listing; the oldest go first. */
  maxPagesPerListing?: number;
  /** Folder versions remembered; a forgotten folder simply starts a new version. */
  maxFolders?: number;
}

/**
 * Remembers where each page served ended, so the next page (or a page jumped to again) is one keyset seek instead of an
 * OFFSET scan. Every change to a folder's contents bumps the folder's version, which discards its boundaries.
 * In memory and per process: another process's change is not seen, so its listings continue from where the pages they
 * served ended (keyset semantics) until this process changes the folder or the entry is evicted.
 */
export class ListingCache {
  private readonly listings = new Map<string, Listing>();
  private readonly versions = new Map<string, number>();
  private clock = 0;
  private readonly maxListings: number;
  private readonly maxPages: number;
  private readonly maxFolders: number;

  constructor(opts: ListingCacheOptions = {}) {
    this.maxListings = opts.maxListings ?? 1000;
    this.maxPages = opts.maxPagesPerListing ?? 256;
    this.maxFolders = opts.maxFolders ?? 20_000;
  }

  /** The folder's current version; read it before querying and pass it back to `remember`. */
  version(accountId: string, folderId: string): number {
    const key = folderKey(accountId, folderId);
    let v = this.versions.get(key);
    if (v === undefined) {
      v = ++this.clock;
      this.versions.set(key, v);
      if (this.versions.size > this.maxFolders) this.versions.delete(this.versions.keys().next().value!);
    }
    return v;
  }

  /** The folder's contents (membership or sort keys) changed. */
  bump(accountId: string, folderId: string): void {
    const key = folderKey(accountId, folderId);
    this.versions.delete(key);
    this.versions.set(key, ++this.clock);
    if (this.versions.size > this.maxFolders) this.versions.delete(this.versions.keys().next().value!);
  }

  /** The closest page before `page` whose end is known, if any. */
  nearest(listing: string, version: number, page: number): { page: number; boundary: Boundary } | null {
    const entry = this.listings.get(listing);
    if (!entry) return null;
    if (entry.version !== version) {
      if (entry.version < version) this.listings.delete(listing);
      return null;
    }
    // Touch for LRU.
    this.listings.delete(listing);
    this.listings.set(listing, entry);
    const exact = entry.pages.get(page - 1);
    if (exact) return { page: page - 1, boundary: exact };
    let best: { page: number; boundary: Boundary } | null = null;
    for (const [p, boundary] of entry.pages) {
      if (p < page && (!best || p > best.page)) best = { page: p, boundary };
    }
    return best;
  }

  remember(listing: string, version: number, page: number, boundary: Boundary): void {
    let entry = this.listings.get(listing);
    if (entry && entry.version !== version) {
      // A boundary read under an older version is already stale; one read under a newer version replaces the entry.
      if (entry.version > version) return;
      entry = undefined;
    }
    if (!entry) {
      entry = { version, pages: new Map() };
      this.listings.set(listing, entry);
      if (this.listings.size > this.maxListings) this.listings.delete(this.listings.keys().next().value!);
    }
    entry.pages.delete(page);
    entry.pages.set(page, boundary);
    if (entry.pages.size > this.maxPages) entry.pages.delete(entry.pages.keys().next().value!);
  }
}

const folderKey = (accountId: string, folderId: string) => `${accountId}/${folderId}`;

export const listingKey = (accountId: string, folderId: string, sort: string, size: number, foldersOnly: boolean) =>
  `${accountId}/${folderId}/${sort}/${size}/${foldersOnly ? 'f' : 'a'}`;
