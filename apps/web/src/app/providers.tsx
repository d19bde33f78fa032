import { StrictMode, Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Loader } from '@/components/ui/loader';
import type { AppRouter } from './router';

/** What wraps every screen. The Redux store is not here: it arrives with the screens that use it (store-boundary.tsx). */
export function AppProviders({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <Suspense fallback={<Loader />}>
        <RouterProvider router={router} />
      </Suspense>
    </StrictMode>
  );
}
