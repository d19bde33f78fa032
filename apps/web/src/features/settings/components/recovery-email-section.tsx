import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Spinner } from '@/components/ui/loader';
import {
  useGetRecoveryEmailMutation,
  useRemoveRecoveryEmailMutation,
  useResendRecoveryEmailVerificationMutation,
  useSetRecoveryEmailMutation,
  type RecoveryEmail,
} from '../api';
import { useErrorText, useProblemText } from '../hooks/use-messages';
import { checkEmail } from '../validation';
import { EmailLinkForm } from './email-link-form';
import { SettingsSection, StatusPill } from './settings-section';
import styles from './settings.module.css';

/** A second address for account recovery: usable once its link has been opened. */
export function RecoveryEmailSection() {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const errorText = useErrorText();
  // The spec reads it with a POST, so it is a mutation fired once here; every change answers the new state.
  const [load, loadState] = useGetRecoveryEmailMutation();
  const [save, saveState] = useSetRecoveryEmailMutation();
  const [resend, resendState] = useResendRecoveryEmailVerificationMutation();
  const [remove, removeState] = useRemoveRecoveryEmailMutation();
  const [state, setState] = useState<RecoveryEmail | null>(null);
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  useEffect(() => {
    load()
      .unwrap()
      .then(setState, (failure: unknown) => setError(errorText(failure)));
    // Once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkEmail(email);
    setError(problemText(problem, t('settings:recovery_email_label')));
    setNotice(null);
    if (problem) return;
    try {
      setState(await save({ email: email.trim() }).unwrap());
      setEditing(false);
      setEmail('');
      setNotice(t('settings:email_link_sent', { email: email.trim() }));
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const run = async (action: () => Promise<RecoveryEmail>, success: string | null) => {
    setError(undefined);
    setNotice(null);
    try {
      setState(await action());
      if (success) setNotice(success);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <SettingsSection id="security-recovery-email" title={t('settings:recovery_email_heading')} text={t('settings:recovery_email_text')}>
      {loadState.isLoading ? (
        <Spinner size={24} />
      ) : (
        <div className={styles.row}>
          <div className={styles.rowMain}>
            <span className={styles.rowValue}>{state?.email ?? t('settings:not_set')}</span>
            {state?.email ? <StatusPill on={state.verified} onText={t('settings:verified')} offText={t('settings:not_verified')} /> : null}
          </div>
          {!editing ? (
            <div className={styles.inlineActions}>
              {state?.email && !state.verified ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={resendState.isLoading}
                  onClick={() => run(() => resend().unwrap(), t('settings:email_link_sent', { email: state.email ?? '' }))}
                >
                  {t('settings:resend_link')}
                </Button>
              ) : null}
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                {state?.email ? t('settings:change') : t('settings:recovery_email_add')}
              </Button>
              {state?.email ? (
                <Button variant="ghost" size="sm" onClick={() => setConfirmRemove(true)}>
                  {t('settings:remove')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
      {notice ? (
        <Alert tone="success" className={styles.inlineAlert}>
          {notice}
        </Alert>
      ) : null}
      <EmailLinkForm
        editing={editing}
        label={t('settings:recovery_email_label')}
        value={email}
        onChange={setEmail}
        error={error}
        sending={saveState.isLoading}
        onSubmit={handleSubmit}
        onCancel={() => setEditing(false)}
      />
      <ConfirmModal
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t('settings:recovery_email_remove_title')}
        description={t('settings:recovery_email_remove_text')}
        confirmLabel={t('settings:remove')}
        danger
        loading={removeState.isLoading}
        onConfirm={async () => {
          await run(() => remove().unwrap(), t('settings:recovery_email_removed'));
          setConfirmRemove(false);
        }}
      />
    </SettingsSection>
  );
}
