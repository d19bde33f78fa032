import { generatedApi } from '@/api/generated/webdav';

export type { AppPassword, AppPasswordScope } from '@/api/generated/webdav';

/** App passwords never go stale behind the user's back: each change reads the list again. */
export const webdavApi = generatedApi.enhanceEndpoints({
  endpoints: {
    listAppPasswords: { keepUnusedDataFor: 0 },
  },
});

export const { useListAppPasswordsQuery, useCreateAppPasswordMutation, useRevokeAppPasswordMutation } = webdavApi;
