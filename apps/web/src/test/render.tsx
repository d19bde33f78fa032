import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setNavigator } from '@/api/session';
import { mediaSlots } from '@/app/media-slots';
import { createAppStore, type AppStore } from '@/app/store';
import { ToastHost } from '@/components/ui/toast-host';
import { MediaSlotsProvider } from '@/media/slots';

/** Renders routes in a memory router with a fresh store, as the app does. */
export function renderRoutes(routes: RouteObject[], options: { initialEntries?: string[]; store?: AppStore } = {}) {
  const store = options.store ?? createAppStore();
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  setNavigator((to) => router.navigate(to));
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MediaSlotsProvider value={mediaSlots}>
        <RouterProvider router={router} />
        <ToastHost />
      </MediaSlotsProvider>
    </Provider>,
  );
  return { ...view, store, router, user };
}
