import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const settingsHandle: ShellHandle = { pageName: 'settings', titleKey: 'settings:title' };

export const settingsRoutes: RouteObject[] = [
  { path: 'settings', handle: settingsHandle, lazy: lazyScreen(() => import('./components/settings-screen'), (m) => m.SettingsScreen) },
];
