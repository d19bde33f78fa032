import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { emptyOtp, OtpInput } from '@/components/ui/otp-input';
import { SECONDS_PER_OTP_MINUTE } from '@/config/constants';
import { useCountdown } from '@/hooks/use-countdown';
import { formatCountdown } from '@/i18n/format';
import { useRecoveryTranslation } from '../use-recovery-translation';
import styles from './auth-card.module.css';

/** Why a code was refused: the text shown, whether the boxes empty, whether no further try is possible. */
export interface CodeFailure {
  message: string;
  clear?: boolean;
  locked?: boolean;
}

export interface CodeTicket {
  length: number;
  /** null: the code has no time limit shown (an authenticator app's code). */
  minutes: number | null;
}

export interface CodeEntryProps {
  ticket: CodeTicket;
  /** Resolves to a failure, or to nothing once the code was accepted (the caller moves on). */
  onVerify: (code: string) => Promise<CodeFailure | void>;
  /** Sends a new code; offered once the timer reaches 0:00. */
  onResend?: () => Promise<CodeTicket | CodeFailure>;
  testIdPrefix?: string;
  /** Letters too (recovery codes); digits only by default. */
  alphanumeric?: boolean;
}

const isFailure = (value: CodeTicket | CodeFailure): value is CodeFailure => 'message' in value;

/**
 * The code boxes of a second step (two-factor sign-in, recovery by SMS): one box per expected character (spec 000
 * §5), the m:ss countdown, resend at 0:00, and verify once every box is filled.
 */
export function CodeEntry({ ticket: initialTicket, onVerify, onResend, testIdPrefix = 'otp', alphanumeric = false }: CodeEntryProps) {
  const { t } = useRecoveryTranslation();
  const [ticket, setTicket] = useState(initialTicket);
  const [otp, setOtp] = useState(() => emptyOtp(initialTicket.length));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const timed = ticket.minutes !== null;
  const { secondsLeft, restart } = useCountdown(SECONDS_PER_OTP_MINUTE * (initialTicket.minutes ?? 0));
  const expired = timed && secondsLeft <= 0;
  const complete = otp.every(Boolean);
  const errorId = `${testIdPrefix}-error`;

  const verify = async (code: readonly string[]) => {
    if (!code.every(Boolean) || expired || locked || busy) return;
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const failure = await onVerify(code.join(''));
      if (failure) {
        setError(failure.message);
        if (failure.clear) setOtp(emptyOtp(ticket.length));
        if (failure.locked) setLocked(true);
      }
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!onResend || !expired) return;
    setError(null);
    setNotice(null);
    setResending(true);
    try {
      const next = await onResend();
      if (isFailure(next)) {
        setError(next.message);
        if (next.locked) setLocked(true);
        return;
      }
      setTicket(next);
      setOtp(emptyOtp(next.length));
      restart(SECONDS_PER_OTP_MINUTE * (next.minutes ?? 0));
      setNotice(t('recovery:code_resent'));
    } finally {
      setResending(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void verify(otp);
      }}
      noValidate
    >
      <OtpInput
        length={ticket.length}
        value={otp}
        numeric={!alphanumeric}
        onChange={(next) => {
          setOtp(next);
          setError(null);
          // Filling the last box sends the code: nothing is left to do but press Verify.
          if (next.every(Boolean) && !otp.every(Boolean)) void verify(next);
        }}
        invalid={Boolean(error)}
        disabled={locked || busy}
        autoFocus
        testIdPrefix={testIdPrefix}
        describedBy={error ? errorId : undefined}
      />
      {timed ? (
        <div className={styles.otpMeta} aria-live="polite">
          {expired ? (
            <span>{t('recovery:code_expired_hint')}</span>
          ) : (
            <span>
              <Trans
                i18nKey="recovery:code_time_left"
                values={{ time: formatCountdown(secondsLeft) }}
                components={{ timer: <span className={styles.timer} /> }}
              />
            </span>
          )}
        </div>
      ) : null}
      {error ? (
        <Alert tone="error">
          <span id={errorId}>{error}</span>
        </Alert>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <Button type="submit" size="lg" fullWidth disabled={!complete || expired || locked} loading={busy}>
        {t('recovery:code_verify')}
      </Button>
      {onResend ? (
        <Button variant="secondary" fullWidth onClick={resend} disabled={!expired || locked} loading={resending}>
          {expired ? t('recovery:code_resend') : t('recovery:code_resend_in', { time: formatCountdown(secondsLeft) })}
        </Button>
      ) : null}
    </form>
  );
}
