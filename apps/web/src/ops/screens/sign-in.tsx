import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useOpsLoginMutation, useOpsLoginTotpMutation } from '../api/endpoints';
import { errorMessage, errorStatus } from '../api/ops-api';
import { opsPaths, setOpsToken } from '../api/session';
import { AuthCard } from './auth-card';
import { CodeForm } from './code-form';
import styles from './auth.module.css';

/** Only a path inside the console is a place to go back to after sign-in. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/ops') && !next.startsWith('//') ? next : opsPaths.home;
}

/** Operator sign-in: e-mail and password, then the authenticator app's code (mandatory). */
export function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [login, { isLoading: checking }] = useOpsLoginMutation();
  const [verify, { isLoading: verifying }] = useOpsLoginTotpMutation();

  const failure = (caught: unknown) => {
    const status = errorStatus(caught);
    if (status === 429) return t('ops:sign_in_locked');
    if (status === 401) return t('ops:sign_in_wrong');
    return errorMessage(caught) ?? t('ops:action_failed');
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await login({ email: email.trim(), password }).unwrap();
      setChallenge(result.challenge);
    } catch (caught) {
      setError(failure(caught));
    }
  };

  const submitCode = async (code: string) => {
    if (!challenge) return;
    setError(null);
    try {
      const result = await verify({ challenge, code }).unwrap();
      setOpsToken(result.token);
      await navigate(safeNext(params.get('next')), { replace: true });
    } catch (caught) {
      const status = errorStatus(caught);
      setError(status === 401 || status === 400 ? t('ops:code_wrong') : failure(caught));
    }
  };

  if (challenge) {
    return (
      <AuthCard title={t('ops:code_title')} subtitle={t('ops:code_subtitle')}>
        <CodeForm onSubmit={(code) => void submitCode(code)} error={error} busy={verifying} submitLabel={t('ops:verify')} />
        <Button
          variant="link"
          onClick={() => {
            setChallenge(null);
            setError(null);
          }}
        >
          {t('ops:start_over')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('ops:sign_in_title')} subtitle={t('ops:sign_in_subtitle')}>
      <form className={styles.form} onSubmit={(event) => void submitPassword(event)}>
        <TextField label={t('ops:email')} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <TextField
          label={t('ops:password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit" fullWidth loading={checking} disabled={!email.trim() || !password}>
          {t('ops:continue')}
        </Button>
      </form>
    </AuthCard>
  );
}
