import type { ComponentType } from 'react';
import { Outlet, type LoaderFunction, type RouteObject } from 'react-router';
import { linkRoutes, signupRoutes } from '@/features/auth/routes';
import { paymentViewRoutes } from '@/features/payment/routes';
import { loadPackagesView, viewSessionLoader } from '@/features/packages/routes';
import { accountPageRoutes } from '@/features/settings/routes';
import { loadSharedContentViewer, sharedFilesHandle, sharedFilesRoutes, withSharedFilesStrings } from '@/features/link-visitor/routes';
import { sharedAlbumHandle, sharedAlbumRoutes, withSharedAlbumStrings } from '@/features/shared-album/routes';
import { drawHandle, drawRoutes, withDrawStrings } from '@/features/draw/routes';

import { loadRaffleScreen } from '@/features/campaigns/routes';
import { AuthLayout } from './layout/auth-layout';

/** What app/router.tsx lends these routes: its store-loading `lazy` and the signed-in check. */
export interface OuterRouteTools {
  withStore: <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) => () => Promise<{ Component: ComponentType }>;
  requireSession: LoaderFunction;
  /** The id the shared-files route takes: the router's sign that these routes are in place. */
  markerId: string;
}

/**
 * The pages other than sign-in and /main (sign-up and recovery, links, payment views, shared files, the shared-content
 * viewer): added (app/router.tsx `patchAppRoutes`) when such a path is first visited, so the sign-in page's entry
 * chunk does not carry their route tables (issue 17 budget).
 */
/** Routes for the root, and for sign-in's layout (sign-up and recovery, which use the store). */
export interface OuterRoutes {
  root: RouteObject[];
  signedOut: RouteObject[];
}

export function outerRoutes({ withStore, requireSession, markerId }: OuterRouteTools): OuterRoutes {
  const root: RouteObject[] = [
    {
      // Reset links, provider callbacks, verification links and account updates (spec §2): the signed-out look,
      // with the store, whether or not this browser is signed in.
      element: <AuthLayout />,
      children: [{ lazy: withStore(() => Promise.resolve(Outlet), (outlet) => outlet), children: [...linkRoutes, ...accountPageRoutes(requireSession)] }],
    },
    {
      // The mobile app's payment web views under /view (spec §2 payment, pack-payment; /view/packages is its own
      // route): no shell; their session may come in ?token= (the packages view's loader).
      path: 'view',
      loader: viewSessionLoader,
      lazy: withStore(() => Promise.resolve(Outlet), (outlet) => outlet),
      children: paymentViewRoutes,
    },
    {
      // Public: a link holder with or without an account (spec 000 §2 /sharedFiles and its children).
      id: markerId,
      path: 'sharedFiles',
      handle: sharedFilesHandle,
      lazy: withStore(withSharedFilesStrings(() => import('./layout/shared-files-layout')), (m) => m.SharedFilesLayout),
      children: sharedFilesRoutes,
    },
    {
      // Public: a live person or place link (issue 35), with or without an account; its own page, beside /sharedFiles.
      path: 'sharedAlbum',
      handle: sharedAlbumHandle,
      lazy: withStore(withSharedAlbumStrings(() => import('./layout/shared-album-layout')), (m) => m.SharedAlbumLayout),
      children: sharedAlbumRoutes,
    },
    {
      // The shared-content viewer, for the owner or an invitee: signed in.
      path: 'viewer/file/:uuid/:projectId?',
      loader: requireSession,
      lazy: withStore(loadSharedContentViewer, (m) => m.SharedContentViewer),
    },
    {
      // Public: the telesales prize draw (issue 30); the spec leaves its path open (docs/decisions.md).
      path: 'cekilis',
      handle: drawHandle,
      lazy: withStore(withDrawStrings(() => import('./layout/draw-layout')), (m) => m.DrawLayout),
      children: drawRoutes,
    },
    {
      // The mobile app's web view of the packages (spec §2 /view): no shell; the session may come in ?token=.
      path: 'view/packages',
      loader: viewSessionLoader,
      lazy: withStore(loadPackagesView, (m) => m.PackagesView),
    },
    {
      // The raffle rights page (spec 000 §2): visitors see the campaign and a sign-in button, subscribers their rights.
      path: 'cekilis-hakki',
      lazy: withStore(loadRaffleScreen, (m) => m.RaffleScreen),
    },
  ];
  return { root, signedOut: [{ lazy: withStore(() => Promise.resolve(Outlet), (outlet) => outlet), children: signupRoutes }] };
}
