import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { PasswordField } from '@/features/auth/password-field.public';
import { useUnlockSharedLinkMutation } from '../api';
import { setUnlock } from '../share-token';
import styles from './shared-files.module.css';

/**
 * A password link: the visitor types the password once; the signed proof (`unlockSharedLink`, 12 h) is kept in this
 * tab's session storage and sent with every later call. `rejected`: a proof was sent and refused (expired).
 */
export function PasswordPrompt({ token, rejected }: { token: string; rejected: boolean }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(rejected ? t('sharedFiles:password_expired') : null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [unlock, state] = useUnlockSharedLinkMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setFieldError(t('sharedFiles:password_required'));
      return;
    }
    setError(null);
    try {
      const result = await unlock({ 'x-share-token': token, body: { password } }).unwrap();
      setUnlock(token, result.unlock);
    } catch (failure) {
      const code = apiErrorCode(failure);
      if (code === 'TOO_MANY_REQUESTS' || code === '429') setError(t('sharedFiles:password_too_many'));
      else if (code === 'NOT_FOUND') setError(t('sharedFiles:not_found_text'));
      else if (code === 'FETCH_ERROR' || code === 'TIMEOUT_ERROR') setError(t('common:network_error'));
      else setError(t('sharedFiles:password_wrong'));
      setPassword('');
    }
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="share-password-title" data-testid="shared-password">
        <span className={styles.cardIcon} aria-hidden="true">
          <LockIcon size={28} />
        </span>
        <h2 id="share-password-title" className={styles.cardTitle}>
          {t('sharedFiles:password_title')}
        </h2>
        <p className={styles.cardText}>{t('sharedFiles:password_text')}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <PasswordField
            label={t('sharedFiles:password_label')}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setFieldError(undefined);
            }}
            error={fieldError}
            autoComplete="off"
            autoFocus
          />
          <Button type="submit" fullWidth loading={state.isLoading}>
            {t('sharedFiles:password_submit')}
          </Button>
        </form>
      </section>
    </div>
  );
}
