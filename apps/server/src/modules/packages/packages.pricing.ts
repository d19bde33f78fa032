import { randomUUID } from 'node:crypto';
import { PACKAGE_ORDER_PURPOSE, type OffSessionChargeInput } from './packages.payments.js';
import type { Package, PackageOrder, PackagePeriod, Subscription } from './packages.table.js';

export interface Offer {
  pkg: Package;
  discountRate: number;
  /** What one period costs now (the discount applies to yearly packages). */
  priceMinor: number;
  buyOneGetOne: boolean;
}

export interface Quote {
  action: 'PURCHASE' | 'UPGRADE' | 'DOWNGRADE';
  amountMinor: number;
  currency: string;
  creditMinor: number;
  effectiveAt: number;
}

/** What the operator's remote config makes of the packages: which types show, the yearly discount, buy one get one. */
export interface Campaign {
  types: Set<string>;
  discountRate: number;
  buyOneGetOne: boolean;
}

/** `start` plus `n` calendar periods in UTC; the day of month is clamped (31 January + 1 month = 28/29 February). */
export function addPeriods(start: number, period: PackagePeriod, n: number): number {
  const d = new Date(start);
  const months = d.getUTCMonth() + n * (period === 'YEARLY' ? 12 : 1);
  const year = d.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  d.setUTCFullYear(year, month, Math.min(d.getUTCDate(), lastDay));
  return d.getTime();
}

/** Credit for the unused part of the current period: its price times the fraction of time left, to the kuruş. */
export function prorationCredit(sub: Pick<Subscription, 'period_start' | 'period_end' | 'period_price_minor'>, at: number): number {
  const total = sub.period_end - sub.period_start;
  if (total <= 0) return 0;
  const left = Math.min(Math.max(sub.period_end - at, 0), total);
  return Math.round((sub.period_price_minor * left) / total);
}

const PERIOD_RANK: Record<PackagePeriod, number> = { MONTHLY: 0, YEARLY: 1 };

/** Upgrade: more storage (never to a shorter period), or the same storage for a longer period. Anything else waits. */
export function isUpgrade(from: Package, to: Package): boolean {
  if (PERIOD_RANK[to.period] < PERIOD_RANK[from.period]) return false;
  if (to.storage_bytes > from.storage_bytes) return true;
  return to.storage_bytes === from.storage_bytes && PERIOD_RANK[to.period] > PERIOD_RANK[from.period];
}

export const packageLabel = (p: Pick<Package, 'storage_bytes' | 'family'>): string => {
  const tib = p.storage_bytes / 1024 ** 4;
  const size = tib >= 1 && Number.isInteger(tib) ? `${tib} TB` : `${Math.round(p.storage_bytes / 1024 ** 3)} GB`;
  return p.family === 1 ? `${size} Family` : size;
};

export async function readCampaign(setting: (name: string) => Promise<string | null>): Promise<Campaign> {
  const [types, rate, bogo] = await Promise.all([setting('package_types'), setting('packages_discount_rate'), setting('buyonegetonecampaign')]);
  const parsedRate = Number.parseInt(rate ?? '0', 10);
  return {
    types: new Set((types ?? 'STORAGE,FAMILY').split(',').map((s) => s.trim().toUpperCase()).filter(Boolean)),
    discountRate: Number.isFinite(parsedRate) ? Math.min(Math.max(parsedRate, 0), 100) : 0,
    buyOneGetOne: (bogo ?? '').trim().toLowerCase() === 'true',
  };
}

export function offerOf(pkg: Package, c: { discountRate: number; buyOneGetOne: boolean }): Offer {
  const discountRate = pkg.period === 'YEARLY' ? c.discountRate : 0;
  return {
    pkg,
    discountRate,
    priceMinor: Math.round((pkg.price_minor * (100 - discountRate)) / 100),
    buyOneGetOne: c.buyOneGetOne,
  };
}

/** The payment's description on the statement and the invoice. */
export function orderDescription(pkg: Package, order: Pick<PackageOrder, 'kind' | 'periods'>): string {
  const period = pkg.period === 'YEARLY' ? 'yearly' : 'monthly';
  const what = order.kind === 'RENEWAL' ? 'renewal' : order.kind === 'UPGRADE' ? 'upgrade' : order.periods > 1 ? `${order.periods} periods` : 'purchase';
  return `Bulut ${packageLabel(pkg)} ${period} package (${what})`;
}

/** A new PENDING order (checkout or renewal) as it is inserted, before any payment. */
export function newOrder(
  o: Pick<PackageOrder, 'account_id' | 'package_id' | 'kind' | 'amount_minor' | 'credit_minor' | 'currency' | 'periods' | 'idempotency_key' | 'created_at'>,
): PackageOrder {
  return {
    id: randomUUID(),
    account_id: o.account_id,
    package_id: o.package_id,
    kind: o.kind,
    amount_minor: o.amount_minor,
    credit_minor: o.credit_minor,
    currency: o.currency,
    periods: o.periods,
    payment_id: null,
    action_url: null,
    paycell_trxn_id: null,
    status: 'PENDING',
    idempotency_key: o.idempotency_key,
    created_at: o.created_at,
    completed_at: null,
  };
}

/** What an order asks of the payment module: one payment per order, however often it is submitted or retried. */
export function orderCharge(pkg: Package, order: PackageOrder): OffSessionChargeInput {
  return {
    accountId: order.account_id,
    purposeKind: PACKAGE_ORDER_PURPOSE,
    purposeRef: order.id,
    amountMinor: order.amount_minor,
    currency: order.currency,
    description: orderDescription(pkg, order),
    idempotencyKey: `package-order:${order.id}`,
  };
}
