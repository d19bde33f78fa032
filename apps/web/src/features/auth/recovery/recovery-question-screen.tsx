import { useState, type FormEvent } from 'react';
import { apiErrorCode } from '@/api/errors';
import { useAppSelector } from '@/state/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/loader';
import { currentLanguage } from '@/i18n/i18n';
import type { RecoveryFlow } from '../auth-slice';
import { useRecoveryTranslation } from '../use-recovery-translation';
import { useForgotMyPasswordValidateSecurityQuestionMutation, useGetSecurityQuestionQuery } from './recovery-api';
import { RecoveryCard, RecoveryRestart, useFollowRecoveryStatus } from './recovery-nav';
import styles from '../components/auth-card.module.css';

/** The longest answer accepted (the settings form's limit). */
const ANSWER_MAX_LENGTH = 100;

/** /auth/forgotmypassword/securityquestion (v1, v2) and securityquestion_v3: the answer to the account's question. */
export function RecoveryQuestionScreen({ flow }: { flow: RecoveryFlow }) {
  const { t } = useRecoveryTranslation();
  const available = useAppSelector((state) => state.auth.availableMethods);
  const follow = useFollowRecoveryStatus();
  const questionId = available?.securityQuestionId ?? null;
  const question = useGetSecurityQuestionQuery({ id: questionId ?? 0, language: currentLanguage() }, { skip: questionId === null });
  const [validate, { isLoading }] = useForgotMyPasswordValidateSecurityQuestionMutation();
  const [answer, setAnswer] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);

  if (!available || questionId === null) return <RecoveryRestart />;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!answer.trim()) {
      setFieldError(t('recovery:answer_required'));
      return;
    }
    try {
      const status = await validate({ referenceToken: available.referenceToken, answer: answer.trim() }).unwrap();
      if (!follow(status)) setError(t('recovery:error_recovery_expired'));
    } catch (failure) {
      switch (apiErrorCode(failure)) {
        case 'INVALID_ANSWER':
        case 'INVALID_OTP':
        case 'VALIDATION_ERROR':
          setFieldError(t('recovery:error_wrong_answer'));
          break;
        case 'TOO_MANY_REQUESTS':
          setError(t('recovery:error_too_many_tries'));
          setLocked(true);
          break;
        case 'FETCH_ERROR':
        case 'TIMEOUT_ERROR':
          setError(t('common:network_error'));
          break;
        default:
          setError(t('recovery:error_recovery_expired'));
          setLocked(true);
      }
    }
  };

  return (
    <RecoveryCard id="recovery-question-title" title={t('recovery:question_title')} subtitle={t('recovery:question_subtitle')} testId={`recovery-question-${flow}`}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {question.isLoading ? <Spinner /> : null}
        {question.isError ? <Alert tone="error">{t('common:generic_error')}</Alert> : null}
        <TextField
          // The question itself labels the answer field.
          label={question.data?.text ?? t('recovery:answer_label')}
          placeholder={t('recovery:answer_label')}
          value={answer}
          maxLength={ANSWER_MAX_LENGTH}
          onChange={(event) => {
            setAnswer(event.target.value);
            setFieldError(null);
          }}
          error={fieldError ?? undefined}
          autoComplete="off"
          disabled={locked}
          autoFocus
        />
        <Button type="submit" size="lg" fullWidth loading={isLoading} disabled={locked}>
          {t('recovery:continue')}
        </Button>
      </form>
    </RecoveryCard>
  );
}
