import { generatedApi as sharesGenerated, type ListFileAclsApiResponse, type ListSharesApiArg, type SharedFileItem } from '@/api/generated/shares';
import type { FileItem, ListProjectFilesApiArg, ListProjectFilesApiResponse } from '@/api/generated/files';
import { generatedApi as linksGenerated, type ListPublicSharesApiArg, type PublicShare } from '@/api/generated/share-link';
import { INVITEE_SUGGESTION_SIZE } from './constants';

export type { PublicShare, SharedFileItem };
export type PublicSharesQuery = ListPublicSharesApiArg;
export type FileAcl = ListFileAclsApiResponse['items'][number];
export type SharesQuery = Omit<ListSharesApiArg, 'page'>;
export type SharedFolderArgs = Omit<ListProjectFilesApiArg, 'page'>;

/**
 * Share lists hang on FilesByFieldName (the spec's tag list has no share tag): every file change refreshes them, and
 * a share change refreshes these ids only.
 */
const SHARES_TAG = { type: 'FilesByFieldName' as const, id: 'SHARES' };
const aclTag = (uuid: string) => ({ type: 'FilesByFieldName' as const, id: `ACL:${uuid}` });

const enhancedShares = sharesGenerated.enhanceEndpoints({
  endpoints: {
    listShares: { providesTags: [SHARES_TAG] },
    listFileAcls: { providesTags: (_result, _error, { uuid }) => [aclTag(uuid)] },
    listRecentInvitees: { providesTags: [SHARES_TAG] },
    listSuggestedInvitees: { providesTags: [SHARES_TAG] },
    createShares: { invalidatesTags: (_result, _error, { items }) => [SHARES_TAG, ...items.map(aclTag)] },
    deleteFileAcl: { invalidatesTags: (_result, _error, { uuid }) => [SHARES_TAG, aclTag(uuid)] },
  },
});

const LINKS_TAG = { type: 'FilesByFieldName' as const, id: 'PUBLIC_SHARES' };

const enhancedLinks = linksGenerated.enhanceEndpoints({
  endpoints: {
    listPublicShares: { providesTags: [LINKS_TAG] },
    createPublicShare: { invalidatesTags: [LINKS_TAG] },
    updatePublicShareExpiration: { invalidatesTags: [LINKS_TAG] },
    updatePublicSharePassword: { invalidatesTags: [LINKS_TAG] },
    updatePublicShareShowName: { invalidatesTags: [LINKS_TAG] },
    deletePublicShares: { invalidatesTags: [LINKS_TAG] },
  },
});

/** The address of a link to give people: the server sends its path and query. */
export function absoluteShareUrl(share: Pick<PublicShare, 'url'>, origin: string = window.location.origin): string {
  return new URL(share.url, origin).toString();
}

const nextPage = (last: { hasMore: boolean }, _all: unknown, lastPageParam: number) => (last.hasMore ? lastPageParam + 1 : undefined);

export const sharesApi = enhancedShares.injectEndpoints({
  endpoints: (build) => ({
    /** A folder someone shared with me, through the owner's project (GET /v2/files/{projectId}), page by page. */
    listSharedFolder: build.infiniteQuery<ListProjectFilesApiResponse, SharedFolderArgs, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ queryArg: { projectId, ...params }, pageParam }) => ({ url: `/v2/files/${encodeURIComponent(projectId)}`, params: { ...params, page: pageParam } }),
      providesTags: ['FilesByFieldName'],
    }),
  }),
});

/** The recent people first, then suggestions not already among them; five of each at most (spec §9). */
export function mergeSuggestions(recent: readonly { identifier: string; name: string | null }[], suggested: readonly { identifier: string; name: string | null }[]) {
  const seen = new Set<string>();
  return [...recent.slice(0, INVITEE_SUGGESTION_SIZE), ...suggested.slice(0, INVITEE_SUGGESTION_SIZE)].filter((person) => {
    if (seen.has(person.identifier)) return false;
    seen.add(person.identifier);
    return true;
  });
}

/** A shared item is a file item for the shared list, grid and viewer. */
export function asFileItem(item: SharedFileItem): FileItem {
  return item as FileItem;
}

export const {
  useListSharesQuery,
  useListFileAclsQuery,
  useListRecentInviteesQuery,
  useListSuggestedInviteesQuery,
  useCreateSharesMutation,
  useDeleteFileAclMutation,
  useListSharedFolderInfiniteQuery,
} = sharesApi;

export const {
  useListPublicSharesQuery,
  useCreatePublicShareMutation,
  useUpdatePublicShareExpirationMutation,
  useUpdatePublicSharePasswordMutation,
  useUpdatePublicShareShowNameMutation,
  useDeletePublicSharesMutation,
} = enhancedLinks;
