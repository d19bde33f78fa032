import type { RouteObject } from 'react-router';
import type { ShellHandle } from '@/lib/route-handle';
import { lazyScreen } from '@/lib/lazy-route';

/** The prize-draw page is the telesales page for the header rules (no search, no NEW, no add icon). */
export const drawHandle: ShellHandle = { pageName: 'telesales', titleKey: 'draw:title' };

export const drawRoutes: RouteObject[] = [{ index: true, lazy: lazyScreen(() => import('./components/draw-screen'), (m) => m.DrawScreen) }];
