import type { RouteObject } from 'react-router';
import type { ShellHandle } from '@/lib/route-handle';
import { withNamespaces } from '@/i18n/i18n';
import { lazyScreen } from '@/lib/lazy-route';

/** The prize-draw page is the telesales page for the header rules (no search, no NEW, no add icon). */
export const drawHandle: ShellHandle = { pageName: 'telesales', titleKey: 'draw:title' };

export const drawRoutes: RouteObject[] = [{ index: true, lazy: lazyScreen(() => import('./components/draw-screen'), (m) => m.DrawScreen) }];

/** What the draw page's layout loads with its module (the app adds the path): the page's strings, on demand, for its title. */
export const withDrawStrings = <M,>(load: () => Promise<M>) => withNamespaces(['draw'], load);
