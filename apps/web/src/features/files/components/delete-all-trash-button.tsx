import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { TrashIcon } from '@/components/ui/icons';
import { showToast } from '@/components/ui/toast-slice';
import { useEmptyTrashMutation } from '@/api/files';
import { fileErrorKey } from '@/media/actions/file-errors';
import { useTrashListing } from '../hooks/use-trash-listing';

/** The Trash page's header action (spec: Trash shows Delete All): a button on desktop, an icon on mobile. */
export function DeleteAllTrashButton({ variant = 'button' }: { variant?: 'button' | 'icon' }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { items, isLoading: listLoading } = useTrashListing();
  const [deleteAll, { isLoading }] = useEmptyTrashMutation();
  const [confirming, setConfirming] = useState(false);
  const disabled = listLoading || items.length === 0;

  const confirm = async () => {
    try {
      await deleteAll().unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'files:trash_emptied' }));
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, 'files:delete_error') }));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      {variant === 'icon' ? (
        <Button variant="ghost" iconOnly onClick={() => setConfirming(true)} disabled={disabled} aria-label={t('files:delete_all')} data-testid="trash-delete-all">
          <TrashIcon />
        </Button>
      ) : (
        <Button variant="secondary" startIcon={<TrashIcon size={18} />} onClick={() => setConfirming(true)} disabled={disabled} data-testid="trash-delete-all">
          {t('files:delete_all')}
        </Button>
      )}
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('files:delete_all_title')}
        description={t('files:delete_all_text')}
        confirmLabel={t('files:delete_all_confirm')}
        onConfirm={confirm}
        danger
        loading={isLoading}
        data-testid="delete-all-dialog"
      />
    </>
  );
}
