// What the operator console (ops-catalog) may read of package orders: an order, an account's orders, the order a payment
// paid for. Read-only; refunds go through the payment module and leave the subscription as it is (decisions.md).
import type { Executor } from '../../infra/db/executor.js';
import type { OrderKind, OrderStatus, PackageOrder } from './packages.table.js';

export { PACKAGE_ORDER_PURPOSE } from './packages.payments.js';

export interface OrderRecord {
  id: string;
  accountId: string;
  packageId: string;
  kind: OrderKind;
  amountMinor: number;
  creditMinor: number;
  currency: string;
  periods: number;
  paymentId: string | null;
  status: OrderStatus;
  createdAt: number;
  completedAt: number | null;
}

const toRecord = (o: PackageOrder): OrderRecord => ({
  id: o.id,
  accountId: o.account_id,
  packageId: o.package_id,
  kind: o.kind,
  amountMinor: Number(o.amount_minor),
  creditMinor: Number(o.credit_minor),
  currency: o.currency,
  periods: Number(o.periods),
  paymentId: o.payment_id,
  status: o.status,
  createdAt: Number(o.created_at),
  completedAt: o.completed_at === null ? null : Number(o.completed_at),
});

export async function getOrderRecord(db: Executor, id: string): Promise<OrderRecord | null> {
  const row = await db.selectFrom('package_order').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function ordersOfAccount(db: Executor, accountId: string, limit: number): Promise<OrderRecord[]> {
  const rows = await db.selectFrom('package_order').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(toRecord);
}

export async function ordersByIds(db: Executor, ids: string[]): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('package_order').selectAll().where('id', 'in', ids).orderBy('created_at', 'desc').execute();
  return rows.map(toRecord);
}
