import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/state/hooks';
import { LockIcon } from '@/components/ui/icons';
import styles from './account.module.css';

/** Shown while the account status is READ_ONLY. */
export function ReadOnlyBanner() {
  const { t } = useTranslation();
  const isReadOnly = useAppSelector((state) => state.account.isReadOnly);
  if (!isReadOnly) return null;
  return (
    <div className={styles.banner} role="status" data-testid="read-only-banner">
      <LockIcon size={18} />
      <p>{t('account:readonly_banner')}</p>
    </div>
  );
}
