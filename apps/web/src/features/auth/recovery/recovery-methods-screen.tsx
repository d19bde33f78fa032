import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RECOVERY_STATUS_POLL_MS } from '@/config/constants';
import { methodSelected, type RecoveryFlow, type RecoveryMethod, type SelectedMethod } from '../auth-slice';
import { useRecoveryTranslation } from '../use-recovery-translation';
import {
  useForgotMyPasswordCheckStatusMutation,
  useForgotMyPasswordContinueWithEmailMutation,
  useForgotMyPasswordContinueWithMsisdnMutation,
  useForgotMyPasswordContinueWithRecoveryEmailMutation,
  useForgotMyPasswordSendEmailMutation,
  useForgotMyPasswordSendRecoveryEmailMutation,
} from './recovery-api';
import { RECOVERY_STEPS, RecoveryCard, RecoveryRestart, useFollowRecoveryStatus, useRecoveryPath } from './recovery-nav';
import styles from '../components/auth-card.module.css';
import stepStyles from '../components/sign-in-steps.module.css';

const METHOD_LABEL = {
  SMS: 'recovery:method_sms',
  EMAIL: 'recovery:method_email',
  RECOVERY_EMAIL: 'recovery:method_recovery_email',
  SECURITY_QUESTION: 'recovery:method_security_question',
} as const satisfies Record<RecoveryMethod, string>;

/** A failed send or status call, in words. */
function useRecoveryError() {
  const { t } = useRecoveryTranslation();
  return (error: unknown): string => {
    switch (apiErrorCode(error)) {
      case 'TOO_MANY_REQUESTS':
        return t('recovery:error_too_many_sends');
      case 'FETCH_ERROR':
      case 'TIMEOUT_ERROR':
        return t('common:network_error');
      case 'NOT_FOUND':
      case 'EXPIRED':
      case '404':
        return t('recovery:error_recovery_expired');
      default:
        return t('common:generic_error');
    }
  };
}

/**
 * "Check your e-mail": the link went to a (masked) address. This screen asks every few seconds whether it was opened,
 * here or on another device, and then moves on by itself; the code can be sent again.
 */
