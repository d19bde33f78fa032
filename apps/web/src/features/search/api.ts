import { generatedApi } from '@/api/generated/search';
import type { SearchUnifiedApiArg, SearchUnifiedApiResponse } from '@/api/generated/types-only';

export type SearchHit = SearchUnifiedApiResponse['items'][number];
export type SearchKind = NonNullable<SearchUnifiedApiArg['kind']>;
export type SearchDocumentType = NonNullable<SearchUnifiedApiArg['documentType']>;
export type SearchCounts = SearchUnifiedApiResponse['counts'];

/** A search without its page, which the infinite query adds. */
export type SearchArgs = Omit<SearchUnifiedApiArg, 'page'>;

export interface SearchPage {
  items: SearchHit[];
  totalCount: number;
  counts: SearchCounts;
  /** The server stops each count here: a count equal to it means at least that many. */
  countLimit: number;
  hasMore: boolean;
}

/** Results per page (the contract's default) and completions per prefix. */
export const SEARCH_PAGE_SIZE = 50;
export const SUGGEST_SIZE = 8;

const NO_COUNTS: SearchCounts = { PHOTO: 0, VIDEO: 0, DOCUMENT: 0, FOLDER: 0, ALBUM: 0, OTHER: 0 };

/** Any change to files or albums can change what a search finds: results hang on both tags. */
const SEARCH_TAGS = ['FilesByFieldName', 'Album'] as const;

const enhancedApi = generatedApi.enhanceEndpoints({
  endpoints: {
    suggestSearch: { providesTags: [...SEARCH_TAGS] },
  },
});

export const searchApi = enhancedApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /search/unified page by page (infinite scroll). */
    searchUnified: build.infiniteQuery<SearchPage, SearchArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last, _all, lastPageParam) => (last.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({ url: '/search/unified', params: { ...queryArg, page: pageParam } }),
      transformResponse: (response: Partial<SearchUnifiedApiResponse> | null, _meta, { pageParam, queryArg }) => {
        const items = Array.isArray(response?.items) ? response.items : [];
        const totalCount = response?.totalCount ?? 0;
        const size = queryArg.size ?? SEARCH_PAGE_SIZE;
        const countLimit = response?.countLimit ?? Number.POSITIVE_INFINITY;
        // A total that reached the limit is only a lower bound: go on while pages come back with results.
        const hasMore = items.length > 0 && ((pageParam + 1) * size < totalCount || totalCount >= countLimit);
        return { items, totalCount, counts: { ...NO_COUNTS, ...response?.counts }, countLimit, hasMore };
      },
      providesTags: [...SEARCH_TAGS],
    }),
  }),
});

export const { useSearchUnifiedInfiniteQuery, useSuggestSearchQuery } = searchApi;
