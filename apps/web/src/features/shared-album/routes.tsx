import type { RouteObject } from 'react-router';
import { withNamespaces } from '@/i18n/i18n';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

/** The live album page follows the shared-files header rules (no search, no NEW, no menu for a visitor). */
export const sharedAlbumHandle: ShellHandle = { pageName: 'sharedFiles', titleKey: 'shares:visitor_page_title' };

/** The children of /sharedAlbum: the link's page. */
export const sharedAlbumRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen(() => import('./components/shared-album-screen'), (m) => m.SharedAlbumScreen) },
];

/** What the /sharedAlbum layout loads with its module: the strings of links (the `shares` namespace, on demand). */
export const withSharedAlbumStrings = <M,>(load: () => Promise<M>) => withNamespaces(['shares'], load);
