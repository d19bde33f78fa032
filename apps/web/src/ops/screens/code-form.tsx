import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { emptyOtp, OtpInput } from '@/components/ui/otp-input';
import styles from './auth.module.css';

/** An authenticator app's code: six digits. */
export const TOTP_LENGTH = 6;

/** The six-digit code step of sign-in and set-up; submits by itself once every box is filled. */
export function CodeForm({ onSubmit, error, busy, submitLabel }: { onSubmit: (code: string) => void; error: string | null; busy: boolean; submitLabel: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(() => emptyOtp(TOTP_LENGTH));
  const errorId = useId();
  const full = code.join('');
  // A refused code is cleared, so the next one is typed from the first box and sends itself when complete.
  useEffect(() => {
    if (error) setCode(emptyOtp(TOTP_LENGTH));
  }, [error]);
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (full.length === TOTP_LENGTH && !busy) onSubmit(full);
  };
  return (
    <form className={styles.form} onSubmit={send} noValidate>
      <p id={`${errorId}-label`}>{t('ops:code_label')}</p>
      <OtpInput
        length={TOTP_LENGTH}
        value={code}
        onChange={(next) => {
          setCode(next);
          if (next.join('').length === TOTP_LENGTH && !busy) onSubmit(next.join(''));
        }}
        invalid={Boolean(error)}
        autoFocus
        describedBy={error ? errorId : `${errorId}-label`}
        testIdPrefix="ops-code"
      />
      {error ? (
        <div id={errorId}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <Button type="submit" fullWidth loading={busy} disabled={full.length !== TOTP_LENGTH}>
        {submitLabel}
      </Button>
    </form>
  );
}
