import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const albumsHandle: ShellHandle = { pageName: 'ALBUMS', titleKey: 'albums:WEB_ALBUMS' };

/** The album list and an album's own screen, children of /main. */
export const albumsRoutes: RouteObject[] = [
  { path: 'album', handle: albumsHandle, lazy: lazyScreen(() => import('./components/albums-screen'), (m) => m.AlbumsScreen) },
  {
    path: 'photos/album/:uuid',
    handle: albumsHandle,
    lazy: lazyScreen(() => import('./components/album-detail-screen'), (m) => m.AlbumDetailScreen),
  },
];
