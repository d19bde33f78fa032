/** Versions kept whatever their age: the newest this many. */
export const KEEP_NEWEST = 60;
/** Beyond those, the newest version of each of this many calendar months (UTC) back from now. */
export const KEEP_MONTHS = 12;

/**
 * The ids of versions the retention rule lets go: everything except the newest 60 and the newest version of each of
 * the last 12 calendar months. `versions` may come in any order; ids are UUIDv7, so they sort as they were made.
 */
export function versionsToPrune(versions: ReadonlyArray<{ id: string; created_at: number }>, now: number): string[] {
  const newestFirst = [...versions].sort((a, b) => (a.id < b.id ? 1 : -1));
  const keep = new Set(newestFirst.slice(0, KEEP_NEWEST).map((v) => v.id));
  const nowDate = new Date(now);
  const oldestMonth = nowDate.getUTCFullYear() * 12 + nowDate.getUTCMonth() - (KEEP_MONTHS - 1);
  const monthsSeen = new Set<number>();
  for (const v of newestFirst) {
    const d = new Date(v.created_at);
    const month = d.getUTCFullYear() * 12 + d.getUTCMonth();
    if (month < oldestMonth || monthsSeen.has(month)) continue;
    monthsSeen.add(month);
    keep.add(v.id);
  }
  return newestFirst.filter((v) => !keep.has(v.id)).map((v) => v.id);
}
