import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import { Alert } from '@/components/ui/alert';
import { useAuthLinks } from '../auth-links.public';
import type { SocialProvider } from '../sign-in';
import { clearPendingIdentity, readPendingIdentity } from '../social-identity';
import { useRecoveryTranslation } from '../use-recovery-translation';
import { SignupScreen } from './signup-screen';
import styles from './auth-card.module.css';

/**
 * /auth/signup/google and /auth/signup/apple: sign-up with the identity the provider just confirmed (kept in the
 * spec's googleEmail/googleToken, appleEmail/appleToken). The e-mail is the provider's; the account is linked to the
 * identity when it is created, so the next time the button signs in directly.
 */
function SocialSignup({ provider }: { provider: SocialProvider }) {
  const { t } = useRecoveryTranslation();
  const { login } = useAuthLinks();
  const [identity] = useState(() => readPendingIdentity(provider));

  if (!identity) {
    return (
      <section className={styles.card} aria-labelledby="social-signup-missing" data-testid="social-signup-missing">
        <header className={styles.header}>
          <h1 id="social-signup-missing" className={styles.title}>
            {provider === 'google' ? t('recovery:social_title_google') : t('recovery:social_title_apple')}
          </h1>
          <p className={styles.subtitle}>{t('recovery:social_signup_missing')}</p>
        </header>
        <p className={styles.footer}>
          <Link to={login}>{t('recovery:back_to_sign_in')}</Link>
        </p>
      </section>
    );
  }
  return (
    <SignupScreen
      variant={{ kind: 'social', ...identity }}
      note={
        <Alert tone="info" data-testid="social-signup-note">
          {provider === 'google'
            ? t('recovery:social_signup_note_google', { email: identity.email ?? '' })
            : t('recovery:social_signup_note_apple', { email: identity.email ?? '' })}
        </Alert>
      }
      // The token went with the sign-up: it is single use, keep it no longer.
      onSubmitted={() => clearPendingIdentity(provider)}
    />
  );
}

export function GoogleSignupScreen() {
  return <SocialSignup provider="google" />;
}

export function AppleSignupScreen() {
  return <SocialSignup provider="apple" />;
}

/** The invitation's query parameter names: the spec's storage name, and the short one invitation links use. */
const REFERRER_PARAMS = ['referrerToken', 'ref'] as const;

/**
 * /auth/inviteuser?referrerToken=…: sign-up from a friend's invitation. The token is kept (storage key referrerToken)
 * for the invitation campaign to credit the friend once the account exists.
 */
export function InviteSignupScreen() {
  const { t } = useRecoveryTranslation();
  const [params] = useSearchParams();
  const fromLink = REFERRER_PARAMS.map((name) => params.get(name)).find(Boolean) ?? null;
  const referrerToken = fromLink ?? readStorage(storageKeys.referrerToken);

  useEffect(() => {
    if (fromLink) writeStorage(storageKeys.referrerToken, fromLink);
  }, [fromLink]);

  return (
    <SignupScreen
      variant={{ kind: 'invite', referrerToken }}
      note={
        <Alert tone="info" data-testid="invite-signup-note">
          {t('recovery:invite_note')}
        </Alert>
      }
    />
  );
}
