import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { EMAIL_MAX_LENGTH } from '@/config/constants';
import styles from './settings.module.css';

export interface EmailLinkFormProps {
  /** Editing: the address field; otherwise only the last error, if any. */
  editing: boolean;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  sending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

/** An address that gets a verification link (the account e-mail, the recovery e-mail): the field, Cancel and Send link. */
export function EmailLinkForm({ editing, label, hint, value, onChange, error, sending, onSubmit, onCancel }: EmailLinkFormProps) {
  const { t } = useTranslation();
  if (!editing) {
    return error ? (
      <Alert tone="error" className={styles.inlineAlert}>
        {error}
      </Alert>
    ) : null;
  }
  return (
    <form className={`${styles.form} ${styles.subform}`} onSubmit={onSubmit} noValidate>
      <TextField
        label={label}
        type="email"
        autoComplete="email"
        value={value}
        maxLength={EMAIL_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={hint}
        autoFocus
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" loading={sending}>
          {t('settings:send_link')}
        </Button>
      </div>
    </form>
  );
}
