import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import errorImage from '@/assets/captcha-error.svg';
import { isSafeUrl } from '@/lib/safe-url';
import { Button } from '../ui/button';
import { RefreshIcon, VolumeIcon } from '../ui/icons-base';
import styles from './captcha-box.module.css';

export const CAPTCHA_BASE_PATH = '/api/captcha';

export interface CaptchaBoxProps {
  captchaId: string;
  answer: string;
  onAnswerChange: (answer: string) => void;
  onReload: () => void;
  /** Error text shown under the answer field (already translated). */
  error?: string;
  /** Too-many-requests state: an error image and captcha_too_many_request instead of the challenge. */
  tooManyRequests?: boolean;
  disabled?: boolean;
}

/** Captcha: image and audio variants, answer field, reload on click. */
export function CaptchaBox({ captchaId, answer, onAnswerChange, onReload, error, tooManyRequests, disabled }: CaptchaBoxProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const inputId = useId();
  const imageSrc = `${CAPTCHA_BASE_PATH}/IMAGE/${encodeURIComponent(captchaId)}`;
  const audioSrc = `${CAPTCHA_BASE_PATH}/AUDIO/${encodeURIComponent(captchaId)}`;

  if (tooManyRequests) {
    return (
      <div className={styles.box} data-testid="captcha-box">
        <div className={styles.blocked} role="alert">
          <img src={errorImage} alt="" className={styles.blockedImage} width={160} height={96} />
          <p>{t('common:captcha_too_many_request')}</p>
        </div>
      </div>
    );
  }

  const playAudio = () => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = 0;
    element.play().catch(() => undefined);
  };

  return (
    <div className={styles.box} data-testid="captcha-box">
      <p className={styles.title}>{t('common:captcha_title')}</p>
      <div className={styles.challenge}>
        {isSafeUrl(imageSrc) ? (
          <button type="button" className={styles.imageButton} onClick={onReload} disabled={disabled} title={t('common:captcha_reload')}>
            <img
              key={captchaId}
              src={imageSrc}
              alt={t('common:captcha_image_alt')}
              className={styles.image}
              data-testid="captcha-image"
              width={260}
              height={64}
            />
          </button>
        ) : null}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            iconOnly
            onClick={onReload}
            disabled={disabled}
            aria-label={t('common:captcha_reload')}
            data-testid="captcha-reload"
          >
            <RefreshIcon size={18} />
          </Button>
          <Button
            variant="secondary"
            size="sm"
            iconOnly
            onClick={playAudio}
            disabled={disabled}
            aria-label={t('common:captcha_listen')}
            data-testid="captcha-audio"
          >
            <VolumeIcon size={18} />
          </Button>
          {isSafeUrl(audioSrc) ? <audio ref={audio} key={captchaId} src={audioSrc} preload="none" /> : null}
        </div>
      </div>
      <label htmlFor={inputId} className="visually-hidden">
        {t('common:captcha_label')}
      </label>
      <input
        id={inputId}
        className={styles.answer}
        value={answer}
        onChange={(event) => onAnswerChange(event.target.value)}
        placeholder={t('common:captcha_placeholder')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        data-testid="captcha-answer"
      />
      {error ? (
        <p id={`${inputId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
