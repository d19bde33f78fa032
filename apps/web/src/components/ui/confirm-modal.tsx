import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** Destructive actions get the red button. */
  danger?: boolean;
  loading?: boolean;
  'data-testid'?: string;
}

/** A yes/no question before something that cannot be undone; the OK button is `confirm-ok`. */
export function ConfirmModal({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = false,
  loading = false,
  'data-testid': testId,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      data-testid={testId}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={loading} data-testid="confirm-cancel">
            {t('common:cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={loading} data-testid="confirm-ok">
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
