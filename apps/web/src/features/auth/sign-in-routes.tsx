import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import { rememberNext } from './return-url';

// Apart from routes.tsx: the sign-in page's entry chunk carries only these; the other auth routes load when first
// needed (app/router.tsx `patchAppRoutes`).
export const login = lazyScreen(() => import('./components/login-screen'), (m) => m.LoginScreen);

/** The signed-out screens that work without the Redux store, children of the auth layout. */
export const signInRoutes: RouteObject[] = [
  { index: true, loader: rememberNext, lazy: login },
  { path: 'auth/login', loader: rememberNext, lazy: login },
];
