import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { hasSession } from '@/api/session';
import { Loader } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { setReturnUrl } from '@/features/auth/auth-slice';
import { albumsRoutes } from '@/features/albums/routes';
import { authRoutes } from '@/features/auth/routes';
import { filesRoutes } from '@/features/files/routes';
import { notificationsRoutes } from '@/features/notifications/routes';
import { photosRoutes } from '@/features/photos/routes';
import { settingsRoutes } from '@/features/settings/routes';
import { notFoundRoute, UnknownPath } from '@/features/shell/routes';
import { lazyScreen } from '@/lib/lazy-route';
import { AuthLayout } from './layout/auth-layout';
import { LandingRedirect } from './layout/landing-redirect';
import { RouteError } from './layout/route-error';
import type { AppStore } from './store';

/** The signed-in screens, photos first; each feature declares its own routes in its routes.tsx. */
const MAIN_ROUTES: readonly RouteObject[][] = [photosRoutes, albumsRoutes, filesRoutes, notificationsRoutes, settingsRoutes];

/** The app's route table, limited to the screens that exist; every screen loads on demand. */
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
        { element: <AuthLayout />, loader: skipIfSignedIn, children: authRoutes },
        {
          path: 'main',
          loader: requireSession,
          lazy: lazyScreen(() => import('./layout/main-layout'), (m) => m.MainLayout),
          children: [
            // The Photos screen (spec: /main/photos/all) arrives in a later issue; until then /main opens Files.
            { index: true, element: <Navigate to={paths.files} replace /> },
            ...MAIN_ROUTES.flat(),
            notFoundRoute,
          ],
        },
        { path: '*', element: <UnknownPath landing={<LandingRedirect />} /> },
      ],
    },
  ];
}

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(createAppRoutes(store));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
