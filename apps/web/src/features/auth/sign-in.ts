import { API_BASE_URL, sendPublic, type ApiMeta } from '@/api/request';
import type { GetCaptchaRequiredApiArg, GetCaptchaRequiredApiResponse, LoginApiArg, SessionResponse, TwoFactorRequired } from '@/api/generated/auth';
import type { SessionGrant } from '@/api/session';
import { captchaHeaders } from '@/components/captcha/use-captcha';
import { currentLanguage } from '@/i18n/i18n';
import { writeSession } from '@/lib/storage-keys';

/*
 * The sign-in screen's two calls as plain requests: the signed-out screens load without the Redux store and the
 * generated API (issue 17). Same paths, headers and result shapes as the generated `login` and `getCaptchaRequired`.
 */

type SessionBody = Partial<SessionResponse>;

export type { TwoFactorRequired };

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

/** A session, or (two-factor sign-in on, contract C) the second step it needs first. */
export type SignInOutcome = { session: SessionResult } | { twoFactor: TwoFactorRequired };

function isTwoFactorRequired(body: unknown): body is TwoFactorRequired {
  return typeof body === 'object' && body !== null && (body as Partial<TwoFactorRequired>).twoFactorRequired === true;
}

/** POST /auth/token. Rejects with the base query's failure shape ({ errorStatus, errorData, … }). */
export async function signIn(arg: LoginApiArg): Promise<SignInOutcome> {
  const outcome = await sendPublic(connection, {
    url: '/auth/token',
    method: 'POST',
    body: arg.body,
    headers: { 'x-captcha-id': arg['x-captcha-id'], 'x-captcha-answer': arg['x-captcha-answer'] },
    params: { rememberMe: arg.rememberMe },
  });
  if ('error' in outcome) throw outcome.error;
  if (isTwoFactorRequired(outcome.data)) return { twoFactor: outcome.data };
  return { session: toSession(outcome.data as SessionBody | null, outcome.meta) };
}

/** A public call of the sign-in screens (sign-in steps, QR, Google and Apple): the data, or a thrown failure. */
export async function callPublic<T>(args: Parameters<typeof sendPublic>[1], signal?: AbortSignal): Promise<{ data: T; meta: ApiMeta }> {
  const outcome = await sendPublic(connection, args, signal);
  if ('error' in outcome) throw outcome.error;
  return { data: outcome.data as T, meta: outcome.meta };
}

export type SocialProvider = 'google' | 'apple';
export type SocialIntent = 'login' | 'signup' | 'connect';

/** GET /auth/social/providers: which sign-in buttons to show; none when the call fails. */
export async function fetchSocialProviders(signal?: AbortSignal): Promise<Record<SocialProvider, boolean>> {
  try {
    const { data } = await callPublic<Partial<Record<SocialProvider, boolean>> | null>({ url: '/auth/social/providers' }, signal);
    return { google: data?.google === true, apple: data?.apple === true };
  } catch {
    return { google: false, apple: false };
  }
}

/** Where the provider's answer must be handled once it comes back (the redirect loses the page). */
export const SOCIAL_INTENT_KEY = 'socialIntent';

/**
 * POST /auth/social/start, then off to the provider. The intent is kept in this tab's session storage: the callback
 * screen reads it to sign in, sign up or connect.
 */
export async function startSocialSignIn(provider: SocialProvider, intent: SocialIntent): Promise<void> {
  const { data } = await callPublic<{ authorizationUrl: string }>({ url: '/auth/social/start', method: 'POST', body: { provider, intent } });
  writeSession(SOCIAL_INTENT_KEY, JSON.stringify({ provider, intent }));
  window.location.assign(data.authorizationUrl);
}

/** GET /captcha/required: whether this client must answer a captcha on `channel`; false when the call fails. */
export async function fetchCaptchaRequired(channel: CaptchaChannel, signal?: AbortSignal): Promise<boolean> {
  const outcome = await sendPublic(connection, { url: '/captcha/required', params: { channel } }, signal);
  if ('error' in outcome) return false;
  return Boolean((outcome.data as Partial<GetCaptchaRequiredApiResponse> | null)?.captchaRequired);
}
