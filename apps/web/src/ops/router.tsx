import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { Loader } from '@/components/ui/loader';
import { lazyScreen } from '@/lib/lazy-route';
import { getOpsToken, opsPaths } from './api/session';
import { RouteError } from './components/route-error';

/** Screens behind sign-in: without a token, sign-in first (and back here afterwards). */
const requireOperator = ({ request }: { request: Request }) => {
  if (getOpsToken()) return null;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(back === opsPaths.home ? opsPaths.signIn : `${opsPaths.signIn}?next=${encodeURIComponent(back)}`);
};

/** The console's routes under /ops (contract, issue 27); every screen loads on demand. */
export function createOpsRoutes(): RouteObject[] {
  return [
    {
      path: '/ops',
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loader />,
      children: [
        { path: 'sign-in', lazy: lazyScreen(() => import('./screens/sign-in'), (m) => m.SignInScreen) },
        { path: 'setup/:token', lazy: lazyScreen(() => import('./screens/setup'), (m) => m.SetupScreen) },
        {
          loader: requireOperator,
          lazy: lazyScreen(() => import('./layout/shell'), (m) => m.Shell),
          children: [
            { index: true, lazy: lazyScreen(() => import('./screens/dashboard'), (m) => m.DashboardScreen) },
            { path: 'subscribers', lazy: lazyScreen(() => import('./screens/subscribers'), (m) => m.SubscribersScreen) },
            { path: 'subscribers/:id', lazy: lazyScreen(() => import('./screens/subscriber'), (m) => m.SubscriberScreen) },
            { path: 'support', lazy: lazyScreen(() => import('./screens/support-inbox'), (m) => m.SupportInboxScreen) },
            { path: 'support/canned', lazy: lazyScreen(() => import('./screens/support-canned'), (m) => m.SupportCannedScreen) },
            { path: 'support/tickets/:id', lazy: lazyScreen(() => import('./screens/support-ticket'), (m) => m.SupportTicketScreen) },
            { path: 'support/feedback/:id', lazy: lazyScreen(() => import('./screens/support-feedback'), (m) => m.SupportFeedbackScreen) },
            { path: 'plans', lazy: lazyScreen(() => import('./screens/plans'), (m) => m.PlansScreen) },
            { path: 'config', lazy: lazyScreen(() => import('./screens/config'), (m) => m.ConfigScreen) },
            { path: 'orders', lazy: lazyScreen(() => import('./screens/orders'), (m) => m.OrdersScreen) },
            { path: 'orders/:id', lazy: lazyScreen(() => import('./screens/order'), (m) => m.OrderScreen) },
            { path: 'reconciliation', lazy: lazyScreen(() => import('./screens/reconciliation'), (m) => m.ReconciliationScreen) },
            { path: 'draw', lazy: lazyScreen(() => import('./screens/draw'), (m) => m.DrawScreen) },

            { path: 'campaigns', lazy: lazyScreen(() => import('./screens/campaigns'), (m) => m.CampaignsScreen) },
            { path: 'audit', lazy: lazyScreen(() => import('./screens/audit'), (m) => m.AuditScreen) },
            { path: 'operators', lazy: lazyScreen(() => import('./screens/operators'), (m) => m.OperatorsScreen) },
            { path: '*', element: <Navigate to={opsPaths.home} replace /> },
          ],
        },
      ],
    },
  ];
}

export function createOpsRouter() {
  return createBrowserRouter(createOpsRoutes());
}
