import {
  generatedApi,
  type FileItem,
  type ForyouItem,
  type ForyouKind,
  type ListCollagesApiResponse,
  type YearsAgoItem,
} from '@/api/generated/foryou';

/*
 * The For-you calls are generated from the server's OpenAPI file (api/generated/foryou.ts); this file adds their cache
 * tags (ForYou for every generated kind, Throwback for years-ago memories — spec 001 §3) and one adapter: the
 * years-ago list has its own item shape, turned here into the generic item so every row and viewer reads one shape.
 */

export type { FileItem, ForyouItem, ForyouKind };

export interface ForyouPage {
  items: ForyouItem[];
  hasMore: boolean;
}

export interface PageArg {
  page: number;
  size: number;
}

const FORYOU = { type: 'ForYou' as const, id: 'LIST' };
const THROWBACK = { type: 'Throwback' as const, id: 'LIST' };
const itemTag = (id: string) => ({ type: 'ForYou' as const, id });

/** A years-ago memory as a generic item (title key `yearsAgo`, its params as the server stores them). */
export function fromYearsAgo(item: YearsAgoItem): ForyouItem {
  return {
    id: item.id,
    kind: 'YEARS_AGO',
    status: item.status,
    title: { key: 'yearsAgo', params: { ...item.titleParams } },
    photoCount: item.photoCount,
    imageCount: item.imageCount,
    videoCount: item.videoCount,
    coverPhoto: item.coverPhoto,
    media: null,
    savedFileUuid: null,
    savedAlbumUuid: null,
    createdDate: item.createdDate,
    expiresDate: item.expiresDate,
  };
}

/** A page as the lists answer it, tolerating a missing field. */
const page = (response: Partial<ListCollagesApiResponse> | null): ForyouPage => ({
  items: Array.isArray(response?.items) ? response.items : [],
  hasMore: Boolean(response?.hasMore),
});

const listTags = { providesTags: [FORYOU] };
const detailTags = { providesTags: (_result: unknown, _error: unknown, id: string) => [itemTag(id)] };
// Saving makes a file (Files listings) or an album; both change what the lists offer.
const changed = { invalidatesTags: [FORYOU, THROWBACK, 'FilesByFieldName' as const, 'Album' as const] };
const dismissed = { invalidatesTags: [FORYOU, THROWBACK] };

const enhancedApi = generatedApi.enhanceEndpoints({
  endpoints: {
    listCollages: { ...listTags, transformResponse: page },
    listAnimations: { ...listTags, transformResponse: page },
    listForyouAlbums: { ...listTags, transformResponse: page },
    listStories: { ...listTags, transformResponse: page },
    listMemoryVideos: { ...listTags, transformResponse: page },
    listStyledPhotos: { ...listTags, transformResponse: page },
    getForyouItem: detailTags,
    getStory: detailTags,
    getYearsAgo: { providesTags: (_result, _error, id) => [itemTag(id), THROWBACK] },
    saveForyouItem: changed,
    saveStory: changed,
    deleteForyouItem: dismissed,
    deleteStory: dismissed,
  },
});

export const foryouApi = enhancedApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /foryou/years-ago (every memory shown today, unpaged) as generic items, paged here like the other lists. */
    listYearsAgoItems: build.query<ForyouPage, PageArg>({
      query: () => ({ url: '/foryou/years-ago' }),
      transformResponse: (response: { items?: YearsAgoItem[] } | null, _meta, { page: at, size }) => {
        const all = Array.isArray(response?.items) ? response.items.map(fromYearsAgo) : [];
        return { items: all.slice(at * size, (at + 1) * size), hasMore: all.length > (at + 1) * size };
      },
      providesTags: [THROWBACK, FORYOU],
    }),
  }),
});

export const {
  useListYearsAgoItemsQuery,
  useListCollagesQuery,
  useListAnimationsQuery,
  useListForyouAlbumsQuery,
  useListStoriesQuery,
  useListMemoryVideosQuery,
  useListStyledPhotosQuery,
  useGetYearsAgoQuery,
  useGetStoryQuery,
  useGetForyouItemQuery,
  useSaveForyouItemMutation,
  useSaveStoryMutation,
  useDeleteForyouItemMutation,
  useDeleteStoryMutation,
} = foryouApi;
