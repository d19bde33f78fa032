import { useCallback, useState } from 'react';
import { randomUuid } from '@/lib/uuid';

export interface CaptchaState {
  captchaId: string;
  answer: string;
  setAnswer: (answer: string) => void;
  /** New challenge: new id (so a new image and audio) and an empty answer. */
  reload: () => void;
}

export function useCaptcha(): CaptchaState {
  const [captchaId, setCaptchaId] = useState(randomUuid);
  const [answer, setAnswer] = useState('');
  const reload = useCallback(() => {
    setCaptchaId(randomUuid());
    setAnswer('');
  }, []);
  return { captchaId, answer, setAnswer, reload };
}

/** Captcha headers for calls that accept them. */
export function captchaHeaders(captcha: { captchaId: string; answer: string } | null | undefined): Record<string, string> {
  if (!captcha || !captcha.answer.trim()) return {};
  return { 'X-Captcha-Id': captcha.captchaId, 'X-Captcha-Answer': captcha.answer.trim() };
}
