import { baseApi } from '@/api/base-api';
import type { ApiMeta } from '@/api/base-query';
import { isNetworkError } from '@/api/errors';
import type { DeviceInfo, SessionGrant } from '@/api/session';
import { captchaHeaders } from '@/components/captcha/use-captcha';
import { EULA_BRAND } from '@/config/constants';

export type CaptchaChannel = 'LOGIN' | 'SIGN_UP';

export interface CaptchaInput {
  captchaId: string;
  answer: string;
}

export interface LoginArgs {
  username: string;
  password: string;
  rememberMe: boolean;
  captcha?: CaptchaInput | null;
}

interface SessionBody {
  userUuid?: string;
  deviceInfo?: DeviceInfo;
  latestActivityId?: string;
}

export interface SessionResult extends SessionGrant {
  userUuid?: string;
}

export type OtpChannel = 'PHONE' | 'EMAIL';

export interface SignupArgs {
  email: string;
  phoneNumber: string;
  countryCode: string;
  password: string;
  name?: string;
  surname?: string;
  language: string;
  eulaId: string | number;
  sendOtpTo: OtpChannel;
  captcha?: CaptchaInput | null;
}

/** What POST /v2/signup and /v2/signup/sendVerification return. */
export interface OtpChallenge {
  referenceToken: string;
  expectedInputLength?: number;
  remainingTimeInMinutes?: number;
}

export interface Eula {
  id: string | number;
  locale?: string;
  version?: string | number;
  content: string;
}

function toSession(body: SessionBody | null, meta: ApiMeta | undefined): SessionResult {
  return {
    authToken: meta?.headers['x-auth-token'] ?? '',
    rememberMeToken: meta?.headers['x-remember-me-token'] ?? null,
    deviceInfo: body?.deviceInfo ?? null,
    latestActivityId: body?.latestActivityId ?? null,
    userUuid: body?.userUuid,
  };
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    captchaRequired: build.query<boolean, CaptchaChannel>({
      query: (channel) => ({ url: '/captcha/required', params: { channel } }),
      transformResponse: (response: { captchaRequired?: boolean } | null) => Boolean(response?.captchaRequired),
      providesTags: ['CaptchaRequired'],
    }),
    login: build.mutation<SessionResult, LoginArgs>({
      query: ({ username, password, rememberMe, captcha }) => ({
        url: '/auth/token',
        method: 'POST',
        params: { rememberMe },
        body: { username, password },
        headers: captchaHeaders(captcha),
      }),
      transformResponse: (body: SessionBody | null, meta) => toSession(body, meta),
      // A failed attempt may switch the captcha on for this client: ask again.
      invalidatesTags: (_result, error) => (error && !isNetworkError(error) ? ['CaptchaRequired'] : []),
    }),
    signup: build.mutation<OtpChallenge, SignupArgs>({
      query: ({ captcha, ...body }) => ({ url: '/v2/signup', method: 'POST', body, headers: captchaHeaders(captcha) }),
      invalidatesTags: (_result, error) => (error && !isNetworkError(error) ? ['CaptchaRequired'] : []),
    }),
    signupSendVerification: build.mutation<OtpChallenge, { referenceToken: string }>({
      query: (body) => ({ url: '/v2/signup/sendVerification', method: 'POST', body }),
    }),
    signupValidate: build.mutation<SessionResult, { referenceToken: string; otp: string }>({
      query: (body) => ({ url: '/v2/signup/validate', method: 'POST', body }),
      transformResponse: (body: SessionBody | null, meta) => toSession(body, meta),
    }),
    eula: build.query<Eula, string>({
      query: (language) => ({ url: `/eula/get/${encodeURIComponent(language)}`, params: { brand: EULA_BRAND } }),
    }),
  }),
});

export const {
  useCaptchaRequiredQuery,
  useLoginMutation,
  useSignupMutation,
  useSignupSendVerificationMutation,
  useSignupValidateMutation,
  useEulaQuery,
} = authApi;
