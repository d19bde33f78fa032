import { useCallback } from 'react';
import { accountApi, persistFamilyFlags } from '@/api/account';
import { useAppDispatch } from '@/state/hooks';
import { apiErrorCode } from '@/api/errors';
import { FAMILY_LIBRARY_TAG } from '@/api/tags';
import {
  generatedApi,
  type FamilyAlbum,
  type FamilyAlbumItem,
  type FamilyInvitation,
  type FamilyMember,
  type FamilyLibraryItem,
  type FamilyPerson,
  type FamilyPlace,
  type GetFamilyApiResponse,
  type ReceivedFamilyInvitation,
} from '@/api/generated/family';

export type { FamilyAlbum, FamilyAlbumItem, FamilyInvitation, FamilyLibraryItem, FamilyMember, FamilyPerson, FamilyPlace, ReceivedFamilyInvitation };
export type FamilyView = GetFamilyApiResponse;

/** The spec's tag list has no family tag: the family hangs on LeftMenu (the menu's family entries follow it). */
const FAMILY_TAG = { type: 'LeftMenu' as const, id: 'FAMILY' };
/** The family library is a timeline of its own: a Group entry with its own id (uploads into it refresh it too). */
const LIBRARY_TAG = FAMILY_LIBRARY_TAG;
/** The family's albums (issue 35); what is in them also follows the library (an item leaving it leaves them). */
const ALBUMS_TAG = { type: 'Album' as const, id: 'FAMILY' };

/** A membership change moves the quota: the usage is read again (no tag covers it). The flags: useRefreshFamilyFlags. */
async function refreshUsage(dispatch: (action: unknown) => unknown, done: Promise<unknown>) {
  try {
    await done;
  } catch {
    return;
  }
  dispatch(accountApi.endpoints.getUsages.initiate(undefined, { subscribe: false, forceRefetch: true }));
}
const followAccount = { onQueryStarted: (_arg: unknown, api: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> }) => refreshUsage(api.dispatch, api.queryFulfilled) };

/**
 * Reads the account info again and stores its family flags before going on: the family pages' route gates read the
 * stored flags, so a page opened right after joining or leaving must see the new ones.
 */
export function useRefreshFamilyFlags() {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    const result = await dispatch(accountApi.endpoints.getAccountInfo.initiate(undefined, { subscribe: false, forceRefetch: true }));
    if (result.data) persistFamilyFlags(result.data);
  }, [dispatch]);
}

export const familyApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getFamily: { providesTags: [FAMILY_TAG] },
    getReceivedFamilyInvitations: { providesTags: [FAMILY_TAG] },
    inviteFamilyMember: { invalidatesTags: [FAMILY_TAG] },
    cancelFamilyInvitation: { invalidatesTags: [FAMILY_TAG] },
    acceptFamilyInvitation: { invalidatesTags: [FAMILY_TAG], ...followAccount },
    acceptFamilyInvitationByToken: { invalidatesTags: [FAMILY_TAG], ...followAccount },
    declineFamilyInvitation: { invalidatesTags: [FAMILY_TAG] },
    setFamilyMemberLimit: { invalidatesTags: [FAMILY_TAG] },
    removeFamilyMember: { invalidatesTags: [FAMILY_TAG] },
    leaveFamily: { invalidatesTags: [FAMILY_TAG, LIBRARY_TAG], ...followAccount },
    // The family library (issue 35): a move takes photos out of the timeline (tag Group), a removal into the trash.
    listFamilyLibrary: { providesTags: [LIBRARY_TAG] },
    listFamilyLibraryHeld: { providesTags: [LIBRARY_TAG] },
    addToFamilyLibrary: { invalidatesTags: [LIBRARY_TAG, 'Group'], ...followAccount },
    removeFromFamilyLibrary: { invalidatesTags: [LIBRARY_TAG, 'Group', 'Trash'] },
    // Its people and places follow the library: anything that changes the library may change them.
    listFamilyPeople: { providesTags: [LIBRARY_TAG] },
    getFamilyPerson: { providesTags: [LIBRARY_TAG] },
    listFamilyPlaces: { providesTags: [LIBRARY_TAG] },
    renameFamilyPerson: { invalidatesTags: [LIBRARY_TAG] },
    mergeFamilyPerson: { invalidatesTags: [LIBRARY_TAG] },
    listFamilyAlbums: { providesTags: [ALBUMS_TAG, LIBRARY_TAG] },
    getFamilyAlbum: { providesTags: [ALBUMS_TAG, LIBRARY_TAG] },
    listFamilyAlbumItems: { providesTags: [ALBUMS_TAG, LIBRARY_TAG] },
    createFamilyAlbum: { invalidatesTags: [ALBUMS_TAG] },
    updateFamilyAlbum: { invalidatesTags: [ALBUMS_TAG] },
    deleteFamilyAlbum: { invalidatesTags: [ALBUMS_TAG] },
    addToFamilyAlbum: { invalidatesTags: [ALBUMS_TAG] },
    removeFromFamilyAlbum: { invalidatesTags: [ALBUMS_TAG] },
    removePhotosFromFamilyPerson: { invalidatesTags: [LIBRARY_TAG] },
  },
});

