import { accountApi } from '@/api/account';
import { generatedApi } from '@/api/generated/settings';

export const settingsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    setNameSurname: {
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
    },
    setLanguage: {
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
    },
  },
});

export const { useSetNameSurnameMutation, useSetLanguageMutation } = settingsApi;
