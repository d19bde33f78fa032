import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, apiErrorField } from '@/api/errors';
import { CaptchaBox } from '@/components/captcha/captcha-box';
import { useCaptcha } from '@/components/captcha/use-captcha';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/config/constants';
import { PasswordField } from '@/features/auth/password-field.public';
import { useGetPasswordPolicyQuery, useUpdatePasswordMutation } from '../api';
import { useErrorText, useProblemText } from '../hooks/use-messages';
import { checkNewPassword } from '../validation';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

interface Errors {
  oldPassword?: string;
  newPassword?: string;
  repeatPassword?: string;
  captcha?: string;
}

/** Password change: the current one, the new one twice, a captcha when the server asks; other sessions end. */
export function PasswordSection() {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const errorText = useErrorText();
  const policy = useGetPasswordPolicyQuery();
  const [update, { isLoading }] = useUpdatePasswordMutation();
  const captcha = useCaptcha();
  const [captchaForced, setCaptchaForced] = useState(false);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const limits = { minLength: policy.data?.minLength ?? PASSWORD_MIN_LENGTH, maxLength: policy.data?.maxLength ?? PASSWORD_MAX_LENGTH };
  const showCaptcha = Boolean(policy.data?.captchaRequired) || captchaForced;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    setFormError(null);
    const problems = checkNewPassword(newPassword, repeatPassword, oldPassword, limits);
    const found: Errors = {
      oldPassword: oldPassword ? undefined : problemText({ key: 'required' }, t('settings:current_password')),
      newPassword: problemText(problems.newPassword, t('settings:new_password')),
      repeatPassword: problemText(problems.repeatPassword, t('settings:repeat_password')),
      captcha: showCaptcha && !captcha.answer.trim() ? problemText({ key: 'required' }, t('settings:captcha_label')) : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await update({
        body: { oldPassword, newPassword, repeatPassword },
        'x-captcha-id': showCaptcha ? captcha.captchaId : undefined,
        'x-captcha-answer': showCaptcha ? captcha.answer.trim() : undefined,
      }).unwrap();
      setOldPassword('');
      setNewPassword('');
      setRepeatPassword('');
      setCaptchaForced(false);
      setDone(true);
    } catch (failure) {
      // A captcha answer is single use; a wrong password may switch the captcha on.
      captcha.reload();
      void policy.refetch();
      const code = apiErrorCode(failure);
      if (code === 'CAPTCHA_REQUIRED' || code === 'INVALID_CAPTCHA') {
        setCaptchaForced(true);
        setErrors({ captcha: errorText(failure) });
      } else {
        // The server names the field it refuses (oldPassword, newPassword, repeatPassword): the message goes under it.
        const field = apiErrorField(failure);
        if (field === 'oldPassword' || field === 'newPassword' || field === 'repeatPassword') setErrors({ [field]: errorText(failure) });
        else setFormError(errorText(failure));
      }
    }
  };

  return (
    <SettingsSection id="security-password" title={t('settings:password_heading')} text={t('settings:password_text')}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <PasswordField
          label={t('settings:current_password')}
          value={oldPassword}
          onChange={(event) => setOldPassword(event.target.value)}
          error={errors.oldPassword}
          autoComplete="current-password"
        />
        <div className={styles.grid}>
          <PasswordField
            label={t('settings:new_password')}
            value={newPassword}
            maxLength={limits.maxLength}
            onChange={(event) => setNewPassword(event.target.value)}
            error={errors.newPassword}
            hint={t('settings:password_rule', { min: limits.minLength, max: limits.maxLength })}
            autoComplete="new-password"
          />
          <PasswordField
            label={t('settings:repeat_password')}
            value={repeatPassword}
            maxLength={limits.maxLength}
            onChange={(event) => setRepeatPassword(event.target.value)}
            error={errors.repeatPassword}
            autoComplete="new-password"
          />
        </div>
        {showCaptcha ? (
          <CaptchaBox
            captchaId={captcha.captchaId}
            answer={captcha.answer}
            onAnswerChange={captcha.setAnswer}
            onReload={captcha.reload}
            error={errors.captcha}
            disabled={isLoading}
          />
        ) : null}
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {done ? <Alert tone="success">{t('settings:password_changed')}</Alert> : null}
        <div className={styles.actions}>
          <Button type="submit" loading={isLoading}>
            {t('settings:password_submit')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
