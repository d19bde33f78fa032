import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '@/api/base-api';
import { useAppDispatch } from '@/state/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { PasswordField } from '@/features/auth/password-field.public';
import { useDeleteAccountMutation } from '../api';
import { useErrorText, useProblemText } from '../hooks/use-messages';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

/** What the server's deletion call takes as the confirmation, whatever word the user typed in their language. */
const CONFIRMATION = 'DELETE';

/** Account deletion: a clear warning, the password again and a typed word, then the session ends on the landing page. */
export function DeleteAccountTab() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const problemText = useProblemText();
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<{ password?: string; typed?: string; form?: string }>({});
  const [remove, { isLoading }] = useDeleteAccountMutation();
  const word = t('settings:delete_word');
  const matches = typed.trim().toLocaleUpperCase(i18n.language) === word.toLocaleUpperCase(i18n.language);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      password: password ? undefined : problemText({ key: 'required' }, t('settings:current_password')),
      typed: matches ? undefined : t('settings:delete_word_mismatch', { word }),
    };
    setErrors(found);
    if (found.password || found.typed) return;
    try {
      await remove({ password, confirmation: CONFIRMATION }).unwrap();
    } catch (failure) {
      const message = errorText(failure);
      setErrors(message === t('settings:error_wrong_password') ? { password: message } : { form: message });
      return;
    }
    // Every session already ended on the server: clear this one and leave for the public landing page.
    await dispatch(logout());
    window.location.assign(paths.landing);
  };

  return (
    <div className={styles.sections}>
      <SettingsSection id="delete-account" title={t('settings:delete_heading')}>
        <Alert tone="error">
          <strong>{t('settings:delete_warning_title')}</strong>
        </Alert>
        <ul className={styles.warningList}>
          <li>{t('settings:delete_warning_files')}</li>
          <li>{t('settings:delete_warning_shares')}</li>
          <li>{t('settings:delete_warning_packages')}</li>
          <li>{t('settings:delete_warning_final')}</li>
        </ul>
        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          <PasswordField
            label={t('settings:current_password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            autoComplete="current-password"
          />
          <TextField
            label={t('settings:delete_word_label', { word })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={errors.typed}
            autoComplete="off"
            spellCheck={false}
          />
          {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          <div className={styles.actions}>
            <Button type="submit" variant="danger" loading={isLoading} disabled={!matches || !password}>
              {t('settings:delete_submit')}
            </Button>
          </div>
        </form>
      </SettingsSection>
    </div>
  );
}
