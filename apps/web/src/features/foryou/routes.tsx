import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const foryouHandle: ShellHandle = {
  pageName: 'foryou',
  titleKey: 'shell:menu_foryou',
};

// One chunk for both screens (they share the cards and viewers): one dynamic import in the entry chunk, not two.
const load = () => import('./components/screens');

/** For you (the rows) and one kind's see-all grid (spec 001 §2); children of /main. */
export const foryouRoutes: RouteObject[] = [
  { path: 'foryou', handle: foryouHandle, lazy: lazyScreen(load, (m) => m.ForyouScreen) },
  { path: 'foryou/seeAll', handle: foryouHandle, lazy: lazyScreen(load, (m) => m.SeeAllScreen) },
];
