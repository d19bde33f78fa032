import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { saveSession } from '@/api/session';
import { CaptchaBox } from '@/components/captcha/captcha-box';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField } from '@/components/ui/field';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { postLoginPath, takeReturnUrl } from '../return-url';
import { captchaArgs, signIn } from '../sign-in';
import { useCaptchaForm } from '../hooks/use-captcha-form';
import { PasswordField } from './password-field';
import styles from './auth-card.module.css';

interface FieldErrors {
  username?: string;
  password?: string;
  captcha?: string;
}

/** Phone numbers are sent without spaces; e-mails as typed (trimmed). */
function normaliseUsername(value: string): string {
  const trimmed = value.trim();
  return trimmed.includes('@') ? trimmed : trimmed.replace(/[\s()-]/g, '');
}

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const form = useCaptchaForm<FieldErrors>('LOGIN');
  const { errors: fieldErrors, setErrors: setFieldErrors, formError, setFormError, setCaptchaBlocked, captcha, showCaptcha } = form;
  const [isLoading, setLoading] = useState(false);

  const clearErrors = () => {
    setFormError(null);
    setCaptchaBlocked(false);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = t('auth:username_required');
    if (!password) errors.password = t('auth:password_required');
    if (showCaptcha && !captcha.answer.trim()) errors.captcha = t('common:captcha_required');
    if (!form.startSubmit(errors)) return;

    setLoading(true);
    try {
      const session = await signIn({
        body: { username: normaliseUsername(username), password },
        rememberMe,
        ...captchaArgs(form.captchaPayload()),
      });
      if (!session.authToken) {
        setFormError(t('common:generic_error'));
        return;
      }
      saveSession(session);
      navigate(postLoginPath(takeReturnUrl()), { replace: true });
    } catch (error) {
      form.handleSubmitError(error, (code) => {
        if (code !== 'INVALID_CREDENTIALS' && code !== 'ACCOUNT_LOCKED') return false;
        setFormError(t(code === 'ACCOUNT_LOCKED' ? 'auth:error_account_locked' : 'auth:error_invalid_credentials'));
        return true;
      });
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="login-title">
      <header className={styles.header}>
        <Logo size={44} withWordmark={false} />
        <h1 id="login-title" className={styles.title}>
          {t('auth:login_title')}
        </h1>
        <p className={styles.subtitle}>{t('auth:login_subtitle')}</p>
      </header>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {formError ? (
          <Alert tone="error">
            {formError}
          </Alert>
        ) : null}
        <TextField
          label={t('auth:username_label')}
          placeholder={t('auth:username_placeholder')}
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            clearErrors();
          }}
          error={fieldErrors.username}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          inputMode="email"
        />
        <PasswordField
          label={t('auth:password_label')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            clearErrors();
          }}
          error={fieldErrors.password}
          autoComplete="current-password"
        />
        <Checkbox
          label={t('auth:remember_me')}
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        {showCaptcha ? (
          <CaptchaBox
            {...form.captchaBoxProps}
            onAnswerChange={(answer) => {
              captcha.setAnswer(answer);
              setFieldErrors((errors) => ({ ...errors, captcha: undefined }));
            }}
            disabled={isLoading}
          />
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={isLoading}>
          {isLoading ? t('auth:signing_in') : t('auth:sign_in')}
        </Button>
      </form>
      <p className={styles.footer}>
        {t('auth:no_account')}
        <Link to={paths.signup}>
          {t('auth:create_account')}
        </Link>
      </p>
    </section>
  );
}
