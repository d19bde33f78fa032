import type { DefinitionsFromApi, OverrideResultType, TagTypesFromApi } from '@reduxjs/toolkit/query';
import type { ApiMeta } from '@/api/request';
import {
  generatedApi,
  type GetEulaApiResponse,
  type SessionResponse,
  type SignupApiArg,
  type SignupApiResponse,
} from '@/api/generated/auth';
import { captchaArgs, toSession, type SessionResult } from './sign-in';

export type { CaptchaChannel, SessionResult } from './sign-in';

type SessionBody = Partial<SessionResponse>;

export type OtpChannel = NonNullable<SignupApiArg['body']['sendOtpTo']>;
/** What POST /v2/signup and /v2/signup/sendVerification return. */
export type OtpChallenge = SignupApiResponse;
export type Eula = GetEulaApiResponse;
export { captchaArgs };

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Enhanced = Omit<Definitions, 'signupValidate'> & {
  signupValidate: OverrideResultType<Definitions['signupValidate'], SessionResult>;
};

/** The sign-up calls (sign-in and its captcha check are plain requests in sign-in.ts). */
export const authApi = generatedApi.enhanceEndpoints<TagTypesFromApi<typeof generatedApi>, Enhanced>({
  endpoints: {
    signupValidate: {
      transformResponse: (body: SessionBody | null, meta: ApiMeta | undefined) => toSession(body, meta),
    },
  },
});

export const { useSignupMutation, useSignupSendVerificationMutation, useSignupValidateMutation, useGetEulaQuery } = authApi;
