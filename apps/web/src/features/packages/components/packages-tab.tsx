import { useId, useState } from 'react';
import { usePackagesTranslation } from '../use-packages-translation';
import { useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { CheckIcon } from '@/components/ui/icons';
import {
  useDowngradePackageMutation,
  useGetPackagesQuery,
  useGetSubscriptionQuery,
  useQuotePackageMutation,
  type PackagePeriod,
  type StoragePackage,
  type Subscription,
} from '../api';
import { formatBytes } from '@/i18n/format';
import { formatDay, formatMoney } from '../money';
import { CurrentPlan } from './current-plan';
import { planName } from './plan-name';
import styles from './packages.module.css';

type Action = 'CURRENT' | 'BUY' | 'UPGRADE' | 'DOWNGRADE';

/** Statuses in which the account holds a plan (a new purchase is then an upgrade or downgrade of it). */
const HOLDING = new Set(['ACTIVE', 'CANCELLED', 'GRACE']);

/** The button a package gets; the server's quote decides on click (a same-size switch of period, for one). */
function actionFor(pkg: StoragePackage, subscription: Subscription | undefined): Action {
  const current = subscription?.package;
  if (!current || !subscription || !HOLDING.has(subscription.status)) return 'BUY';
  if (current.id === pkg.id) return 'CURRENT';
  // In grace the plan is unpaid: any package is a new purchase (the server quotes PURCHASE).
  if (subscription.status === 'GRACE') return 'BUY';
  if (pkg.storageBytes > current.storageBytes) return 'UPGRADE';
  if (pkg.storageBytes < current.storageBytes) return 'DOWNGRADE';
  return pkg.period === 'YEARLY' && current.period === 'MONTHLY' ? 'UPGRADE' : 'DOWNGRADE';
}

function PeriodToggle({ value, onChange }: { value: PackagePeriod; onChange: (period: PackagePeriod) => void }) {
  const { t } = usePackagesTranslation();
  const name = useId();
  return (
    <fieldset className={styles.toggle} data-testid="period-toggle">
      <legend className="visually-hidden">{t('packages:period_label')}</legend>
      {(['MONTHLY', 'YEARLY'] as const).map((period) => (
        <label key={period} className={styles.toggleOption}>
          <input type="radio" name={name} value={period} checked={value === period} onChange={() => onChange(period)} className={styles.toggleInput} />
          <span>{t(period === 'MONTHLY' ? 'packages:monthly' : 'packages:yearly')}</span>
        </label>
      ))}
    </fieldset>
  );
}

function PackageCard({ pkg, action, onChoose, busy }: { pkg: StoragePackage; action: Action; onChoose: () => void; busy: boolean }) {
  const { t, i18n } = usePackagesTranslation();
  const language = i18n.language;
  const titleId = useId();
  const discounted = pkg.discountRate > 0 && pkg.discountedPriceMinor < pkg.priceMinor;
  const perPeriod = pkg.period === 'YEARLY' ? 'packages:per_year' : 'packages:per_month';
  const labels: Record<Exclude<Action, 'CURRENT'>, string> = {
    BUY: t('packages:buy'),
    UPGRADE: t('packages:upgrade'),
    DOWNGRADE: t('packages:downgrade'),
  };
  return (
    <li className={`${styles.packageCard} ${action === 'CURRENT' ? styles.currentCard : ''}`} aria-labelledby={titleId} data-testid={`package-${pkg.code}`}>
      <div className={styles.badges}>
        {action === 'CURRENT' ? (
          <span className={`${styles.badge} ${styles.badgeCurrent}`}>
            <CheckIcon size={14} aria-hidden="true" /> {t('packages:current_badge')}
          </span>
        ) : null}
        {discounted ? (
          <span className={`${styles.badge} ${styles.badgeDiscount}`} data-testid="discount-badge">
            {t('packages:discount_badge', { rate: pkg.discountRate })}
          </span>
        ) : null}
        {pkg.buyOneGetOne ? <span className={`${styles.badge} ${styles.badgeCampaign}`}>{t('packages:bogo_badge')}</span> : null}
        {pkg.premium ? <span className={`${styles.badge} ${styles.badgePremium}`}>{t('packages:premium_badge')}</span> : null}
        {pkg.family ? (
          <span className={`${styles.badge} ${styles.badgeFamily}`}>{t('packages:family_badge', { count: pkg.familyMemberCount })}</span>
        ) : null}
      </div>
      <h3 className={styles.packageTitle} id={titleId}>
        {planName(pkg, t, language)}
      </h3>
      <p className={styles.price}>
        {discounted ? (
          <>
            <s className={styles.oldPrice}>
              <span className="visually-hidden">{t('packages:old_price')} </span>
              {formatMoney(pkg.priceMinor, pkg.currency, language)}
            </s>{' '}
          </>
        ) : null}
        <span className={styles.amount}>{formatMoney(pkg.discountedPriceMinor, pkg.currency, language)}</span>
        <span className={styles.perPeriod}> {t(perPeriod)}</span>
      </p>
      {pkg.buyOneGetOne ? <p className={styles.note}>{t('packages:bogo_text')}</p> : null}
      {pkg.premium ? <p className={styles.note}>{t('packages:premium_text')}</p> : null}
      {action === 'CURRENT' ? null : (
        <Button
          variant={action === 'DOWNGRADE' ? 'secondary' : 'primary'}
          fullWidth
          onClick={onChoose}
          loading={busy}
          aria-describedby={titleId}
          data-testid={`choose-${pkg.code}`}
        >
          {labels[action]}
        </Button>
      )}
    </li>
  );
}

/** The packages tab (id 2): the current plan and the catalogue with buy, upgrade and downgrade. */
export function PackagesTab({ paymentPath }: { paymentPath: string }) {
  const { t, i18n } = usePackagesTranslation();
  const language = i18n.language;
  const navigate = useNavigate();
  const catalogue = useGetPackagesQuery();
  const subscriptionQuery = useGetSubscriptionQuery();
  const subscription = subscriptionQuery.data;
  const [chosenPeriod, setPeriod] = useState<PackagePeriod | null>(null);
  const period = chosenPeriod ?? subscription?.package?.period ?? 'MONTHLY';
  const [quote, quoteState] = useQuotePackageMutation();
  const [downgrade, downgradeState] = useDowngradePackageMutation();
  const [pending, setPending] = useState<string | null>(null);
  const [downgradeTarget, setDowngradeTarget] = useState<{ pkg: StoragePackage; effectiveAt: string } | null>(null);
  const [downgradeError, setDowngradeError] = useState<string | null>(null);

  if (catalogue.isLoading || subscriptionQuery.isLoading) {
    return (
      <div className={styles.center}>
        <Spinner size={32} />
      </div>
    );
  }
  if (catalogue.isError || subscriptionQuery.isError || !catalogue.data || !subscription) {
    return (
      <Alert tone="error" data-testid="packages-error">
        {t('packages:load_error')}{' '}
        <Button
          variant="link"
          onClick={() => {
            void catalogue.refetch();
            void subscriptionQuery.refetch();
          }}
        >
          {t('packages:retry')}
        </Button>
      </Alert>
    );
  }

  const shown = catalogue.data.packages.filter((pkg) => pkg.period === period);
  const toPayment = (pkg: StoragePackage) => navigate(`${paymentPath}?packageId=${encodeURIComponent(pkg.id)}`);

  const choose = async (pkg: StoragePackage, action: Action) => {
    if (action === 'BUY') {
      toPayment(pkg);
      return;
    }
    setPending(pkg.id);
    try {
      const answer = await quote({ packageId: pkg.id }).unwrap();
      if (answer.action === 'DOWNGRADE') {
        setDowngradeError(null);
        setDowngradeTarget({ pkg, effectiveAt: answer.effectiveAt });
      } else toPayment(pkg);
    } catch {
      // quoteState.error shows it.
    } finally {
      setPending(null);
    }
  };

  const confirmDowngrade = async () => {
    if (!downgradeTarget) return;
    try {
      await downgrade({ packageId: downgradeTarget.pkg.id }).unwrap();
      setDowngradeTarget(null);
    } catch (error) {
      setDowngradeError(apiErrorCode(error) ?? 'UNKNOWN');
    }
  };

  return (
    <div className={styles.sections}>
      <CurrentPlan subscription={subscription} paymentPath={paymentPath} />
      <section className={styles.catalogue} aria-labelledby="catalogue-title">
        <div className={styles.catalogueHeader}>
          <h2 className={styles.sectionTitle} id="catalogue-title">
            {t('packages:catalogue_title')}
          </h2>
          <PeriodToggle value={period} onChange={setPeriod} />
        </div>
        {quoteState.error ? (
          <Alert tone="error" data-testid="quote-error">
            {t('packages:action_failed')}
          </Alert>
        ) : null}
        {shown.length === 0 ? (
          <p className={styles.muted}>{t('packages:catalogue_empty')}</p>
        ) : (
          <ul className={styles.grid} data-testid="package-list">
            {shown.map((pkg) => {
              const action = actionFor(pkg, subscription);
              return <PackageCard key={pkg.id} pkg={pkg} action={action} busy={pending === pkg.id} onChoose={() => void choose(pkg, action)} />;
            })}
          </ul>
        )}
      </section>

      <Modal
        open={downgradeTarget !== null}
        onOpenChange={(open) => {
          if (!open) setDowngradeTarget(null);
        }}
        title={t('packages:downgrade_title')}
        description={
          downgradeTarget
            ? t('packages:downgrade_text', { plan: planName(downgradeTarget.pkg, t, language), date: formatDay(downgradeTarget.effectiveAt, language) })
            : undefined
        }
        data-testid="downgrade-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDowngradeTarget(null)} disabled={downgradeState.isLoading}>
              {t('packages:keep_plan')}
            </Button>
            <Button onClick={() => void confirmDowngrade()} loading={downgradeState.isLoading} data-testid="downgrade-confirm">
              {t('packages:downgrade_confirm')}
            </Button>
          </>
        }
      >
        {downgradeError ? (
          <Alert tone="error" data-testid="downgrade-error">
            {downgradeError === 'USAGE_EXCEEDS_QUOTA'
              ? t('packages:usage_exceeds_quota', {
                  used: formatBytes(subscription.usedBytes, language),
                  size: downgradeTarget ? formatBytes(downgradeTarget.pkg.storageBytes, language) : '',
                })
              : downgradeError === 'NO_ACTIVE_SUBSCRIPTION'
                ? t('packages:resume_first')
                : t('packages:action_failed')}
          </Alert>
        ) : null}
      </Modal>
    </div>
  );
}
