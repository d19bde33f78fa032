import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { readSession, writeSession } from '@/lib/storage-keys';

/** The query parameter of a public link: /sharedFiles?token=<token>. */
export const TOKEN_PARAM = 'token';
/** The opened subfolder of the link (a uuid below the shared root). */
export const FOLDER_PARAM = 'folder';

/** Session storage key of the password proof (`unlockSharedLink`); it lives as long as the tab. */
const UNLOCK_KEY = 'sharedFilesUnlock';

interface StoredUnlock {
  token: string;
  unlock: string;
}

/** Path and query of a shared-files page for `token` (the landing page, or one of its children such as "login"). */
export function sharedFilesPath(token: string | null, child = '', extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (token) params.set(TOKEN_PARAM, token);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return `/sharedFiles${child ? `/${child}` : ''}${query ? `?${query}` : ''}`;
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

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores the proof and re-renders every reader (the listing and the header buttons send it). */
export function setUnlock(token: string, unlock: string | null): void {
  storeUnlock(token, unlock);
  for (const listener of listeners) listener();
}

/** The current link's token (from the URL) and its password proof in this tab. */
export function useShareLink(): { token: string | null; unlock: string | null } {
  const [params] = useSearchParams();
  const token = params.get(TOKEN_PARAM) || null;
  const unlock = useSyncExternalStore(subscribe, () => (token ? readUnlock(token) : null), () => null);
  return { token, unlock };
}
