import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const contactsHandle: ShellHandle = { pageName: 'contacts', titleKey: 'shell:menu_contacts' };

/** The backup versions and one version's contacts (spec: /main/contacts, /main/contacts/{id}?date=&count=). */
export const contactsRoutes: RouteObject[] = [
  {
    path: 'contacts',
    handle: contactsHandle,
    lazy: lazyScreen(() => import('./components/versions-screen'), (m) => m.VersionsScreen),
  },
  {
    path: 'contacts/:id',
    handle: contactsHandle,
    lazy: lazyScreen(() => import('./components/version-screen'), (m) => m.VersionScreen),
  },
];
