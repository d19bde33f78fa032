import { baseApi } from '@/api/base-api';
import type { Album } from '@/api/generated/albums';
import type { FileItem } from '@/api/generated/files';

/*
 * The people, places and things calls of the issue 14 contract. The server's parts (people, places, streams) were not
 * merged when these screens were written, so the endpoints are declared here with the contract's operationIds and
 * shapes; once the OpenAPI file has them, `generate:api` writes them and this file only enhances (tags, paging).
 */

export type EntityStatus = 'ACTIVE' | 'HIDDEN' | 'TRASHED';

export interface Person {
  personId: string;
  label: string | null;
  /** The photo the face crop comes from. */
  thumbnailUuid: string | null;
  /** A signed square face crop (WebP, about 256 px). */
  thumbnailUrl: string | null;
  photoCount: number;
  status: EntityStatus;
}

export type CoverPhoto = NonNullable<Album['coverPhoto']>;

export interface Place {
  id: string;
  /** The city as the data names it (native). */
  name: string;
  nameEn: string;
  /** The country in the caller's language. */
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  photoCount: number;
  coverPhoto: CoverPhoto | null;
}

export interface Thing {
  id: string;
  /** The detector's class key ('dog', 'car'); the screen translates it through discover:things.<tag>. */
  tag: string;
  photoCount: number;
  coverPhoto: CoverPhoto | null;
}

export interface Paged {
  total: number;
  pageNumber: number;
  pageSize: number;
}

export interface PeoplePage extends Paged {
  people: Person[];
}
export interface PlacesPage extends Paged {
  places: Place[];
}
export interface ThingsPage extends Paged {
  things: Thing[];
}

export interface FaceRecognition {
  premium: boolean;
  enabled: boolean;
  done: number;
  total: number;
}

export interface Progress {
  done: number;
  total: number;
}

export interface PersonInPhoto {
  personId: string;
  label: string | null;
  thumbnailUrl: string | null;
  box: { x: number; y: number; width: number; height: number };
}

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

