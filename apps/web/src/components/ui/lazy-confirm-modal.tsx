import { lazy, Suspense } from 'react';
import type { ConfirmModalProps } from './confirm-modal';

const ConfirmModal = lazy(() => import('./confirm-modal').then((m) => ({ default: m.ConfirmModal })));

/**
 * ConfirmModal for screens that load with the app (the Photos screen): its dialog code is fetched the first time it
 * opens, not with the screen.
 */
export function LazyConfirmModal(props: ConfirmModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
