import type { Executor } from '../../infra/db/executor.js';
import type { Dialect } from '../../infra/db/database.js';
import type { PaymentStatus } from './payment.public.js';
import type { NewPayment, PaymentRow, SavedCardRow } from './payment.table.js';

/** Statuses a payment leaves exactly once (to CAPTURED, DECLINED or FAILED). */
export const OPEN_STATUSES: PaymentStatus[] = ['PENDING', 'REQUIRES_ACTION', 'AWAITING_CODE'];

export const insertPayment = (db: Executor, row: NewPayment) => db.insertInto('payment').values(row).execute();

export const getPayment = (db: Executor, id: string): Promise<PaymentRow | undefined> =>
  db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirst();

export const getOwnPayment = (db: Executor, accountId: string, id: string): Promise<PaymentRow | undefined> =>
  db.selectFrom('payment').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();

export const getByIdempotencyKey = (db: Executor, accountId: string, key: string): Promise<PaymentRow | undefined> =>
  db.selectFrom('payment').selectAll().where('account_id', '=', accountId).where('idempotency_key', '=', key).executeTakeFirst();

export const getByWalletTrxn = (db: Executor, accountId: string, trxnId: string): Promise<PaymentRow | undefined> =>
  db.selectFrom('payment').selectAll().where('paycell_trxn_id', '=', trxnId).where('account_id', '=', accountId).executeTakeFirst();

