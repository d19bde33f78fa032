import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/loader';
import { QrCode } from '@/components/ui/qr-code';
import { useOpsSetupConfirmMutation, useOpsSetupInfoQuery, useOpsSetupPasswordMutation } from '../api/endpoints';
import { errorMessage, errorStatus } from '../api/ops-api';
import { opsPaths, setOpsToken } from '../api/session';
import type { SetupEnrolment } from '../api/types';
import { when } from '../components/format';
import { AuthCard } from './auth-card';
import { CodeForm } from './code-form';
import styles from './auth.module.css';

/** The contract's minimum for an operator's password. */
export const OPS_PASSWORD_MIN = 12;

/** /ops/setup/:token — the one-time link: choose a password, enrol an authenticator app (QR or secret), confirm a code. */
export function SetupScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const info = useOpsSetupInfoQuery(token);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const [enrolment, setEnrolment] = useState<SetupEnrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choose, { isLoading: saving }] = useOpsSetupPasswordMutation();
  const [confirm, { isLoading: confirming }] = useOpsSetupConfirmMutation();

  if (info.isLoading) {
    return (
      <AuthCard title={t('ops:setup_title')}>
        <Spinner />
      </AuthCard>
    );
  }
  if (info.error || !info.data) {
    return (
      <AuthCard title={t('ops:setup_invalid_title')}>
        <Alert tone="error">{t('ops:setup_invalid')}</Alert>
      </AuthCard>
    );
  }

  const tooShort = password.length < OPS_PASSWORD_MIN;
  const mismatch = password !== repeat;
  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort || mismatch) return;
    setError(null);
    try {
      setEnrolment(await choose({ token, password }).unwrap());
    } catch (caught) {
      setError(errorMessage(caught) ?? t('ops:action_failed'));
    }
  };
  const submitCode = async (code: string) => {
    setError(null);
    try {
      const result = await confirm({ token, code }).unwrap();
      setOpsToken(result.token);
      await navigate(opsPaths.home, { replace: true });
    } catch (caught) {
      setError(errorStatus(caught) === 400 || errorStatus(caught) === 401 ? t('ops:code_wrong') : (errorMessage(caught) ?? t('ops:action_failed')));
    }
  };

  if (enrolment) {
    return (
      <AuthCard title={t('ops:enrol_title')} subtitle={t('ops:enrol_subtitle')}>
        <ol className={styles.steps}>
          <li>{t('ops:enrol_step_scan')}</li>
          <li>{t('ops:enrol_step_code')}</li>
        </ol>
        <div className={styles.qr}>
          <QrCode value={enrolment.otpauthUrl} label={t('ops:enrol_qr_label')} size={200} testId="ops-totp-qr" />
        </div>
        <p>{t('ops:enrol_secret_label')}</p>
        <p className={styles.secret} data-testid="ops-totp-secret">
          {enrolment.secret}
        </p>
        <CodeForm onSubmit={(code) => void submitCode(code)} error={error} busy={confirming} submitLabel={t('ops:enrol_confirm')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('ops:setup_title')}
      subtitle={t('ops:setup_subtitle', { name: info.data.name || info.data.email, email: info.data.email, expires: when(info.data.expiresAt) })}
    >
      <form className={styles.form} onSubmit={(event) => void submitPassword(event)} noValidate>
        <input type="email" autoComplete="username" value={info.data.email} readOnly hidden />
        <TextField
          label={t('ops:new_password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={t('ops:password_rule', { min: OPS_PASSWORD_MIN })}
          error={touched && tooShort ? t('ops:password_rule', { min: OPS_PASSWORD_MIN }) : undefined}
          required
        />
        <TextField
          label={t('ops:repeat_password')}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={touched && !tooShort && mismatch ? t('ops:password_mismatch') : undefined}
          required
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit" fullWidth loading={saving}>
          {t('ops:continue')}
        </Button>
      </form>
    </AuthCard>
  );
}
