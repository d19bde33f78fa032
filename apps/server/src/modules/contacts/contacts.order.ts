/** Gap between sort keys numbered afresh: 2^20 − 1 contacts fit between two neighbours before a renumbering. */
export const KEY_GAP = 2 ** 20;

/** First-name order for every script: the root Unicode collation, numbers by value, case and accents second. */
const collator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

/** What the book's order compares: the first name, then the display name, then the contact id (a total order). */
export interface Ordered {
  contact_id: string;
  sort_first: string;
  display_name: string;
}

export const compareContacts = (a: Ordered, b: Ordered): number =>
  collator.compare(a.sort_first, b.sort_first) || collator.compare(a.display_name, b.display_name) || (a.contact_id < b.contact_id ? -1 : a.contact_id > b.contact_id ? 1 : 0);

/**
 * Sort keys for `fresh` contacts placed among `kept` ones (both already in the book's order): each fresh contact goes
 * after the kept ones that sort before it, its key strictly between its neighbours' keys, so the kept entries (shared
 * with older versions) keep theirs. Null when some gap is used up: the caller numbers the whole book afresh.
 */
export function keysAmong(kept: ReadonlyArray<Ordered & { sort_key: number }>, fresh: ReadonlyArray<Ordered>): number[] | null {
  const slots = fresh.map((f) => {
    // The first kept contact that sorts after f (binary search).
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareContacts(kept[mid]!, f) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  });
  const keys: number[] = new Array<number>(fresh.length);
  for (let i = 0; i < fresh.length; ) {
    let j = i;
    while (j < fresh.length && slots[j] === slots[i]) j++;
    const run = j - i;
    const slot = slots[i]!;
    const below = slot > 0 ? kept[slot - 1]!.sort_key : null;
    const above = slot < kept.length ? kept[slot]!.sort_key : null;
    const lo = below ?? (above === null ? 0 : above - (run + 1) * KEY_GAP);
    const hi = above ?? lo + (run + 1) * KEY_GAP;
    const step = Math.floor((hi - lo) / (run + 1));
    if (step < 1) return null;
    for (let k = 0; k < run; k++) keys[i + k] = lo + step * (k + 1);
    i = j;
  }
  return keys;
}
