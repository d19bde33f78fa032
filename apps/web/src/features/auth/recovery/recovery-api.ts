import { generatedApi } from '@/api/generated/recovery';

export type {
  ForgotMyPasswordCheckStatusApiResponse as RecoveryStatus,
  ForgotMyPasswordV2ApiResponse as RecoveryStart,
  RecoveryAvailableMethod,
} from '@/api/generated/recovery';

/** The recovery calls of contract A (all public: a visitor who forgot the password has no session). */
export const {
  useForgotMyPasswordV1Mutation,
  useForgotMyPasswordV2Mutation,
  useForgotMyPasswordV3Mutation,
  useForgotMyPasswordContinueWithMsisdnMutation,
  useForgotMyPasswordContinueWithEmailMutation,
  useForgotMyPasswordContinueWithRecoveryEmailMutation,
  useForgotMyPasswordSendSmsMutation,
  useForgotMyPasswordSendEmailMutation,
  useForgotMyPasswordSendRecoveryEmailMutation,
  useForgotMyPasswordValidatePhoneNumberMutation,
  useForgotMyPasswordValidateSecurityQuestionMutation,
  useForgotMyPasswordCheckStatusMutation,
  useForgotMyPasswordVerifyV2Mutation,
  useForgotMyPasswordVerifyV3Mutation,
  useForgotMyPasswordChangeMutation,
  useGetSecurityQuestionQuery,
} = generatedApi;
