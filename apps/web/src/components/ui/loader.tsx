import { useTranslation } from 'react-i18next';
import styles from './loader.module.css';

/** Inline spinner. */
export function Spinner({ size = 24, label }: { size?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.spinnerWrap} role="status">
      <span className={styles.spinner} style={{ inlineSize: size, blockSize: size }} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common:loading')}</span>
    </span>
  );
}

/** Full-viewport spinner shown while the app or a screen loads. */
export function Loader() {
  return (
    <div className={styles.fullscreen} data-testid="loader">
      <Spinner size={40} />
    </div>
  );
}
