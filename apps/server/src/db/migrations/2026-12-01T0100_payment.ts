import type { Kysely } from 'kysely';

// Payments (issue 13): our ledger (payment, payment_refund, saved_card, payment_callback) and the in-process sandbox
// provider's own tables (sandbox_*), which only the sandbox reads or writes, as if it ran elsewhere.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_card')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('provider_token', 'varchar(100)', (c) => c.notNull())
    .addColumn('brand', 'varchar(20)', (c) => c.notNull())
    .addColumn('last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('expiry_month', 'integer', (c) => c.notNull())
    .addColumn('expiry_year', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    // PENDING: vaulted for a payment that asked to save it, shown once that payment is captured.
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_card_account').on('saved_card').column('account_id').execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('purpose_kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('purpose_ref', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('description', 'varchar(400)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('card_mask', 'varchar(30)')
    .addColumn('saved_card_id', 'varchar(36)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('decline_code', 'varchar(40)')
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(100)')
    .addColumn('action_url', 'varchar(400)')
    .addColumn('paycell_trxn_id', 'varchar(100)')
    .addColumn('return_url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('captured_at', 'bigint')
    .addColumn('refunded_minor', 'bigint', (c) => c.notNull())
    .addColumn('purpose_applied', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payment_account_idempotency', ['account_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('payment_status_created').on('payment').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('payment_paycell').on('payment').column('paycell_trxn_id').execute();

  await db.schema
    .createTable('payment_refund')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('payment_id', 'varchar(36)', (c) => c.notNull().references('payment.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(400)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(100)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addUniqueConstraint('payment_refund_idempotency', ['payment_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('payment_refund_status').on('payment_refund').column('status').execute();

  // Provider callbacks already applied: a replayed callback (same event id) is answered without effect.
  await db.schema
    .createTable('payment_callback')
    .addColumn('event_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();

  // --- the sandbox provider's side
  await db.schema
    .createTable('sandbox_card')
    .addColumn('token', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('merchant', 'varchar(40)', (c) => c.notNull())
    .addColumn('customer_ref', 'varchar(100)', (c) => c.notNull())
    .addColumn('pan', 'varchar(19)', (c) => c.notNull())
    .addColumn('brand', 'varchar(20)', (c) => c.notNull())
    .addColumn('expiry_month', 'integer', (c) => c.notNull())
    .addColumn('expiry_year', 'integer', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_card_customer').on('sandbox_card').column('customer_ref').execute();

  await db.schema
    .createTable('sandbox_charge')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('merchant', 'varchar(40)', (c) => c.notNull())
    .addColumn('merchant_ref', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('decline_code', 'varchar(40)')
    .addColumn('pan', 'varchar(19)')
    .addColumn('customer_phone', 'varchar(20)')
    .addColumn('return_url', 'varchar(1000)')
    .addColumn('refunded_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sandbox_charge_merchant_ref', ['merchant', 'merchant_ref'])
    .execute();

  await db.schema
    .createTable('sandbox_challenge')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('charge_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    // The 3-D Secure page shows its code as a "test code" in sandbox mode; wallet codes are kept only hashed.
    .addColumn('test_code', 'varchar(10)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_challenge_charge').on('sandbox_challenge').column('charge_id').execute();

  await db.schema
    .createTable('sandbox_refund')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('charge_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sandbox_refund_idempotency', ['charge_id', 'idempotency_key'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'sandbox_refund',
    'sandbox_challenge',
    'sandbox_charge',
    'sandbox_card',
    'payment_callback',
    'payment_refund',
    'payment',
    'saved_card',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
