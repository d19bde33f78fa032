import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, isNetworkError } from '@/api/errors';
import { useCaptcha } from '@/components/captcha/use-captcha';
import { fetchCaptchaRequired, type CaptchaChannel } from '../sign-in';

/** Whether the server asks this client for a captcha on `channel`, asked on mount and again after each `recheck()`. */
function useCaptchaRequired(channel: CaptchaChannel) {
  const [required, setRequired] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    void fetchCaptchaRequired(channel, controller.signal).then((value) => {
      if (!controller.signal.aborted) setRequired(value);
    });
    return () => controller.abort();
  }, [channel, round]);
  return { required, recheck: () => setRound((n) => n + 1) };
}

/**
 * A form guarded by a captcha (shown when the server requires it or asked for it after a failure): its field
 * errors, its form-level error and the handling of failed submits that login and signup share.
 */
export function useCaptchaForm<Errors extends { captcha?: string }>(channel: CaptchaChannel) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({} as Errors);
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaForced, setCaptchaForced] = useState(false);
  const [captchaBlocked, setCaptchaBlocked] = useState(false);
  const captcha = useCaptcha();
  const captchaRequired = useCaptchaRequired(channel);
  const showCaptcha = captchaRequired.required || captchaForced;

  /** Shows the errors found before sending; true when there are none. */
  const startSubmit = (found: Errors): boolean => {
    setErrors(found);
    setFormError(null);
    return Object.keys(found).length === 0;
  };

  /** The captcha part of a request: the challenge and its answer while the captcha shows. */
  const captchaPayload = () => (showCaptcha ? { captchaId: captcha.captchaId, answer: captcha.answer } : null);

  /** A failed submit: `handle` takes the form's own error codes (returning true), the rest is shared. */
  const handleSubmitError = (error: unknown, handle?: (code: string | undefined) => boolean) => {
    // A captcha answer is single use: any failed attempt needs a fresh challenge.
    if (showCaptcha) captcha.reload();
    // A failed attempt may switch the captcha on for this client: ask again.
    if (!isNetworkError(error)) captchaRequired.recheck();
    const code = apiErrorCode(error);
    if (handle?.(code)) return;
    switch (code) {
      case 'CAPTCHA_REQUIRED':
        setCaptchaForced(true);
        captcha.reload();
        setErrors({ captcha: t('auth:error_captcha_required') } as Errors);
        break;
      case 'INVALID_CAPTCHA':
        setCaptchaForced(true);
        captcha.reload();
        setErrors({ captcha: t('common:captcha_invalid') } as Errors);
        break;
      case 'TOO_MANY_REQUESTS':
        if (showCaptcha) setCaptchaBlocked(true);
        else setFormError(t('auth:error_too_many_requests'));
        break;
      case 'FETCH_ERROR':
      case 'TIMEOUT_ERROR':
        setFormError(t('common:network_error'));
        break;
      default:
        setFormError(t('common:generic_error'));
    }
  };

  /** The CaptchaBox props owned here (the form adds onAnswerChange and disabled). */
  const captchaBoxProps = {
    captchaId: captcha.captchaId,
    answer: captcha.answer,
    onReload: captcha.reload,
    error: errors.captcha,
    tooManyRequests: captchaBlocked,
  };

  return {
    errors,
    setErrors,
    formError,
    setFormError,
    setCaptchaBlocked,
    captcha,
    showCaptcha,
    startSubmit,
    captchaPayload,
    handleSubmitError,
    captchaBoxProps,
  };
}
