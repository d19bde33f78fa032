import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { saveSession } from '@/api/session';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { emptyOtp, OtpInput } from '@/components/ui/otp-input';
import { OTP_DEFAULT_LENGTH, SECONDS_PER_OTP_MINUTE } from '@/config/constants';
import { useCountdown } from '@/hooks/use-countdown';
import { formatCountdown } from '@/i18n/format';
import { postLoginPath, takeReturnUrl } from '../return-url';
import { useSignupSendVerificationMutation, useSignupValidateMutation, type OtpChallenge, type OtpChannel } from '../api';
import styles from './auth-card.module.css';

/** The contract always sends remainingTimeInMinutes; this only guards a missing value. */
const FALLBACK_OTP_MINUTES = 3;

const boxCount = (challenge: OtpChallenge) =>
  challenge.expectedInputLength && challenge.expectedInputLength > 0 ? challenge.expectedInputLength : OTP_DEFAULT_LENGTH;
const timerSeconds = (challenge: OtpChallenge) =>
  SECONDS_PER_OTP_MINUTE * (challenge.remainingTimeInMinutes ?? FALLBACK_OTP_MINUTES);

export interface SignupOtpStepProps {
  challenge: OtpChallenge;
  channel: OtpChannel;
  target: string;
  onBack: () => void;
}

/** Step 2 of sign-up: the one-time code, a m:ss countdown, resend at 0:00, verify. */
export function SignupOtpStep({ challenge: initialChallenge, channel, target, onBack }: SignupOtpStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState(initialChallenge);
  const length = boxCount(challenge);
  const [otp, setOtp] = useState(() => emptyOtp(length));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const { secondsLeft, restart } = useCountdown(timerSeconds(initialChallenge));
  const [resend, resendState] = useSignupSendVerificationMutation();
  const [validate, validateState] = useSignupValidateMutation();
  const expired = secondsLeft <= 0;
  const complete = otp.length === length && otp.every(Boolean);

  const verify = async (code: readonly string[]) => {
    if (code.length !== length || !code.every(Boolean) || expired || locked || validateState.isLoading) return;
    setError(null);
    setNotice(null);
    try {
      const session = await validate({ referenceToken: challenge.referenceToken, otp: code.join('') }).unwrap();
      if (!session.authToken) {
        setError(t('common:generic_error'));
        return;
      }
      saveSession(session);
      navigate(postLoginPath(takeReturnUrl()), { replace: true });
    } catch (failure) {
      switch (apiErrorCode(failure)) {
        case 'OTP_EXPIRED':
          setError(t('auth:error_otp_expired'));
          break;
        case 'INVALID_OTP':
          setError(t('auth:error_invalid_otp'));
          setOtp(emptyOtp(length));
          break;
        case 'TOO_MANY_REQUESTS':
          setError(t('auth:error_otp_too_many'));
          setLocked(true);
          break;
        case 'FETCH_ERROR':
        case 'TIMEOUT_ERROR':
          setError(t('common:network_error'));
          break;
        default:
          setError(t('common:generic_error'));
      }
    }
  };

  const handleVerify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(otp);
  };

  const handleResend = async () => {
    if (!expired) return;
    setError(null);
    setNotice(null);
    try {
      const next = await resend({ referenceToken: challenge.referenceToken }).unwrap();
      const merged: OtpChallenge = { ...challenge, ...next, referenceToken: next.referenceToken || challenge.referenceToken };
      setChallenge(merged);
      setOtp(emptyOtp(boxCount(merged)));
      restart(timerSeconds(merged));
      setNotice(t('auth:otp_resent'));
    } catch (failure) {
      const code = apiErrorCode(failure);
      if (code === 'TOO_MANY_REQUESTS') {
        setError(t('auth:error_resend_too_many'));
        setLocked(true);
      } else if (code === 'FETCH_ERROR' || code === 'TIMEOUT_ERROR') setError(t('common:network_error'));
      else setError(t('common:generic_error'));
    }
  };

  return (
    <section className={styles.card} aria-labelledby="otp-title">
      <header className={styles.header}>
        <h1 id="otp-title" className={styles.title}>
          {t('auth:otp_title')}
        </h1>
        <p className={styles.subtitle}>
          {channel === 'EMAIL'
            ? t('auth:otp_subtitle_email', { length, target })
            : t('auth:otp_subtitle_sms', { length, target })}
        </p>
      </header>
      <form className={styles.form} onSubmit={handleVerify} noValidate>
        <OtpInput
          length={length}
          value={otp}
          onChange={(next) => {
            setOtp(next);
            setError(null);
            // Filling the last box (by typing or pasting) sends the code: nothing is left to do but press Verify.
            if (next.every(Boolean) && !otp.every(Boolean)) void verify(next);
          }}
          invalid={Boolean(error)}
          disabled={locked || validateState.isLoading}
          autoFocus
          describedBy={error ? 'otp-error' : undefined}
        />
        <div className={styles.otpMeta} aria-live="polite">
          {expired ? (
            <span>{t('auth:otp_expired_hint')}</span>
          ) : (
            <span>
              <Trans
                i18nKey="auth:otp_time_left"
                values={{ time: formatCountdown(secondsLeft) }}
                components={{ timer: <span className={styles.timer} /> }}
              />
            </span>
          )}
        </div>
        {error ? (
          <Alert tone="error">
            <span id="otp-error">{error}</span>
          </Alert>
        ) : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={!complete || expired || locked}
          loading={validateState.isLoading}
        >
          {t('auth:otp_verify')}
        </Button>
        <Button
          variant="secondary"
          fullWidth
          onClick={handleResend}
          disabled={!expired || locked}
          loading={resendState.isLoading}
        >
          {expired ? t('auth:otp_resend') : t('auth:otp_resend_in', { time: formatCountdown(secondsLeft) })}
        </Button>
      </form>
      <p className={styles.footer}>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('auth:otp_back')}
        </button>
      </p>
    </section>
  );
}
