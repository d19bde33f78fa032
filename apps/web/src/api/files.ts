import { refreshUsage } from '@/api/account';
import { folderListingTag } from '@/api/tags';
import {
  generatedApi,
  type CreateDownloadUrlsApiArg,
  type DownloadFileVersionApiArg,
  type DownloadUrl,
  type FileItem,
  type ListFileVersionsApiResponse,
  type RenameFileApiArg,
} from '@/api/generated/files';
import type { ListFilesApiArg, ListFilesApiResponse, ListTrashApiArg, ListTrashApiResponse } from '@/api/generated/types-only';

/** File-list page size, and the folder-list size that fetches all subfolders in one answer. */
export const FILE_PAGE_SIZE = 50;
export const FOLDER_LIST_SIZE = 99999;
/** A text preview shows at most this much of the file. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

export type { DownloadUrl, FileItem };
export type FileVersion = ListFileVersionsApiResponse['versionList'][number];

export type DocumentType = NonNullable<FileItem['documentType']>;

/** Where the server is with an item's thumbnails; null for items that get none (folders, documents). */
export type MediaStatus = NonNullable<FileItem['mediaStatus']>;

export type FileListPage = ListFilesApiResponse;

export type SortBy = NonNullable<ListFilesApiArg['sortBy']>;
export type SortDirection = NonNullable<ListFilesApiArg['sortOrder']>;

export interface SortArgs {
  sortBy: SortBy;
  sortOrder: SortDirection;
}

/** A listing's query without its page, which the infinite query adds. */
export type ListFilesArgs = Omit<ListFilesApiArg, 'page'>;
export type ListTrashArgs = Omit<ListTrashApiArg, 'page' | 'size'>;

export type FileRef = CreateDownloadUrlsApiArg[number];

/** One folder's listing in pages of 50, folders first (null = root). */
export function folderListingArgs(parentUuid: string | null, sort: SortArgs): ListFilesArgs {
  return { parentFolderUuid: parentUuid ?? '', sortBy: sort.sortBy, sortOrder: sort.sortOrder, size: FILE_PAGE_SIZE };
}

/** The folder picker: a folder's subfolders, by name, all of them in one answer (spec size 99999 from 0). */
export function folderPickerArgs(parentUuid: string | null): ListFilesArgs {
  return { folderOnly: true, sortBy: 'name', sortOrder: 'ASC', from: 0, size: FOLDER_LIST_SIZE, parentFolderUuid: parentUuid ?? '' };
}

function toPage(response: Partial<FileListPage> | null | undefined, page: number): FileListPage {
  return {
    fileList: Array.isArray(response?.fileList) ? response.fileList : [],
    page: response?.page ?? page,
    size: response?.size ?? FILE_PAGE_SIZE,
    hasMore: Boolean(response?.hasMore),
  };
}

const nextPage = (lastPage: { hasMore: boolean }, _all: unknown, lastPageParam: number) => (lastPage.hasMore ? lastPageParam + 1 : undefined);

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

/** A whole-account listing (trash, hidden) page by page in the chosen order. */
const pagedQuery =
  (url: string) =>
  ({ queryArg, pageParam }: { queryArg: ListTrashArgs; pageParam: number }) => ({
    url,
    params: { sortBy: queryArg.sortBy, sortOrder: queryArg.sortOrder, page: pageParam, size: FILE_PAGE_SIZE },
  });

