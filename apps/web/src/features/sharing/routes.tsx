import type { RouteObject } from 'react-router';
import { withNamespaces } from '@/i18n/i18n';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const sharesHandle: ShellHandle = { pageName: 'shares', titleKey: 'shares:title' };

/** /main/shares: my public links, shared with me, shared by me. */
export const sharesRoutes: RouteObject[] = [
  { path: 'shares', handle: sharesHandle, lazy: lazyScreen(withNamespaces(['shares'], () => import('./components/shares-screen')), (m) => m.SharesScreen) },
];
