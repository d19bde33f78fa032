import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/ui/field';
import { useOpsReconciliationQuery } from '../api/endpoints';
import { opsPaths } from '../api/session';
import type { LedgerTotals } from '../api/types';
import { count, money, today } from '../components/format';
import { Facts, Page, Panel, StatusPill } from '../components/page';
import { QueryState } from '../components/query-state';
import { SimpleTable } from '../components/simple-table';
import styles from '../components/page.module.css';

/** /ops/reconciliation — one day: the provider's ledger against ours, and every difference. */
/** The sandbox provider and our ledger both settle in lira; the report carries amounts only. */
const CURRENCY = 'TRY';

/** Captured total and count, then refunded total and count, of one side of the ledger. */
function side(totals: LedgerTotals): string {
  return `${money(totals.capturedMinor, CURRENCY)} · ${count(totals.capturedCount)} / −${money(totals.refundedMinor, CURRENCY)} · ${count(totals.refundedCount)}`;
}

export function ReconciliationScreen() {
  const { t } = useTranslation();
  const [date, setDate] = useState(today);
  const report = useOpsReconciliationQuery(date, { skip: !/^\d{4}-\d{2}-\d{2}$/.test(date) });
  const r = report.data;
  return (
    <Page title={t('ops:menu_reconciliation')} actions={<Link to={opsPaths.orders}>{t('ops:menu_orders')}</Link>}>
      <div className={styles.row}>
        <TextField label={t('ops:day')} type="date" value={date} max={today()} onChange={(e) => setDate(e.target.value)} />
      </div>
      <QueryState isLoading={report.isFetching && !r} error={report.error} onRetry={() => void report.refetch()}>
        {r ? (
          <>
            <Panel title={t('ops:totals')}>
              <Facts
                items={[
                  [t('ops:ours'), side(r.ours)],
                  [t('ops:provider'), side(r.provider)],
                  [
                    t('ops:result'),
                    r.differences.length === 0 ? (
                      <StatusPill key="ok" tone="ok">{t('ops:reconciled')}</StatusPill>
                    ) : (
                      <StatusPill key="bad" tone="bad">{t('ops:differences_count', { n: count(r.differences.length) })}</StatusPill>
                    ),
                  ],
                ]}
              />
            </Panel>
            <Panel title={t('ops:differences')}>
              <SimpleTable
                label={t('ops:differences')}
                headers={[t('ops:reference'), t('ops:ours'), t('ops:provider'), t('ops:difference')]}
                numeric={[false, true, true, false]}
                rows={r.differences.map((d) => [
                  <span key="r" className={styles.code}>{d.providerRef ?? d.refundId ?? d.paymentId ?? '—'}</span>,
                  d.oursMinor === null ? '—' : money(d.oursMinor, CURRENCY),
                  d.providerMinor === null ? '—' : money(d.providerMinor, CURRENCY),
                  [d.kind, d.oursStatus, d.providerStatus].filter(Boolean).join(' · '),
                ])}
                empty={t('ops:no_differences')}
              />
            </Panel>
          </>
        ) : null}
      </QueryState>
    </Page>
  );
}
