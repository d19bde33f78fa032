import type { Kysely } from 'kysely';

// Invoices for every captured payment and every refund. Numbers are gap-free per year: `invoice_counter` holds the last
// number of each year and is incremented in the transaction that records the payment (the row lock serialises).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_counter')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('invoice')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('number', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    // The payment for an INVOICE, the refund for a REFUND: one invoice per source, however often the event arrives.
    .addColumn('source_ref', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('payment_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('original_invoice_id', 'varchar(36)')
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('net_minor', 'bigint', (c) => c.notNull())
    .addColumn('vat_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('vat_rate', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('period_start', 'bigint')
    .addColumn('period_end', 'bigint')
    .addColumn('seller_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('seller_tax_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('seller_address', 'varchar(500)', (c) => c.notNull())
    .addColumn('buyer_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('buyer_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_account_issued').on('invoice').columns(['account_id', 'issued_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice').execute();
  await db.schema.dropTable('invoice_counter').execute();
}
