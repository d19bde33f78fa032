import type { Executor } from '../../infra/db/executor.js';
import type { InvoiceRow, NewInvoice } from './invoice.table.js';

/**
 * The next number of the year, taken in the caller's transaction: the UPDATE locks the counter row (PostgreSQL) or the
 * database (SQLite) until commit, so concurrent captures wait for each other and a rolled-back one gives its number back.
 */
export async function nextNumber(db: Executor, year: number): Promise<number> {
  await db
    .insertInto('invoice_counter')
    .values({ year, last_number: 0 })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
  const row = await db
    .updateTable('invoice_counter')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('year', '=', year)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insert(db: Executor, row: NewInvoice): Promise<void> {
  await db.insertInto('invoice').values(row).execute();
}

export const getBySourceRef = (db: Executor, sourceRef: string) =>
  db.selectFrom('invoice').selectAll().where('source_ref', '=', sourceRef).executeTakeFirst();

/** The capture invoice of a payment (a refund's original). */
export const getInvoiceOfPayment = (db: Executor, paymentId: string) =>
  db.selectFrom('invoice').selectAll().where('payment_id', '=', paymentId).where('kind', '=', 'INVOICE').executeTakeFirst();

export const getById = (db: Executor, id: string) => db.selectFrom('invoice').selectAll().where('id', '=', id).executeTakeFirst();

export const getOwned = (db: Executor, accountId: string, id: string) =>
  db.selectFrom('invoice').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();

/** Newest first; the (account_id, issued_at) index serves it. */
export async function listByAccount(db: Executor, accountId: string, limit: number, offset: number): Promise<{ items: InvoiceRow[]; total: number }> {
  const [items, count] = await Promise.all([
    db
      .selectFrom('invoice')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('issued_at', 'desc')
      .orderBy('number', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom('invoice').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function purgeAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('invoice').where('account_id', '=', accountId).execute();
}
