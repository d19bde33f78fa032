import type { DefinitionsFromApi, OverrideResultType, TagTypesFromApi } from '@reduxjs/toolkit/query';
import type { ApiMeta } from '@/api/base-query';
import { isNetworkError } from '@/api/errors';
import {
  generatedApi,
  type GetCaptchaRequiredApiArg,
  type GetCaptchaRequiredApiResponse,
  type GetEulaApiResponse,
  type LoginApiArg,
  type LoginApiResponse,
  type SignupApiArg,
  type SignupApiResponse,
} from '@/api/generated/auth';
import type { SessionGrant } from '@/api/session';
import { captchaHeaders } from '@/components/captcha/use-captcha';

type SessionBody = Partial<LoginApiResponse>;

export interface SessionResult extends SessionGrant {
  userUuid?: string;
}

export type CaptchaChannel = NonNullable<GetCaptchaRequiredApiArg>;
export type OtpChannel = NonNullable<SignupApiArg['body']['sendOtpTo']>;
/** What POST /v2/signup and /v2/signup/sendVerification return. */
export type OtpChallenge = SignupApiResponse;
export type Eula = GetEulaApiResponse;

/** The captcha the user typed, as the optional header arguments of sign-in and sign-up. */
export function captchaArgs(captcha: { captchaId: string; answer: string } | null | undefined): Pick<LoginApiArg, 'x-captcha-id' | 'x-captcha-answer'> {
  const headers = captchaHeaders(captcha);
  return { 'x-captcha-id': headers['X-Captcha-Id'], 'x-captcha-answer': headers['X-Captcha-Answer'] };
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

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Enhanced = Omit<Definitions, 'getCaptchaRequired' | 'login' | 'signupValidate'> & {
  getCaptchaRequired: OverrideResultType<Definitions['getCaptchaRequired'], boolean>;
  login: OverrideResultType<Definitions['login'], SessionResult>;
  signupValidate: OverrideResultType<Definitions['signupValidate'], SessionResult>;
};

export const authApi = generatedApi.enhanceEndpoints<TagTypesFromApi<typeof generatedApi>, Enhanced>({
  endpoints: {
    getCaptchaRequired: {
      transformResponse: (response: Partial<GetCaptchaRequiredApiResponse> | null) => Boolean(response?.captchaRequired),
      providesTags: ['CaptchaRequired'],
    },
    login: {
      transformResponse: (body: SessionBody | null, meta: ApiMeta | undefined) => toSession(body, meta),
      // A failed attempt may switch the captcha on for this client: ask again.
      invalidatesTags: (_result, error) => (error && !isNetworkError(error) ? ['CaptchaRequired'] : []),
    },
    signup: {
      invalidatesTags: (_result, error) => (error && !isNetworkError(error) ? ['CaptchaRequired'] : []),
    },
    signupValidate: {
      transformResponse: (body: SessionBody | null, meta: ApiMeta | undefined) => toSession(body, meta),
    },
  },
});

export const {
  useGetCaptchaRequiredQuery,
  useLoginMutation,
  useSignupMutation,
  useSignupSendVerificationMutation,
  useSignupValidateMutation,
  useGetEulaQuery,
} = authApi;
