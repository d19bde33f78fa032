import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { hasSession } from '@/api/session';
import { Loader } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { setReturnUrl } from '@/features/auth/auth-slice';
import { AuthLayout } from './layout/auth-layout';
import { LandingRedirect } from './layout/landing-redirect';
import { RouteError } from './layout/route-error';
import { lazyScreen } from './lazy-route';
import type { ShellHandle } from './route-handle';
import type { AppStore } from './store';

const notificationsHandle: ShellHandle = { pageName: 'notifications', titleKey: 'notifications:title' };
const settingsHandle: ShellHandle = { pageName: 'settings', titleKey: 'settings:title' };
const filesHandle: ShellHandle = { pageName: 'files', titleKey: 'files:title' };
const trashHandle: ShellHandle = { pageName: 'trash', titleKey: 'files:trash_title' };
const albumsHandle: ShellHandle = { pageName: 'ALBUMS', titleKey: 'albums:WEB_ALBUMS' };
// The preview belongs to the files page: opening and closing it keeps the sort order.
const previewHandle: ShellHandle = { pageName: 'files', titleKey: 'files:preview_title' };
const photosHandle: ShellHandle = { pageName: 'photos', titleKey: 'photos:title' };

/** The route table of spec 000 §2, limited to the screens that exist; every screen loads on demand. */
export function createAppRoutes(store: AppStore): RouteObject[] {
  const requireSession = ({ request }: LoaderFunctionArgs) => {
    if (hasSession()) return null;
    const url = new URL(request.url);
    store.dispatch(setReturnUrl(`${url.pathname}${url.search}`));
    throw redirect(paths.home);
  };
  const skipIfSignedIn = () => (hasSession() ? redirect(paths.main) : null);

  return [
    {
      path: '/',
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loader />,
      children: [
        {
          element: <AuthLayout />,
          loader: skipIfSignedIn,
          children: [
            { index: true, lazy: lazyScreen(() => import('@/features/auth/components/login-screen'), (m) => m.LoginScreen) },
            { path: 'auth/login', lazy: lazyScreen(() => import('@/features/auth/components/login-screen'), (m) => m.LoginScreen) },
            { path: 'auth/signup', lazy: lazyScreen(() => import('@/features/auth/components/signup-screen'), (m) => m.SignupScreen) },
          ],
        },
        {
          path: 'main',
          loader: requireSession,
          lazy: lazyScreen(() => import('./layout/main-layout'), (m) => m.MainLayout),
          children: [
            // The Photos screen (spec: /main/photos/all) arrives in a later issue; until then /main opens Files.
            { index: true, element: <Navigate to={paths.files} replace /> },
            { path: 'photos', element: <Navigate to={paths.photos} replace /> },
            {
              path: 'photos/:tab',
              handle: photosHandle,
              lazy: lazyScreen(() => import('@/features/photos/components/photos-screen'), (m) => m.PhotosScreen),
            },
            {
              path: 'album',
              handle: albumsHandle,
              lazy: lazyScreen(() => import('@/features/albums/components/albums-screen'), (m) => m.AlbumsScreen),
            },
            {
              path: 'photos/album/:uuid',
              handle: albumsHandle,
              lazy: lazyScreen(() => import('@/features/albums/components/album-detail-screen'), (m) => m.AlbumDetailScreen),
            },
            {
              path: 'files',
              handle: filesHandle,
              lazy: lazyScreen(() => import('@/features/files/components/files-screen'), (m) => m.FilesScreen),
            },
            {
              path: 'trash',
              handle: trashHandle,
              lazy: lazyScreen(() => import('@/features/files/components/trash-screen'), (m) => m.TrashScreen),
            },
            {
              path: 'preview',
              handle: previewHandle,
              lazy: lazyScreen(() => import('@/features/files/components/preview-screen'), (m) => m.PreviewScreen),
            },
            {
              path: 'notifications',
              handle: notificationsHandle,
              lazy: lazyScreen(() => import('@/features/notifications/components/notifications-screen'), (m) => m.NotificationsScreen),
            },
            {
              path: 'settings',
              handle: settingsHandle,
              lazy: lazyScreen(() => import('@/features/settings/components/settings-screen'), (m) => m.SettingsScreen),
            },
          ],
        },
        { path: '*', element: <LandingRedirect /> },
      ],
    },
  ];
}

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(createAppRoutes(store));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
