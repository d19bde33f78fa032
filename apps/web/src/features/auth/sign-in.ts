import { API_BASE_URL, sendPublic, type ApiMeta } from '@/api/base-query';
import type { GetCaptchaRequiredApiArg, GetCaptchaRequiredApiResponse, LoginApiArg, LoginApiResponse } from '@/api/generated/auth';
import type { SessionGrant } from '@/api/session';
import { captchaHeaders } from '@/components/captcha/use-captcha';
import { currentLanguage } from '@/i18n/i18n';

/*
 * The sign-in screen's two calls as plain requests: the signed-out screens load without the Redux store and the
 * generated API (issue 17). Same paths, headers and result shapes as the generated `login` and `getCaptchaRequired`.
 */

type SessionBody = Partial<LoginApiResponse>;

export interface SessionResult extends SessionGrant {
  userUuid?: string;
}

export type CaptchaChannel = NonNullable<GetCaptchaRequiredApiArg>;

const connection = { baseUrl: API_BASE_URL, getLanguage: currentLanguage };

/** The captcha the user typed, as the optional header arguments of sign-in and sign-up. */
export function captchaArgs(captcha: { captchaId: string; answer: string } | null | undefined): Pick<LoginApiArg, 'x-captcha-id' | 'x-captcha-answer'> {
  const headers = captchaHeaders(captcha);
  return { 'x-captcha-id': headers['X-Captcha-Id'], 'x-captcha-answer': headers['X-Captcha-Answer'] };
}

export function toSession(body: SessionBody | null, meta: ApiMeta | undefined): SessionResult {
  return {
    authToken: meta?.headers['x-auth-token'] ?? '',
    rememberMeToken: meta?.headers['x-remember-me-token'] ?? null,
    deviceInfo: body?.deviceInfo ?? null,
    latestActivityId: body?.latestActivityId ?? null,
    userUuid: body?.userUuid,
  };
}

/** POST /auth/token. Rejects with the base query's failure shape ({ errorStatus, errorData, … }). */
export async function signIn(arg: LoginApiArg): Promise<SessionResult> {
  const outcome = await sendPublic(connection, {
    url: '/auth/token',
    method: 'POST',
    body: arg.body,
    headers: { 'x-captcha-id': arg['x-captcha-id'], 'x-captcha-answer': arg['x-captcha-answer'] },
    params: { rememberMe: arg.rememberMe },
  });
  if ('error' in outcome) throw outcome.error;
  return toSession(outcome.data as SessionBody | null, outcome.meta);
}

/** GET /captcha/required: whether this client must answer a captcha on `channel`; false when the call fails. */
export async function fetchCaptchaRequired(channel: CaptchaChannel, signal?: AbortSignal): Promise<boolean> {
  const outcome = await sendPublic(connection, { url: '/captcha/required', params: { channel } }, signal);
  if ('error' in outcome) return false;
  return Boolean((outcome.data as Partial<GetCaptchaRequiredApiResponse> | null)?.captchaRequired);
}
