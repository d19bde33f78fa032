import type { Kysely } from 'kysely';

// Issue 27: the console finds payments by the card's last four digits (the stored mask is `**** **** **** 1234`) and
// reads a day's captures and refunds for the reconciliation view.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('payment_card_mask').on('payment').column('card_mask').execute();
  await db.schema.createIndex('payment_captured_at').on('payment').column('captured_at').execute();
  await db.schema.createIndex('payment_refund_completed').on('payment_refund').column('completed_at').execute();
  await db.schema.createIndex('payment_refund_payment').on('payment_refund').column('payment_id').execute();
  await db.schema.createIndex('package_order_payment').on('package_order').column('payment_id').execute();
  await db.schema.createIndex('package_order_account').on('package_order').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('invoice_payment').on('invoice').column('payment_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['invoice_payment', 'package_order_account', 'package_order_payment', 'payment_refund_payment', 'payment_refund_completed', 'payment_captured_at', 'payment_card_mask']) {
    await db.schema.dropIndex(name).execute();
  }
}
