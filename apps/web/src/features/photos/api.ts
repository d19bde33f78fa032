import { baseApi } from '@/api/base-api';
import { KEEP_UNUSED_DATA_FOR_S } from '@/config/constants';
import type { FileItem } from '@/features/files/api';
import type { PhotoCategory } from './tabs';

/** A calendar day of the timeline (docs/api.md "Photos timeline"). */
export interface PhotoGroup {
  key: string;
  year: number;
  month: number;
  day: number;
  count: number;
  /** Index of the day's first photo in the whole timeline. */
  offset: number;
}

export interface PhotoGroups {
  category: PhotoCategory;
  total: number;
  groups: PhotoGroup[];
}

/** One page of a day: `limit` photos from `offset` within the day. */
export interface GroupPageRequest {
  key: string;
  offset: number;
  limit: number;
}

export interface GroupPage {
  key: string;
  count: number;
  offset: number;
  items: FileItem[];
  hasMore: boolean;
}

export interface GroupPagesArgs {
  category: PhotoCategory;
  pages: GroupPageRequest[];
}

export interface TimelinePosition {
  position: number;
  key: string;
  groupIndex: number;
  offsetInGroup: number;
  year: number;
  month: number;
  day: number;
}

function toGroups(response: Partial<PhotoGroups> | null, category: PhotoCategory): PhotoGroups {
  return {
    category,
    total: typeof response?.total === 'number' ? response.total : 0,
    groups: Array.isArray(response?.groups) ? response.groups : [],
  };
}

export const photosApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every day of the timeline with its count, newest first: enough to lay the whole timeline out. */
    getPhotoGroups: build.query<PhotoGroups, PhotoCategory>({
      query: (category) => ({ url: '/scroll/groups', params: { category } }),
      transformResponse: (response: Partial<PhotoGroups> | null, _meta, category) => toGroups(response, category),
      providesTags: ['Group'],
      keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_S,
    }),
    /** The photos of a few days (one segment) in one request. */
    getGroupPages: build.query<GroupPage[], GroupPagesArgs>({
      query: ({ category, pages }) => ({
        url: '/scroll/groups/list',
        method: 'POST',
        params: { category },
        body: { groups: pages },
      }),
      transformResponse: (response: { groups?: GroupPage[] } | null) =>
        Array.isArray(response?.groups) ? response.groups.map((page) => ({ ...page, items: Array.isArray(page.items) ? page.items : [] })) : [],
      providesTags: ['Group'],
      keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_S,
    }),
    /** Where the x-th photo of the timeline is (its day and place in it). */
    getTimelinePosition: build.query<TimelinePosition, { category: PhotoCategory; x: number }>({
      query: ({ category, x }) => ({ url: `/scroll/position/${x}`, params: { category } }),
      providesTags: ['Group'],
      keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_S,
    }),
  }),
});

export const { useGetPhotoGroupsQuery, useGetGroupPagesQuery, useGetTimelinePositionQuery } = photosApi;
