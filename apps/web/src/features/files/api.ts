import { refreshUsage } from '@/api/account';
import { baseApi } from '@/api/base-api';
import { folderListingTag } from '@/api/tags';
import { FILE_PAGE_SIZE, FOLDER_LIST_SIZE, TEXT_PREVIEW_MAX_BYTES } from './constants';

export type DocumentType = 'WORD' | 'PDF' | 'CELL' | 'SLIDE';

/** Where the server is with an item's thumbnails; null for items that get none (folders, documents). */
export type MediaStatus = 'PENDING' | 'READY' | 'FAILED';

/** The file item of docs/api.md: every listing and mutation returns items in this shape. */
export interface FileItem {
  uuid: string;
  name: string;
  folder: boolean;
  bytes: number;
  contentType?: string | null;
  parentFolderUuid: string | null;
  projectId: string;
  createdDate?: number | null;
  lastModifiedDate?: number | null;
  favourite?: boolean;
  hidden?: boolean;
  status?: string;
  documentType?: DocumentType | null;
  trashedDate?: number | null;
  metadata?: { Description?: string } | null;
  /** Signed, public, cacheable WebP about 250 px on the short side. */
  thumbnailUrl?: string | null;
  /** Signed WebP about 1440 px, for the preview. */
  previewUrl?: string | null;
  /** A thumbhash (base64) painted while the thumbnail loads. */
  placeholder?: string | null;
  width?: number | null;
  height?: number | null;
  /** When the picture or video was taken (epoch ms). */
  takenDate?: number | null;
  durationMs?: number | null;
  mediaStatus?: MediaStatus | null;
  /** EXIF camera make and model, e.g. "Apple iPhone 13". */
  camera?: string | null;
  /** A generated slideshow video (spec: the video-slideshow flag). */
  videoSlideshow?: boolean;
}

export interface FileListPage {
  fileList: FileItem[];
  page: number;
  size: number;
  hasMore: boolean;
}

export type SortBy = 'name' | 'date' | 'size';
export type SortDirection = 'ASC' | 'DESC';

export interface SortArgs {
  sortBy: SortBy;
  sortOrder: SortDirection;
}

export interface FileListArgs extends SortArgs {
  /** null = root */
  parentUuid: string | null;
}

export interface DownloadUrl {
  uuid: string;
  url: string;
  inlineUrl?: string;
  expiresAt?: number | string;
}

export interface FileRef {
  projectId: string;
  uuid: string;
}

function toPage(response: Partial<FileListPage> | null | undefined, page: number): FileListPage {
  return {
    fileList: Array.isArray(response?.fileList) ? response.fileList : [],
    page: response?.page ?? page,
    size: response?.size ?? FILE_PAGE_SIZE,
    hasMore: Boolean(response?.hasMore),
  };
}

const nextPage = (lastPage: FileListPage, _all: unknown, lastPageParam: number) => (lastPage.hasMore ? lastPageParam + 1 : undefined);

/** The tags a change to files touches: every listing (moves and renames cross folders) and the folder picker. */
const FILE_LISTINGS = ['FilesByFieldName'] as const;

/** After a change that frees or takes storage: read the usage again once it succeeded. */
async function refreshUsageAfter(
  queryFulfilled: Promise<unknown>,
  dispatch: (action: ReturnType<typeof refreshUsage>) => unknown,
): Promise<void> {
  try {
    await queryFulfilled;
    dispatch(refreshUsage());
  } catch {
    // The caller shows the failure.
  }
}