export const {
  useGetFamilyQuery,
  useGetReceivedFamilyInvitationsQuery,
  useInviteFamilyMemberMutation,
  useCancelFamilyInvitationMutation,
  useAcceptFamilyInvitationMutation,
  useAcceptFamilyInvitationByTokenMutation,
  useDeclineFamilyInvitationMutation,
  useSetFamilyMemberLimitMutation,
  useRemoveFamilyMemberMutation,
  useLeaveFamilyMutation,
  useListFamilyLibraryQuery,
  useListFamilyLibraryHeldQuery,
  useAddToFamilyLibraryMutation,
  useRemoveFromFamilyLibraryMutation,
  useListFamilyPeopleQuery,
  useGetFamilyPersonQuery,
  useListFamilyPlacesQuery,
  useRenameFamilyPersonMutation,
  useMergeFamilyPersonMutation,
  useListFamilyAlbumsQuery,
  useGetFamilyAlbumQuery,
  useListFamilyAlbumItemsQuery,
  useCreateFamilyAlbumMutation,
  useUpdateFamilyAlbumMutation,
  useDeleteFamilyAlbumMutation,
  useAddToFamilyAlbumMutation,
  useRemoveFromFamilyAlbumMutation,
  useRemovePhotosFromFamilyPersonMutation,
} = familyApi;

/** One page of the family's places holds them all: a family library's places are few (issue 35). */
export const FAMILY_PLACES_PAGE = 500;
/** Likewise its people: the people screen and "Merge with…" read the same page. */
export const FAMILY_PEOPLE_PAGE = 500;

/** Server refusals the family screens explain in words; anything else gets the generic text. */
export const KNOWN_ERRORS = [
  'NOT_FAMILY_ADMIN',
  'ALREADY_MEMBER',
  'ALREADY_INVITED',
  'FAMILY_FULL',
  'CANNOT_INVITE_SELF',
  'INVITATION_NOT_PENDING',
  'INVITATION_EXPIRED',
  'ALREADY_IN_FAMILY',
  'HAS_OWN_PACKAGE',
  'FAMILY_STORAGE_FULL',
  'LIMIT_BELOW_USAGE',
  'QUOTA_EXCEEDED',
  'ACCOUNT_READ_ONLY',
  'NOT_ADDED_BY_YOU',
  'NOT_ALBUM_CREATOR',
  'VALIDATION_ERROR',
  'NOT_FOUND',
] as const;
export type KnownError = (typeof KNOWN_ERRORS)[number];

export function familyErrorCode(error: unknown): KnownError | 'generic' {
  const code = apiErrorCode(error);
  return (KNOWN_ERRORS as readonly string[]).includes(code ?? '') ? (code as KnownError) : 'generic';
}
