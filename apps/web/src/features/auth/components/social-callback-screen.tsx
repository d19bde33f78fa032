import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import type { GetAppleTokenFromKeyApiResponse } from '@/api/generated/social-login';
import { hasSession, saveSession } from '@/api/session';
import { readSession, writeSession } from '@/lib/storage-keys';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { childLink, useAuthLinks } from '../auth-links.public';
import { postLoginPath, takeReturnUrl } from '../return-url';
import { callPublic, SOCIAL_INTENT_KEY, toSession, type SocialIntent, type SocialProvider } from '../sign-in';
import { useAppleConnectMutation, useGoogleConnectMutation } from '../sign-in-api';
import { emailFromIdToken, savePendingIdentity, type PendingSocialIdentity } from '../social-identity';
import { useRecoveryTranslation } from '../use-recovery-translation';
import styles from './auth-card.module.css';

/** What came back from the provider, and what it was for. */
interface ProviderAnswer {
  identity: PendingSocialIdentity;
  intent: SocialIntent;
}

/** What the settings screen is told after connecting (router location state). */
export interface SocialConnectedState {
  socialConnected: SocialProvider;
}

/** The intent this tab stored before leaving for `provider` (social start), once. */
function takeIntent(provider: SocialProvider): SocialIntent | null {
  const raw = readSession(SOCIAL_INTENT_KEY);
  writeSession(SOCIAL_INTENT_KEY, null);
  try {
    const parsed = raw ? (JSON.parse(raw) as { provider?: string; intent?: SocialIntent }) : null;
    return parsed?.provider === provider ? (parsed.intent ?? null) : null;
  } catch {
    return null;
  }
}

/** Google's implicit flow: #id_token=…&state=… (or #error=…). */
function readGoogleAnswer(): ProviderAnswer | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = fragment.get('id_token');
  const state = fragment.get('state');
  const intent = takeIntent('google') ?? 'login';
  if (!token || !state) return null;
  return { identity: { provider: 'google', token, state, email: emailFromIdToken(token) }, intent };
}

/**
 * The provider came back: sign in (an identity linked to no account goes on to sign-up with it), sign up, or connect
 * it to the signed-in account, as the flow was started for.
 */
function SocialCallback({ provider, load }: { provider: SocialProvider; load: () => Promise<ProviderAnswer | null> }) {
  const { t } = useRecoveryTranslation();
  const navigate = useNavigate();
  const links = useAuthLinks();
  const [googleConnect] = useGoogleConnectMutation();
  const [appleConnect] = useAppleConnectMutation();
  const [error, setError] = useState<string | null>(null);
  // The provider's answer is single use: handle it once, even when the effect runs twice (strict mode).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const toSignup = (identity: PendingSocialIdentity) => {
      savePendingIdentity(identity);
      navigate(childLink(links.signup, provider), { replace: true });
    };
    const run = async () => {
      const answer = await load();
      if (!answer) {
        setError(t('recovery:social_failed'));
        return;
      }
      const { identity, intent } = answer;
      if (intent === 'connect' && hasSession()) {
        const connect = provider === 'google' ? googleConnect : appleConnect;
        await connect({ token: identity.token, state: identity.state }).unwrap();
        navigate(paths.settings, { replace: true, state: { socialConnected: provider } satisfies SocialConnectedState });
        return;
      }
      if (intent === 'signup') {
        toSignup(identity);
        return;
      }
      try {
        const { data, meta } = await callPublic<Parameters<typeof toSession>[0]>({
          url: `/auth/${provider}`,
          method: 'POST',
          params: { rememberMe: true },
          body: { token: identity.token, state: identity.state },
        });
        const session = toSession(data, meta);
        if (!session.authToken) throw new Error('no session');
        saveSession(session);
        navigate(postLoginPath(takeReturnUrl()), { replace: true });
      } catch (failure) {
        if (apiErrorCode(failure) === 'SOCIAL_ACCOUNT_NOT_FOUND') toSignup(identity);
        else throw failure;
      }
    };
    run().catch((failure: unknown) => {
      const code = apiErrorCode(failure);
      setError(code === 'FETCH_ERROR' || code === 'TIMEOUT_ERROR' ? t('common:network_error') : t('recovery:social_failed'));
    });
  }, [appleConnect, googleConnect, links.signup, load, navigate, provider, t]);

  return (
    <section className={styles.card} aria-labelledby="social-callback-title" data-testid="social-callback">
      <header className={styles.header}>
        <h1 id="social-callback-title" className={styles.title}>
          {provider === 'google' ? t('recovery:social_title_google') : t('recovery:social_title_apple')}
        </h1>
      </header>
      <div className={styles.form}>{error ? <Alert tone="error">{error}</Alert> : <Spinner />}</div>
      {error ? (
        <p className={styles.footer}>
          <Link to={links.login}>{t('recovery:back_to_sign_in')}</Link>
        </p>
      ) : null}
    </section>
  );
}

const loadGoogle = () => Promise.resolve(readGoogleAnswer());

/** /auth/login/google: Google's redirect, the ID token in the address fragment. */
export function GoogleCallbackScreen() {
  return <SocialCallback provider="google" load={loadGoogle} />;
}

/** /auth/login/apple/{key}: Apple posted its answer to the server, which kept it under a one-time key. */
export function AppleCallbackScreen() {
  const { key = '' } = useParams();
  const [load] = useState(() => async (): Promise<ProviderAnswer | null> => {
    writeSession(SOCIAL_INTENT_KEY, null);
    if (!key) return null;
    const { data } = await callPublic<GetAppleTokenFromKeyApiResponse>({ url: '/apple/login/callback', params: { key } });
    return { identity: { provider: 'apple', token: data.token, state: data.state, email: data.email }, intent: data.intent };
  });
  return <SocialCallback provider="apple" load={load} />;
}
