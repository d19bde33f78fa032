import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const photosHandle: ShellHandle = { pageName: 'photos', titleKey: 'photos:title' };

/** The timeline screens, children of /main. */
export const photosRoutes: RouteObject[] = [
  { path: 'photos', element: <Navigate to={paths.photos} replace /> },
  { path: 'photos/:tab', handle: photosHandle, lazy: lazyScreen(() => import('./components/photos-screen'), (m) => m.PhotosScreen) },
];
