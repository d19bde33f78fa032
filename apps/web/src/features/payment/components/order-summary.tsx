import { formatBytes } from '@/i18n/format';
import type { CatalogPackage, Quote } from '../api';
import { formatMoney } from '../money';
import { usePaymentTranslation } from '../use-payment-translation';
import styles from './payment.module.css';

/** What is being bought and what it costs: the price, the credit of the current plan for an upgrade, the total. */
export function OrderSummary({ pack, quote }: { pack: CatalogPackage; quote: Quote | undefined }) {
  const { t, i18n } = usePaymentTranslation();
  const money = (minor: number, currency = pack.currency) => formatMoney(minor, currency, i18n.language);
  const price = pack.discountRate > 0 ? pack.discountedPriceMinor : pack.priceMinor;
  return (
    <section className={styles.summary} aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className={styles.sectionTitle}>
        {t('payment:summary_title')}
      </h2>
      <dl className={styles.summaryList}>
        <div>
          <dt>{t('payment:summary_package')}</dt>
          <dd>
            {t(pack.family ? 'payment:package_family' : 'payment:package_storage', { size: formatBytes(pack.storageBytes, i18n.language) })}
          </dd>
        </div>
        <div>
          <dt>{t('payment:summary_period')}</dt>
          <dd>{t(pack.period === 'YEARLY' ? 'payment:period_YEARLY' : 'payment:period_MONTHLY')}</dd>
        </div>
        <div>
          <dt>{t('payment:summary_price')}</dt>
          <dd>
            {pack.discountRate > 0 ? <s className={styles.muted}>{money(pack.priceMinor)}</s> : null} {money(price)}
          </dd>
        </div>
        {quote && quote.creditMinor > 0 ? (
          <div>
            <dt>{t('payment:summary_credit')}</dt>
            <dd>−{money(quote.creditMinor, quote.currency)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>{t('payment:summary_total')}</dt>
          <dd data-testid="payment-total">{quote ? money(quote.amountMinor, quote.currency) : '…'}</dd>
        </div>
      </dl>
      {quote?.action === 'UPGRADE' ? <p className={styles.note}>{t('payment:upgrade_note')}</p> : null}
      {pack.buyOneGetOne && quote?.action === 'PURCHASE' ? <p className={styles.note}>{t('payment:buy_one_get_one_note')}</p> : null}
      <p className={styles.note}>{t('payment:vat_note')}</p>
    </section>
  );
}
