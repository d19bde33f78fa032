import { accountApi, type AccountInfo } from '@/api/account';
import { baseApi } from '@/api/base-api';

export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateNameSurname: build.mutation<AccountInfo, { name: string; surname: string }>({
      query: (body) => ({ url: '/account/nameSurname', method: 'POST', body }),
      // The response is the account info: put it straight into the shared cache.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data && typeof data === 'object' && 'uuid' in data) {
            await dispatch(accountApi.util.upsertQueryData('getAccountInfo', undefined, data));
          }
        } catch {
          // The form shows the failure.
        }
      },
    }),
    updateLanguage: build.mutation<{ language: string }, { language: string }>({
      query: (body) => ({ url: '/account/language', method: 'POST', body }),
      async onQueryStarted({ language }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            accountApi.util.updateQueryData('getAccountInfo', undefined, (draft) => {
              draft.language = language;
            }),
          );
        } catch {
          // The screen shows the failure.
        }
      },
    }),
  }),
});

export const { useUpdateNameSurnameMutation, useUpdateLanguageMutation } = settingsApi;
