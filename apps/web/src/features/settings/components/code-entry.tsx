import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { emptyOtp, OtpInput } from '@/components/ui/otp-input';
import { OTP_DEFAULT_LENGTH, SECONDS_PER_OTP_MINUTE } from '@/config/constants';
import { useCountdown } from '@/hooks/use-countdown';
import { formatCountdown } from '@/i18n/format';
import styles from './settings.module.css';

export interface CodeTicket {
  referenceToken: string;
  expectedInputLength?: number | null;
  remainingTimeInMinutes?: number | null;
}

const boxes = (ticket: CodeTicket) => (ticket.expectedInputLength && ticket.expectedInputLength > 0 ? ticket.expectedInputLength : OTP_DEFAULT_LENGTH);
const seconds = (ticket: CodeTicket) => SECONDS_PER_OTP_MINUTE * (ticket.remainingTimeInMinutes ?? 3);

export interface CodeEntryProps {
  ticket: CodeTicket;
  /** Where the code went (already masked or formatted). */
  target: string;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<CodeTicket>;
  onCancel: () => void;
  errorText: (error: unknown) => string;
  testIdPrefix?: string;
}

/** An SMS code: one box per digit (spec §5), a m:ss countdown, resend once it runs out, verify. */
export function CodeEntry({ ticket: first, target, onVerify, onResend, onCancel, errorText, testIdPrefix = 'settings-otp' }: CodeEntryProps) {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState(first);
  const [code, setCode] = useState(() => emptyOtp(boxes(first)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const { secondsLeft, restart } = useCountdown(seconds(first));
  const expired = secondsLeft <= 0;
  const complete = code.every(Boolean);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || expired) return;
    setBusy(true);
    setError(null);
    try {
      await onVerify(code.join(''));
    } catch (failure) {
      setError(errorText(failure));
      setCode(emptyOtp(boxes(ticket)));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    try {
      const next = await onResend();
      setTicket(next);
      setCode(emptyOtp(boxes(next)));
      restart(seconds(next));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setResending(false);
    }
  };

  return (
    <form className={`${styles.form} ${styles.subform}`} onSubmit={submit} noValidate>
      <p className={styles.muted}>{t('settings:code_sent', { target, length: boxes(ticket) })}</p>
      <OtpInput
        length={boxes(ticket)}
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(null);
        }}
        invalid={Boolean(error)}
        disabled={busy}
        autoFocus
        testIdPrefix={testIdPrefix}
        describedBy={error ? `${testIdPrefix}-error` : undefined}
      />
      <p className={styles.muted} aria-live="polite">
        {expired ? (
          t('settings:code_expired')
        ) : (
          <Trans i18nKey="settings:code_time_left" values={{ time: formatCountdown(secondsLeft) }} components={{ timer: <span className={styles.timer} /> }} />
        )}
      </p>
      {error ? (
        <Alert tone="error">
          <span id={`${testIdPrefix}-error`}>{error}</span>
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button variant="secondary" onClick={resend} disabled={!expired} loading={resending}>
          {t('settings:code_resend')}
        </Button>
        <Button type="submit" disabled={!complete || expired} loading={busy}>
          {t('settings:code_verify')}
        </Button>
      </div>
    </form>
  );
}
