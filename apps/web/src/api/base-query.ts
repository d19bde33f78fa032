import type { BaseQueryApi, BaseQueryFn } from '@reduxjs/toolkit/query';
import { REFRESH_RETRY_DELAY_MS } from '@/config/constants';
import type { RememberMeApiResponse } from './generated/types-only';
import { currentDevice, getAuthToken, getRememberMeToken, getStoredUser, saveSession } from './session';
import { buildUrl, send, type ApiArgs, type ApiError, type ApiExtraOptions, type ApiMeta, type Connection, type Outcome } from './request';

export type ApiBaseQuery = BaseQueryFn<ApiArgs, unknown, ApiError, ApiExtraOptions, ApiMeta>;

export interface BaseQueryOptions extends Connection {
  /** Endpoint names sent without a token (the public calls plus our sign-in and sign-up calls). */
  publicEndpoints: ReadonlySet<string>;
  /** Endpoints whose 401 means "wrong credentials", not "session expired". */
  noRefreshEndpoints: ReadonlySet<string>;
  /** Ends the session: logout. Called at most once per failed refresh. */
  onSessionEnd: (api: BaseQueryApi) => unknown;
  retryDelayMs?: number;
  /** Shared with other callers (the upload engine) so there is one refresh in flight at most. */
  refresher?: SessionRefresher;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type RememberMeBody = Partial<RememberMeApiResponse>;

/** POST /auth/rememberMe: rotates both tokens. Resolves false on any failure. */
async function refreshSession(options: RefresherOptions): Promise<boolean> {
  const user = getStoredUser();
  const rememberMeToken = getRememberMeToken();
  if (!user || !rememberMeToken) return false;
  const device = currentDevice();
  try {
    const response = await fetch(buildUrl(options.baseUrl, '/auth/rememberMe'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Client-Language': options.getLanguage(),
        'X-Remember-Me-Token': rememberMeToken,
        'X-Auth-Token': user._at,
      },
      body: JSON.stringify({ uuid: device.uuid, name: device.name, deviceType: device.deviceType }),
      credentials: 'same-origin',
    });
    const authToken = response.headers.get('x-auth-token');
    if (!response.ok || !authToken) return false;
    const body = (await response.json().catch(() => ({}))) as RememberMeBody;
    saveSession(
      {
        authToken,
        rememberMeToken: response.headers.get('x-remember-me-token'),
        deviceInfo: body.deviceInfo ?? user.deviceInfo,
        latestActivityId: body.latestActivityId ?? user.latestActivityId,
      },
      { keepRememberMe: true },
    );
    return true;
  } catch {
    return false;
  }
}

export interface RefresherOptions {
  baseUrl: string;
  getLanguage: () => string;
  /** Another tab's refresh failed and ended the session (stored tokens are gone for every tab). */
  onEndedElsewhere?: () => void;
}

/** What to do after a 401: retry with `token` (after the retry delay when a refresh ran), or give up. */
export type RecoverOutcome = { token: string; refreshed: boolean } | null;

/**
 * The single-flight remember-me refresh shared by the base query and the upload engine: one refresh at a
 * time, everybody else waits for it; a failed or impossible refresh ends the session once.
 */
export interface SessionRefresher {
  /** The refresh in flight, if any (requests wait for it before they start). */
  pending(): Promise<boolean> | null;
  /** After a 401 for a request sent with `tokenSent`: the token to retry with, or null once the session has ended. */
  recover(tokenSent: string | null, endSession: () => unknown): Promise<RecoverOutcome>;
}

/** Web Locks name shared by every tab of the origin: one remember-me refresh per browser at a time. */
export const REFRESH_LOCK = 'bulut-refresh';
/** Tabs tell each other how a refresh ended. */
export const AUTH_CHANNEL = 'bulut-auth';
type AuthMessage = { type: 'refreshed' | 'ended' };

