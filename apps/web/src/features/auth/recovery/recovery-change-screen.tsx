import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PASSWORD_MAX_LENGTH } from '@/config/constants';
import { useAuthLinks } from '../auth-links.public';
import { recoveryEnded } from '../auth-slice';
import { PasswordField } from '../components/password-field';
import { PasswordStrength } from '../components/password-strength';
import { isPasswordValid } from '../password-rules';
import { useRecoveryTranslation } from '../use-recovery-translation';
import { useForgotMyPasswordChangeMutation } from './recovery-api';
import { RecoveryCard, RecoveryRestart } from './recovery-nav';
import styles from '../components/auth-card.module.css';

/** What the sign-in screen is told after a recovery (router location state). */
export interface PasswordChangedState {
  passwordChanged: true;
}

interface FieldErrors {
  password?: string;
  repeat?: string;
}

/**
 * /auth/forgotmypassword/changepassword: the new password, once every factor is verified. Setting it ends every
 * session of the account (the server's rule) and leads to sign-in with a confirmation.
 */
export function RecoveryChangeScreen() {
  const { t } = useRecoveryTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { login } = useAuthLinks();
  const referenceToken = useAppSelector((state) => state.auth.verifiedReferenceToken);
  const [change, { isLoading }] = useForgotMyPasswordChangeMutation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  if (!referenceToken || expired) return <RecoveryRestart messageKey={expired ? 'recovery:error_recovery_expired' : 'recovery:step_missing'} />;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const found: FieldErrors = {};
    if (!password) found.password = t('auth:password_required');
    else if (!isPasswordValid(password)) found.password = t('auth:password_invalid');
    if (!repeat) found.repeat = t('recovery:repeat_required');
    else if (password && repeat !== password) found.repeat = t('recovery:repeat_mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await change({ referenceToken, password }).unwrap();
      dispatch(recoveryEnded());
      navigate(login, { replace: true, state: { passwordChanged: true } satisfies PasswordChangedState });
    } catch (failure) {
      switch (apiErrorCode(failure)) {
        case 'PASSWORD_TOO_WEAK':
        case 'VALIDATION_ERROR':
          setErrors({ password: t('auth:password_invalid') });
          break;
        case 'FETCH_ERROR':
        case 'TIMEOUT_ERROR':
          setError(t('common:network_error'));
          break;
        case 'TOO_MANY_REQUESTS':
          setError(t('auth:error_too_many_requests'));
          break;
        default:
          // Not verified any more (used, expired): only a new recovery helps.
          setExpired(true);
      }
    }
  };

  return (
    <RecoveryCard id="recovery-change-title" title={t('recovery:change_title')} subtitle={t('recovery:change_subtitle')} testId="recovery-change">
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <PasswordField
            label={t('recovery:new_password_label')}
            value={password}
            maxLength={PASSWORD_MAX_LENGTH}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password}
            autoComplete="new-password"
            autoFocus
          />
          <PasswordStrength password={password} />
        </div>
        <PasswordField
          label={t('recovery:repeat_password_label')}
          value={repeat}
          maxLength={PASSWORD_MAX_LENGTH}
          onChange={(event) => {
            setRepeat(event.target.value);
            setErrors((current) => ({ ...current, repeat: undefined }));
          }}
          error={errors.repeat}
          autoComplete="new-password"
        />
        <Button type="submit" size="lg" fullWidth loading={isLoading}>
          {t('recovery:change_submit')}
        </Button>
      </form>
    </RecoveryCard>
  );
}
