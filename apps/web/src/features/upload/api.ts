import { baseApi } from '@/api/base-api';

export const uploadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /container/baseUrl → { value }: where the bytes go (PUT value/uuid). */
    getUploadBaseUrl: build.mutation<string, void>({
      query: () => ({ url: '/container/baseUrl', method: 'POST' }),
      transformResponse: (response: { value?: unknown } | null) => (typeof response?.value === 'string' ? response.value : ''),
    }),
  }),
});
