import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import { CaptchaBox } from '@/components/captcha/captcha-box';
import { useCaptcha } from '@/components/captcha/use-captcha';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { currentLanguage } from '@/i18n/i18n';
import { useGetMySecurityQuestionQuery, useListSecurityQuestionsQuery, useUpdateSecurityQuestionMutation } from '../api';
import { useErrorText, useProblemText } from '../hooks/use-messages';
import { checkRequired, SECURITY_ANSWER_MAX_LENGTH } from '../validation';
import { SettingsSection, StatusPill } from './settings-section';
import styles from './settings.module.css';

/** The security question used to recover the account; the answer is stored hashed and never shown again. */
export function SecurityQuestionSection() {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const errorText = useErrorText();
  const questions = useListSecurityQuestionsQuery(currentLanguage());
  const mine = useGetMySecurityQuestionQuery();
  const [update, { isLoading }] = useUpdateSecurityQuestionMutation();
  const captcha = useCaptcha();
  const [showCaptcha, setShowCaptcha] = useState(false);
  const [editing, setEditing] = useState(false);
  const [questionId, setQuestionId] = useState('');
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<{ question?: string; answer?: string; captcha?: string; form?: string }>({});
  const [saved, setSaved] = useState(false);
  const currentId = mine.data?.securityQuestionId ?? null;
  const currentText = questions.data?.find((question) => question.id === currentId)?.text;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      question: questionId ? undefined : problemText({ key: 'required' }, t('settings:question_label')),
      answer: problemText(checkRequired(answer, SECURITY_ANSWER_MAX_LENGTH), t('settings:answer_label')),
      captcha: showCaptcha && !captcha.answer.trim() ? problemText({ key: 'required' }, t('settings:captcha_label')) : undefined,
    };
    setErrors(found);
    if (found.question || found.answer || found.captcha) return;
    try {
      await update({
        body: { securityQuestionId: Number(questionId), answer: answer.trim() },
        'x-captcha-id': showCaptcha ? captcha.captchaId : undefined,
        'x-captcha-answer': showCaptcha ? captcha.answer.trim() : undefined,
      }).unwrap();
      setEditing(false);
      setAnswer('');
      setSaved(true);
      void mine.refetch();
    } catch (failure) {
      captcha.reload();
      const code = apiErrorCode(failure);
      if (code === 'CAPTCHA_REQUIRED' || code === 'INVALID_CAPTCHA') {
        setShowCaptcha(true);
        setErrors({ captcha: errorText(failure) });
      } else setErrors({ form: errorText(failure) });
    }
  };

  return (
    <SettingsSection id="security-question" title={t('settings:question_heading')} text={t('settings:question_text')}>
      <div className={styles.row}>
        <div className={styles.rowMain}>
          <span className={styles.rowValue}>{currentText ?? t('settings:question_none')}</span>
          <StatusPill on={currentId !== null} onText={t('settings:set')} offText={t('settings:not_set')} />
        </div>
        {!editing ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setEditing(true);
              setSaved(false);
              setQuestionId(currentId !== null ? String(currentId) : '');
            }}
          >
            {currentId !== null ? t('settings:change') : t('settings:question_set')}
          </Button>
        ) : null}
      </div>
      {saved ? (
        <Alert tone="success" className={styles.inlineAlert}>
          {t('settings:question_saved')}
        </Alert>
      ) : null}
      {editing ? (
        <form className={`${styles.form} ${styles.subform}`} onSubmit={handleSubmit} noValidate>
          <SelectField label={t('settings:question_label')} value={questionId} onChange={(event) => setQuestionId(event.target.value)} error={errors.question}>
            <option value="">{t('settings:question_choose')}</option>
            {(questions.data ?? []).map((question) => (
              <option key={question.id} value={question.id}>
                {question.text}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('settings:answer_label')}
            value={answer}
            maxLength={SECURITY_ANSWER_MAX_LENGTH}
            onChange={(event) => setAnswer(event.target.value)}
            error={errors.answer}
            hint={t('settings:answer_hint')}
            autoComplete="off"
          />
          {showCaptcha ? (
            <CaptchaBox captchaId={captcha.captchaId} answer={captcha.answer} onAnswerChange={captcha.setAnswer} onReload={captcha.reload} error={errors.captcha} />
          ) : null}
          {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={isLoading}>
              {t('settings:save')}
            </Button>
          </div>
        </form>
      ) : null}
    </SettingsSection>
  );
}
