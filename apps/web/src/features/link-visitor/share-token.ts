import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { readUnlock, storeUnlock } from './share-unlock.public';

/** The query parameter of a public link: /sharedFiles?token=<token>. */
export const TOKEN_PARAM = 'token';
/** The opened subfolder of the link (a uuid below the shared root). */
export const FOLDER_PARAM = 'folder';

/** Path and query of a shared-files page for `token` (the landing page, or one of its children such as "login"). */
export function sharedFilesPath(token: string | null, child = '', extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (token) params.set(TOKEN_PARAM, token);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return `/sharedFiles${child ? `/${child}` : ''}${query ? `?${query}` : ''}`;
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
