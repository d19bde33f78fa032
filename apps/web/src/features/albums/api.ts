import { baseApi } from '@/api/base-api';
import type { FileItem, FileListPage } from '@/features/files/api';
import { ALBUM_CONTENT_TYPE, ALBUM_ICON, ALBUM_PAGE_SIZE, ALBUM_SORT, LIBRARY_PAGE_SIZE, MEDIA_CONTENT_TYPES } from './constants';

export type AlbumStatus = 'ACTIVE' | 'HIDDEN' | 'TRASHED';

/** The picture an album shows on its card (docs/api.md "Albums"). */
export interface AlbumCover {
  uuid: string;
  thumbnailUrl?: string | null;
  previewUrl?: string | null;
  placeholder?: string | null;
  width?: number | null;
  height?: number | null;
}

export interface Album {
  uuid: string;
  label: string;
  contentType: string;
  icon?: string | null;
  status: AlbumStatus;
  coverPhotoUuid?: string | null;
  coverPhoto?: AlbumCover | null;
  imageCount: number;
  videoCount: number;
  createdDate?: number | null;
  lastModifiedDate?: number | null;
}

export interface AlbumListPage {
  albumList: Album[];
  page: number;
  hasMore: boolean;
}

export interface AlbumDetailPage {
  album: Album | null;
  fileList: FileItem[];
  page: number;
  hasMore: boolean;
}

const nextPage = (last: { hasMore: boolean }, _all: unknown, lastPageParam: number) => (last.hasMore ? lastPageParam + 1 : undefined);

/** One tag per album plus the list; album contents also hang on FilesByFieldName, which every change to a photo invalidates. */
const LIST_TAG = { type: 'Album' as const, id: 'LIST' };
const albumTag = (uuid: string) => ({ type: 'Album' as const, id: uuid });
const changedAlbum = (uuid: string) => [LIST_TAG, albumTag(uuid)];

export const albumsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /album in pages of 100 (spec: contentType=album/photo, page, size=100, lastModifiedDate DESC); status only when not ACTIVE. */
    getAlbums: build.infiniteQuery<AlbumListPage, AlbumStatus, number>({
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
      transformResponse: (response: Partial<AlbumListPage> | null, _meta, { pageParam }) => ({
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
      transformResponse: (response: Partial<AlbumDetailPage> | null, _meta, { pageParam }) => ({
        album: response?.album ?? null,
        fileList: Array.isArray(response?.fileList) ? response.fileList : [],
        page: response?.page ?? pageParam,
        hasMore: Boolean(response?.hasMore),
      }),
      providesTags: (_result, _error, uuid) => [albumTag(uuid), 'FilesByFieldName'],
    }),
    /** Every photo and video of the account, newest first, for the "add photos" picker (GET /search/byField). */
    getMediaLibrary: build.infiniteQuery<FileListPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({
        url: '/search/byField',
        params: { fieldName: 'content_type', fieldValue: MEDIA_CONTENT_TYPES, sortBy: 'date', sortOrder: 'DESC', page: pageParam, size: LIBRARY_PAGE_SIZE },
      }),
      transformResponse: (response: Partial<FileListPage> | null, _meta, { pageParam }) => ({
        fileList: Array.isArray(response?.fileList) ? response.fileList : [],
        page: response?.page ?? pageParam,
        size: response?.size ?? LIBRARY_PAGE_SIZE,
        hasMore: Boolean(response?.hasMore),
      }),
      providesTags: ['FilesByFieldName'],
    }),
    createAlbum: build.mutation<Album, string>({
      query: (label) => ({ url: '/album', method: 'POST', body: { contentType: ALBUM_CONTENT_TYPE, icon: ALBUM_ICON, label } }),
      invalidatesTags: [LIST_TAG],
    }),
    addFilesToAlbum: build.mutation<Album, { albumUuid: string; uuids: string[] }>({
      query: ({ albumUuid, uuids }) => ({ url: `/album/addFiles/${encodeURIComponent(albumUuid)}`, method: 'PUT', body: uuids }),
      invalidatesTags: (_result, _error, { albumUuid }) => changedAlbum(albumUuid),
    }),
    removeFilesFromAlbum: build.mutation<Album, { albumUuid: string; uuids: string[] }>({
      query: ({ albumUuid, uuids }) => ({ url: `/album/removeFiles/${encodeURIComponent(albumUuid)}`, method: 'PUT', body: uuids }),
      invalidatesTags: (_result, _error, { albumUuid }) => changedAlbum(albumUuid),
    }),
    renameAlbum: build.mutation<Album, { uuid: string; label: string }>({
      query: ({ uuid, label }) => ({ url: `/album/rename/${encodeURIComponent(uuid)}`, method: 'PUT', params: { newLabel: label } }),
      invalidatesTags: (_result, _error, { uuid }) => changedAlbum(uuid),
    }),
    setAlbumCover: build.mutation<Album, { albumUuid: string; coverPhotoUuid: string }>({
      query: ({ albumUuid, coverPhotoUuid }) => ({
        url: `/album/coverPhoto/${encodeURIComponent(albumUuid)}`,
        method: 'PUT',
        params: { coverPhotoUuid },
      }),
      invalidatesTags: (_result, _error, { albumUuid }) => changedAlbum(albumUuid),
    }),
    /** Gone for good; the photos stay. */
    deleteAlbums: build.mutation<{ deleted?: number }, string[]>({
      query: (uuids) => ({ url: '/album', method: 'DELETE', body: uuids }),
      invalidatesTags: (_result, _error, uuids) => [LIST_TAG, ...uuids.map(albumTag)],
    }),
    trashAlbums: build.mutation<{ albumList?: Album[] }, string[]>({
      query: (uuids) => ({ url: '/album/trash', method: 'DELETE', body: uuids }),
      invalidatesTags: (_result, _error, uuids) => [LIST_TAG, ...uuids.map(albumTag)],
    }),
    hideAlbums: build.mutation<{ albumList?: Album[] }, string[]>({
      query: (uuids) => ({ url: '/album/hide', method: 'DELETE', body: uuids }),
      invalidatesTags: (_result, _error, uuids) => [LIST_TAG, ...uuids.map(albumTag)],
    }),
    recoverAlbums: build.mutation<{ albumList?: Album[] }, string[]>({
      query: (uuids) => ({ url: '/album/recover', method: 'POST', body: uuids }),
      invalidatesTags: (_result, _error, uuids) => [LIST_TAG, ...uuids.map(albumTag)],
    }),
    /** The server answers the signed zip link as text/plain. */
    downloadAlbum: build.mutation<string, string>({
      query: (albumUuid) => ({ url: '/album/download', method: 'POST', body: { albumUuid }, responseHandler: 'text' }),
      transformResponse: (response: unknown) => String(response ?? '').trim(),
    }),
  }),
});

export const {
  useGetAlbumsInfiniteQuery,
  useGetAlbumInfiniteQuery,
  useGetMediaLibraryInfiniteQuery,
  useCreateAlbumMutation,
  useAddFilesToAlbumMutation,
  useRemoveFilesFromAlbumMutation,
  useRenameAlbumMutation,
  useSetAlbumCoverMutation,
  useDeleteAlbumsMutation,
  useTrashAlbumsMutation,
  useHideAlbumsMutation,
  useRecoverAlbumsMutation,
  useDownloadAlbumMutation,
} = albumsApi;
