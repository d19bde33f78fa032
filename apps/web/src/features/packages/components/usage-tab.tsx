import { usePackagesTranslation } from '../use-packages-translation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { UsageBar } from '@/components/ui/usage-bar';
import { FamilyEntry } from '@/features/family/family.public';
import { InvoicesPanel } from '@/features/invoices/invoices.public';
import { formatBytes } from '@/i18n/format';
import { useGetSubscriptionQuery } from '../api';
import { planName } from './plan-name';
import styles from './packages.module.css';

/** The usage tab (id 1): used of quota (rounded, capped at 100), the family entry and the invoices. */
export function UsageTab() {
  const { t, i18n } = usePackagesTranslation();
  const language = i18n.language;
  const query = useGetSubscriptionQuery();
  const subscription = query.data;

  if (query.isLoading) {
    return (
      <div className={styles.center}>
        <Spinner size={32} />
      </div>
    );
  }
  if (query.isError || !subscription) {
    return (
      <Alert tone="error" data-testid="usage-error">
        {t('packages:load_error')}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          {t('packages:retry')}
        </Button>
      </Alert>
    );
  }
  const free = Math.max(0, subscription.quotaBytes - subscription.usedBytes);
  return (
    <div className={styles.sections}>
      <section className={styles.card} aria-labelledby="usage-title" data-testid="usage-summary">
        <h2 className={styles.sectionTitle} id="usage-title">
          {t('packages:usage_title')}
        </h2>
        <p className={styles.muted}>
          {subscription.package ? planName(subscription.package, t, language) : t('packages:free_plan')}
        </p>
        <div className={styles.usage}>
          <UsageBar used={subscription.usedBytes} quota={subscription.quotaBytes} />
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('packages:used')}</dt>
            <dd data-testid="usage-used">{formatBytes(subscription.usedBytes, language)}</dd>
          </div>
          <div>
            <dt>{t('packages:free_space')}</dt>
            <dd>{formatBytes(free, language)}</dd>
          </div>
          <div>
            <dt>{t('packages:quota')}</dt>
            <dd data-testid="usage-quota">{formatBytes(subscription.quotaBytes, language)}</dd>
          </div>
          <div>
            <dt>{t('packages:usage_percent')}</dt>
            <dd data-testid="usage-percent">{t('common:usage_percent', { percent: Math.min(100, Math.round(subscription.usagePercent)) })}</dd>
          </div>
        </dl>
        {subscription.accountStatus === 'READ_ONLY' ? (
          <Alert tone="error" data-testid="read-only-warning">
            {t('packages:read_only_text')}
          </Alert>
        ) : null}
      </section>
      <FamilyEntry />
      <InvoicesPanel />
    </div>
  );
}
