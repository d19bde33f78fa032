import type { Album } from '@/api/generated/albums';
import {
  generatedApi,
  type GetFaceRecognitionApiResponse,
  type GetPeopleInPhotoApiResponse,
  type ListPeopleApiResponse,
  type ListPlacesApiResponse,
  type ListThingsApiResponse,
  type Place as GeneratedPlace,
} from '@/api/generated/discover';
import type { FileItem } from '@/api/generated/files';

/*
 * The people, places and things calls are generated from the server's OpenAPI file (api/generated/discover.ts); this
 * file adds their cache tags and the paged lists (infinite queries over the same routes).
 */

export type EntityStatus = 'ACTIVE' | 'HIDDEN' | 'TRASHED';

export type Person = ListPeopleApiResponse['people'][number];

export type CoverPhoto = NonNullable<Album['coverPhoto']>;

export type Place = GeneratedPlace;

export type Thing = ListThingsApiResponse['things'][number];

export interface Paged {
  total: number;
  pageNumber: number;
  pageSize: number;
}

export type PeoplePage = ListPeopleApiResponse;
export type PlacesPage = ListPlacesApiResponse;
export type ThingsPage = ListThingsApiResponse;

export type FaceRecognition = GetFaceRecognitionApiResponse;

export type PersonInPhoto = GetPeopleInPhotoApiResponse['people'][number];

/** The kinds of entity album the album routes serve (GET /album/{uuid}?contentType=…). */
export type EntityContentType = 'album/person' | 'album/location' | 'album/object';

export interface EntityAlbumPage {
  album: Album | null;
  fileList: FileItem[];
  page: number;
  hasMore: boolean;
}

/** The contract's page size for every list here. */
export const DISCOVER_PAGE_SIZE = 100;

const nextPage = (last: Paged, _all: unknown, lastPageParam: number) =>
  (lastPageParam + 1) * last.pageSize < last.total ? lastPageParam + 1 : undefined;

const paged = (response: Partial<Paged> | null, pageParam: number): Paged => ({
  total: response?.total ?? 0,
  pageNumber: response?.pageNumber ?? pageParam,
  pageSize: response?.pageSize ?? DISCOVER_PAGE_SIZE,
});

/** People lists and each person's album hang on GetPeople; face data as a whole (recognition, progress) on FaceImageGrouping. */
const PEOPLE_LIST = { type: 'GetPeople' as const, id: 'LIST' };
const personTag = (id: string) => ({ type: 'GetPeople' as const, id });
const FACES = { type: 'FaceImageGrouping' as const, id: 'STATE' };
const changedPeople = (ids: readonly string[]) => [PEOPLE_LIST, ...ids.map(personTag)];

const enhancedApi = generatedApi.enhanceEndpoints({
  endpoints: {
    renamePerson: { invalidatesTags: (_result, _error, { personId }) => changedPeople([personId]) },
    updatePerson: { invalidatesTags: (_result, _error, { id, body }) => changedPeople(body.mergeInto ? [id, body.mergeInto] : [id]) },
    setPersonThumbnail: { invalidatesTags: (_result, _error, { id }) => changedPeople([id]) },
    hidePeople: { invalidatesTags: (_result, _error, ids) => changedPeople(ids) },
    trashPeople: { invalidatesTags: (_result, _error, ids) => changedPeople(ids) },
    recoverPeople: { invalidatesTags: (_result, _error, ids) => changedPeople(ids) },
    setPeopleVisibility: { invalidatesTags: (_result, _error, { hidden, visible }) => changedPeople([...hidden, ...visible]) },
    removePhotosFromPerson: { invalidatesTags: (_result, _error, { id }) => changedPeople([id]) },
    getPeopleInPhoto: { providesTags: [PEOPLE_LIST, FACES] },
    // Turning recognition off deletes every face and person.
    getFaceRecognition: { providesTags: [FACES] },
    setFaceRecognition: { invalidatesTags: [FACES, PEOPLE_LIST] },
    getPlaceOfPhoto: { providesTags: ['FilesByFieldName'] },
  },
});

export const discoverApi = enhancedApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /person/page, 100 a page, most photographed first. */
    listPeoplePages: build.infiniteQuery<PeoplePage, EntityStatus, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ queryArg: status, pageParam }) => ({ url: '/person/page', params: { pageSize: DISCOVER_PAGE_SIZE, pageNumber: pageParam, status } }),
      transformResponse: (response: Partial<PeoplePage> | null, _meta, { pageParam }) => ({
        ...paged(response, pageParam),
        people: Array.isArray(response?.people) ? response.people : [],
      }),
      providesTags: [PEOPLE_LIST, FACES],
    }),
    /**
     * GET /location/page, 100 a page. Keyed by the reader's language (the server names places in it, from the
     * X-Client-Language header the base query sends), so switching language fetches the names anew.
     */
    listPlacesPages: build.infiniteQuery<PlacesPage, string, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({ url: '/location/page', params: { pageSize: DISCOVER_PAGE_SIZE, pageNumber: pageParam } }),
      transformResponse: (response: Partial<PlacesPage> | null, _meta, { pageParam }) => ({
        ...paged(response, pageParam),
        places: Array.isArray(response?.places) ? response.places : [],
      }),
      // A photo uploaded, trashed or moved can change every place: the same tag as the photo listings.
      providesTags: ['FilesByFieldName'],
    }),
    /** GET /object/page, 100 a page. */
    listThingsPages: build.infiniteQuery<ThingsPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({ url: '/object/page', params: { pageSize: DISCOVER_PAGE_SIZE, pageNumber: pageParam } }),
      transformResponse: (response: Partial<ThingsPage> | null, _meta, { pageParam }) => ({
        ...paged(response, pageParam),
        things: Array.isArray(response?.things) ? response.things : [],
      }),
      providesTags: ['FilesByFieldName'],
    }),
    /**
     * A person, place or thing with its photos, as the album routes serve it (100 a page, newest first); `language`
     * keys a place's label, which the server gives in the reader's language.
     */
    getEntityAlbum: build.infiniteQuery<EntityAlbumPage, { contentType: EntityContentType; id: string; language: string }, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last, _all, lastPageParam) => (last.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/album/${encodeURIComponent(queryArg.id)}`,
        params: { contentType: queryArg.contentType, page: pageParam, size: DISCOVER_PAGE_SIZE, sortBy: 'lastModifiedDate', sortOrder: 'DESC' },
      }),
      transformResponse: (response: Partial<EntityAlbumPage> | null, _meta, { pageParam }) => ({
        album: response?.album ?? null,
        fileList: Array.isArray(response?.fileList) ? response.fileList : [],
        page: response?.page ?? pageParam,
        hasMore: Boolean(response?.hasMore),
      }),
      providesTags: (_result, _error, { id, contentType }) => (contentType === 'album/person' ? [personTag(id), 'FilesByFieldName'] : ['FilesByFieldName']),
    }),
  }),
});

export const {
  useListPeoplePagesInfiniteQuery,
  useListPlacesPagesInfiniteQuery,
  useListThingsPagesInfiniteQuery,
  useGetEntityAlbumInfiniteQuery,
  useRenamePersonMutation,
  useUpdatePersonMutation,
  useSetPersonThumbnailMutation,
  useHidePeopleMutation,
  useRecoverPeopleMutation,
  useRemovePhotosFromPersonMutation,
  useGetPeopleInPhotoQuery,
  useGetPlaceOfPhotoQuery,
  useGetFaceRecognitionQuery,
  useSetFaceRecognitionMutation,
} = discoverApi;
