import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { hasSession } from '@/api/session';
import type { ShellHandle } from '@/lib/route-handle';
import { lazyScreen } from '@/lib/lazy-route';

// Not a page of the spec: the header behaves as on Photos, where the way out leads.
const notFoundHandle: ShellHandle = { pageName: 'photos', titleKey: 'shell:not_found_title' };

/** The last child of /main: any signed-in path without a screen. */
export const notFoundRoute: RouteObject = {
  path: '*',
  handle: notFoundHandle,
  lazy: lazyScreen(() => import('./components/not-found-screen'), (m) => m.NotFoundScreen),
};

/**
 * An unknown path outside /main: a signed-in person gets the in-app page in their language; visitors the English
 * landing page, as before.
 */
export function UnknownPath({ landing }: { landing: ReactNode }) {
  if (hasSession()) return <Navigate to="/main/not-found" replace />;
  return <>{landing}</>;
}
