import type { DefinitionsFromApi, OverrideResultType, TagTypesFromApi } from '@reduxjs/toolkit/query';
import { generatedApi, type GetUploadBaseUrlApiResponse } from '@/api/generated/upload';

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Enhanced = Omit<Definitions, 'getUploadBaseUrl'> & { getUploadBaseUrl: OverrideResultType<Definitions['getUploadBaseUrl'], string> };

export const uploadApi = generatedApi.enhanceEndpoints<TagTypesFromApi<typeof generatedApi>, Enhanced>({
  endpoints: {
    /** POST /container/baseUrl → { value }: where the bytes go (PUT value/uuid). */
    getUploadBaseUrl: {
      transformResponse: (response: Partial<GetUploadBaseUrlApiResponse> | null) => (typeof response?.value === 'string' ? response.value : ''),
    },
  },
});