/** Runs `task` holding the browser-wide refresh lock; where Web Locks are missing, the in-tab single flight is all. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  return locks ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task();
}

function openAuthChannel(onEndedElsewhere?: () => void): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  // Node's channel (tests) would keep the process alive; browsers have no unref.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  channel.onmessage = (event: MessageEvent<AuthMessage>) => {
    if (event.data?.type === 'ended') onEndedElsewhere?.();
  };
  return channel;
}

export function createSessionRefresher(options: RefresherOptions): SessionRefresher {
  let refreshing: Promise<boolean> | null = null;
  const channel = openAuthChannel(options.onEndedElsewhere);

  const start = (tokenSent: string | null, endSession: () => unknown): Promise<boolean> => {
    refreshing = withRefreshLock(async () => {
      // The tokens live in storage every tab shares: if they changed while this tab waited for the lock, another
      // tab has refreshed and this one only retries (presenting the old remember-me token again would be a replay).
      const current = getAuthToken();
      if (current && current !== tokenSent) return true;
      if (!current || !getRememberMeToken()) return false;
      // This tab's copy of localStorage may lag behind the tab that held the lock before: ask the journal too.
      // (Loaded on first use: the sign-in screen's initial bundle has no room to spare.)
      const journal = await import('./refresh-journal');
      const elsewhere = await journal.refreshedFrom(current);
      if (elsewhere) {
        const user = getStoredUser();
        saveSession(
          { authToken: elsewhere.authToken, rememberMeToken: elsewhere.rememberMeToken, deviceInfo: user?.deviceInfo, latestActivityId: user?.latestActivityId },
          { keepRememberMe: true },
        );
        return true;
      }
      const ok = await refreshSession(options);
      const authToken = getAuthToken();
      if (ok && authToken) await journal.recordRefresh({ from: current, authToken, rememberMeToken: getRememberMeToken() });
      return ok;
    })
      .then(async (ok) => {
        channel?.postMessage({ type: ok ? 'refreshed' : 'ended' } satisfies AuthMessage);
        if (!ok) await endSession();
        return ok;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  return {
    pending: () => refreshing,
    async recover(tokenSent, endSession) {
      let refreshed: Promise<boolean>;
      if (refreshing) {
        refreshed = refreshing;
      } else {
        const current = getAuthToken();
        // Another request refreshed the session while this one was in flight: just retry.
        if (current && current !== tokenSent) return { token: current, refreshed: false };
        if (!current || !getRememberMeToken()) {
          await endSession();
          return null;
        }
        refreshed = start(tokenSent, endSession);
      }
      if (!(await refreshed)) return null;
      const token = getAuthToken();
      return token ? { token, refreshed: true } : null;
    },
  };
}

/**
 * The shared base query: token header, language header, the shared result shapes, and on 401 a
 * single-flight remember-me refresh (other requests wait for it), then one retry after 100 ms.
 */
export function createBaseQuery(options: BaseQueryOptions): ApiBaseQuery {
  const retryDelay = options.retryDelayMs ?? REFRESH_RETRY_DELAY_MS;
  const refresher = options.refresher ?? createSessionRefresher(options);

  return async (args, api, extraOptions) => {
    const isPublic = Boolean(extraOptions?.public) || options.publicEndpoints.has(api.endpoint);
    const pending = refresher.pending();
    if (!isPublic && pending) await pending;

    const tokenSent = isPublic ? null : getAuthToken();
    // Without a token the server can only answer 401: skip the round trip and treat it as one.
    const first: Outcome =
      isPublic || tokenSent
        ? await send(options, args, api.signal, tokenSent)
        : { error: { errorStatus: 401, errorData: { status: 'UNAUTHORIZED', message: 'No session' }, headers: {} } };
    const unauthorized = 'error' in first && first.error.errorStatus === 401;
    if (!unauthorized || isPublic || options.noRefreshEndpoints.has(api.endpoint)) return first;

    const outcome = await refresher.recover(tokenSent, () => options.onSessionEnd(api));
    if (!outcome) return first;
    if (outcome.refreshed) await delay(retryDelay);
    return send(options, args, api.signal, outcome.token);
  };
}
