import { accountApi, type AccountInfo } from '@/api/account';
import { generatedApi as authApi } from '@/api/generated/auth';
import { generatedApi as profileApi, type ListPermissionsApiResponse, type SetProfilePhotoApiResponse } from '@/api/generated/profile';
import { generatedApi as recoveryApi, type GetRecoveryEmailApiResponse } from '@/api/generated/recovery';
import { generatedApi } from '@/api/generated/settings';
import { generatedApi as socialApi } from '@/api/generated/social-login';
import { generatedApi as migrationApi } from '@/api/generated/migration';
import { generatedApi as dataExportApi } from '@/api/generated/data-export';
import { generatedApi as twoFactorApi } from '@/api/generated/two-factor';

export type RecoveryEmail = GetRecoveryEmailApiResponse;
export type Permission = ListPermissionsApiResponse[number];

/** Changes the cached account info in place (the account card and avatar read the same cache). */
const patchAccount = (patch: Partial<AccountInfo>) =>
  accountApi.util.updateQueryData('getAccountInfo', undefined, (draft) => {
    Object.assign(draft, patch);
  });

/** Reads the account info again (after a change whose answer does not carry it). */
const refreshAccount = () => accountApi.endpoints.getAccountInfo.initiate(undefined, { subscribe: false, forceRefetch: true });

/** After `queryFulfilled`, runs `then` with the answer; a failure is the form's to show. */
async function onSuccess<T>(queryFulfilled: Promise<{ data: T }>, then: (data: T) => void) {
  try {
    then((await queryFulfilled).data);
  } catch {
    // The form shows the failure.
  }
}

export const settingsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    setNameSurname: {
      // The response is the account info: put it straight into the shared cache.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, (data) => {
          if (data && typeof data === 'object' && 'uuid' in data) void dispatch(accountApi.util.upsertQueryData('getAccountInfo', undefined, data));
        });
      },
    },
    setLanguage: {
      async onQueryStarted({ language }, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, () => void dispatch(patchAccount({ language })));
      },
    },
  },
});

const profile = profileApi.enhanceEndpoints({
  endpoints: {
    setAddress: {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, ({ address }) => void dispatch(patchAccount({ address })));
      },
    },
    setBirthday: {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, ({ birthday }) => void dispatch(patchAccount({ birthday })));
      },
    },
    changeEmail: {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, () => void dispatch(refreshAccount()));
      },
    },
    resendEmailVerification: {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, ({ pendingEmail }) => void dispatch(patchAccount({ pendingEmail })));
      },
    },
    verifyPhoneNumberToUpdate: {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, ({ countryCode, phoneNumber }) => void dispatch(patchAccount({ countryCode, phoneNumber, phoneVerified: true })));
      },
    },
    removeProfilePhoto: {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, () => void dispatch(patchAccount({ url: null })));
      },
    },
    // The link may be opened signed out, on any device: the token in it is the credential.
    verifyEmail: { extraOptions: { public: true } },
    updatePermissions: {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, (list) => void dispatch(profile.util.upsertQueryData('listPermissions', undefined, list)));
      },
    },
  },
});

/**
 * PUT /account/profilePhoto with the image bytes as the body: the generated endpoint carries only the content type
 * (codegen cannot express a raw body), so this one sends the file itself.
 */
const photo = profileApi.injectEndpoints({
  endpoints: (build) => ({
    uploadProfilePhoto: build.mutation<SetProfilePhotoApiResponse, File>({
      query: (file) => ({
        url: '/account/profilePhoto',
        method: 'PUT',
        body: file,
        // HEIC often comes without a type; the server checks the bytes anyway.
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
      async onQueryStarted(_file, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, ({ url }) => void dispatch(patchAccount({ url })));
      },
    }),
  }),
});

const recovery = recoveryApi.enhanceEndpoints({
  endpoints: {
    verifyRecoveryEmail: { extraOptions: { public: true } },
  },
});

const twoFactor = twoFactorApi.enhanceEndpoints({
  endpoints: {
    setAuthSettings: {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, (data) => void dispatch(twoFactor.util.upsertQueryData('getAuthSettings', undefined, data)));
      },
    },
    totpDisable: {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await onSuccess(queryFulfilled, (data) => void dispatch(twoFactor.util.upsertQueryData('getAuthSettings', undefined, data)));
      },
    },
  },
});

