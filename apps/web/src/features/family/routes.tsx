import { redirect, type RouteObject } from 'react-router';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import { paths } from '@/config/paths';
import { lazyScreen } from '@/lib/lazy-route';
import { withNamespaces } from '@/i18n/i18n';
import type { ShellHandle } from '@/lib/route-handle';

const handle = (titleKey: ShellHandle['titleKey']): ShellHandle => ({ pageName: 'USAGE_INFO_PACKAGES', titleKey });
const screens = () => import('./components/family-screens');

/**
 * Role gates of spec §6 from the stored family flags (spec §3/§4): the manage page for an admin or member, the details
 * page for a member only; anyone else goes to the packages screen. The screens check the server's answer again.
 */
const requireFamily = () => (readStorage(storageKeys.isFamilyMember) ? null : redirect(paths.packages));
const requireMember = () => (readStorage(storageKeys.isFamilyUserMember) ? null : redirect(paths.packages));

export const familyRoutes: RouteObject[] = [
  // Members, and someone who left with items still held for them: the screen tells which from the server's answer.
  {
    path: 'family-library',
    handle: { pageName: 'photos', titleKey: 'family:library_title' } satisfies ShellHandle,
    // The family strings load with the screen, so the shell's title (family:library_title) reads them too.
    lazy: lazyScreen(withNamespaces(['family'], () => import('./components/family-library-screen')), (m) => m.FamilyLibraryScreen),
  },
  // People and places of the family library (issue 35), each its own chunk; the photos of one open the library filtered.
  {
    path: 'family-library/people',
    handle: { pageName: 'photos', titleKey: 'family:people_title' } satisfies ShellHandle,
    lazy: lazyScreen(withNamespaces(['family'], () => import('./components/family-people-screen')), (m) => m.FamilyPeopleScreen),
  },
  {
    path: 'family-library/places',
    handle: { pageName: 'photos', titleKey: 'family:places_title' } satisfies ShellHandle,
    lazy: lazyScreen(withNamespaces(['family'], () => import('./components/family-places-screen')), (m) => m.FamilyPlacesScreen),
  },
  // Albums of the family library (issue 35): the list and one album, each its own chunk.
  {
    path: 'family-library/albums',
    handle: { pageName: 'photos', titleKey: 'family:albums_title' } satisfies ShellHandle,
    lazy: lazyScreen(withNamespaces(['family'], () => import('./components/family-albums-screen')), (m) => m.FamilyAlbumsScreen),
  },
  {
    path: 'family-library/albums/:albumId',
    handle: { pageName: 'photos', titleKey: 'family:albums_title' } satisfies ShellHandle,
    lazy: lazyScreen(withNamespaces(['family'], () => import('./components/family-album-screen')), (m) => m.FamilyAlbumScreen),
  },
  {
    path: 'packages/familyInvitation',
    handle: handle('family:title_invitation'),
    lazy: lazyScreen(screens, (m) => m.FamilyInvitationScreen),
  },
  {
    path: 'usages/manage-family-share',
    handle: handle('family:title_manage'),
    loader: requireFamily,
    lazy: lazyScreen(screens, (m) => m.ManageFamilyScreen),
  },
  {
    path: 'usages/family-share-details',
    handle: handle('family:title_details'),
    loader: requireMember,
    lazy: lazyScreen(screens, (m) => m.FamilyDetailsScreen),
  },
];
