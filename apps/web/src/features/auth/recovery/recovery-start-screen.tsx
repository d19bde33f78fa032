import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/state/hooks';
import { CaptchaBox } from '@/components/captcha/captcha-box';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { EMAIL_MAX_LENGTH } from '@/config/constants';
import { captchaArgs } from '../api';
import { recoveryStarted, type ForgotPasswordUsername } from '../auth-slice';
import { useCaptchaForm } from '../hooks/use-captcha-form';
import { isValidEmail } from '../password-rules';
import { useRecoveryTranslation } from '../use-recovery-translation';
import { useForgotMyPasswordV2Mutation } from './recovery-api';
import { RECOVERY_STEPS, RecoveryCard, useRecoveryPath } from './recovery-nav';
import styles from '../components/auth-card.module.css';

interface FieldErrors {
  username?: string;
  captcha?: string;
}

/** E-mail or phone as the server matches them: e-mails trimmed, phone numbers without spaces or punctuation. */
export function parseRecoveryUsername(input: string): ForgotPasswordUsername {
  const trimmed = input.trim();
  if (trimmed.includes('@')) return { userInput: input, username: trimmed, countryCode: null, phoneNumber: null };
  const compact = trimmed.replace(/[\s()-]/g, '');
  return { userInput: input, username: compact, countryCode: null, phoneNumber: compact.replace(/^\+/, '') };
}

/** A phone number is 7 to 15 digits (E.164), with or without the leading +. */
const PHONE_PATTERN = /^\+?\d{7,15}$/;

/**
 * /auth/forgotmypassword: the e-mail or phone of the account. The answer looks the same whether or not an account
 * exists (the server never says), and leads to the choice of how to prove it is yours.
 */
export function RecoveryStartScreen() {
  const { t } = useRecoveryTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const recoveryPath = useRecoveryPath();
  const [input, setInput] = useState('');
  const form = useCaptchaForm<FieldErrors>('FORGOT_PASSWORD');
  const { errors, setErrors, formError, setFormError, setCaptchaBlocked, captcha, showCaptcha } = form;
  const [start, { isLoading }] = useForgotMyPasswordV2Mutation();

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const parsed = parseRecoveryUsername(input);
    if (!parsed.username) found.username = t('recovery:username_required');
    else if (parsed.username.length > EMAIL_MAX_LENGTH) found.username = t('recovery:username_too_long', { max: EMAIL_MAX_LENGTH });
    else if (parsed.username.includes('@') ? !isValidEmail(parsed.username) : !PHONE_PATTERN.test(parsed.username))
      found.username = t('recovery:username_invalid');
    if (showCaptcha && !captcha.answer.trim()) found.captcha = t('common:captcha_required');
    return found;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.startSubmit(validate())) return;
    const username = parseRecoveryUsername(input);
    try {
      const answer = await start({ body: { username: username.username }, ...captchaArgs(form.captchaPayload()) }).unwrap();
      dispatch(
        recoveryStarted({
          username,
          methods: {
            referenceToken: answer.referenceToken,
            list: answer.availableMethods,
            flow: answer.flow,
            factorsRequired: answer.factorsRequired,
            factorsVerified: answer.factorsVerified,
            securityQuestionId: answer.securityQuestionId,
          },
        }),
      );
      navigate(recoveryPath(RECOVERY_STEPS.methods(answer.flow)));
    } catch (error) {
      form.handleSubmitError(error, (code) => {
        if (code !== 'VALIDATION_ERROR') return false;
        setErrors({ username: t('recovery:username_invalid') });
        return true;
      });
    }
  };

  return (
    <RecoveryCard id="recovery-start-title" title={t('recovery:title')} subtitle={t('recovery:start_subtitle')} testId="recovery-start">
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          label={t('recovery:username_label')}
          placeholder={t('auth:username_placeholder')}
          value={input}
          maxLength={EMAIL_MAX_LENGTH}
          onChange={(event) => {
            setInput(event.target.value);
            setErrors((current) => ({ ...current, username: undefined }));
            setFormError(null);
            setCaptchaBlocked(false);
          }}
          error={errors.username}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          inputMode="email"
          autoFocus
        />
        {showCaptcha ? (
          <CaptchaBox
            {...form.captchaBoxProps}
            onAnswerChange={(answer) => {
              captcha.setAnswer(answer);
              setErrors((current) => ({ ...current, captcha: undefined }));
            }}
            disabled={isLoading}
          />
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={isLoading}>
          {t('recovery:continue')}
        </Button>
      </form>
    </RecoveryCard>
  );
}
