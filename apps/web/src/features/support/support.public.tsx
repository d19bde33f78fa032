import { lazy, Suspense } from 'react';

const SupportDialog = lazy(() => import('./components/support-dialog').then((m) => ({ default: m.SupportDialog })));

/** The account card's Support: its dialogs (and their strings) load when it is first chosen. */
export function SupportEntryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SupportDialog onClose={onClose} />
    </Suspense>
  );
}
