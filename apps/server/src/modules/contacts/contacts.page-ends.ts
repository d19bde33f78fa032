/**
 * Where each page of a version ended (the sort key of its last entry), remembered in memory so page N is one range of
 * contact_entry_order after page N−1's end instead of an OFFSET that reads every entry before it. Exact for ever: the
 * entries visible at a seq never change (a change makes a new seq), so nothing is invalidated; the oldest are dropped
 * past `max` (each instance keeps its own).
 */
export class PageEnds {
  private readonly ends = new Map<string, number>();

  constructor(private readonly max = 50_000) {}

  private key(accountId: string, seq: number, descending: boolean, size: number, page: number) {
    return `${accountId}/${seq}/${descending ? 'd' : 'a'}/${size}/${page}`;
  }

  /** The closest page before `page` whose end is known ({ page: 0, end: null }: the start). */
  nearest(accountId: string, seq: number, descending: boolean, size: number, page: number): { page: number; end: number | null } {
    for (let p = page - 1; p > 0; p--) {
      const end = this.ends.get(this.key(accountId, seq, descending, size, p));
      if (end !== undefined) return { page: p, end };
    }
    return { page: 0, end: null };
  }

  remember(accountId: string, seq: number, descending: boolean, size: number, page: number, end: number): void {
    const key = this.key(accountId, seq, descending, size, page);
    this.ends.delete(key);
    this.ends.set(key, end);
    if (this.ends.size > this.max) this.ends.delete(this.ends.keys().next().value!);
  }
}
