import { lazy, Suspense, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { Provider, ReactReduxContext, useSelector } from 'react-redux';
import { MediaSlotsProvider } from '@/media/slots';
import { mediaSlots } from '../media-slots';
import type { RootState } from '@/state/store-types';
import type { AppStore } from '../store';

// Radix Toast is a sizeable chunk that most visits never need: it loads with the first toast (issue 17).
const ToastHost = lazy(() => import('@/components/ui/toast-host').then((module) => ({ default: module.ToastHost })));

/** Mounts the toast host once there is a toast, and keeps it mounted (toasts animate out, later ones come quicker). */
function DeferredToasts() {
  const hasToast = useSelector((state: RootState) => state.toast.items.length > 0);
  const [needed, setNeeded] = useState(false);
  if (hasToast && !needed) setNeeded(true);
  if (!needed && !hasToast) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/**
 * The Redux store and what hangs off it (toasts, media slots) for the screens that use RTK Query: the signed-in shell
 * and sign-up. They load it with their chunk, so the entry and the sign-in screen stay without it (issue 17).
 */
export function StoreBoundary({ store, children }: { store: AppStore; children: ReactNode }) {
  // Already inside a store (a test renders the whole app under one): one set of toasts, not two.
  if (useContext(ReactReduxContext)) return children;
  return (
    <Provider store={store}>
      <MediaSlotsProvider value={mediaSlots}>
        {children}
        <DeferredToasts />
      </MediaSlotsProvider>
    </Provider>
  );
}

/** `Screen` inside the store boundary, as a route component. */
export function withStore(store: AppStore, Screen: ComponentType): ComponentType {
  return function StoreScreen() {
    return (
      <StoreBoundary store={store}>
        <Screen />
      </StoreBoundary>
    );
  };
}
