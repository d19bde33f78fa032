import { createApi } from '@reduxjs/toolkit/query/react';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { KEEP_UNUSED_DATA_FOR_S, REFRESH_RETRY_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/i18n/i18n';
import { createBaseQuery, createSessionRefresher } from './base-query';
import { API_BASE_URL } from './request';
import { clearStoredSession, getAuthToken, getRememberMeToken, hasSession, loggedOut, navigateTo } from './session';
import { TAG_TYPES } from './tags';

export { API_BASE_URL };

/** Calls that never carry X-Auth-Token: the anonymous ones (shared files, sign-in steps, prize draw) plus our sign-in and sign-up. */
export const PUBLIC_ENDPOINTS: ReadonlySet<string> = new Set([
  'getCount',
  'getSharedFiles',
  'getSharedList',
  'downloadSharedFiles',
  // Our names for the other visitor calls of a public link (the token travels in X-Share-Token).
  'getSharedCount',
  'listSharedFiles',
  // Issue 35: a live person or place link's photos (/sharedAlbum).
  'listSharedAlbumPhotos',
  'unlockSharedLink',
  'challenge',
  'silentLogin',
  'getAppleTokenFromKey',
  'getCampaignCaptcha',
  // Issue 30: the raffle page's campaign, shown to visitors too.
  'getRaffle',
  'draw',
  'drawValidate',
  // Issue 30: the draw page's campaign texts and the public draw verification.
  'getDrawCampaign',
  'getDrawVerification',
  'challangeToken',
  'loginWithQrCode',
  'login',
  'getCaptchaRequired',
  'signup',
  'signupSendVerification',
  'signupValidate',
  'getEula',
  // Issue 12: recovery, the second sign-in step, QR sign-in's start, Google and Apple (contract12.md).
  'forgotMyPasswordV1',
  'forgotMyPasswordV2',
  'forgotMyPasswordV3',
  'forgotMyPasswordContinueWithMsisdn',
  'forgotMyPasswordContinueWithEmail',
  'forgotMyPasswordContinueWithRecoveryEmail',
  'forgotMyPasswordSendSms',
  'forgotMyPasswordSendEmail',
  'forgotMyPasswordSendRecoveryEmail',
  'forgotMyPasswordValidatePhoneNumber',
  'forgotMyPasswordValidateSecurityQuestion',
  'forgotMyPasswordCheckStatus',
  'forgotMyPasswordVerifyV2',
  'forgotMyPasswordVerifyV3',
  'forgotMyPasswordChange',
  'getSecurityQuestion',
  'listSecurityQuestions',
  'twoFactorChallenge',
  'twoFactorToken',
  'qrLoginStart',
  'socialProviders',
  'socialStart',
  'loginWithGoogle',
  'loginWithApple',
]);

/** A 401 from these means wrong credentials or a dead session already; no refresh. */
export const NO_REFRESH_ENDPOINTS: ReadonlySet<string> = new Set(['login', 'loginWithQrCode', 'logout']);

let loggingOut = false;

/**
 * Ends the session: tells the server (best effort), resets per-user state and caches, clears stored
 * credentials and flags, then goes to the sign-in screen.
 */
export function logout(): ThunkAction<Promise<void>, unknown, unknown, UnknownAction> {
  return async (dispatch) => {
    if (loggingOut) return;
    loggingOut = true;
    try {
      const token = getAuthToken();
      const rememberMeToken = getRememberMeToken();
      if (token) {
        const headers: Record<string, string> = { 'X-Auth-Token': token };
        if (rememberMeToken) headers['X-Remember-Me-Token'] = rememberMeToken;
        await fetch(`${API_BASE_URL}/auth/logout`, { method: 'POST', headers, credentials: 'same-origin' }).catch(() => undefined);
      }
      clearStoredSession();
      dispatch(loggedOut());
      // Leave the signed-in screens (and let React unmount them) before dropping the cache,
      // or their subscriptions would refetch at once.
      await navigateTo(paths.home);
      await new Promise((resolve) => setTimeout(resolve, 0));
      dispatch(baseApi.util.resetApiState());
    } finally {
      loggingOut = false;
    }
  };
}

/** The one remember-me refresh lock of the app, shared by the base query and the upload engine. */
const sessionRefresher = createSessionRefresher({
  baseUrl: API_BASE_URL,
  getLanguage: currentLanguage,
  // Another tab could not refresh and signed out (storage is shared): this one follows, with a clean page.
  onEndedElsewhere: () => {
    if (!hasSession()) window.location.assign(paths.home);
  },
});

/**
 * For callers outside RTK Query (the upload engine's XMLHttpRequests) after a 401 sent with `tokenSent`:
 * runs (or joins) the same single-flight refresh as the base query and resolves to the token to retry
 * with, or null when the session has ended (logout has then run).
 */
export function refreshAfterUnauthorized(tokenSent: string | null): ThunkAction<Promise<string | null>, unknown, unknown, UnknownAction> {
  return async (dispatch) => {
    const outcome = await sessionRefresher.recover(tokenSent, () => dispatch(logout()));
    if (outcome?.refreshed) await new Promise((resolve) => setTimeout(resolve, REFRESH_RETRY_DELAY_MS));
    return outcome?.token ?? null;
  };
}

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery({
    baseUrl: API_BASE_URL,
    refresher: sessionRefresher,
    publicEndpoints: PUBLIC_ENDPOINTS,
    noRefreshEndpoints: NO_REFRESH_ENDPOINTS,
    getLanguage: currentLanguage,
    onSessionEnd: (api) => api.dispatch(logout()),
  }),
  keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_S,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
