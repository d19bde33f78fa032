// What other modules may use of the packages module: the account's subscription (family: is the admin's plan a family
// plan still running) and the plan-change listeners (family creates and dissolves the pool in the same transaction).
import type { Executor } from '../../infra/db/executor.js';
import { getOrder, getPackage, getSubscription } from './packages.repository.js';
import type { OrderKind, PackagePeriod, SubscriptionStatus } from './packages.table.js';

export { planListeners, type PlanChange, type PlanListener } from './packages.listeners.js';
export { orderCapturedListeners, type OrderCaptured, type OrderCapturedListener } from './packages.listeners.js';
export { PACKAGE_ORDER_PURPOSE } from './packages.payments.js';

export interface SubscriptionOf {
  accountId: string;
  status: SubscriptionStatus;
  packageId: string;
  /** The catalogue's code of the package (e.g. STORAGE_100GB_MONTHLY). */
  code: string;
  family: boolean;
  familyMemberCount: number;
  quotaBytes: number;
  premium: boolean;
  periodStart: number;
  periodEnd: number;
  graceUntil: number | null;
}

/** The account's subscription row with its package, or null when it never had one. */
export async function getSubscriptionOf(db: Executor, accountId: string): Promise<SubscriptionOf | null> {
  const sub = await getSubscription(db, accountId);
  if (!sub) return null;
  const pkg = await getPackage(db, sub.package_id);
  if (!pkg) return null;
  return {
    accountId,
    status: sub.status,
    packageId: pkg.id,
    code: pkg.code,
    family: pkg.family === 1,
    familyMemberCount: pkg.family_member_count,
    quotaBytes: Number(pkg.storage_bytes),
    premium: pkg.premium === 1,
    periodStart: sub.period_start,
    periodEnd: sub.period_end,
    graceUntil: sub.grace_until,
  };
}

/** What an order bought, in words-free form: the invoice writes it in the buyer's language. */
export interface OrderLine {
  storageBytes: number;
  family: boolean;
  period: PackagePeriod;
  kind: OrderKind;
  periods: number;
}

/** The line item of a package order (a payment's purposeRef), or null when the order or its package is gone. */
export async function getOrderLine(db: Executor, orderId: string): Promise<OrderLine | null> {
  const order = await getOrder(db, orderId);
  const pkg = order ? await getPackage(db, order.package_id) : undefined;
  if (!order || !pkg) return null;
  return { storageBytes: Number(pkg.storage_bytes), family: pkg.family === 1, period: pkg.period, kind: order.kind, periods: order.periods };
}