export const discoverApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPeople: build.infiniteQuery<PeoplePage, EntityStatus, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ queryArg: status, pageParam }) => ({
        url: '/person/page',
        params: { pageSize: DISCOVER_PAGE_SIZE, pageNumber: pageParam, status },
      }),
      transformResponse: (response: Partial<PeoplePage> | null, _meta, { pageParam }) => ({
        ...paged(response, pageParam),
        people: Array.isArray(response?.people) ? response.people : [],
      }),
      providesTags: [PEOPLE_LIST, FACES],
    }),
    listPlaces: build.infiniteQuery<PlacesPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({
        url: '/location/page',
        params: { pageSize: DISCOVER_PAGE_SIZE, pageNumber: pageParam },
      }),
      transformResponse: (response: Partial<PlacesPage> | null, _meta, { pageParam }) => ({
        ...paged(response, pageParam),
        places: Array.isArray(response?.places) ? response.places : [],
      }),
      // A photo uploaded, trashed or moved can change every place: the same tag as the photo listings.
      providesTags: ['FilesByFieldName'],
    }),
    listThings: build.infiniteQuery<ThingsPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 0, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({
        url: '/object/page',
        params: { pageSize: DISCOVER_PAGE_SIZE, pageNumber: pageParam },
      }),
      transformResponse: (response: Partial<ThingsPage> | null, _meta, { pageParam }) => ({
        ...paged(response, pageParam),
        things: Array.isArray(response?.things) ? response.things : [],
      }),
      providesTags: ['FilesByFieldName'],
    }),
    /** A person, place or thing with its photos, as the album routes serve it (100 a page, newest first). */
    getEntityAlbum: build.infiniteQuery<EntityAlbumPage, { contentType: EntityContentType; id: string }, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last, _all, lastPageParam) => (last.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/album/${encodeURIComponent(queryArg.id)}`,
        params: {
          contentType: queryArg.contentType,
          page: pageParam,
          size: DISCOVER_PAGE_SIZE,
          sortBy: 'lastModifiedDate',
          sortOrder: 'DESC',
        },
      }),
      transformResponse: (response: Partial<EntityAlbumPage> | null, _meta, { pageParam }) => ({
        album: response?.album ?? null,
        fileList: Array.isArray(response?.fileList) ? response.fileList : [],
        page: response?.page ?? pageParam,
        hasMore: Boolean(response?.hasMore),
      }),
      providesTags: (_result, _error, { id, contentType }) =>
        contentType === 'album/person' ? [personTag(id), 'FilesByFieldName'] : ['FilesByFieldName'],
    }),
    renamePerson: build.mutation<Person, { personId: string; label: string }>({
      query: ({ personId, label }) => ({
        url: `/person/label/${encodeURIComponent(personId)}`,
        method: 'PUT',
        body: { label },
      }),
      invalidatesTags: (_result, _error, { personId }) => changedPeople([personId]),
    }),
    updatePerson: build.mutation<Person, { id: string; label?: string; hidden?: boolean; mergeInto?: string }>({
      query: ({ id, ...body }) => ({
        url: `/person/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_result, _error, { id, mergeInto }) => changedPeople(mergeInto ? [id, mergeInto] : [id]),
    }),
    setPersonThumbnail: build.mutation<unknown, { id: string; uuid: string }>({
      query: ({ id, uuid }) => ({
        url: `/person/thumbnail/${encodeURIComponent(id)}`,
        method: 'POST',
        body: { uuid },
      }),
      invalidatesTags: (_result, _error, { id }) => changedPeople([id]),
    }),
    hidePeople: build.mutation<unknown, string[]>({
      query: (ids) => ({ url: '/person/hide', method: 'DELETE', body: ids }),
      invalidatesTags: (_result, _error, ids) => changedPeople(ids),
    }),
    recoverPeople: build.mutation<unknown, string[]>({
      query: (ids) => ({ url: '/person/recover', method: 'POST', body: ids }),
      invalidatesTags: (_result, _error, ids) => changedPeople(ids),
    }),
    removePhotosFromPerson: build.mutation<unknown, { id: string; uuids: string[] }>({
      query: ({ id, uuids }) => ({
        url: `/person/photo/delete/${encodeURIComponent(id)}`,
        method: 'POST',
        body: uuids,
      }),
      invalidatesTags: (_result, _error, { id }) => changedPeople([id]),
    }),
    getPeopleInPhoto: build.query<PersonInPhoto[], string>({
      query: (uuid) => ({ url: `/person/photo/${encodeURIComponent(uuid)}` }),
      transformResponse: (response: { people?: PersonInPhoto[] } | null) => (Array.isArray(response?.people) ? response.people : []),
      providesTags: (_result, _error, uuid) => [PEOPLE_LIST, FACES, personTag(`photo:${uuid}`)],
    }),
    getPlaceOfPhoto: build.query<Place | null, string>({
      query: (uuid) => ({ url: `/location/photo/${encodeURIComponent(uuid)}` }),
      transformResponse: (response: { place?: Place | null } | null) => response?.place ?? null,
    }),
    getFaceRecognition: build.query<FaceRecognition, void>({
      query: () => ({ url: '/person/recognition' }),
      providesTags: [FACES],
    }),
    setFaceRecognition: build.mutation<unknown, { enabled: boolean }>({
      query: (body) => ({ url: '/person/recognition', method: 'PUT', body }),
      invalidatesTags: [FACES, PEOPLE_LIST],
    }),
    getPlacesProgress: build.query<Progress, void>({
      query: () => ({ url: '/location/progress' }),
    }),
    getThingsProgress: build.query<Progress, void>({
      query: () => ({ url: '/object/progress' }),
    }),
  }),
});

export const {
  useListPeopleInfiniteQuery,
  useListPlacesInfiniteQuery,
  useListThingsInfiniteQuery,
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
