import { browserDeviceName } from '@/lib/browser';
import { randomUuid } from '@/lib/uuid';
import { DEVICE_TYPE } from '@/config/constants';
import { readStorage, sessionKeys, storageKeys, writeSession, writeStorage } from '@/lib/storage-keys';
import type { SessionResponse } from './generated/types-only';

export type DeviceInfo = SessionResponse['deviceInfo'];

/** The stored session user (local storage key `user`). */
export interface StoredUser {
  deviceInfo: DeviceInfo | null;
  latestActivityId: string | null;
  _at: string;
}

/** What a sign-in, sign-up validation or remember-me call gives back. */
export interface SessionGrant {
  authToken: string;
  rememberMeToken?: string | null;
  deviceInfo?: DeviceInfo | null;
  latestActivityId?: string | null;
}

export function getStoredUser(): StoredUser | null {
  const raw = readStorage(storageKeys.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredUser> | null;
    if (!parsed || typeof parsed._at !== 'string' || !parsed._at) return null;
    return { deviceInfo: parsed.deviceInfo ?? null, latestActivityId: parsed.latestActivityId ?? null, _at: parsed._at };
  } catch {
    return null;
  }
}

export function getAuthToken(): string | null {
  return getStoredUser()?._at ?? null;
}

export function getRememberMeToken(): string | null {
  return readStorage(storageKeys.rememberMeToken) || null;
}

export function hasSession(): boolean {
  return getAuthToken() !== null;
}

/** Stores a new session. A missing remember-me token leaves the stored one alone only when asked to. */
export function saveSession(grant: SessionGrant, options: { keepRememberMe?: boolean } = {}): void {
  const user: StoredUser = {
    deviceInfo: grant.deviceInfo ?? null,
    latestActivityId: grant.latestActivityId ?? null,
    _at: grant.authToken,
  };
  writeStorage(storageKeys.user, JSON.stringify(user));
  if (grant.rememberMeToken) writeStorage(storageKeys.rememberMeToken, grant.rememberMeToken);
  else if (!options.keepRememberMe) writeStorage(storageKeys.rememberMeToken, null);
}

/** The device uuid is generated once and kept. */
export function getDeviceUuid(): string {
  const existing = readStorage(storageKeys.deviceUuid);
  if (existing) return existing;
  const created = randomUuid();
  writeStorage(storageKeys.deviceUuid, created);
  return created;
}

export function currentDevice(): DeviceInfo {
  return { uuid: getDeviceUuid(), name: browserDeviceName(), deviceType: DEVICE_TYPE };
}

/** Removes exactly what logout must clear from browser storage: credentials and per-account flags and data. */
export function clearStoredSession(): void {
  writeStorage(storageKeys.user, null);
  writeStorage(storageKeys.rememberMeToken, null);
  void import('./refresh-journal').then((journal) => journal.clearRefreshJournal());
  writeStorage(storageKeys.unlinkAccounts, null);
  writeStorage(storageKeys.recentSearches, null);
  // Unfinished uploads belong to this account; the next one to sign in here must not see them.
  writeStorage(storageKeys.pendingUploads, null);
  writeSession(sessionKeys.navToPackages, null);
  writeSession(sessionKeys.fullStorageDismissed, null);
}

const LOGGED_OUT = 'session/loggedOut';

/**
 * Dispatched once a session ends; every slice holding per-user state resets on it. Written out rather than with
 * Redux Toolkit's createAction: the signed-out screens import this module and must not load the store's vendor chunk.
 */
export const loggedOut = Object.assign(() => ({ type: LOGGED_OUT }) as { type: typeof LOGGED_OUT }, {
  type: LOGGED_OUT,
  match: (action: { type: string }): action is { type: typeof LOGGED_OUT } => action.type === LOGGED_OUT,
});

type Navigate = (to: string) => void | Promise<void>;
let navigateImpl: Navigate = (to) => window.location.assign(to);

/** The router registers itself so non-React code (the base query) can navigate. */
export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

/** Resolves once the navigation (and its loaders) has finished. */
export async function navigateTo(to: string): Promise<void> {
  await navigateImpl(to);
}
