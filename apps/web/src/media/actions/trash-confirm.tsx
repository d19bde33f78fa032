import { useTranslation } from 'react-i18next';
import { LazyConfirmModal } from '@/components/ui/lazy-confirm-modal';

export interface TrashConfirmProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many items go to the trash. */
  count: number;
  busy: boolean;
  onConfirm: () => void;
  testId: string;
}

/** The question before photos go to the trash, the same on every photo screen (Photos, an album). */
export function TrashConfirm({ open, onOpenChange, count, busy, onConfirm, testId }: TrashConfirmProps) {
  const { t } = useTranslation();
  return (
    <LazyConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      title={t('photos:delete_title')}
      description={t('photos:delete_description', { count })}
      confirmLabel={t('photos:delete_confirm')}
      danger
      loading={busy}
      onConfirm={onConfirm}
      data-testid={testId}
    />
  );
}
