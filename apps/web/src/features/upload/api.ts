import type { DefinitionsFromApi, OverrideResultType, TagTypesFromApi } from '@reduxjs/toolkit/query';
import type { FileListPage } from '@/api/files';
import { generatedApi, type GetUploadBaseUrlApiResponse } from '@/api/generated/upload';

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Enhanced = Omit<Definitions, 'getUploadBaseUrl'> & { getUploadBaseUrl: OverrideResultType<Definitions['getUploadBaseUrl'], string> };

/** The folder listing's largest page of files (the server's MAX_PAGE_SIZE): a folder's names in as few answers as it gives. */
export const FOLDER_NAMES_PAGE = 500;

export const uploadApi = generatedApi
  .enhanceEndpoints<TagTypesFromApi<typeof generatedApi>, Enhanced>({
    endpoints: {
      /** POST /container/baseUrl → { value }: where the bytes go (PUT value/uuid). */
      getUploadBaseUrl: {
        transformResponse: (response: Partial<GetUploadBaseUrlApiResponse> | null) => (typeof response?.value === 'string' ? response.value : ''),
      },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** One page of a folder by name (GET /filesystem), read afresh before an upload to find taken names (issue 33). */
      getFolderNamesPage: build.query<FileListPage, { parentUuid: string | null; page: number }>({
        query: ({ parentUuid, page }) => ({
          url: '/filesystem',
          params: { parentFolderUuid: parentUuid ?? '', sortBy: 'name', sortOrder: 'ASC', page, size: FOLDER_NAMES_PAGE },
        }),
        transformResponse: (response: Partial<FileListPage> | null) => ({
          fileList: Array.isArray(response?.fileList) ? response.fileList : [],
          page: response?.page ?? 0,
          size: response?.size ?? FOLDER_NAMES_PAGE,
          hasMore: Boolean(response?.hasMore),
        }),
        keepUnusedDataFor: 0,
      }),
    }),
  });
