import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PasswordField } from '@/features/auth/password-field.public';
import { useErrorText } from '../hooks/use-messages';
import styles from './settings.module.css';

export interface PasswordPromptModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  /** Sends the password; a rejection shows its message and keeps the dialog open. */
  onConfirm: (password: string) => Promise<unknown>;
}

/** Asks for the password again before a sensitive change (two-factor, authenticator, recovery codes). */
export function PasswordPromptModal({ open, onOpenChange, title, description, confirmLabel, danger = false, onConfirm }: PasswordPromptModalProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setPassword('');
      setError(null);
    }
    onOpenChange(next);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(t('settings:problem_required', { field: t('settings:current_password') }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
      close(false);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={close} title={title} description={description}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <PasswordField
          label={t('settings:current_password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          autoFocus
          error={error ?? undefined}
        />
        {error ? null : <Alert tone="info">{t('settings:password_prompt_hint')}</Alert>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
