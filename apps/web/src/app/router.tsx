import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  redirect,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { hasSession } from '@/api/session';
import { Loader } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { setReturnUrl } from '@/features/auth/return-url';
import { signInRoutes } from '@/features/auth/sign-in-routes';
import { UnknownPath } from '@/features/shell/routes';
import { loadAllNamespaces } from '@/i18n/i18n';
import { loadChunk } from '@/lib/lazy-route';
import { AuthLayout } from './layout/auth-layout';
import { LandingRedirect } from './layout/landing-redirect';
import { RouteError } from './layout/route-error';
import type { OuterRouteTools, OuterRoutes } from './outer-routes';
import type { AppStore } from './store';

/** The id of the /main route, whose screens' routes (app/main-routes.tsx) are added when a path below it is first visited. */
const MAIN_ROUTE_ID = 'main';
/** The id of the root route, under which the other pages (app/outer-routes.tsx) are added when one is first visited. */
const ROOT_ROUTE_ID = 'root';
/** The id of one of those pages (/sharedFiles): once the root has it, they are in place. */
const OUTER_MARKER_ID = 'sharedFiles';
/** The id of sign-in's layout, under which sign-up and recovery are added with the other pages. */
const SIGNED_OUT_ROUTE_ID = 'signed-out';

/** The root route's handle: how to load the routes added later (they need this route table's store). */
interface RootHandle {
  outerRoutes: () => Promise<OuterRoutes>;
}

/**
 * The router's `patchRoutesOnNavigation`: the first visit below /main loads the signed-in route tables and adds them
 * under /main; the first visit elsewhere that the entry's routes do not know (a link, /sharedFiles, /view …) adds the
 * other pages under the root. React Router skips children it already has; sign-in's own paths never get here.
 */
export const patchAppRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  const main = matches.find((match) => match.route.id === MAIN_ROUTE_ID);
  if (main) {
    // Until patched, /main has only its index child.
    if ((main.route.children?.length ?? 0) > 1) return;
    const { mainRoutes } = await loadChunk(() => import('./main-routes'));
    patch(MAIN_ROUTE_ID, mainRoutes());
    return;
  }
  const root = matches.find((match) => match.route.id === ROOT_ROUTE_ID);
  const handle = root?.route.handle as RootHandle | undefined;
  if (!root || !handle?.outerRoutes) return;
  if (root.route.children?.some((child) => child.id === OUTER_MARKER_ID)) return;
  const routes = await handle.outerRoutes();
  patch(SIGNED_OUT_ROUTE_ID, routes.signedOut);
  patch(ROOT_ROUTE_ID, routes.root);
};

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
  const tools: OuterRouteTools = { withStore: (load, pick) => lazyWithStore(store, load, pick), requireSession, markerId: OUTER_MARKER_ID };
  const rootHandle: RootHandle = {
    outerRoutes: () => loadChunk(() => import('./outer-routes')).then((m) => m.outerRoutes(tools)),
  };

  return [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      handle: rootHandle,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loader />,
      children: [
        {
          id: SIGNED_OUT_ROUTE_ID,
          element: <AuthLayout />,
          loader: skipIfSignedIn,
          // Sign-up and recovery (with the store) are added here by patchAppRoutes.
          children: signInRoutes,
        },
        {
          id: MAIN_ROUTE_ID,
          path: 'main',
          loader: requireSession,
          lazy: lazyWithStore(store, () => import('./layout/main-layout'), (m) => m.MainLayout),
          children: [
            // The Photos screen (spec: /main/photos/all) arrives in a later issue; until then /main opens Files.
            { index: true, element: <Navigate to={paths.files} replace /> },
            // The screens' routes: patchAppRoutes.
          ],
        },
        // Links, payment views, /sharedFiles and the shared-content viewer: app/outer-routes.tsx, via patchAppRoutes.
        { path: '*', element: <UnknownPath landing={<LandingRedirect />} /> },
      ],
    },
  ];
}

export function createAppRouter(store: StoreSource) {
  return createBrowserRouter(createAppRoutes(store), { patchRoutesOnNavigation: patchAppRoutes });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
