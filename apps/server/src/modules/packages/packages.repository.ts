import type { Executor } from '../../infra/db/executor.js';
import type { NewPackageOrder, NewSubscription, OrderStatus, PackageOrder, SubscriptionUpdate } from './packages.table.js';

export const listActive = (db: Executor) =>
  db.selectFrom('package').selectAll().where('active', '=', 1).orderBy('sort').orderBy('code').execute();

export const getPackage = (db: Executor, id: string) => db.selectFrom('package').selectAll().where('id', '=', id).executeTakeFirst();

export const getSubscription = (db: Executor, accountId: string) =>
  db.selectFrom('subscription').selectAll().where('account_id', '=', accountId).executeTakeFirst();

/** The row locked for the rest of the transaction on PostgreSQL (SQLite serialises writers anyway). */
export const lockSubscription = (db: Executor, accountId: string, postgres: boolean) => {
  const q = db.selectFrom('subscription').selectAll().where('account_id', '=', accountId);
  return (postgres ? q.forUpdate() : q).executeTakeFirst();
};

export async function upsertSubscription(db: Executor, row: NewSubscription): Promise<void> {
  const { account_id: _id, created_at: _c, ...rest } = row;
  await db
    .insertInto('subscription')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet(rest))
    .execute();
}

export const updateSubscription = (db: Executor, accountId: string, patch: SubscriptionUpdate) =>
  db.updateTable('subscription').set(patch).where('account_id', '=', accountId).execute();

/** Subscriptions the renewal schedule has something to do with at `at`. */
export const listDue = (db: Executor, at: number, limit: number) =>
  db
    .selectFrom('subscription')
    .select('account_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['ACTIVE', 'CANCELLED']), eb('period_end', '<=', at)]),
        eb.and([eb('status', '=', 'GRACE'), eb.or([eb('grace_until', '<=', at), eb('next_attempt_at', '<=', at)])]),
      ]),
    )
    .orderBy('period_end')
    .limit(limit)
    .execute();

export async function insertOrder(db: Executor, row: NewPackageOrder): Promise<boolean> {
  const res = await db
    .insertInto('package_order')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res !== undefined;
}

/** Other checkouts of the account still waiting for their payment are superseded (renewals are the schedule's own). */
export const cancelOpenCheckouts = (db: Executor, accountId: string, exceptKey: string, at: number) =>
  db
    .updateTable('package_order')
    .set({ status: 'CANCELLED', completed_at: at })
    .where('account_id', '=', accountId)
    .where('status', '=', 'PENDING')
    .where('kind', '!=', 'RENEWAL')
    .where('idempotency_key', '!=', exceptKey)
    .execute();

export const getOrder = (db: Executor, id: string) => db.selectFrom('package_order').selectAll().where('id', '=', id).executeTakeFirst();

export const getOrderOf = (db: Executor, accountId: string, id: string) =>
  db.selectFrom('package_order').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();

export const getOrderByKey = (db: Executor, accountId: string, key: string) =>
  db
    .selectFrom('package_order')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

export const setOrderPayment = (db: Executor, id: string, p: Pick<PackageOrder, 'payment_id' | 'action_url' | 'paycell_trxn_id'>) =>
  db.updateTable('package_order').set(p).where('id', '=', id).execute();

/** Marks the order paid unless it was completed or superseded already (FAILED: a late capture still counts). */
export async function completeOrder(db: Executor, id: string, paymentId: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('package_order')
    .set({ status: 'COMPLETED', completed_at: at, payment_id: paymentId })
    .where('id', '=', id)
    .where('status', 'in', ['PENDING', 'FAILED'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves a PENDING order on; false when it was already settled (a callback and the reconciler may both report). */
export async function settleOrder(db: Executor, id: string, status: OrderStatus, at: number): Promise<boolean> {
  const res = await db
    .updateTable('package_order')
    .set({ status, completed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('package_order').where('account_id', '=', accountId).execute();
  await db.deleteFrom('subscription').where('account_id', '=', accountId).execute();
}
