import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasSession } from '@/api/session';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loader';
import { paths, settingsTabPath } from '@/config/paths';
import { useVerifyEmailMutation, useVerifyRecoveryEmailMutation } from '../api';
import { useErrorText } from '../hooks/use-messages';
import { AccountPage } from './account-page';
import styles from './settings.module.css';

type Outcome = { kind: 'done'; email: string } | { kind: 'failed'; message: string } | { kind: 'pending' };

/**
 * The page an e-mailed link opens (/verify/email?token=…, /verify/recovery-email?token=…): it sends the token once and
 * says how it went. It works signed out too (the link may be opened on another device).
 */
function VerifyScreen({ recovery }: { recovery: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [verifyEmail] = useVerifyEmailMutation();
  const [verifyRecovery] = useVerifyRecoveryEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(() => (token ? { kind: 'pending' } : { kind: 'failed', message: t('settings:error_link_invalid') }));
  const sent = useRef(false);

  useEffect(() => {
    // A token is single use: never send it twice (Strict Mode runs effects twice in development).
    if (!token || sent.current) return;
    sent.current = true;
    const call = recovery ? verifyRecovery({ token }) : verifyEmail({ token });
    call.unwrap().then(
      ({ email }) => setOutcome({ kind: 'done', email }),
      (failure: unknown) => setOutcome({ kind: 'failed', message: errorText(failure, { NOT_FOUND: t('settings:error_link_invalid'), '404': t('settings:error_link_invalid') }) }),
    );
  }, [token, recovery, verifyEmail, verifyRecovery, errorText, t]);

  const signedIn = hasSession();
  const next = signedIn ? (
    <Link className={styles.pageLink} to={settingsTabPath(recovery ? 2 : 1)}>
      {t('settings:verify_to_settings')}
    </Link>
  ) : (
    <Link className={styles.pageLink} to={paths.login}>
      {t('settings:verify_to_sign_in')}
    </Link>
  );

  return (
    <AccountPage titleId="verify-title" title={recovery ? t('settings:verify_recovery_title') : t('settings:verify_email_title')}>
      <div aria-live="polite" className={styles.form}>
        {outcome.kind === 'pending' ? (
          <div className={styles.center}>
            <Spinner size={32} label={t('settings:verify_checking')} />
          </div>
        ) : outcome.kind === 'done' ? (
          <Alert tone="success" data-testid="verify-done">
            {recovery ? t('settings:verify_recovery_done', { email: outcome.email }) : t('settings:verify_email_done', { email: outcome.email })}
          </Alert>
        ) : (
          <Alert tone="error" data-testid="verify-failed">
            {outcome.message}
          </Alert>
        )}
        {outcome.kind !== 'pending' ? next : null}
      </div>
    </AccountPage>
  );
}

export const VerifyEmailScreen = () => <VerifyScreen recovery={false} />;
export const VerifyRecoveryEmailScreen = () => <VerifyScreen recovery />;
