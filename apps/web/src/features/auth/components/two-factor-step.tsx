import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { OTP_DEFAULT_LENGTH } from '@/config/constants';
import { codeFailure } from '../code-failure';
import type { SessionResult, TwoFactorRequired } from '../sign-in';
import { completeTwoFactor, sendTwoFactorCode, type TwoFactorMethod } from '../sign-in-steps';
import { useRecoveryTranslation } from '../use-recovery-translation';
import { CodeEntry, type CodeTicket } from './code-entry';
import styles from './auth-card.module.css';
import stepStyles from './sign-in-steps.module.css';

/** An authenticator app shows 6 digits (RFC 6238 as the server uses it). */
const TOTP_LENGTH = 6;

export interface TwoFactorStepProps {
  challenge: TwoFactorRequired;
  rememberMe: boolean;
  onSignedIn: (session: SessionResult) => void;
  onBack: () => void;
}

type Stage = { kind: 'choose' } | { kind: 'code'; method: 'SMS' | 'EMAIL' | 'TOTP'; ticket: CodeTicket } | { kind: 'recovery-code' };

/**
 * The second step of a sign-in with two-factor on: choose where the code comes from (SMS, e-mail, the authenticator
 * app, or a recovery code when the app is enrolled), then enter it.
 */
export function TwoFactorStep({ challenge, rememberMe, onSignedIn, onBack }: TwoFactorStepProps) {
  const { t } = useRecoveryTranslation();
  const [challengeToken, setChallengeToken] = useState(challenge.challengeToken);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [recoveryCode, setRecoveryCode] = useState('');
  const [recoveryError, setRecoveryError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasTotp = challenge.methods.some((entry) => entry.method === 'TOTP');

  const finish = async (method: TwoFactorMethod, code: string) => {
    try {
      const session = await completeTwoFactor({ challengeToken, method, code, rememberMe });
      if (!session.authToken) return { message: t('common:generic_error') };
      onSignedIn(session);
      return undefined;
    } catch (failure) {
      return codeFailure(failure, t);
    }
  };

  const send = async (method: 'SMS' | 'EMAIL'): Promise<CodeTicket | { message: string; locked?: boolean }> => {
    try {
      const ticket = await sendTwoFactorCode(challengeToken, method);
      if (ticket.challengeToken) setChallengeToken(ticket.challengeToken);
      return { length: ticket.expectedInputLength > 0 ? ticket.expectedInputLength : OTP_DEFAULT_LENGTH, minutes: ticket.remainingTimeInMinutes };
    } catch (failure) {
      return codeFailure(failure, t);
    }
  };

  const choose = async (method: 'SMS' | 'EMAIL' | 'TOTP') => {
    setError(null);
    if (method === 'TOTP') {
      setStage({ kind: 'code', method, ticket: { length: TOTP_LENGTH, minutes: null } });
      return;
    }
    setSending(method);
    const result = await send(method);
    setSending(null);
    if ('message' in result) setError(result.message);
    else setStage({ kind: 'code', method, ticket: result });
  };

  const submitRecoveryCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = recoveryCode.trim();
    if (!code) {
      setRecoveryError(t('recovery:recovery_code_required'));
      return;
    }
    setBusy(true);
    const failure = await finish('RECOVERY_CODE', code);
    setBusy(false);
    if (failure) setRecoveryError(failure.message);
  };

  const methodLabel = (method: 'SMS' | 'EMAIL' | 'TOTP') =>
    method === 'SMS' ? t('recovery:two_factor_by_sms') : method === 'EMAIL' ? t('recovery:two_factor_by_email') : t('recovery:two_factor_by_app');

  return (
    <section className={styles.card} aria-labelledby="two-factor-title" data-testid="two-factor-step">
      <header className={styles.header}>
        <h1 id="two-factor-title" className={styles.title}>
          {t('recovery:two_factor_title')}
        </h1>
        <p className={styles.subtitle}>
          {stage.kind === 'choose'
            ? t('recovery:two_factor_choose')
            : stage.kind === 'recovery-code'
              ? t('recovery:recovery_code_hint')
              : stage.method === 'TOTP'
                ? t('recovery:two_factor_app_hint', { length: stage.ticket.length })
                : t('recovery:two_factor_code_sent', {
                    length: stage.ticket.length,
                    target: challenge.methods.find((entry) => entry.method === stage.method)?.content ?? '',
                  })}
        </p>
      </header>
      {stage.kind === 'choose' ? (
        <div className={styles.form}>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <ul className={stepStyles.choices} aria-label={t('recovery:two_factor_choose')}>
            {challenge.methods.map((entry) => (
              <li key={entry.method}>
                <button
                  type="button"
                  className={stepStyles.choice}
                  onClick={() => void choose(entry.method)}
                  disabled={sending !== null}
                  aria-busy={sending === entry.method}
                  data-testid={`two-factor-${entry.method.toLowerCase()}`}
                >
                  <span className={stepStyles.choiceLabel}>{methodLabel(entry.method)}</span>
                  {entry.content ? (
                    <span className={stepStyles.choiceValue} dir="ltr">
                      {entry.content}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
            {hasTotp ? (
              <li>
                <button type="button" className={stepStyles.choice} onClick={() => setStage({ kind: 'recovery-code' })} data-testid="two-factor-recovery-code">
                  <span className={stepStyles.choiceLabel}>{t('recovery:two_factor_by_recovery_code')}</span>
                </button>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {stage.kind === 'code' ? (
        <CodeEntry
          key={`${stage.method}-${challengeToken}`}
          ticket={stage.ticket}
          testIdPrefix="two-factor-otp"
          onVerify={(code) => finish(stage.method, code)}
          onResend={stage.method === 'TOTP' ? undefined : () => send(stage.method as 'SMS' | 'EMAIL')}
        />
      ) : null}
      {stage.kind === 'recovery-code' ? (
        <form className={styles.form} onSubmit={submitRecoveryCode} noValidate>
          <TextField
            label={t('recovery:recovery_code_label')}
            value={recoveryCode}
            onChange={(event) => {
              setRecoveryCode(event.target.value);
              setRecoveryError(null);
            }}
            error={recoveryError ?? undefined}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
          />
          <Button type="submit" size="lg" fullWidth loading={busy}>
            {t('recovery:code_verify')}
          </Button>
        </form>
      ) : null}
      <p className={styles.footer}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            if (stage.kind === 'choose') onBack();
            else setStage({ kind: 'choose' });
          }}
        >
          {stage.kind === 'choose' ? t('recovery:back_to_sign_in') : t('recovery:two_factor_other_method')}
        </button>
      </p>
    </section>
  );
}
