import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGetUsagesQuery } from '@/api/account';
import { readSession, sessionKeys, writeSession } from '@/api/storage-keys';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { FULL_STORAGE_THRESHOLD_PERCENT } from '@/config/constants';
import { isPathBuilt, paths } from '@/config/paths';
import { usagePercent } from '@/lib/format';
import { setFullStorageRequested } from '@/state/ui-slice';

/**
 * READ_ONLY with more than 80 % used: a 578 px modal, unless dismissed this session.
 * It also opens whenever a feature hits the quota (an upload answered 413), dismissed or not.
 */
export function FullStorageModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isReadOnly = useAppSelector((state) => state.account.isReadOnly);
  const requested = useAppSelector((state) => state.ui.fullStorageRequested);
  const { data: usage } = useGetUsagesQuery();
  const [dismissed, setDismissed] = useState(() => readSession(sessionKeys.fullStorageDismissed) === 'true');
  const percent = usage ? usagePercent(usage.used, usage.quota) : 0;
  const open = requested || (isReadOnly && percent > FULL_STORAGE_THRESHOLD_PERCENT && !dismissed);
  const packagesBuilt = isPathBuilt(paths.packages);

  const dismiss = () => {
    writeSession(sessionKeys.fullStorageDismissed, 'true');
    setDismissed(true);
    if (requested) dispatch(setFullStorageRequested(false));
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) dismiss();
      }}
      title={requested ? t('account:quota_exceeded_title') : t('account:full_storage_title')}
      description={requested ? t('account:quota_exceeded_text', { percent }) : t('account:full_storage_text', { percent })}
      data-testid="full-storage-modal"
      footer={
        <>
          <Button variant="secondary" onClick={dismiss}>
            {t('account:full_storage_dismiss')}
          </Button>
          {/* Confirm leads to /main/packages (spec §2); hidden only in a build without that screen. */}
          {packagesBuilt ? (
            <Button
              onClick={() => {
                dismiss();
                navigate(paths.packages);
              }}
            >
              {t('account:full_storage_confirm')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
