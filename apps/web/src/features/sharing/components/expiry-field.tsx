import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { expiryFromDateInput, isExpiryValid, minExpiryInput, toDateInputValue } from '../expiry';
import styles from './share-dialog.module.css';

export interface ExpiryFieldProps {
  value: string | null;
  onChange: (expirationDate: string | null) => void;
  busy?: boolean;
  label?: string;
}

/** A link's last day (a date picker in the interface's calendar) and a way back to "never expires". */
export function ExpiryField({ value, onChange, busy, label }: ExpiryFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(toDateInputValue(value));
  const [error, setError] = useState<string | null>(null);
  // The server's value wins when it changes (saved here or elsewhere).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(toDateInputValue(value));
  }

  const commit = (next: string) => {
    setDraft(next);
    if (next === '') {
      setError(null);
      if (value !== null) onChange(null);
      return;
    }
    if (!isExpiryValid(next)) {
      setError(t('shares:expiry_invalid'));
      return;
    }
    setError(null);
    const iso = expiryFromDateInput(next);
    if (iso && toDateInputValue(iso) !== toDateInputValue(value)) onChange(iso);
  };

  return (
    <div className={styles.row}>
      <TextField
        className={styles.grow}
        type="date"
        label={label ?? t('shares:expiry_label')}
        hint={value ? undefined : t('shares:expiry_never')}
        error={error ?? undefined}
        min={minExpiryInput()}
        value={draft}
        disabled={busy}
        onChange={(event) => commit(event.target.value)}
        data-testid="expiry-input"
      />
      {value ? (
        <Button variant="secondary" onClick={() => commit('')} disabled={busy}>
          {t('shares:expiry_clear')}
        </Button>
      ) : null}
    </div>
  );
}
