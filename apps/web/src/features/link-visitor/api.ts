import { refreshUsage } from '@/api/account';
import { generatedApi as sharesGeneratedApi } from '@/api/generated/shares';
import { generatedApi, type GetSharedFilesApiArg, type GetSharedFilesApiResponse } from '@/api/generated/share-link';
/** Spec: file lists load 50 at a time. */
const FILE_PAGE_SIZE = 50;

export type { GetSharedListApiResponse as SharedLink } from '@/api/generated/share-link';
export type SharedFilesPage = GetSharedFilesApiResponse;
export type SharedFileItem = GetSharedFilesApiResponse['fileList'][number];

/** The link's headers on every visitor call: the token, and the password proof once unlocked. */
export interface VisitorHeaders {
  'x-share-token': string;
  'x-share-unlock'?: string;
}

export function visitorHeaders(token: string, unlock: string | null): VisitorHeaders {
  return unlock ? { 'x-share-token': token, 'x-share-unlock': unlock } : { 'x-share-token': token };
}

/** A folder of the link (null = its root items) in one order; the infinite query adds the page. */
export type SharedFilesArgs = VisitorHeaders & Omit<GetSharedFilesApiArg, 'page' | 'size' | 'x-share-token' | 'x-share-unlock'>;

const enhancedApi = generatedApi.enhanceEndpoints({
  endpoints: {
    // The copies land in the visitor's own Files and take their storage.
    saveSharedFiles: {
      invalidatesTags: ['FilesByFieldName'],
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
          void dispatch(refreshUsage());
        } catch {
          // The screen shows the failure.
        }
      },
    },
  },
});

export const sharedFilesApi = enhancedApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /share/visitor/files page by page (50), for the infinite listing; public (no X-Auth-Token). */
    listSharedFiles: build.infiniteQuery<SharedFilesPage, SharedFilesArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _all, lastPageParam) =>
          (lastPageParam + 1) * FILE_PAGE_SIZE < (lastPage.totalCount ?? 0) && lastPage.fileList.length > 0 ? lastPageParam + 1 : undefined,
      },
      query: ({ queryArg, pageParam }) => {
        const { 'x-share-token': token, 'x-share-unlock': unlock, ...params } = queryArg;
        return {
          url: '/share/visitor/files',
          headers: { 'x-share-token': token, 'x-share-unlock': unlock },
          params: { ...params, page: pageParam, size: FILE_PAGE_SIZE },
        };
      },
    }),
  }),
});

/** The shared-content viewer's two calls: a whole HTML page (text/html), which the base query keeps as text. */
export const { useGetSharedContentViewQuery, useGetSharedContentViewInProjectQuery } = sharesGeneratedApi;

export const {
  useGetSharedListQuery,
  useListSharedFilesInfiniteQuery,
  useUnlockSharedLinkMutation,
  useDownloadSharedFilesMutation,
  useSaveSharedFilesMutation,
} = sharedFilesApi;
