import { useRemoteNumber } from '@/api/remote-config';

/** The remote parameter capping a selection, and its default. */
export const MAX_SELECT_COUNT_PARAMETER = 'max_select_count';
export const MAX_SELECT_COUNT_DEFAULT = 500;

/** How many items can be selected at once (remote max_select_count, default 500). */
export function useMaxSelectCount(): number {
  return useRemoteNumber(MAX_SELECT_COUNT_PARAMETER, MAX_SELECT_COUNT_DEFAULT);
}

/**
 * Adds `uuids` to `selected` up to `max`, in the order given; `capped` tells whether some were left out.
 * When every one of them is already selected they are all removed instead (a day's check box toggles the day).
 */
export function toggleMany(selected: readonly string[], uuids: readonly string[], max: number): { selected: string[]; capped: boolean } {
  const current = new Set(selected);
  if (uuids.length > 0 && uuids.every((uuid) => current.has(uuid))) {
    const drop = new Set(uuids);
    return { selected: selected.filter((uuid) => !drop.has(uuid)), capped: false };
  }
  const next = [...selected];
  let capped = false;
  for (const uuid of uuids) {
    if (current.has(uuid)) continue;
    if (next.length >= max) {
      capped = true;
      break;
    }
    next.push(uuid);
    current.add(uuid);
  }
  return { selected: next, capped };
}