function EmailSent({ selected, onOtherMethod }: { selected: SelectedMethod; onOtherMethod: () => void }) {
  const { t } = useRecoveryTranslation();
  const follow = useFollowRecoveryStatus();
  const describeError = useRecoveryError();
  const [checkStatus] = useForgotMyPasswordCheckStatusMutation();
  const [sendEmail, sendEmailState] = useForgotMyPasswordSendEmailMutation();
  const [sendRecoveryEmail, sendRecoveryState] = useForgotMyPasswordSendRecoveryEmailMutation();
  const [expired, setExpired] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      void checkStatus({ referenceToken: selected.referenceToken })
        .unwrap()
        .then((status) => {
          if (stopped) return;
          if (status.status === 'EXPIRED') {
            setExpired(true);
            clearInterval(timer);
          } else if (follow(status)) clearInterval(timer);
        })
        .catch(() => undefined);
    }, RECOVERY_STATUS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [checkStatus, follow, selected.referenceToken]);

  const resend = async () => {
    setNotice(null);
    setError(null);
    try {
      const send = selected.selectedMethod === 'RECOVERY_EMAIL' ? sendRecoveryEmail : sendEmail;
      await send({ referenceToken: selected.referenceToken }).unwrap();
      setNotice(t('recovery:email_resent'));
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  if (expired) return <RecoveryRestart messageKey="recovery:error_recovery_expired" />;
  return (
    <RecoveryCard
      id="recovery-email-title"
      title={t('recovery:email_sent_title')}
      subtitle={t('recovery:email_sent_subtitle', { target: selected.selectedValue, minutes: selected.remainingTimeInMinutes })}
      testId="recovery-email-sent"
    >
      <div className={styles.form}>
        <p className={stepStyles.deviceMeta} role="status">
          {t('recovery:email_waiting')}
        </p>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button variant="secondary" fullWidth onClick={resend} loading={sendEmailState.isLoading || sendRecoveryState.isLoading}>
          {t('recovery:email_resend')}
        </Button>
        <button type="button" className={styles.linkButton} onClick={onOtherMethod}>
          {t('recovery:other_method')}
        </button>
      </div>
    </RecoveryCard>
  );
}

/**
 * /auth/forgotmypassword/availablemethods_v1|v2|v3: how to prove the account is yours, each way shown masked. v1
 * offers the one primary method, v2 a choice, v3 (two-factor accounts) the first and then the second factor.
 */
export function RecoveryMethodsScreen({ flow }: { flow: RecoveryFlow }) {
  const { t } = useRecoveryTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const recoveryPath = useRecoveryPath();
  const describeError = useRecoveryError();
  const available = useAppSelector((state) => state.auth.availableMethods);
  const chosen = useAppSelector((state) => state.auth.selectedMethod);
  const chosenType = useAppSelector((state) => state.auth.verificationMethodType);
  const [method, setMethod] = useState<RecoveryMethod | null>(available?.list[0]?.method ?? null);
  const [error, setError] = useState<string | null>(null);
  const [continueWithMsisdn, msisdnState] = useForgotMyPasswordContinueWithMsisdnMutation();
  const [continueWithEmail, emailState] = useForgotMyPasswordContinueWithEmailMutation();
  const [continueWithRecoveryEmail, recoveryEmailState] = useForgotMyPasswordContinueWithRecoveryEmailMutation();
  const busy = msisdnState.isLoading || emailState.isLoading || recoveryEmailState.isLoading;

  if (!available || available.list.length === 0) return <RecoveryRestart />;
  if (chosen && (chosenType === 'EMAIL' || chosenType === 'RECOVERY_EMAIL') && chosen.referenceToken === available.referenceToken) {
    return <EmailSent selected={chosen} onOtherMethod={() => dispatch(methodSelected({ method: chosenType, selected: null }))} />;
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!method) {
      setError(t('recovery:method_required'));
      return;
    }
    setError(null);
    const referenceToken = available.referenceToken;
    if (method === 'SECURITY_QUESTION') {
      dispatch(methodSelected({ method, selected: null }));
      navigate(recoveryPath(RECOVERY_STEPS.question(flow)));
      return;
    }
    try {
      const send = method === 'SMS' ? continueWithMsisdn : method === 'EMAIL' ? continueWithEmail : continueWithRecoveryEmail;
      const selected = await send({ referenceToken }).unwrap();
      dispatch(methodSelected({ method, selected }));
      if (method === 'SMS') navigate(recoveryPath(RECOVERY_STEPS.sms(flow)));
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  const secondFactor = available.factorsRequired > 1 && available.factorsVerified > 0;
  const subtitle = secondFactor
    ? t('recovery:methods_second_factor')
    : available.factorsRequired > 1
      ? t('recovery:methods_two_factors')
      : available.list.length === 1
        ? t('recovery:methods_one')
        : t('recovery:methods_choose');

  return (
    <RecoveryCard id="recovery-methods-title" title={t('recovery:methods_title')} subtitle={subtitle} testId="recovery-methods">
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <fieldset className={stepStyles.fieldset}>
          <legend className={stepStyles.legend}>{t('recovery:methods_legend')}</legend>
          <div className={stepStyles.choices}>
            {available.list.map((entry) => (
              <label key={entry.method} className={`${stepStyles.choice} ${method === entry.method ? stepStyles.choiceSelected : ''}`}>
                <span className={stepStyles.radioRow}>
                  <input
                    type="radio"
                    name="recovery-method"
                    value={entry.method}
                    checked={method === entry.method}
                    onChange={() => setMethod(entry.method)}
                    data-testid={`recovery-method-${entry.method.toLowerCase()}`}
                  />
                  <span className={stepStyles.choiceLabel}>{t(METHOD_LABEL[entry.method])}</span>
                </span>
                {entry.content && entry.method !== 'SECURITY_QUESTION' ? (
                  <span className={stepStyles.choiceValue} dir="ltr">
                    {entry.content}
                  </span>
                ) : null}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {t('recovery:continue')}
        </Button>
      </form>
    </RecoveryCard>
  );
}
