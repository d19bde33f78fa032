import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const searchHandle: ShellHandle = { pageName: 'search', titleKey: 'shell:search_title' };

/** The search results screen, a child of /main. */
export const searchRoutes: RouteObject[] = [
  { path: 'search', handle: searchHandle, lazy: lazyScreen(() => import('./components/search-screen'), (m) => m.SearchScreen) },
];
