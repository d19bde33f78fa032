/** Browser storage keys: the exact names each item is stored under. */
export const storageKeys = {
  user: 'user',
  rememberMeToken: 'rememberMeToken',
  deviceUuid: 'userUUID',
  language: 'i18nextLng',
  isFamilyMember: 'isFamilyMember',
  isFamilyUserMember: 'isFamilyUserMember',
  familyStatus: 'status',
  openedFolder: 'openedFolder',
  recentSearches: 'recentSearches',
  unlinkAccounts: 'unlinkAccounts',
  /** Unfinished uploads ({uuid, name, size, lastModified, parentUuid}[]) so they can resume after a reload. */
  pendingUploads: 'pendingUploads',
  /** Local flag that enables /update/msisdn (spec §2). */
  msisdnUpdate: 'msis_c',
  /** A Google or Apple identity on its way to sign-up (spec 000 §3): the e-mail shown, and {token, state}. */
  googleEmail: 'googleEmail',
  googleToken: 'googleToken',
  appleEmail: 'appleEmail',
  appleToken: 'appleToken',
  /** Who invited this visitor (/auth/inviteuser), kept until sign-up. */
  referrerToken: 'referrerToken',
  /** 'true' shows the year-in-review story on For you (spec 000 §3: stored locally; absent means off). */
  yearInReview: 'yilsonu_timeline_enabled',
} as const;

export const sessionKeys = {
  navToPackages: 'navToPackages',
  fullStorageDismissed: 'fullStorageDismissed',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working without it.
  }
}

export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // See writeStorage.
  }
}
