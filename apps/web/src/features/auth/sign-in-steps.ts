import type { QrLoginStartApiResponse } from '@/api/generated/qr-login';
import type { TwoFactorChallengeApiResponse, TwoFactorTokenApiArg } from '@/api/generated/two-factor';
import { currentDevice } from '@/api/session';
import { callPublic, toSession, type SessionResult } from './sign-in';

/*
 * The public calls of the lazily loaded sign-in steps (two-factor, QR), as plain requests like sign-in itself: the
 * sign-in screen has no Redux store (issue 17). Being public, none of them ever starts the remember-me refresh, which
 * is what the spec asks of the QR call's 401 (spec 000 §4).
 */

export type TwoFactorMethod = TwoFactorTokenApiArg['body']['method'];
type TwoFactorTicket = TwoFactorChallengeApiResponse;

/** POST /auth/2fa/challenge: sends the code by SMS or e-mail. */
export async function sendTwoFactorCode(challengeToken: string, method: 'SMS' | 'EMAIL'): Promise<TwoFactorTicket> {
  const { data } = await callPublic<TwoFactorTicket>({ url: '/auth/2fa/challenge', method: 'POST', body: { challengeToken, method } });
  return data;
}

/** POST /auth/2fa/token: the second step; the session comes in the headers as with the password. */
export async function completeTwoFactor(arg: { challengeToken: string; method: TwoFactorMethod; code: string; rememberMe: boolean }): Promise<SessionResult> {
  const { data, meta } = await callPublic<Parameters<typeof toSession>[0]>({
    url: '/auth/2fa/token',
    method: 'POST',
    params: { rememberMe: arg.rememberMe },
    body: { challengeToken: arg.challengeToken, method: arg.method, code: arg.code },
  });
  return toSession(data, meta);
}

/** The waiting screen's `token` is its secret: never drawn, never shown; the QR carries `approveUrl`. */
export type QrLoginTicket = QrLoginStartApiResponse;

/** POST /auth/qrcode/start. */
export async function startQrLogin(signal?: AbortSignal): Promise<QrLoginTicket> {
  const { data } = await callPublic<QrLoginTicket>({ url: '/auth/qrcode/start', method: 'POST', body: {} }, signal);
  return data;
}

export type QrPoll = { state: 'approved'; session: SessionResult } | { state: 'pending' } | { state: 'gone' };

/**
 * POST /auth/qrcode: 401 QR_PENDING while nobody has approved (not a dead session: no refresh, spec 000 §4),
 * 404 once expired, rejected or used, 200 with the session once approved.
 */
export async function pollQrLogin(token: string, rememberMe: boolean, signal?: AbortSignal): Promise<QrPoll> {
  try {
    const { data, meta } = await callPublic<Parameters<typeof toSession>[0]>(
      { url: '/auth/qrcode', method: 'POST', params: { rememberMe }, body: { deviceInfo: currentDevice(), token } },
      signal,
    );
    return { state: 'approved', session: toSession(data, meta) };
  } catch (error) {
    const status = (error as { errorStatus?: unknown }).errorStatus;
    if (status === 401) return { state: 'pending' };
    if (status === 404) return { state: 'gone' };
    throw error;
  }
}
