import type { DefinitionsFromApi, OverrideResultType, TagTypesFromApi } from '@reduxjs/toolkit/query';
import {
  generatedApi,
  type GetPhotoGroupsApiResponse,
  type GetPhotoPositionApiResponse,
  type ListPhotoGroupsApiArg,
  type ListPhotoGroupsApiResponse,
} from '@/api/generated/photos';
import { KEEP_UNUSED_DATA_FOR_S } from '@/config/constants';
import type { PhotoCategory } from './tabs';

/** A calendar day of the timeline; `offset` is the index of its first photo in the whole timeline. */
export type PhotoGroup = GetPhotoGroupsApiResponse['groups'][number];

export type PhotoGroups = Omit<GetPhotoGroupsApiResponse, 'category'> & { category: PhotoCategory };

type GroupPageAsk = ListPhotoGroupsApiArg['body']['groups'][number];

/**
 * One page of a day: `limit` photos from `offset` within the day (the client always sends both), read by keyset after
 * or before a photo of a loaded neighbouring page when one is given.
 */
export type GroupPageRequest = Required<Pick<GroupPageAsk, 'key' | 'offset' | 'limit'>> & Pick<GroupPageAsk, 'after' | 'before'>;

export type GroupPage = ListPhotoGroupsApiResponse['groups'][number];

export type GroupPagesArgs = ListPhotoGroupsApiArg;

export type TimelinePosition = GetPhotoPositionApiResponse;

function toGroups(response: Partial<GetPhotoGroupsApiResponse> | null, category: PhotoCategory): PhotoGroups {
  return {
    category,
    total: typeof response?.total === 'number' ? response.total : 0,
    groups: Array.isArray(response?.groups) ? response.groups : [],
  };
}

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Enhanced = Omit<Definitions, 'getPhotoGroups' | 'listPhotoGroups'> & {
  getPhotoGroups: OverrideResultType<Definitions['getPhotoGroups'], PhotoGroups>;
  listPhotoGroups: OverrideResultType<Definitions['listPhotoGroups'], GroupPage[]>;
};

export const photosApi = generatedApi.enhanceEndpoints<TagTypesFromApi<typeof generatedApi>, Enhanced>({
  endpoints: {
    /** Every day of the timeline with its count, newest first: enough to lay the whole timeline out. */
    getPhotoGroups: {
      transformResponse: (response: Partial<GetPhotoGroupsApiResponse> | null, _meta, category) => toGroups(response, category ?? 'all'),
      providesTags: ['Group'],
      keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_S,
    },
    /** The photos of a few days (one segment) in one request. */
    listPhotoGroups: {
      transformResponse: (response: Partial<ListPhotoGroupsApiResponse> | null) =>
        Array.isArray(response?.groups) ? response.groups.map((page) => ({ ...page, items: Array.isArray(page.items) ? page.items : [] })) : [],
      providesTags: ['Group'],
      keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_S,
    },
    /** Where the x-th photo of the timeline is (its day and place in it). */
    getPhotoPosition: {
      providesTags: ['Group'],
      keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_S,
    },
  },
});

export const { useGetPhotoGroupsQuery, useListPhotoGroupsQuery, useGetPhotoPositionQuery } = photosApi;
