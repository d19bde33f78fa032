import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountInfo } from '@/api/account';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useChangeEmailMutation, useResendEmailVerificationMutation } from '../api';
import { useErrorText, useProblemText } from '../hooks/use-messages';
import { checkEmail } from '../validation';
import { EmailLinkForm } from './email-link-form';
import { SettingsSection, StatusPill } from './settings-section';
import styles from './settings.module.css';

/** The account e-mail: it changes only once the link mailed to the new address is opened (the old one stays till then). */
export function EmailSection({ info }: { info: AccountInfo }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const errorText = useErrorText();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [change, changeState] = useChangeEmailMutation();
  const [resend, resendState] = useResendEmailVerificationMutation();
  const label = t('settings:new_email_label');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const problem = checkEmail(email);
    if (!problem && email.trim().toLowerCase() === (info.email ?? '').toLowerCase()) {
      setError(t('settings:email_same'));
      return;
    }
    setError(problemText(problem, label));
    if (problem) return;
    try {
      await change({ email: email.trim() }).unwrap();
      setEditing(false);
      setEmail('');
      setNotice(t('settings:email_link_sent', { email: email.trim() }));
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const handleResend = async () => {
    setNotice(null);
    setError(undefined);
    try {
      const result = await resend({}).unwrap();
      setNotice(t('settings:email_link_sent', { email: result.email }));
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <SettingsSection id="profile-email" title={t('settings:email_heading')} text={t('settings:email_text')}>
      <div className={styles.row}>
        <div className={styles.rowMain}>
          <span className={styles.rowValue}>{info.email || t('settings:not_set')}</span>
          {info.email ? (
            <StatusPill on={Boolean(info.emailVerified)} onText={t('settings:verified')} offText={t('settings:not_verified')} />
          ) : null}
        </div>
        {!editing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {t('settings:email_change')}
          </Button>
        ) : null}
      </div>
      {info.pendingEmail ? (
        <Alert tone="warning" className={styles.inlineAlert} data-testid="pending-email">
          <span>{t('settings:email_pending', { email: info.pendingEmail })}</span>{' '}
          <Button variant="link" onClick={handleResend} loading={resendState.isLoading}>
            {t('settings:resend_link')}
          </Button>
        </Alert>
      ) : null}
      {info.email && !info.emailVerified && !info.pendingEmail ? (
        <Alert tone="info" className={styles.inlineAlert} data-testid="unverified-email">
          <span>{t('settings:email_unverified_hint')}</span>{' '}
          <Button variant="link" onClick={handleResend} loading={resendState.isLoading}>
            {t('settings:send_verification_email')}
          </Button>
        </Alert>
      ) : null}
      {notice ? (
        <Alert tone="success" className={styles.inlineAlert}>
          {notice}
        </Alert>
      ) : null}
      <EmailLinkForm
        editing={editing}
        label={label}
        hint={t('settings:new_email_hint')}
        value={email}
        onChange={setEmail}
        error={error}
        sending={changeState.isLoading}
        onSubmit={handleSubmit}
        onCancel={() => {
          setEditing(false);
          setError(undefined);
        }}
      />
    </SettingsSection>
  );
}
