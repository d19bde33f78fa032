import { refreshUsage } from '@/api/account';
import { generatedApi, type GetSharedFilesApiResponse, type GetSharedListApiResponse } from '@/api/generated/share-link';

/** Spec: lists load 50 at a time. */
const PAGE_SIZE = 50;

export type AlbumLink = GetSharedListApiResponse;
export type AlbumPage = GetSharedFilesApiResponse;

type Headers = { 'x-share-token': string; 'x-share-unlock'?: string };

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

export const sharedAlbumApi = enhancedApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /share/visitor/files page by page: the person's or place's photos, newest taken first; public (no session). */
    listSharedAlbumPhotos: build.infiniteQuery<AlbumPage, Headers, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _all, lastPageParam) =>
          (lastPageParam + 1) * PAGE_SIZE < lastPage.totalCount && lastPage.fileList.length > 0 ? lastPageParam + 1 : undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/share/visitor/files',
        headers: { 'x-share-token': queryArg['x-share-token'], 'x-share-unlock': queryArg['x-share-unlock'] },
        params: { page: pageParam, size: PAGE_SIZE },
      }),
    }),
  }),
});

export const { useGetSharedListQuery, useUnlockSharedLinkMutation, useDownloadSharedFilesMutation, useSaveSharedFilesMutation } = enhancedApi;
export const { useListSharedAlbumPhotosInfiniteQuery } = sharedAlbumApi;
