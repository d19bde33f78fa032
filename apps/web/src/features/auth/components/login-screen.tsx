import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { saveSession } from '@/api/session';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField } from '@/components/ui/field';
import { Logo } from '@/components/ui/logo';
import { useAuthLinks } from '../auth-links.public';
import { postLoginPath, takeReturnUrl } from '../return-url';
import { captchaArgs, fetchSocialProviders, signIn, type SessionResult, type SocialProvider, type TwoFactorRequired } from '../sign-in';
import { useCaptchaForm } from '../hooks/use-captcha-form';
import { PasswordField } from './password-field';
import { Spinner } from '@/components/ui/loader';
import styles from './auth-card.module.css';
import stepStyles from './sign-in-steps.module.css';

// What sign-in shows only on demand loads on demand: the login screen's own JavaScript stays small (issue 17 budget).
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));
const QrSignInPanel = lazy(() => import('./qr-sign-in-panel').then((m) => ({ default: m.QrSignInPanel })));
// The captcha appears only after failed attempts, the provider buttons only where the server offers Google or Apple.
const CaptchaBox = lazy(() => import('@/components/captcha/captcha-box').then((m) => ({ default: m.CaptchaBox })));
const SocialButtons = lazy(() => import('./social-buttons').then((m) => ({ default: m.SocialButtons })));

interface FieldErrors {
  username?: string;
  password?: string;
  captcha?: string;
}

/** Phone numbers are sent without spaces; e-mails as typed (trimmed). */
/** The server's sign-in refusals this form explains in its own words (403 ACCOUNT_SUSPENDED: an operator suspended it). */
const LOGIN_ERRORS: Record<string, 'auth:error_account_locked' | 'auth:error_account_suspended' | 'auth:error_invalid_credentials'> = {
  INVALID_CREDENTIALS: 'auth:error_invalid_credentials',
  ACCOUNT_LOCKED: 'auth:error_account_locked',
  ACCOUNT_SUSPENDED: 'auth:error_account_suspended',
};

function normaliseUsername(value: string): string {
  const trimmed = value.trim();
  return trimmed.includes('@') ? trimmed : trimmed.replace(/[\s()-]/g, '');
}

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links = useAuthLinks();
  // A finished password recovery lands here (router state set by the recovery's last step).
  const passwordChanged = (useLocation().state as { passwordChanged?: boolean } | null)?.passwordChanged === true;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const form = useCaptchaForm<FieldErrors>('LOGIN');
  const { errors: fieldErrors, setErrors: setFieldErrors, formError, setFormError, setCaptchaBlocked, captcha, showCaptcha } = form;
  const [isLoading, setLoading] = useState(false);
  const [twoFactor, setTwoFactor] = useState<TwoFactorRequired | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const [providers, setProviders] = useState<Record<SocialProvider, boolean>>({ google: false, apple: false });

  // The Google and Apple buttons show only when the server is configured for them.
  useEffect(() => {
    const controller = new AbortController();
    void fetchSocialProviders(controller.signal).then((found) => {
      if (!controller.signal.aborted) setProviders(found);
    });
    return () => controller.abort();
  }, []);

  const finishSignIn = (session: SessionResult) => {
    saveSession(session);
    navigate(postLoginPath(takeReturnUrl()), { replace: true });
  };

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
      const outcome = await signIn({
        body: { username: normaliseUsername(username), password },
        rememberMe,
        ...captchaArgs(form.captchaPayload()),
      });
      if ('twoFactor' in outcome) {
        setTwoFactor(outcome.twoFactor);
        return;
      }
      if (!outcome.session.authToken) {
        setFormError(t('common:generic_error'));
        return;
      }
      finishSignIn(outcome.session);
    } catch (error) {
      form.handleSubmitError(error, (code) => {
        const message = LOGIN_ERRORS[code ?? ''];
        if (!message) return false;
        setFormError(t(message));
        return true;
      });
    } finally {
      setLoading(false);
    }
  };

  if (twoFactor) {
    return (
      <Suspense fallback={<Spinner />}>
        <TwoFactorStep
          challenge={twoFactor}
          rememberMe={rememberMe}
          onSignedIn={finishSignIn}
          onBack={() => {
            setTwoFactor(null);
            setPassword('');
          }}
        />
      </Suspense>
    );
  }

  const anySocial = providers.google || providers.apple;

  return (
    <section className={styles.card} aria-labelledby="login-title">
      <header className={styles.header}>
        <Logo size={44} withWordmark={false} />
        <h1 id="login-title" className={styles.title}>
          {t('auth:login_title')}
        </h1>
        <p className={styles.subtitle}>{t('auth:login_subtitle')}</p>
      </header>
      {qrOpen ? (
        <Suspense fallback={<Spinner />}>
          <QrSignInPanel rememberMe={rememberMe} onSignedIn={finishSignIn} />
        </Suspense>
      ) : (
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {passwordChanged && !formError ? (
          <Alert tone="success" data-testid="password-changed">
            {t('auth:password_changed')}
          </Alert>
        ) : null}
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
        <Link className={stepStyles.forgot} to={links.forgotPassword} data-testid="forgot-password-link">
          {t('auth:forgot_password')}
        </Link>
        <Checkbox
          label={t('auth:remember_me')}
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        {showCaptcha ? (
          <Suspense fallback={<Spinner />}>
            <CaptchaBox
              {...form.captchaBoxProps}
              onAnswerChange={(answer) => {
                captcha.setAnswer(answer);
                setFieldErrors((errors) => ({ ...errors, captcha: undefined }));
              }}
              disabled={isLoading}
            />
          </Suspense>
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={isLoading}>
          {isLoading ? t('auth:signing_in') : t('auth:sign_in')}
        </Button>
      </form>
      )}
      <div className={stepStyles.divider}>{t('auth:or')}</div>
      <div className={stepStyles.socialRow}>
        <button type="button" className={stepStyles.socialButton} onClick={() => setQrOpen((open) => !open)} aria-expanded={qrOpen} data-testid="qr-sign-in-toggle">
          {qrOpen ? t('auth:sign_in_with_password') : t('auth:sign_in_with_qr')}
        </button>
        {anySocial ? (
          <Suspense fallback={null}>
            <SocialButtons providers={providers} intent="login" />
          </Suspense>
        ) : null}
      </div>
      <p className={styles.footer}>
        {t('auth:no_account')}
        <Link to={links.signup}>
          {t('auth:create_account')}
        </Link>
      </p>
    </section>
  );
}
