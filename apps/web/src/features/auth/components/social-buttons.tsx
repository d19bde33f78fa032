import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { startSocialSignIn, type SocialIntent, type SocialProvider } from '../sign-in';
import stepStyles from './sign-in-steps.module.css';

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z" />
      <path fill="#FBBC05" d="M10.6 28.6A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.6l-7.9-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7l8-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.9l-8 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

function AppleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.3 1.2 9.7.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8s1.9.8 3.2.8c1.3 0 2.1-1.2 2.9-2.4.9-1.3 1.3-2.7 1.3-2.7s-2.4-1-2.4-3.9zM14 5.5c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z"
      />
    </svg>
  );
}

/** "Continue with Google / Apple" for the providers the server has; each goes to the provider and comes back. */
export function SocialButtons({ providers, intent }: { providers: Record<SocialProvider, boolean>; intent: SocialIntent }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState(false);

  const start = async (provider: SocialProvider) => {
    setBusy(provider);
    setError(false);
    try {
      await startSocialSignIn(provider, intent);
    } catch {
      setError(true);
      setBusy(null);
    }
  };

  return (
    <>
      {error ? <Alert tone="error">{t('auth:social_error')}</Alert> : null}
      {providers.google ? (
        <button type="button" className={stepStyles.socialButton} onClick={() => void start('google')} disabled={busy !== null} data-testid="google-sign-in">
          <GoogleMark />
          {t('auth:continue_with_google')}
        </button>
      ) : null}
      {providers.apple ? (
        <button type="button" className={stepStyles.socialButton} onClick={() => void start('apple')} disabled={busy !== null} data-testid="apple-sign-in">
          <AppleMark />
          {t('auth:continue_with_apple')}
        </button>
      ) : null}
    </>
  );
}
