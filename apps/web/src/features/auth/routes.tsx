import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';

const login = lazyScreen(() => import('./components/login-screen'), (m) => m.LoginScreen);

/** The signed-out screens, children of the auth layout. */
export const authRoutes: RouteObject[] = [
  { index: true, lazy: login },
  { path: 'auth/login', lazy: login },
  { path: 'auth/signup', lazy: lazyScreen(() => import('./components/signup-screen'), (m) => m.SignupScreen) },
];