export const filesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /filesystem in pages of 50, folders first; `hasMore` drives the infinite scroll. */
    getFiles: build.infiniteQuery<FileListPage, FileListArgs, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ queryArg, pageParam }) => ({
        url: '/filesystem',
        params: {
          parentFolderUuid: queryArg.parentUuid ?? '',
          sortBy: queryArg.sortBy,
          sortOrder: queryArg.sortOrder,
          page: pageParam,
          size: FILE_PAGE_SIZE,
        },
      }),
      transformResponse: (response: Partial<FileListPage> | null, _meta, { pageParam }) => toPage(response, pageParam),
      providesTags: (_result, _error, { parentUuid }) => [folderListingTag(parentUuid)],
    }),
    /** The folder picker: folders only, by name, all of them (spec size 99999). */
    getFolders: build.query<FileItem[], string | null>({
      query: (parentUuid) => ({
        url: '/filesystem',
        params: { folderOnly: true, sortBy: 'name', sortOrder: 'ASC', from: 0, size: FOLDER_LIST_SIZE, parentFolderUuid: parentUuid ?? '' },
      }),
      transformResponse: (response: Partial<FileListPage> | null) => toPage(response, 0).fileList.filter((item) => item.folder),
      providesTags: (_result, _error, parentUuid) => [folderListingTag(parentUuid)],
    }),
    getTrash: build.infiniteQuery<FileListPage, SortArgs, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ queryArg, pageParam }) => ({
        url: '/filesystem/trash',
        params: { sortBy: queryArg.sortBy, sortOrder: queryArg.sortOrder, page: pageParam, size: FILE_PAGE_SIZE },
      }),
      transformResponse: (response: Partial<FileListPage> | null, _meta, { pageParam }) => toPage(response, pageParam),
      providesTags: ['Trash'],
    }),
    setFavourite: build.mutation<unknown, { uuids: string[]; favourite: boolean }>({
      query: (body) => ({ url: '/filesystem/metadata', method: 'POST', body }),
      invalidatesTags: [...FILE_LISTINGS],
    }),
    setDescription: build.mutation<FileItem, { uuid: string; value: string }>({
      query: ({ uuid, value }) => ({
        url: `/filesystem/metadata/${encodeURIComponent(uuid)}`,
        method: 'PUT',
        body: { key: 'Description', value },
      }),
      invalidatesTags: [...FILE_LISTINGS],
    }),
    renameFile: build.mutation<FileItem, { uuid: string; newName: string }>({
      query: ({ uuid, newName }) => ({
        url: `/filesystem/rename/${encodeURIComponent(uuid)}`,
        method: 'POST',
        headers: { 'New-Name': encodeURIComponent(newName), 'Content-Type': 'text/plain' },
      }),
      invalidatesTags: [...FILE_LISTINGS],
    }),
    moveFiles: build.mutation<unknown, { uuids: string[]; targetFolderUuid: string | null }>({
      query: ({ uuids, targetFolderUuid }) => ({
        url: '/filesystem/move',
        method: 'POST',
        params: { targetFolderUuid: targetFolderUuid ?? '' },
        body: uuids,
      }),
      invalidatesTags: [...FILE_LISTINGS],
    }),
    /** Folder-Uuid makes a retry idempotent: the same uuid again gives back the same folder. */
    createFolder: build.mutation<FileItem, { parentUuid: string | null; name: string; folderUuid: string }>({
      query: ({ parentUuid, name, folderUuid }) => ({
        url: '/filesystem/createFolder',
        method: 'POST',
        params: { parentFolderUuid: parentUuid ?? '' },
        headers: { 'Folder-Name': encodeURIComponent(name), 'Folder-Uuid': folderUuid },
      }),
      invalidatesTags: [...FILE_LISTINGS],
    }),
    hideFiles: build.mutation<unknown, string[]>({
      query: (uuids) => ({ url: '/filesystem/hide', method: 'DELETE', body: uuids }),
      invalidatesTags: [...FILE_LISTINGS],
    }),
    trashFiles: build.mutation<unknown, string[]>({
      query: (uuids) => ({ url: '/filesystem/trash', method: 'DELETE', body: uuids }),
      invalidatesTags: [...FILE_LISTINGS, 'Trash'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    }),
    recoverFiles: build.mutation<unknown, string[]>({
      query: (uuids) => ({ url: '/filesystem/recover', method: 'POST', body: uuids }),
      invalidatesTags: [...FILE_LISTINGS, 'Trash'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    }),
    deleteForever: build.mutation<{ deleted?: number }, string[]>({
      query: (uuids) => ({ url: '/filesystem/trash/forever', method: 'DELETE', body: uuids }),
      invalidatesTags: ['Trash'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    }),
    deleteAllTrash: build.mutation<{ deleted?: number }, void>({
      query: () => ({ url: '/filesystem/trash/all', method: 'DELETE' }),
      invalidatesTags: ['Trash'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    }),
    createDownloadUrls: build.mutation<DownloadUrl[], FileRef[]>({
      query: (refs) => ({ url: '/v2/files/_bulk/create-download-url', method: 'POST', body: refs }),
      transformResponse: (response: unknown) => (Array.isArray(response) ? (response as DownloadUrl[]) : []),
    }),
    /** The same call as a cached query, for the preview (URLs live an hour; the cache keeps them 10 s unused). */
    getPreviewUrl: build.query<DownloadUrl | null, FileRef>({
      query: (ref) => ({ url: '/v2/files/_bulk/create-download-url', method: 'POST', body: [ref] }),
      transformResponse: (response: unknown, _meta, ref) =>
        Array.isArray(response) ? ((response as DownloadUrl[]).find((entry) => entry.uuid === ref.uuid) ?? null) : null,
    }),
    /** The server answers the zip link as text/plain. */
    downloadZip: build.mutation<string, string[]>({
      query: (uuids) => ({ url: '/filesystem/downloadFilesAsZip', method: 'POST', body: uuids, responseHandler: 'text' }),
      transformResponse: (response: unknown) => String(response ?? '').trim(),
    }),
    /** The first MiB of a text file, through its signed (public) URL. */
    getTextPreview: build.query<string, string>({
      query: (url) => ({
        url: new URL(url, window.location.origin).href,
        headers: { Range: `bytes=0-${TEXT_PREVIEW_MAX_BYTES - 1}`, Accept: 'text/plain, */*' },
        responseHandler: 'text',
      }),
      extraOptions: { public: true },
      transformResponse: (response: unknown) => String(response ?? '').slice(0, TEXT_PREVIEW_MAX_BYTES),
    }),
  }),
});

export const {
  useGetFilesInfiniteQuery,
  useGetFoldersQuery,
  useGetTrashInfiniteQuery,
  useSetFavouriteMutation,
  useSetDescriptionMutation,
  useRenameFileMutation,
  useMoveFilesMutation,
  useCreateFolderMutation,
  useHideFilesMutation,
  useTrashFilesMutation,
  useRecoverFilesMutation,
  useDeleteForeverMutation,
  useDeleteAllTrashMutation,
  useCreateDownloadUrlsMutation,
  useGetPreviewUrlQuery,
  useDownloadZipMutation,
  useGetTextPreviewQuery,
} = filesApi;
