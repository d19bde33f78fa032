import { lazy, Suspense, useState } from 'react';
import { useGetUsagesQuery } from '@/api/account';
import { readSession, sessionKeys, writeSession } from '@/lib/storage-keys';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { FULL_STORAGE_THRESHOLD_PERCENT } from '@/config/constants';
import { usagePercent } from '@/i18n/format';
import { setFullStorageRequested } from '@/state/ui-slice';

const FullStorageDialog = lazy(() => import('./full-storage-dialog').then((m) => ({ default: m.FullStorageDialog })));

/**
 * READ_ONLY with more than 80 % used: a 578 px modal, unless dismissed this session.
 * It also opens whenever a feature hits the quota (an upload answered 413), dismissed or not.
 */
export function FullStorageModal() {
  const dispatch = useAppDispatch();
  const isReadOnly = useAppSelector((state) => state.account.isReadOnly);
  const requested = useAppSelector((state) => state.ui.fullStorageRequested);
  const { data: usage } = useGetUsagesQuery();
  const [dismissed, setDismissed] = useState(() => readSession(sessionKeys.fullStorageDismissed) === 'true');
  const percent = usage ? usagePercent(usage.used, usage.quota) : 0;
  const open = requested || (isReadOnly && percent > FULL_STORAGE_THRESHOLD_PERCENT && !dismissed);

  const dismiss = () => {
    writeSession(sessionKeys.fullStorageDismissed, 'true');
    setDismissed(true);
    if (requested) dispatch(setFullStorageRequested(false));
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FullStorageDialog requested={requested} percent={percent} onDismiss={dismiss} />
    </Suspense>
  );
}
