import { generatedApi, type Album } from '@/api/generated/albums';
import type { FileItem } from '@/api/generated/files';
import type { GetAlbumApiResponse, ListAlbumsApiResponse, ListFilesByFieldApiArg, ListFilesByFieldApiResponse } from '@/api/generated/types-only';
import { ALBUM_CONTENT_TYPE, ALBUM_PAGE_SIZE, ALBUM_SORT, LIBRARY_PAGE_SIZE, MEDIA_CONTENT_TYPES } from './constants';

export type { Album };

export type AlbumStatus = Album['status'];

/** The picture an album shows on its card. */
export type AlbumCover = NonNullable<Album['coverPhoto']>;

export type AlbumListPage = Omit<ListAlbumsApiResponse, 'size'>;

export type AlbumDetailPage = Omit<GetAlbumApiResponse, 'album' | 'size'> & { album: Album | null };

export type FileListPage = ListFilesByFieldApiResponse;

/** A search without its page, which the infinite query adds. */
export type ListFilesByFieldArgs = Omit<ListFilesByFieldApiArg, 'page'>;

/** Every photo and video of the account, newest first, for the "add photos" picker. */
export const MEDIA_LIBRARY: ListFilesByFieldArgs = {
  fieldName: 'content_type',
  fieldValue: MEDIA_CONTENT_TYPES,
  sortBy: 'date',
  sortOrder: 'DESC',
  size: LIBRARY_PAGE_SIZE,
};

const nextPage = (last: { hasMore: boolean }, _all: unknown, lastPageParam: number) => (last.hasMore ? lastPageParam + 1 : undefined);

/** One tag per album plus the list; album contents also hang on FilesByFieldName, which every change to a photo invalidates. */
const LIST_TAG = { type: 'Album' as const, id: 'LIST' };
const albumTag = (uuid: string) => ({ type: 'Album' as const, id: uuid });
const changedAlbum = (uuid: string) => [LIST_TAG, albumTag(uuid)];

const enhancedApi = generatedApi.enhanceEndpoints({
  endpoints: {
    createAlbum: { invalidatesTags: [LIST_TAG] },
    addFilesToAlbum: { invalidatesTags: (_result, _error, { albumUuid }) => changedAlbum(albumUuid) },
    removeFilesFromAlbum: { invalidatesTags: (_result, _error, { uuid }) => changedAlbum(uuid) },
    renameAlbum: { invalidatesTags: (_result, _error, { uuid }) => changedAlbum(uuid) },
    setAlbumCover: { invalidatesTags: (_result, _error, { albumUuid }) => changedAlbum(albumUuid) },
    /** Gone for good; the photos stay. */
    deleteAlbums: { invalidatesTags: (_result, _error, uuids) => [LIST_TAG, ...uuids.map(albumTag)] },
    trashAlbums: { invalidatesTags: (_result, _error, uuids) => [LIST_TAG, ...uuids.map(albumTag)] },
    hideAlbums: { invalidatesTags: (_result, _error, uuids) => [LIST_TAG, ...uuids.map(albumTag)] },
    recoverAlbums: { invalidatesTags: (_result, _error, uuids) => [LIST_TAG, ...uuids.map(albumTag)] },
    /** The server answers the signed zip link as text/plain. */
    createAlbumZipDownload: { transformResponse: (response: unknown) => String(response ?? '').trim() },
  },
});

export const albumsApi = enhancedApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /album in pages of 100 (spec: contentType=album/photo, page, size=100, lastModifiedDate DESC); status only when not ACTIVE. */
    listAlbums: build.infiniteQuery<AlbumListPage, AlbumStatus, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ queryArg: status, pageParam }) => ({
        url: '/album',
        params: {
          contentType: ALBUM_CONTENT_TYPE,
          ...(status === 'ACTIVE' ? {} : { status }),
          page: pageParam,
          size: ALBUM_PAGE_SIZE,
          ...ALBUM_SORT,
        },
      }),
      transformResponse: (response: Partial<ListAlbumsApiResponse> | null, _meta, { pageParam }) => ({
        albumList: Array.isArray(response?.albumList) ? response.albumList : [],
        page: response?.page ?? pageParam,
        hasMore: Boolean(response?.hasMore),
      }),
      providesTags: [LIST_TAG, 'FilesByFieldName'],
    }),
    /** GET /album/{uuid}: the album and its photos, newest taken first, 100 a page. */
    getAlbum: build.infiniteQuery<AlbumDetailPage, string, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ queryArg: uuid, pageParam }) => ({
        url: `/album/${encodeURIComponent(uuid)}`,
        params: { contentType: ALBUM_CONTENT_TYPE, page: pageParam, size: ALBUM_PAGE_SIZE, ...ALBUM_SORT },
      }),
      transformResponse: (response: Partial<GetAlbumApiResponse> | null, _meta, { pageParam }) => ({
        album: response?.album ?? null,
        fileList: Array.isArray(response?.fileList) ? response.fileList : ([] as FileItem[]),
        page: response?.page ?? pageParam,
        hasMore: Boolean(response?.hasMore),
      }),
      providesTags: (_result, _error, uuid) => [albumTag(uuid), 'FilesByFieldName'],
    }),
    /** GET /search/byField page by page. */
    listFilesByField: build.infiniteQuery<FileListPage, ListFilesByFieldArgs, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ queryArg, pageParam }) => ({ url: '/search/byField', params: { ...queryArg, page: pageParam } }),
      transformResponse: (response: Partial<FileListPage> | null, _meta, { pageParam, queryArg }) => ({
        fileList: Array.isArray(response?.fileList) ? response.fileList : [],
        page: response?.page ?? pageParam,
        size: response?.size ?? queryArg.size ?? LIBRARY_PAGE_SIZE,
        hasMore: Boolean(response?.hasMore),
      }),
      providesTags: ['FilesByFieldName'],
    }),
  }),
});

export const {
  useListAlbumsInfiniteQuery,
  useGetAlbumInfiniteQuery,
  useListFilesByFieldInfiniteQuery,
  useCreateAlbumMutation,
  useAddFilesToAlbumMutation,
  useRemoveFilesFromAlbumMutation,
  useRenameAlbumMutation,
  useSetAlbumCoverMutation,
  useDeleteAlbumsMutation,
  useTrashAlbumsMutation,
  useHideAlbumsMutation,
  useRecoverAlbumsMutation,
  useCreateAlbumZipDownloadMutation,
} = albumsApi;
