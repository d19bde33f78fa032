import { useState } from 'react';
import { usePackagesTranslation } from '../use-packages-translation';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { UsageBar } from '@/components/ui/usage-bar';
import { useCancelSubscriptionMutation, useResumeSubscriptionMutation, type Subscription } from '../api';
import { formatDay, formatMoney } from '../money';
import { planName } from './plan-name';
import styles from './packages.module.css';

/** The current plan: status, renewal or end date, grace warning, pending downgrade, cancel or resume, usage bar. */
export function CurrentPlan({ subscription, paymentPath }: { subscription: Subscription; paymentPath: string }) {
  const { t, i18n } = usePackagesTranslation();
  const navigate = useNavigate();
  const language = i18n.language;
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  const [resume, resumeState] = useResumeSubscriptionMutation();
  const pkg = subscription.package;
  const status = pkg ? subscription.status : 'NONE';
  const failure = cancelState.error ?? resumeState.error;

  return (
    <section className={styles.card} aria-labelledby="current-plan-title" data-testid="current-plan">
      <div className={styles.cardHeader}>
        <div>
          <p className={styles.eyebrow}>{t('packages:current_plan')}</p>
          <h2 className={styles.planTitle} id="current-plan-title">
            {pkg ? planName(pkg, t, language) : t('packages:free_plan')}
          </h2>
          {pkg ? (
            <p className={styles.muted}>
              {t(pkg.period === 'YEARLY' ? 'packages:price_per_year' : 'packages:price_per_month', {
                price: formatMoney(pkg.discountedPriceMinor, pkg.currency, language),
              })}
            </p>
          ) : null}
        </div>
        <span className={`${styles.status} ${styles[`status${status}`] ?? ''}`} data-testid="plan-status">
          {t(`packages:status_${status}`)}
        </span>
      </div>

      {status === 'ACTIVE' && subscription.renewsAt ? (
        <p className={styles.planLine}>{t('packages:renews_on', { date: formatDay(subscription.renewsAt, language) })}</p>
      ) : null}
      {status === 'CANCELLED' && subscription.periodEnd ? (
        <p className={styles.planLine}>{t('packages:ends_on', { date: formatDay(subscription.periodEnd, language) })}</p>
      ) : null}
      {status === 'EXPIRED' ? <p className={styles.planLine}>{t('packages:expired_text')}</p> : null}
      {status === 'GRACE' ? (
        <Alert tone="warning" data-testid="grace-warning">
          <strong>{t('packages:grace_title')}</strong> {t('packages:grace_text', { date: formatDay(subscription.graceUntil, language) })}
        </Alert>
      ) : null}
      {subscription.pendingPackage ? (
        <Alert tone="info" data-testid="pending-downgrade">
          {t('packages:pending_downgrade', {
            plan: planName(subscription.pendingPackage, t, language),
            date: formatDay(subscription.renewsAt ?? subscription.periodEnd, language),
          })}
        </Alert>
      ) : null}
      {subscription.accountStatus === 'READ_ONLY' ? (
        <Alert tone="error" data-testid="read-only-warning">
          {t('packages:read_only_text')}
        </Alert>
      ) : null}
      {subscription.familyRole === 'MEMBER' ? <p className={styles.planLine}>{t('packages:family_member_text')}</p> : null}

      <div className={styles.usage}>
        <UsageBar used={subscription.usedBytes} quota={subscription.quotaBytes} />
      </div>

      {failure ? (
        <Alert tone="error" data-testid="plan-action-error">
          {t('packages:action_failed')}
        </Alert>
      ) : null}

      <div className={styles.actions}>
        {status === 'ACTIVE' ? (
          <Button variant="secondary" onClick={() => setConfirmCancel(true)} data-testid="cancel-plan">
            {t('packages:cancel_plan')}
          </Button>
        ) : null}
        {status === 'CANCELLED' ? (
          <Button onClick={() => void resume()} loading={resumeState.isLoading} data-testid="resume-plan">
            {t('packages:resume_plan')}
          </Button>
        ) : null}
        {status === 'GRACE' && pkg ? (
          <Button onClick={() => navigate(`${paymentPath}?packageId=${encodeURIComponent(pkg.id)}`)} data-testid="pay-now">
            {t('packages:pay_now')}
          </Button>
        ) : null}
      </div>

      <ConfirmModal
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t('packages:cancel_title')}
        description={t('packages:cancel_text', { date: formatDay(subscription.periodEnd, language) })}
        confirmLabel={t('packages:cancel_confirm')}
        danger
        loading={cancelState.isLoading}
        onConfirm={() => {
          void cancel()
            .unwrap()
            .then(
              () => setConfirmCancel(false),
              () => setConfirmCancel(false),
            );
        }}
        data-testid="cancel-dialog"
      />
    </section>
  );
}