/** The payment row, locked for the rest of the transaction on PostgreSQL (SQLite has one writer). */
export function lockPayment(db: Executor, dialect: Dialect, id: string): Promise<PaymentRow | undefined> {
  const q = db.selectFrom('payment').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/** Moves an open payment on; 0 rows when someone else (callback, poll, reconciliation) moved it first. */
export async function transition(
  db: Executor,
  id: string,
  from: PaymentStatus[],
  set: Partial<Pick<PaymentRow, 'status' | 'decline_code' | 'provider_ref' | 'action_url' | 'paycell_trxn_id' | 'captured_at' | 'purpose_applied'>>,
  at: number,
): Promise<boolean> {
  const res = await db.updateTable('payment').set({ ...set, updated_at: at }).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const staleOpenPayments = (db: Executor, before: number, limit: number) =>
  db.selectFrom('payment').select('id').where('status', 'in', OPEN_STATUSES).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();

// --- refunds
export const getRefundByKey = (db: Executor, paymentId: string, key: string) =>
  db.selectFrom('payment_refund').selectAll().where('payment_id', '=', paymentId).where('idempotency_key', '=', key).executeTakeFirst();

export const getRefund = (db: Executor, id: string) => db.selectFrom('payment_refund').selectAll().where('id', '=', id).executeTakeFirst();

export async function refundsTotal(db: Executor, paymentId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_refund')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', 'in', ['PENDING', 'DONE'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export const insertRefund = (
  db: Executor,
  row: { id: string; payment_id: string; idempotency_key: string; amount_minor: number; reason: string; created_at: number },
) => db.insertInto('payment_refund').values({ ...row, status: 'PENDING', provider_ref: null, completed_at: null }).execute();

export async function completeRefund(db: Executor, id: string, providerRef: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('payment_refund')
    .set({ status: 'DONE', provider_ref: providerRef, completed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const failRefund = (db: Executor, id: string, at: number) =>
  db.updateTable('payment_refund').set({ status: 'FAILED', completed_at: at }).where('id', '=', id).where('status', '=', 'PENDING').execute();

export const stalePendingRefunds = (db: Executor, before: number, limit: number) =>
  db.selectFrom('payment_refund').select('id').where('status', '=', 'PENDING').where('created_at', '<', before).orderBy('created_at').limit(limit).execute();

export async function addRefunded(db: Executor, id: string, amountMinor: number, at: number): Promise<PaymentRow> {
  await db
    .updateTable('payment')
    .set((eb) => ({ refunded_minor: eb('refunded_minor', '+', amountMinor), updated_at: at }))
    .where('id', '=', id)
    .execute();
  const row = (await getPayment(db, id))!;
  const status: PaymentStatus = Number(row.refunded_minor) >= Number(row.amount_minor) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  await db.updateTable('payment').set({ status }).where('id', '=', id).execute();
  return { ...row, status };
}

// --- saved cards
export const listCards = (db: Executor, accountId: string): Promise<SavedCardRow[]> =>
  db
    .selectFrom('saved_card')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const getOwnCard = (db: Executor, accountId: string, id: string): Promise<SavedCardRow | undefined> =>
  db.selectFrom('saved_card').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('status', '=', 'ACTIVE').executeTakeFirst();

export const getCard = (db: Executor, id: string): Promise<SavedCardRow | undefined> =>
  db.selectFrom('saved_card').selectAll().where('id', '=', id).executeTakeFirst();

export const insertCard = (db: Executor, row: SavedCardRow) => db.insertInto('saved_card').values(row).execute();

export const deleteCard = (db: Executor, id: string) => db.deleteFrom('saved_card').where('id', '=', id).execute();

export async function activateCard(db: Executor, accountId: string, id: string): Promise<void> {
  const hasDefault = await db
    .selectFrom('saved_card')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', '=', 'ACTIVE')
    .where('is_default', '=', 1)
    .executeTakeFirst();
  await db
    .updateTable('saved_card')
    .set({ status: 'ACTIVE', is_default: hasDefault ? 0 : 1 })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

export async function makeDefault(db: Executor, accountId: string, id: string): Promise<void> {
  await db.updateTable('saved_card').set({ is_default: 0 }).where('account_id', '=', accountId).where('id', '!=', id).execute();
  await db.updateTable('saved_card').set({ is_default: 1 }).where('id', '=', id).execute();
}

/** After the default card went: the newest remaining card becomes the default. */
export async function promoteNewest(db: Executor, accountId: string): Promise<void> {
  const cards = await listCards(db, accountId);
  if (cards.length === 0 || cards.some((c) => c.is_default === 1)) return;
  await makeDefault(db, accountId, cards.at(-1)!.id);
}

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  const ids = (await db.selectFrom('payment').select('id').where('account_id', '=', accountId).execute()).map((r) => r.id);
  if (ids.length > 0) await db.deleteFrom('payment_refund').where('payment_id', 'in', ids).execute();
  await db.deleteFrom('payment').where('account_id', '=', accountId).execute();
  await db.deleteFrom('saved_card').where('account_id', '=', accountId).execute();
}

// --- the operator console (issue 27)
const CAPTURED_STATUSES: PaymentStatus[] = ['CAPTURED', 'PARTIALLY_REFUNDED', 'REFUNDED'];
export const isCaptured = (status: string) => (CAPTURED_STATUSES as string[]).includes(status);

export const capturedBetween = (db: Executor, from: number, to: number): Promise<PaymentRow[]> =>
  db.selectFrom('payment').selectAll().where('captured_at', '>=', from).where('captured_at', '<', to).orderBy('captured_at').execute();

export const refundsDoneBetween = (db: Executor, from: number, to: number) =>
  db.selectFrom('payment_refund').selectAll().where('completed_at', '>=', from).where('completed_at', '<', to).where('status', '=', 'DONE').orderBy('completed_at').execute();

export const listRefunds = (db: Executor, paymentId: string) =>
  db.selectFrom('payment_refund').selectAll().where('payment_id', '=', paymentId).orderBy('created_at').execute();

export const idsByCardMask = (db: Executor, mask: string, limit: number) =>
  db.selectFrom('payment').select(['id', 'purpose_kind', 'purpose_ref']).where('card_mask', '=', mask).orderBy('created_at', 'desc').limit(limit).execute();

export const byProviderRef = (db: Executor, providerRef: string) =>
  db.selectFrom('payment').selectAll().where('provider_ref', '=', providerRef).executeTakeFirst();
