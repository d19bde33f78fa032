import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';

const login = lazyScreen(() => import('./components/login-screen'), (m) => m.LoginScreen);

/** The signed-out screens that work without the Redux store, children of the auth layout. */
export const signInRoutes: RouteObject[] = [
  { index: true, lazy: login },
  { path: 'auth/login', lazy: login },
];

/** Sign-up uses RTK Query: the app places these under a layout that loads the store. */
export const signupRoutes: RouteObject[] = [
  { path: 'auth/signup', lazy: lazyScreen(() => import('./components/signup-screen'), (m) => m.SignupScreen) },
];
