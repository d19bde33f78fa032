import { useTranslation } from 'react-i18next';
import { FULL_STORAGE_THRESHOLD_PERCENT } from '@/config/constants';
import { formatBytes, usagePercent } from '@/i18n/format';
import styles from './usage-bar.module.css';

export interface UsageBarProps {
  used: number;
  quota: number;
}

/** Storage usage: "used / quota" with a bar; percent = round(used / quota * 100), capped at 100. */
export function UsageBar({ used, quota }: UsageBarProps) {
  const { t, i18n } = useTranslation();
  const percent = usagePercent(used, quota);
  const usedText = formatBytes(used, i18n.language);
  const quotaText = formatBytes(quota, i18n.language);
  const tone = percent > FULL_STORAGE_THRESHOLD_PERCENT ? styles.high : percent > 60 ? styles.medium : styles.low;
  return (
    <div className={styles.usage}>
      <div className={styles.row}>
        <span className={styles.label}>{t('common:storage')}</span>
        <span className={styles.percent}>{t('common:usage_percent', { percent })}</span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('common:storage')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('common:usage_of', { used: usedText, total: quotaText })}
        data-testid="usage-bar"
      >
        <span className={styles.text}>{t('common:usage_fraction', { used: usedText, total: quotaText })}</span>
        <span className={styles.track} aria-hidden="true">
          <span className={`${styles.fill} ${tone}`} style={{ inlineSize: `${percent}%` }} />
        </span>
      </div>
    </div>
  );
}
