import type { Executor } from '../../infra/db/executor.js';
import { hours } from '../../shared/time.js';
import type { PaymentProvider, ProviderLedger } from './payment.provider.js';
import * as repo from './payment.repository.js';

/** The business day is Türkiye's (UTC+3 all year since 2016), like the dates on invoices. */
export const BUSINESS_DAY_OFFSET_MS = hours(3);
/** A charge or refund recorded on one side just before midnight and on the other just after is still matched. */
const MATCH_MARGIN_MS = hours(2);

export type ReconciliationDifferenceKind =
  | 'MISSING_AT_PROVIDER'
  | 'MISSING_IN_OURS'
  | 'STATUS_MISMATCH'
  | 'AMOUNT_MISMATCH'
  | 'REFUNDED_MISMATCH'
  | 'REFUND_MISSING_AT_PROVIDER'
  | 'REFUND_MISSING_IN_OURS'
  | 'REFUND_AMOUNT_MISMATCH';

export interface ReconciliationDifference {
  kind: ReconciliationDifferenceKind;
  paymentId: string | null;
  refundId: string | null;
  providerRef: string | null;
  oursMinor: number | null;
  providerMinor: number | null;
  oursStatus: string | null;
  providerStatus: string | null;
}

export interface LedgerTotals {
  capturedCount: number;
  capturedMinor: number;
  refundedCount: number;
  refundedMinor: number;
}

export interface ReconciliationDay {
  date: string;
  from: number;
  to: number;
  ours: LedgerTotals;
  provider: LedgerTotals;
  differences: ReconciliationDifference[];
}

/** [from, to) of a YYYY-MM-DD business day. */
export function businessDay(date: string): { from: number; to: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const from = Date.UTC(y, m - 1, d) - BUSINESS_DAY_OFFSET_MS;
  return { from, to: Date.UTC(y, m - 1, d + 1) - BUSINESS_DAY_OFFSET_MS };
}

const diff = (d: Partial<ReconciliationDifference> & Pick<ReconciliationDifference, 'kind'>): ReconciliationDifference => ({
  paymentId: null,
  refundId: null,
  providerRef: null,
  oursMinor: null,
  providerMinor: null,
  oursStatus: null,
  providerStatus: null,
  ...d,
});

/**
 * Our ledger against the provider's for one business day: captures by their capture time and refunds by their completion
 * time on our side, the provider's report on its side; each entry is matched by our payment id (the provider's merchant
 * reference) or our refund id (the refund's idempotency key at the provider), also across midnight.
 */
export async function reconcileDay(db: Executor, provider: PaymentProvider, date: string): Promise<ReconciliationDay> {
  const { from, to } = businessDay(date);
  const inDay = (at: number) => at >= from && at < to;
  const [captured, refunds, report] = await Promise.all([
    repo.capturedBetween(db, from, to),
    repo.refundsDoneBetween(db, from, to),
    provider.ledger(from - MATCH_MARGIN_MS, to + MATCH_MARGIN_MS),
  ]);
  const charges = new Map(report.charges.map((c) => [c.merchantRef, c]));
  const providerRefunds = new Map(report.refunds.map((r) => [r.idempotencyKey, r]));
  const differences: ReconciliationDifference[] = [];

  const seen = new Set<string>();
  for (const p of captured) {
    seen.add(p.id);
    let charge: Pick<ProviderLedger['charges'][number], 'status' | 'amountMinor' | 'refundedMinor' | 'providerRef'> | undefined = charges.get(p.id);
    if (!charge) {
      const found = await provider.lookup(p.id);
      if (found.found) charge = found;
    }
    const base = { paymentId: p.id, providerRef: p.provider_ref, oursMinor: Number(p.amount_minor), oursStatus: p.status };
    if (!charge) differences.push(diff({ kind: 'MISSING_AT_PROVIDER', ...base }));
    else if (charge.status !== 'CAPTURED') differences.push(diff({ kind: 'STATUS_MISMATCH', ...base, providerMinor: charge.amountMinor, providerStatus: charge.status }));
    else if (charge.amountMinor !== Number(p.amount_minor)) differences.push(diff({ kind: 'AMOUNT_MISMATCH', ...base, providerMinor: charge.amountMinor, providerStatus: charge.status }));
    else if (charge.refundedMinor !== Number(p.refunded_minor)) {
      differences.push(diff({ kind: 'REFUNDED_MISMATCH', ...base, oursMinor: Number(p.refunded_minor), providerMinor: charge.refundedMinor, providerStatus: charge.status }));
    }
  }
  const providerCaptured = report.charges.filter((c) => c.status === 'CAPTURED' && inDay(c.at));
  for (const c of providerCaptured) {
    if (seen.has(c.merchantRef)) continue;
    const ours = await repo.getPayment(db, c.merchantRef);
    const base = { paymentId: ours?.id ?? null, providerRef: c.providerRef, providerMinor: c.amountMinor, providerStatus: c.status };
    if (!ours) differences.push(diff({ kind: 'MISSING_IN_OURS', ...base }));
    else if (!repo.isCaptured(ours.status)) differences.push(diff({ kind: 'STATUS_MISMATCH', ...base, oursMinor: Number(ours.amount_minor), oursStatus: ours.status }));
    else if (Number(ours.amount_minor) !== c.amountMinor) differences.push(diff({ kind: 'AMOUNT_MISMATCH', ...base, oursMinor: Number(ours.amount_minor), oursStatus: ours.status }));
  }

  const seenRefunds = new Set<string>();
  for (const r of refunds) {
    seenRefunds.add(r.id);
    const at = providerRefunds.get(r.id);
    const base = { paymentId: r.payment_id, refundId: r.id, providerRef: r.provider_ref, oursMinor: Number(r.amount_minor), oursStatus: r.status };
    if (!at) differences.push(diff({ kind: 'REFUND_MISSING_AT_PROVIDER', ...base }));
    else if (at.amountMinor !== Number(r.amount_minor)) differences.push(diff({ kind: 'REFUND_AMOUNT_MISMATCH', ...base, providerMinor: at.amountMinor }));
  }
  const providerRefundsInDay = report.refunds.filter((r) => inDay(r.at));
  for (const r of providerRefundsInDay) {
    if (seenRefunds.has(r.idempotencyKey)) continue;
    const ours = await repo.getRefund(db, r.idempotencyKey);
    const base = { refundId: ours?.id ?? null, paymentId: ours?.payment_id ?? null, providerRef: r.refundRef, providerMinor: r.amountMinor };
    if (!ours || ours.status !== 'DONE') differences.push(diff({ kind: 'REFUND_MISSING_IN_OURS', ...base, oursStatus: ours?.status ?? null, oursMinor: ours ? Number(ours.amount_minor) : null }));
    else if (Number(ours.amount_minor) !== r.amountMinor) differences.push(diff({ kind: 'REFUND_AMOUNT_MISMATCH', ...base, oursMinor: Number(ours.amount_minor) }));
  }

  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    date,
    from,
    to,
    ours: {
      capturedCount: captured.length,
      capturedMinor: sum(captured.map((p) => Number(p.amount_minor))),
      refundedCount: refunds.length,
      refundedMinor: sum(refunds.map((r) => Number(r.amount_minor))),
    },
    provider: {
      capturedCount: providerCaptured.length,
      capturedMinor: sum(providerCaptured.map((c) => c.amountMinor)),
      refundedCount: providerRefundsInDay.length,
      refundedMinor: sum(providerRefundsInDay.map((r) => r.amountMinor)),
    },
    differences,
  };
}
