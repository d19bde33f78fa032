import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

/** How many searches the device remembers (issue 11). */
export const RECENT_SEARCHES_MAX = 10;

/**
 * Case-, accent- and dotted/dotless-i-insensitive form for matching on the device (the server folds its own
 * index): "İstanbul", "istanbul" and "ISTANBUL" are one search.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .trim();
}

/**
 * Recent searches, newest first, kept in local storage under the spec's key `recentSearches`; logout removes the key
 * (`clearStoredSession` in api/session.ts). Anything unreadable counts as none.
 */
export function readRecentSearches(): string[] {
  const raw = readStorage(storageKeys.recentSearches);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '').slice(0, RECENT_SEARCHES_MAX);
  } catch {
    return [];
  }
}

/** Puts a search first; the same words typed differently replace the older entry. Returns the new list. */
export function rememberSearch(text: string): string[] {
  const entry = text.trim();
  if (!entry) return readRecentSearches();
  const key = foldSearchText(entry);
  const next = [entry, ...readRecentSearches().filter((old) => foldSearchText(old) !== key)].slice(0, RECENT_SEARCHES_MAX);
  writeStorage(storageKeys.recentSearches, JSON.stringify(next));
  return next;
}

export function clearRecentSearches(): void {
  writeStorage(storageKeys.recentSearches, null);
}

/** The recent searches that start with what is typed (all of them for an empty box), at most `limit`. */
export function matchingRecentSearches(recent: readonly string[], typed: string, limit = RECENT_SEARCHES_MAX): string[] {
  const prefix = foldSearchText(typed);
  return recent.filter((entry) => !prefix || foldSearchText(entry).startsWith(prefix)).slice(0, limit);
}
