import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const paymentHandle: ShellHandle = { pageName: 'Payment_Info', titleKey: 'shell:payment_title' };
const loadScreen = () => import('./components/payment-screen');

/** /main/packages/payment?packageId= — a child of /main. */
export const paymentRoutes: RouteObject[] = [
  { path: 'packages/payment', handle: paymentHandle, lazy: lazyScreen(loadScreen, (m) => m.PaymentScreen) },
];

/** The mobile app's web views (children of /view, no shell): the same screen. */
export const paymentViewRoutes: RouteObject[] = [
  { path: 'payment', lazy: lazyScreen(loadScreen, (m) => m.PaymentViewScreen) },
  { path: 'pack-payment', lazy: lazyScreen(loadScreen, (m) => m.PaymentViewScreen) },
];
