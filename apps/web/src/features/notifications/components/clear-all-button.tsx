import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { TrashIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { useDeleteNotificationsMutation } from '../api';
import { useNotifications } from '../hooks/use-notifications';

/** Header action on the notifications page: a button on desktop, a trash icon on mobile. */
export function ClearAllNotificationsButton({ variant = 'button' }: { variant?: 'button' | 'icon' }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data } = useNotifications();
  const [clear, { isLoading }] = useDeleteNotificationsMutation();
  const [confirming, setConfirming] = useState(false);
  const ids = data?.map((notification) => notification.notificationId) ?? [];

  const handleConfirm = async () => {
    try {
      await clear(ids).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'notifications:cleared' }));
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'notifications:clear_error' }));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      {variant === 'icon' ? (
        <Button
          variant="ghost"
          iconOnly
          onClick={() => setConfirming(true)}
          disabled={ids.length === 0}
          aria-label={t('notifications:clear_all')}
          data-testid="clear-all"
        >
          <TrashIcon />
        </Button>
      ) : (
        <Button variant="secondary" startIcon={<TrashIcon size={18} />} onClick={() => setConfirming(true)} disabled={ids.length === 0} data-testid="clear-all">
          {t('notifications:clear_all')}
        </Button>
      )}
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('notifications:clear_all_title')}
        description={t('notifications:clear_all_text')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('common:cancel')}
            </Button>
            <Button variant="danger" onClick={handleConfirm} loading={isLoading}>
              {t('notifications:clear_all_confirm')}
            </Button>
          </>
        }
      />
    </>
  );
}
