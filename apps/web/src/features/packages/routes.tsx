import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { hasSession, saveSession } from '@/api/session';
import { paths } from '@/config/paths';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';
import { packagesRedirectLoader } from './redirect';

const packagesHandle: ShellHandle = { pageName: 'USAGE_INFO_PACKAGES', titleKey: 'account:usage_packages' };

/** /main/packages (tabs) and the redirect helper /main/redirect?label=. */
export const packagesRoutes: RouteObject[] = [
  { path: 'packages', handle: packagesHandle, lazy: lazyScreen(() => import('./components/packages-screen'), (m) => m.PackagesScreen) },
  { path: 'redirect', loader: packagesRedirectLoader },
];

/** The mobile app's web view of the packages screen (no shell). */
export const loadPackagesView = () => import('./components/packages-view');

/**
 * A web view opened by the mobile app carries its session in `?token=` (else the browser's own session is used): the
 * token is stored as this browser's session and dropped from the address, so it stays out of history and referrers.
 */
export function viewSessionLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token')?.trim();
  if (token) {
    saveSession({ authToken: token });
    url.searchParams.delete('token');
    const rest = url.searchParams.toString();
    return redirect(`${url.pathname}${rest ? `?${rest}` : ''}`);
  }
  if (!hasSession()) return redirect(paths.home);
  return null;
}