const social = socialApi.enhanceEndpoints({
  endpoints: {
    socialStatus: { providesTags: ['ConnectedAccounts'] },
    googleDisconnect: { invalidatesTags: ['ConnectedAccounts'] },
    appleDisconnect: { invalidatesTags: ['ConnectedAccounts'] },
    googleConnect: { invalidatesTags: ['ConnectedAccounts'] },
    appleConnect: { invalidatesTags: ['ConnectedAccounts'] },
  },
});

// Issue 34: the Dropbox import's status is polled while it runs; every change re-reads it.
const migration = migrationApi.enhanceEndpoints({
  endpoints: {
    dropboxStatus: { providesTags: ['ConnectedAccounts'] },
    dropboxConnect: { invalidatesTags: ['ConnectedAccounts'] },
    dropboxStart: { invalidatesTags: ['ConnectedAccounts'] },
    dropboxDisconnect: { invalidatesTags: ['ConnectedAccounts'] },
    takeoutStatus: { providesTags: [{ type: 'ConnectedAccounts', id: 'TAKEOUT' }] },
    takeoutStart: { invalidatesTags: [{ type: 'ConnectedAccounts', id: 'TAKEOUT' }] },
  },
});

// Issue 34: download all my data; polled while the export runs, re-read when one starts.
const EXPORT_TAG = { type: 'ConnectedAccounts' as const, id: 'DATA_EXPORT' };
const dataExport = dataExportApi.enhanceEndpoints({
  endpoints: {
    getDataExport: { providesTags: [EXPORT_TAG] },
    startDataExport: { invalidatesTags: [EXPORT_TAG] },
  },
});

export const { useSetNameSurnameMutation, useSetLanguageMutation } = settingsApi;
export const { useUploadProfilePhotoMutation } = photo;
export const {
  useSetAddressMutation,
  useSetBirthdayMutation,
  useChangeEmailMutation,
  useResendEmailVerificationMutation,
  useVerifyEmailMutation,
  useUpdatePhoneNumberMutation,
  useVerifyPhoneNumberToUpdateMutation,
  useRemoveProfilePhotoMutation,
  useListPermissionsQuery,
  useUpdatePermissionsMutation,
  useDeleteAccountMutation,
} = profile;
export const {
  useGetPasswordPolicyQuery,
  useUpdatePasswordMutation,
  useListSecurityQuestionsQuery,
  useGetMySecurityQuestionQuery,
  useUpdateSecurityQuestionMutation,
  useGetRecoveryEmailMutation,
  useSetRecoveryEmailMutation,
  useRemoveRecoveryEmailMutation,
  useResendRecoveryEmailVerificationMutation,
  useVerifyRecoveryEmailMutation,
} = recovery;
export const {
  useGetAuthSettingsQuery,
  useSetAuthSettingsMutation,
  useTotpSetupMutation,
  useTotpEnableMutation,
  useTotpDisableMutation,
  useRegenerateRecoveryCodesMutation,
} = twoFactor;
export const { useListSessionsQuery, useEndSessionMutation, useEndOtherSessionsMutation, useGetEulaQuery, useCheckEulaQuery, useApproveEulaMutation } = authApi;
export const { useSocialProvidersQuery, useSocialStatusQuery, useSocialStartMutation, useGoogleDisconnectMutation, useAppleDisconnectMutation } = social;
export const {
  useDropboxStatusQuery,
  useLazyDropboxStatusQuery,
  useDropboxAuthorizeUrlMutation,
  useDropboxConnectMutation,
  useDropboxStartMutation,
  useDropboxDisconnectMutation,
  useTakeoutStatusQuery,
} = migration;
export const { useGetDataExportQuery, useStartDataExportMutation } = dataExport;
