import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { hasSession } from '@/api/session';
import { Loader } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { setReturnUrl } from '@/features/auth/return-url';
import { albumsRoutes } from '@/features/albums/routes';
import { linkRoutes, signedInAuthRoutes, signInRoutes, signupRoutes } from '@/features/auth/routes';
import { discoverRoutes } from '@/features/discover/routes';
import { familyRoutes } from '@/features/family/routes';
import { filesRoutes } from '@/features/files/routes';
import { foryouRoutes } from '@/features/foryou/routes';
import { notificationsRoutes } from '@/features/notifications/routes';
import { paymentRoutes, paymentViewRoutes } from '@/features/payment/routes';
import { loadPackagesView, packagesRoutes, viewSessionLoader } from '@/features/packages/routes';
import { photosRoutes } from '@/features/photos/routes';
import { searchRoutes } from '@/features/search/routes';
import { accountPageRoutes, settingsRoutes } from '@/features/settings/routes';
import { sharesRoutes } from '@/features/shares/routes';
import { loadSharedContentViewer, sharedFilesHandle, sharedFilesRoutes } from '@/features/shared-files/routes';
import { notFoundRoute, UnknownPath } from '@/features/shell/routes';
import { loadAllNamespaces } from '@/i18n/i18n';
import { loadChunk } from '@/lib/lazy-route';
import { AuthLayout } from './layout/auth-layout';
import { LandingRedirect } from './layout/landing-redirect';
import { RouteError } from './layout/route-error';
import type { AppStore } from './store';

/** The signed-in screens, photos first; each feature declares its own routes in its routes.tsx. */
const MAIN_ROUTES: readonly RouteObject[][] = [
  photosRoutes,
  albumsRoutes,
  filesRoutes,
  sharesRoutes,
  notificationsRoutes,
  settingsRoutes,
  searchRoutes,
  signedInAuthRoutes,
  paymentRoutes,
  packagesRoutes,
  familyRoutes,
  discoverRoutes,
  foryouRoutes,
];

/** The mobile app's payment web views under /view (spec §2 payment, pack-payment; /view/packages is its own route): no shell. */
const VIEW_ROUTES: readonly RouteObject[][] = [paymentViewRoutes];

/** The store itself (tests) or how to load it (the app: with the first screen that needs it, never in the entry). */
export type StoreSource = AppStore | (() => Promise<AppStore>);

/**
 * A layout route's `lazy` that loads the store with the layout: the screens below it (and only they) use RTK Query.
 * Sign-in does not, so a signed-out visitor never downloads the store, the generated API or Redux (issue 17).
 */
function lazyWithStore<M>(source: StoreSource, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const loadStore = typeof source === 'function' ? source : () => Promise.resolve(source);
  return async () => {
    const [module, store, boundary] = await Promise.all([
      loadChunk(load),
      loadChunk(loadStore),
      loadChunk(() => import('./layout/store-boundary')),
      // Sign-in's first paint loads only its own strings; everything behind it loads the rest here.
      loadAllNamespaces(),
    ]);
    return { Component: boundary.withStore(store, pick(module)) };
  };
}

/** The app's route table, limited to the screens that exist; every screen loads on demand. */
export function createAppRoutes(store: StoreSource): RouteObject[] {
  const requireSession = ({ request }: LoaderFunctionArgs) => {
    if (hasSession()) return null;
    const url = new URL(request.url);
    setReturnUrl(`${url.pathname}${url.search}`);
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
          children: [...signInRoutes, { lazy: lazyWithStore(store, () => Promise.resolve(Outlet), (outlet) => outlet), children: signupRoutes }],
        },
        {
          // Reset links, provider callbacks, verification links and account updates (spec §2): the signed-out look,
          // with the store, whether or not this browser is signed in.
          element: <AuthLayout />,
          children: [{ lazy: lazyWithStore(store, () => Promise.resolve(Outlet), (outlet) => outlet), children: [...linkRoutes, ...accountPageRoutes(requireSession)] }],
        },
        {
          path: 'main',
          loader: requireSession,
          lazy: lazyWithStore(store, () => import('./layout/main-layout'), (m) => m.MainLayout),
          children: [
            // The Photos screen (spec: /main/photos/all) arrives in a later issue; until then /main opens Files.
            { index: true, element: <Navigate to={paths.files} replace /> },
            ...MAIN_ROUTES.flat(),
            notFoundRoute,
          ],
        },
        {
          // The payment web views; their session may come in ?token= (the packages view's loader).
          path: 'view',
          loader: viewSessionLoader,
          lazy: lazyWithStore(store, () => Promise.resolve(Outlet), (outlet) => outlet),
          children: VIEW_ROUTES.flat(),
        },
        {
          // Public: a link holder with or without an account (spec 000 §2 /sharedFiles and its children).
          path: 'sharedFiles',
          handle: sharedFilesHandle,
          lazy: lazyWithStore(store, () => import('./layout/shared-files-layout'), (m) => m.SharedFilesLayout),
          children: sharedFilesRoutes,
        },
        {
          // The shared-content viewer, for the owner or an invitee: signed in.
          path: 'viewer/file/:uuid/:projectId?',
          loader: requireSession,
          lazy: lazyWithStore(store, loadSharedContentViewer, (m) => m.SharedContentViewer),
        },
        {
          // The mobile app's web view of the packages (spec §2 /view): no shell; the session may come in ?token=.
          path: 'view/packages',
          loader: viewSessionLoader,
          lazy: lazyWithStore(store, loadPackagesView, (m) => m.PackagesView),
        },
        { path: '*', element: <UnknownPath landing={<LandingRedirect />} /> },
      ],
    },
  ];
}

export function createAppRouter(store: StoreSource) {
  return createBrowserRouter(createAppRoutes(store));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