const enhancedApi = generatedApi.enhanceEndpoints({
  endpoints: {
    setFavourite: { invalidatesTags: [...FILE_LISTINGS] },
    setFileDescription: { invalidatesTags: [...FILE_LISTINGS] },
    renameFile: {
      // The spec sends the name header with a text/plain content type, which the route's schema does not list.
      query: (arg: RenameFileApiArg) => ({
        url: `/filesystem/rename/${encodeURIComponent(arg.uuid)}`,
        method: 'POST',
        headers: { 'New-Name': arg['new-name'], 'Content-Type': 'text/plain' },
      }),
      invalidatesTags: [...FILE_LISTINGS],
    },
    moveFiles: { invalidatesTags: [...FILE_LISTINGS] },
    /** Folder-Uuid makes a retry idempotent: the same uuid again gives back the same folder. */
    createFolder: { invalidatesTags: [...FILE_LISTINGS] },
    hideFiles: { invalidatesTags: [...FILE_LISTINGS] },
    unhideFiles: { invalidatesTags: [...FILE_LISTINGS] },
    /** One item, for a viewer opened from its URL before the list around it has loaded. */
    getFileItem: { providesTags: [...FILE_LISTINGS] },
    trashFiles: {
      invalidatesTags: [...FILE_LISTINGS, 'Trash'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    },
    recoverFiles: {
      invalidatesTags: [...FILE_LISTINGS, 'Trash'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    },
    deleteFilesForever: {
      invalidatesTags: ['Trash'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    },
    emptyTrash: {
      invalidatesTags: ['Trash'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    },
    /** Cached for the preview (URLs live an hour; the cache keeps them 10 s unused); downloads ask afresh. */
    createDownloadUrls: {
      transformResponse: (response: unknown) => (Array.isArray(response) ? (response as DownloadUrl[]) : []),
    },
    // --- a file's versions (issue 33): restoring changes the file in every listing; deleting frees storage.
    listFileVersions: { providesTags: [...FILE_LISTINGS], keepUnusedDataFor: 0 },
    restoreFileVersion: { invalidatesTags: [...FILE_LISTINGS] },
    deleteFileVersion: {
      invalidatesTags: [...FILE_LISTINGS],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    },
    deleteFileVersions: {
      invalidatesTags: [...FILE_LISTINGS],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => refreshUsageAfter(queryFulfilled, dispatch),
    },
    /** The server answers the zip link as text/plain. */
    createZipDownload: {
      transformResponse: (response: unknown) => String(response ?? '').trim(),
    },
  },
});

export const filesApi = enhancedApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /filesystem page by page; `hasMore` drives the infinite scroll. A query with `from` (the picker) is one answer. */
    listFiles: build.infiniteQuery<FileListPage, ListFilesArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, all, lastPageParam, _params, queryArg) => (queryArg.from === undefined ? nextPage(lastPage, all, lastPageParam) : undefined),
      },
      query: ({ queryArg, pageParam }) => ({ url: '/filesystem', params: queryArg.from === undefined ? { ...queryArg, page: pageParam } : queryArg }),
      transformResponse: (response: Partial<FileListPage> | null, _meta, { pageParam }) => toPage(response, pageParam),
      providesTags: (_result, _error, { parentFolderUuid }) => [folderListingTag(parentFolderUuid || null)],
    }),
    listTrash: build.infiniteQuery<ListTrashApiResponse, ListTrashArgs, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: pagedQuery('/filesystem/trash'),
      transformResponse: (response: Partial<ListTrashApiResponse> | null, _meta, { pageParam }) => toPage(response, pageParam),
      providesTags: ['Trash'],
    }),
    /** Hidden items of the whole account (GET /filesystem/hidden); hide and unhide change every file listing. */
    listHidden: build.infiniteQuery<ListTrashApiResponse, ListTrashArgs, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: pagedQuery('/filesystem/hidden'),
      transformResponse: (response: Partial<ListTrashApiResponse> | null, _meta, { pageParam }) => toPage(response, pageParam),
      providesTags: [...FILE_LISTINGS],
    }),
    /**
     * A version's bytes (downloadFileVersion) as a blob URL the caller saves and revokes: the route needs the session,
     * so there is no plain link, and a URL string (not the Blob) is what the store may hold.
     */
    downloadFileVersionUrl: build.query<string, DownloadFileVersionApiArg>({
      query: (arg) => ({
        url: `/filesystem/item/${encodeURIComponent(arg.uuid)}/versions/${encodeURIComponent(arg.versionId)}`,
        responseHandler: 'blob',
      }),
      transformResponse: (response: unknown) => URL.createObjectURL(response as Blob),
      keepUnusedDataFor: 0,
    }),
    /** The first MiB of a text file, through its signed (public) URL: not a server operation. */
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
  useListFilesInfiniteQuery,
  useListTrashInfiniteQuery,
  useListHiddenInfiniteQuery,
  useUnhideFilesMutation,
  useGetFileItemQuery,
  useSetFavouriteMutation,
  useSetFileDescriptionMutation,
  useRenameFileMutation,
  useMoveFilesMutation,
  useCreateFolderMutation,
  useHideFilesMutation,
  useTrashFilesMutation,
  useRecoverFilesMutation,
  useDeleteFilesForeverMutation,
  useEmptyTrashMutation,
  useCreateDownloadUrlsQuery,
  useLazyCreateDownloadUrlsQuery,
  useCreateZipDownloadMutation,
  useGetTextPreviewQuery,
  useListFileVersionsQuery,
  useLazyDownloadFileVersionUrlQuery,
  useRestoreFileVersionMutation,
  useDeleteFileVersionMutation,
  useDeleteFileVersionsMutation,
} = filesApi;
