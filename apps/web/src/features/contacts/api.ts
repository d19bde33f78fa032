import {
  generatedApi,
  type ContactCard,
  type ContactItem,
  type ContactVersion,
  type SearchContactsApiResponse,
} from '@/api/generated/contacts';
import type { ImportContactsApiResponse } from '@/api/generated/types-only';

export type { ContactCard, ContactItem, ContactVersion };
export type ImportOutcome = ImportContactsApiResponse['data'];

/** The spec's page size for a backup version and its search. */
export const CONTACTS_PAGE_SIZE = 100;
const VERSIONS = 'ContactVersion' as const;

/** One version's pages (spec: GET backup_version/{id}, sortField=firstname, sortOrder=ASC, currentPage from 1). */
export interface VersionPageArg {
  id: string;
  /** The count from the screen's query string: the spec's "total" for the next-page rule. */
  total: number;
}
export interface SearchPageArg {
  query: string;
  versionId: string;
}

/** Spec: the next page loads only while 100 × the current page is at most the total. */
export const hasNextPage = (page: number, total: number): boolean => CONTACTS_PAGE_SIZE * page <= total;

const sorted = { sortField: 'firstname', sortOrder: 'ASC', maxResult: CONTACTS_PAGE_SIZE } as const;

const enhanced = generatedApi.enhanceEndpoints({
  addTagTypes: [VERSIONS],
  endpoints: {
    listContactVersions: { providesTags: [VERSIONS] },
    restoreContactVersion: { invalidatesTags: [VERSIONS] },
    deleteContactVersion: { invalidatesTags: [VERSIONS] },
  },
});

export const contactsApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    versionPages: build.infiniteQuery<ContactItem[], VersionPageArg, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (_last, _all, page, _pages, arg) => (hasNextPage(page, arg.total) ? page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({ url: `/contacts/backup_version/${encodeURIComponent(queryArg.id)}`, params: { ...sorted, currentPage: pageParam } }),
      transformResponse: (response: { data?: { items?: ContactItem[] } } | null) => response?.data?.items ?? [],
    }),
    searchPages: build.infiniteQuery<SearchContactsApiResponse['data'], SearchPageArg, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, page) => (hasNextPage(page, last.totalCount) ? page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({ url: '/contacts/search', params: { ...sorted, query: queryArg.query, versionId: queryArg.versionId, currentPage: pageParam } }),
      transformResponse: (response: Partial<SearchContactsApiResponse> | null) => ({ items: response?.data?.items ?? [], totalCount: response?.data?.totalCount ?? 0 }),
    }),
    /** A .vcf goes up as its bytes: the server reads each card's own charset. */
    importContacts: build.mutation<ImportOutcome, Blob>({
      query: (file) => ({ url: '/contacts/backup_version/import', method: 'POST', body: file, headers: { 'Content-Type': 'text/vcard' } }),
      transformResponse: (response: ImportContactsApiResponse) => response.data,
      invalidatesTags: [VERSIONS],
    }),
    /** The version as vCard 3.0 text (what every phone imports), saved by the browser as a file. */
    exportContactVersion: build.mutation<string, string>({
      query: (id) => ({ url: `/contacts/backup_version/${encodeURIComponent(id)}/export`, params: { version: '3.0' }, responseHandler: 'text' }),
    }),
  }),
});

export const {
  useListContactVersionsQuery,
  useRestoreContactVersionMutation,
  useDeleteContactVersionMutation,
  useGetContactQuery,
} = enhanced;
export const { useVersionPagesInfiniteQuery, useSearchPagesInfiniteQuery, useImportContactsMutation, useExportContactVersionMutation } = contactsApi;
