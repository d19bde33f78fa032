import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaBox } from '@/components/captcha/captcha-box';
import { useCaptcha } from '@/components/captcha/use-captcha';
import { Button } from '@/components/ui/button';
import { Loader } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { emptyOtp, OtpInput } from '@/components/ui/otp-input';
import { showToast } from '@/components/ui/toast-slice';
import { useAppDispatch } from '@/state/hooks';
import {
  useDrawMutation,
  useDrawValidateMutation,
  useGetCampaignCaptchaQuery,
  useGetDrawCampaignQuery,
  type DrawApiResponse,
  type DrawValidateApiResponse,
} from '../api';
import { drawFailure, drawLanguageOf, formatCountdown, validateFailure, type DrawFailure } from '../draw-errors';
import { useCountdown } from '../use-countdown';
import styles from './draw-screen.module.css';

const CODE_BOXES = 7;
/** The first submit sends this many code characters; a resend sends the whole code (spec 000 §5). */
const FIRST_CODE_LENGTH = 6;
const PHONE_DIGITS = 10;

type Step = 1 | 2 | 3 | 4;
type ErrorKey = Extract<DrawFailure, { kind: 'message' }>['key'];

/** The telesales prize draw (spec 000 §2 "Prize draw page"): code and phone, SMS code, congratulations or too many. */
export function DrawScreen() {
  const { i18n } = useTranslation();
  // English unless the stored language is Turkish or English; the stored choice itself is left alone.
  const lng = drawLanguageOf(i18n.language);
  const { t } = useTranslation('draw', { lng });
  const dispatch = useAppDispatch();
  const ids = { phone: useId(), code: useId(), otp: useId(), error: useId() };

  const [step, setStep] = useState<Step>(1);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState<string[]>(() => emptyOtp(CODE_BOXES));
  const [otp, setOtp] = useState<string[]>([]);
  const [error, setError] = useState<ErrorKey | null>(null);
  const [started, setStarted] = useState<DrawApiResponse | null>(null);
  const [joined, setJoined] = useState<DrawValidateApiResponse | null>(null);
  const [conditionsOpen, setConditionsOpen] = useState(false);
  const captcha = useCaptcha();
  const required = useGetCampaignCaptchaQuery();
  const campaign = useGetDrawCampaignQuery(lng);
  const [draw, drawState] = useDrawMutation();
  const [validate, validateState] = useDrawValidateMutation();
  const countdown = useCountdown();

  const captchaRequired = required.data?.data.captchaRequired === true;
  const codeText = code.join('');
  const canSend = codeText.length >= FIRST_CODE_LENGTH && phone.length === PHONE_DIGITS && (!captchaRequired || captcha.answer.trim() !== '');
  const otpText = otp.join('');
  const canJoin = countdown.left >= 1 && otpText.length === otp.length && otp.length > 0;

  const fail = (failure: DrawFailure) => {
    if (failure.kind === 'tooMany') setStep(4);
    else if (failure.kind === 'invalidCaptcha') {
      dispatch(showToast({ kind: 'error', messageKey: 'draw:WEB_INVALID_CAPTCHA' }));
      captcha.reload();
      void required.refetch();
    } else if (failure.kind === 'message') {
      setError(failure.key);
      if (failure.key === 'CAPTCHA_REQUIRED') void required.refetch();
    }
  };

  const send = async (whole: boolean) => {
    setError(null);
    const withCaptcha = captchaRequired && captcha.answer.trim() !== '';
    try {
      const res = await draw({
        body: { msisdn: phone, code: whole ? codeText : codeText.slice(0, FIRST_CODE_LENGTH), language: lng },
        ...(withCaptcha ? { 'x-captcha-id': captcha.captchaId, 'x-captcha-answer': captcha.answer.trim() } : {}),
      }).unwrap();
      setStarted(res);
      setOtp(emptyOtp(res.expectedInputLength + 1));
      countdown.restart(Math.round(60 * res.remainingTimeInMinutes));
      setStep(2);
    } catch (err) {
      fail(drawFailure(err));
    } finally {
      // A captcha answers once: the next try needs a new one.
      if (withCaptcha) captcha.reload();
    }
  };

  const join = async () => {
    if (!started) return;
    setError(null);
    try {
      setJoined(await validate({ referenceToken: started.referenceToken, otp: otpText, language: lng }).unwrap());
      setStep(3);
    } catch (err) {
      const failure = validateFailure(err);
      if (failure.kind === 'success') setStep(3);
      else fail(failure);
      if (failure.kind === 'message' && failure.key === 'INVALID_OTP') setOtp(emptyOtp(otp.length));
    }
  };

  const blockNonDigits = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key.length === 1 && !/[0-9]/.test(event.key) && !event.ctrlKey && !event.metaKey) event.preventDefault();
  };

  if (campaign.isLoading) return <Loader />;

  const errorText = error ? <p className={styles.error} id={ids.error} role="alert" data-testid="draw-error">{t(error)}</p> : null;

  return (
    <div className={styles.page} dir="ltr" lang={lng}>
      <section className={styles.card} aria-labelledby={`${ids.phone}-title`} data-testid="draw-page">
        <h1 className={styles.heading} id={`${ids.phone}-title`}>
          {step === 3 ? t('congratulations') : step === 4 ? t('too_many_title') : (campaign.data?.title ?? t('title'))}
        </h1>

        {!campaign.data && step < 3 ? <p className={styles.intro}>{t('no_campaign')}</p> : null}

        {campaign.data && step === 1 ? (
          <>
            <p className={styles.step}>{t('step', { step: 1 })}</p>
            <p className={styles.intro}>{t('intro')}</p>
            <div className={styles.group}>
              <label className={styles.label} htmlFor={ids.phone}>
                {t('phone_label')}
              </label>
              <div className={styles.phone}>
                <span className={styles.prefix} aria-hidden="true">
                  {t('phone_prefix')}
                </span>
                <input
                  id={ids.phone}
                  className={styles.phoneInput}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={PHONE_DIGITS}
                  value={phone}
                  onKeyDown={blockNonDigits}
                  onChange={(e) => setPhone(e.target.value.replace(/\D/g, '').slice(0, PHONE_DIGITS))}
                  aria-describedby={error ? ids.error : undefined}
                  data-testid="draw-phone"
                />
              </div>
            </div>
            <div className={`${styles.group} ${styles.boxes}`} role="group" aria-labelledby={ids.code}>
              <span className={styles.label} id={ids.code}>
                {t('code_label')}
              </span>
              <OtpInput length={CODE_BOXES} value={code} onChange={setCode} numeric={false} testIdPrefix="draw-code" />
            </div>
            {captchaRequired ? (
              <CaptchaBox captchaId={captcha.captchaId} answer={captcha.answer} onAnswerChange={captcha.setAnswer} onReload={captcha.reload} disabled={drawState.isLoading} />
            ) : null}
            {errorText}
            <Button fullWidth disabled={!canSend} loading={drawState.isLoading} onClick={() => void send(false)} data-testid="draw-send">
              {t('draw_code_send')}
            </Button>
          </>
        ) : null}

        {step === 2 ? (
          <>
            <p className={styles.step}>{t('step', { step: 2 })}</p>
            <div className={`${styles.group} ${styles.boxes}`} role="group" aria-labelledby={ids.otp}>
              <span className={styles.label} id={ids.otp}>
                {t('otp_label')}
              </span>
              <p className={styles.intro}>{t('otp_hint', { phone })}</p>
              <OtpInput length={otp.length} value={otp} onChange={setOtp} autoFocus invalid={error === 'INVALID_OTP'} testIdPrefix="draw-otp" />
            </div>
            <p className={styles.timer} aria-live="polite" data-testid="draw-timer">
              {t('timer', { time: formatCountdown(countdown.left) })}
            </p>
            {errorText}
            <div className={styles.actions}>
              <Button variant="secondary" disabled={countdown.left > 0} loading={drawState.isLoading} onClick={() => void send(true)} data-testid="draw-resend">
                {t('resend')}
              </Button>
              <Button disabled={!canJoin} loading={validateState.isLoading} onClick={() => void join()} data-testid="draw-join">
                {t('join')}
              </Button>
            </div>
          </>
        ) : null}

        {step === 3 ? (
          <>
            {joined ? <p className={styles.result} data-testid="draw-result">{joined.result}</p> : null}
            {joined ? <p className={styles.receipt} data-testid="draw-receipt">{t('receipt', { receipt: joined.receipt })}</p> : null}
          </>
        ) : null}

        {step === 4 ? <p className={styles.intro} role="alert" data-testid="draw-too-many">{t('files_share_too_many_request')}</p> : null}

        {campaign.data ? (
          <div className={styles.links}>
            <Button variant="link" onClick={() => setConditionsOpen(true)} data-testid="draw-conditions">
              {t('conditions_link')}
            </Button>
            <a href={`/api/draw/campaigns/${encodeURIComponent(campaign.data.id)}/verification`} target="_blank" rel="noreferrer" className={styles.textLink}>
              {t('verify_link')}
            </a>
          </div>
        ) : null}
      </section>
      <Modal open={conditionsOpen} onOpenChange={setConditionsOpen} title={t('conditions_title')} data-testid="draw-conditions-dialog">
        <p className={styles.conditions}>{campaign.data?.conditions}</p>
      </Modal>
    </div>
  );
}
