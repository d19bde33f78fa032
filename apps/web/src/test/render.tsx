import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setNavigator } from '@/api/session';
import { mediaSlots } from '@/app/media-slots';
import { patchAppRoutes } from '@/app/router';
import { createAppStore, type AppStore } from '@/app/store';
import { ToastHost } from '@/components/ui/toast-host';
import { MediaSlotsProvider } from '@/media/slots';

/** Renders routes in a memory router with a fresh store, as the app does. */
export function renderRoutes(routes: RouteObject[], options: { initialEntries?: string[]; store?: AppStore } = {}) {
  const store = options.store ?? createAppStore();
  // As the app's router: /main's screens are added on the first visit below it (routes without /main are untouched).
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'], patchRoutesOnNavigation: patchAppRoutes });
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
