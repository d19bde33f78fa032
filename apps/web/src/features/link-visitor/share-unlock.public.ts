import { readSession, writeSession } from '@/lib/storage-keys';

// Free of React: the light visitor page (src/share/) keeps the proof where the app reads it, and the other way round.

/** Session storage key of the password proof (`unlockSharedLink`); it lives as long as the tab. */
const UNLOCK_KEY = 'sharedFilesUnlock';

interface StoredUnlock {
  token: string;
  unlock: string;
}

/** The proof that unlocked the password link `token` in this tab, if any. */
export function readUnlock(token: string): string | null {
  const raw = readSession(UNLOCK_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredUnlock> | null;
    return stored?.token === token && typeof stored.unlock === 'string' ? stored.unlock : null;
  } catch {
    return null;
  }
}

/** Keeps one proof: the link opened last (a proof is signed for that link only, and expires in 12 h). */
export function storeUnlock(token: string, unlock: string | null): void {
  writeSession(UNLOCK_KEY, unlock ? JSON.stringify({ token, unlock } satisfies StoredUnlock) : null);
}

