import { StrictMode, Suspense } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { Loader } from '@/components/ui/loader';
import { ToastHost } from '@/components/ui/toast-host';
import { MediaSlotsProvider } from '@/media/slots';
import { mediaSlots } from './media-slots';
import type { AppRouter } from './router';
import type { AppStore } from './store';

export function AppProviders({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <MediaSlotsProvider value={mediaSlots}>
          <Suspense fallback={<Loader />}>
            <RouterProvider router={router} />
            <ToastHost />
          </Suspense>
        </MediaSlotsProvider>
      </Provider>
    </StrictMode>
  );
}
