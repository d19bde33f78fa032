import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './logo.module.css';

interface LogoProps {
  /** Show the "Bulut" wordmark beside the cloud. */
  withWordmark?: boolean;
  size?: number;
  className?: string;
}

/** The Bulut cloud mark (inline SVG, no external asset). */
export function Logo({ withWordmark = true, size = 32, className }: LogoProps) {
  const { t } = useTranslation();
  const gradientId = `logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <span className={[styles.logo, className].filter(Boolean).join(' ')} role="img" aria-label={t('common:brand')}>
      <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#3d97ff" />
            <stop offset="1" stopColor="#0a7cff" />
          </linearGradient>
        </defs>
        <rect width="48" height="48" rx="12" fill={`url(#${gradientId})`} />
        <path d="M15 33h19a7 7 0 0 0 .9-13.9A10 10 0 0 0 16.1 17.5 7.8 7.8 0 0 0 15 33z" fill="#fff" />
        <circle cx="33.5" cy="28.5" r="3" fill="#14c2b0" />
      </svg>
      {withWordmark ? (
        <span className={styles.wordmark} aria-hidden="true">
          {t('common:brand')}
        </span>
      ) : null}
    </span>
  );
}
