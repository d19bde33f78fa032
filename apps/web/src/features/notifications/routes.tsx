import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const notificationsHandle: ShellHandle = { pageName: 'notifications', titleKey: 'notifications:title' };

export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notifications',
    handle: notificationsHandle,
    lazy: lazyScreen(() => import('./components/notifications-screen'), (m) => m.NotificationsScreen),
  },
];
