import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '../api/ops-api';
import styles from './page.module.css';

/** The contract's bounds for the reason every changing action carries. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Extra fields above the reason (an amount, a date); return false from `valid` to keep the button off. */
  children?: ReactNode;
  valid?: boolean;
  /** Runs the action with the reason; a rejection shows the server's message and keeps the dialog open. */
  onConfirm: (reason: string) => Promise<unknown>;
  testId?: string;
}

/**
 * Every operator action that changes something asks why (contract: reason, 3–500 characters); the reason goes into
 * the audit log with the action.
 */
export function ReasonDialog({ open, onOpenChange, title, description, confirmLabel, danger, children, valid = true, onConfirm, testId }: ReasonDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const trimmed = reason.trim();
  const reasonOk = trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setReason('');
      setTouched(false);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!reasonOk || !valid) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(trimmed);
      setBusy(false);
      setReason('');
      setTouched(false);
      onOpenChange(false);
    } catch (error) {
      setBusy(false);
      setFailure(errorMessage(error) ?? t('ops:action_failed'));
    }
  };

  const reasonError = touched && !reasonOk ? t('ops:reason_invalid', { min: REASON_MIN, max: REASON_MAX }) : null;
  return (
    <Modal open={open} onOpenChange={close} title={title} description={description} data-testid={testId}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {children}
        <div>
          <label htmlFor={`${id}-reason`} className={styles.fieldLabel}>
            {t('ops:reason_label')}
          </label>
          <textarea
            id={`${id}-reason`}
            className={styles.textarea}
            value={reason}
            maxLength={REASON_MAX}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${id}-reason-note`}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          <p id={`${id}-reason-note`} className={reasonError ? styles.error : styles.hint}>
            {reasonError ?? t('ops:reason_hint')}
          </p>
        </div>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
            {t('ops:cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy} disabled={!valid}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
