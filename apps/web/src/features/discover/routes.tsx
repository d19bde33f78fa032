import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const discoverHandle: ShellHandle = {
  pageName: 'discover',
  titleKey: 'shell:menu_discover',
};

/** Discover (three rows), the see-all lists and a person's, place's or thing's photos; children of /main. */
export const discoverRoutes: RouteObject[] = [
  {
    path: 'discover',
    handle: discoverHandle,
    lazy: lazyScreen(
      () => import('./components/discover-screen'),
      (m) => m.DiscoverScreen,
    ),
  },
  {
    path: 'discover/people',
    handle: discoverHandle,
    lazy: lazyScreen(
      () => import('./components/people-screen'),
      (m) => m.PeopleScreen,
    ),
  },
  {
    path: 'discover/places',
    handle: discoverHandle,
    lazy: lazyScreen(
      () => import('./components/places-screen'),
      (m) => m.PlacesScreen,
    ),
  },
  {
    path: 'discover/things',
    handle: discoverHandle,
    lazy: lazyScreen(
      () => import('./components/places-screen'),
      (m) => m.ThingsScreen,
    ),
  },
  {
    path: 'discover/person/:id',
    handle: discoverHandle,
    lazy: lazyScreen(
      () => import('./components/person-screen'),
      (m) => m.PersonScreen,
    ),
  },
  {
    path: 'discover/place/:id',
    handle: discoverHandle,
    lazy: lazyScreen(
      () => import('./components/entity-screen'),
      (m) => m.PlaceScreen,
    ),
  },
  {
    path: 'discover/thing/:id',
    handle: discoverHandle,
    lazy: lazyScreen(
      () => import('./components/entity-screen'),
      (m) => m.ThingScreen,
    ),
  },
];
