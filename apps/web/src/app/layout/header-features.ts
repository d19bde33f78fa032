import type { NewMenuEntry } from '../../features/shell/new-menu-entry';
import type { SearchSlot } from '../../features/shell/components/header';

/**
 * Features that plug into the header. The NEW button and the search box render only when a built
 * feature provides them (files/albums add NEW entries, the search feature adds its box): none yet.
 */
export function useNewMenuEntries(): readonly NewMenuEntry[] {
  return NO_ENTRIES;
}

export function useSearchSlot(): SearchSlot | null {
  return null;
}

const NO_ENTRIES: readonly NewMenuEntry[] = [];
