import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';

// Apart from routes.tsx: the sign-in page's entry chunk carries only these; the other auth routes load when first
// needed (app/router.tsx `patchAppRoutes`).
export const login = lazyScreen(() => import('./components/login-screen'), (m) => m.LoginScreen);

/** The signed-out screens that work without the Redux store, children of the auth layout. */
export const signInRoutes: RouteObject[] = [
  { index: true, lazy: login },
  { path: 'auth/login', lazy: login },
];
