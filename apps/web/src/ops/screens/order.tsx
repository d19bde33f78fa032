import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { randomUuid } from '@/lib/uuid';
import { TextField } from '@/components/ui/field';
import { useOpsGetOrderQuery, useOpsRefundOrderMutation } from '../api/endpoints';
import { opsPaths } from '../api/session';
import type { OrderDetail } from '../api/types';
import { money, when } from '../components/format';
import { Facts, Page, Panel, StatusPill } from '../components/page';
import { QueryState } from '../components/query-state';
import { ReasonDialog } from '../components/reason-dialog';
import { SimpleTable } from '../components/simple-table';
import { subscriberStatusTone } from '../components/status';
import { usePermission } from '../components/use-permission';
import styles from '../components/page.module.css';

/** What can still be refunded, as the server computes it. */
export function refundable(detail: OrderDetail): number {
  return Math.max(0, detail.refundableMinor);
}

/** The plan's name in the reader's language (English, then the code, when it has none). */
export function planName(names: Record<string, string> | undefined, code: string | null | undefined, language: string): string {
  return names?.[language.split('-')[0] ?? language] || names?.en || code || '—';
}

/** /ops/orders/:id — the order, its payment, refunds and invoices; a full or partial refund with a reason. */
export function OrderScreen() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const order = useOpsGetOrderQuery(id);
  const canRefund = usePermission('ops.order.refund');
  const [open, setOpen] = useState(false);
  const d = order.data;
  const o = d?.order;
  const left = d ? refundable(d) : 0;
  return (
    <Page
      title={o ? t('ops:order_title', { number: o.id }) : t('ops:order')}
      testId="ops-order"
      actions={
        <>
          <Link to={opsPaths.orders}>{t('ops:back_to_search')}</Link>
          {d && canRefund && left > 0 ? (
            <Button variant="danger" onClick={() => setOpen(true)}>
              {t('ops:action_refund')}
            </Button>
          ) : null}
        </>
      }
    >
      <QueryState isLoading={order.isLoading} error={order.error} onRetry={() => void order.refetch()}>
        {d && o ? (
          <>
            <Panel title={t('ops:overview')}>
              <Facts
                items={[
                  [t('ops:status'), <StatusPill key="s" tone={subscriberStatusTone(o.status)}>{o.status}</StatusPill>],
                  [t('ops:amount'), money(o.amountMinor, o.currency)],
                  [t('ops:refundable'), money(left, o.currency)],
                  [t('ops:plan'), planName(d.package?.planNames, d.package?.code, i18n.language)],
                  [
                    t('ops:subscriber'),
                    <Link key="a" to={opsPaths.subscriber(o.accountId)}>
                      {d.subscriber?.email || d.subscriber?.phone || o.accountId}
                    </Link>,
                  ],
                  [t('ops:card'), d.payment?.cardMask ? <span key="c" dir="ltr">{d.payment.cardMask}</span> : '—'],
                  [t('ops:created_at'), when(o.createdAt)],
                ]}
              />
            </Panel>
            <Panel title={t('ops:payments')}>
              <SimpleTable
                label={t('ops:payments')}
                headers={[t('ops:when'), t('ops:amount'), t('ops:status'), t('ops:reference')]}
                numeric={[false, true, false, false]}
                rows={(d.payment ? [d.payment] : []).map((p) => [
                  when(p.capturedAt ?? p.createdAt),
                  money(p.amountMinor, p.currency),
                  p.status,
                  <span key="r" className={styles.code}>{p.id}</span>,
                ])}
                empty={t('ops:none')}
              />
            </Panel>
            <Panel title={t('ops:refunds')}>
              <SimpleTable
                label={t('ops:refunds')}
                headers={[t('ops:when'), t('ops:amount'), t('ops:status'), t('ops:reason_label')]}
                numeric={[false, true, false, false]}
                rows={d.refunds.map((r) => [when(r.completedAt ?? r.createdAt), money(r.amountMinor, o.currency), r.status, r.reason])}
                empty={t('ops:no_refunds')}
              />
            </Panel>
            {d.invoices.length ? (
              <Panel title={t('ops:invoices')}>
                <SimpleTable
                  label={t('ops:invoices')}
                  headers={[t('ops:invoice'), t('ops:type'), t('ops:amount'), t('ops:when')]}
                  numeric={[false, false, true, false]}
                  rows={d.invoices.map((i) => [<span key="n" className={styles.code}>{i.number}</span>, i.kind, money(i.totalMinor, i.currency), when(i.issuedAt)])}
                  empty={t('ops:none')}
                />
              </Panel>
            ) : null}
            {open ? <RefundDialog detail={d} left={left} onClose={() => setOpen(false)} /> : null}
          </>
        ) : null}
      </QueryState>
    </Page>
  );
}

/** Parses an amount typed in major units ("12,50" or "12.50") into minor units; NaN when it is not one. */
export function toMinor(text: string): number {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return Number.NaN;
  return Math.round(Number(normalised) * 100);
}

export function RefundDialog({ detail, left, onClose }: { detail: OrderDetail; left: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [refund] = useOpsRefundOrderMutation();
  const order = detail.order;
  // One key per dialog: a retried confirm (a lost response) does not refund twice.
  const [idempotencyKey] = useState(randomUuid);
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const partialMinor = toMinor(amount);
  const amountMinor = mode === 'full' ? left : partialMinor;
  const valid = Number.isFinite(amountMinor) && amountMinor > 0 && amountMinor <= left;
  return (
    <ReasonDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('ops:refund_title', { number: order.id })}
      description={t('ops:refund_text', { amount: money(left, order.currency) })}
      confirmLabel={valid ? t('ops:refund_confirm', { amount: money(amountMinor, order.currency) }) : t('ops:action_refund')}
      danger
      valid={valid}
      testId="ops-refund-dialog"
      onConfirm={(reason) => refund({ id: order.id, amountMinor, reason, idempotencyKey }).unwrap()}
    >
      <fieldset className={`${styles.form} ${styles.fieldset}`}>
        <legend className={styles.fieldLabel}>{t('ops:refund_kind')}</legend>
        <label className={styles.row}>
          <input type="radio" name="refund-kind" className={styles.fixed} checked={mode === 'full'} onChange={() => setMode('full')} />
          <span>{t('ops:refund_full', { amount: money(left, order.currency) })}</span>
        </label>
        <label className={styles.row}>
          <input type="radio" name="refund-kind" className={styles.fixed} checked={mode === 'partial'} onChange={() => setMode('partial')} />
          <span>{t('ops:refund_partial')}</span>
        </label>
      </fieldset>
      {mode === 'partial' ? (
        <TextField
          label={t('ops:price_in', { currency: order.currency })}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={amount && !valid ? t('ops:refund_amount_invalid', { max: money(left, order.currency) }) : undefined}
          dir="ltr"
        />
      ) : null}
    </ReasonDialog>
  );
}
