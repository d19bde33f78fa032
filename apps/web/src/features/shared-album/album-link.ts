import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { readSession, writeSession } from '@/lib/storage-keys';

/** A live person or place link's page (issue 35): /sharedAlbum?token=<token>. */
export const SHARED_ALBUM_PATH = '/sharedAlbum';
export const TOKEN_PARAM = 'token';

/** Session storage key of the password proof (`unlockSharedLink`); it lives as long as the tab. */
const UNLOCK_KEY = 'sharedAlbumUnlock';

export function sharedAlbumPath(token: string): string {
  return `${SHARED_ALBUM_PATH}?${new URLSearchParams({ [TOKEN_PARAM]: token }).toString()}`;
}

/** The link's headers on every visitor call: the token, and the password proof once unlocked. */
export function visitorHeaders(token: string, unlock: string | null): { 'x-share-token': string; 'x-share-unlock'?: string } {
  return unlock ? { 'x-share-token': token, 'x-share-unlock': unlock } : { 'x-share-token': token };
}

function readUnlock(token: string): string | null {
  const raw = readSession(UNLOCK_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { token?: unknown; unlock?: unknown } | null;
    return stored?.token === token && typeof stored.unlock === 'string' ? stored.unlock : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Keeps the proof of the link opened last (a proof is signed for one link only, and expires in 12 h). */
export function setUnlock(token: string, unlock: string | null): void {
  writeSession(UNLOCK_KEY, unlock ? JSON.stringify({ token, unlock }) : null);
  for (const listener of listeners) listener();
}

/** The link's token (from the address) and its password proof in this tab. */
export function useAlbumLink(): { token: string | null; unlock: string | null } {
  const [params] = useSearchParams();
  const token = params.get(TOKEN_PARAM) || null;
  const unlock = useSyncExternalStore(subscribe, () => (token ? readUnlock(token) : null), () => null);
  return { token, unlock };
}

/*
 * What a signed-out visitor asked to save (empty: everything), kept in memory across the sign-in screen of this tab,
 * so the save finishes when they come back signed in; null: nothing waits.
 */
let pendingSave: string[] | null = null;

export function rememberSave(uuids: readonly string[]): void {
  pendingSave = [...uuids];
}

export function takePendingSave(): string[] | null {
  const waiting = pendingSave;
  pendingSave = null;
  return waiting;
}
