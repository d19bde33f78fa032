import type { Kysely } from 'kysely';

// Packages and subscriptions (issue 13): the catalogue the operator edits in this table, one subscription per account,
// and every order (purchase, upgrade, renewal) with the payment that settles it. Amounts are integer kuruş.
// The account row carries the end of a grace period, so account info can show it without reading this module's tables.

const GIB = 1024 ** 3;
const TIB = 1024 ** 4;

// Fixed ids so clients, fixtures and the operator's scripts can name a package; prices in kuruş (TRY).
const CATALOGUE: Array<[id: string, code: string, bytes: number, period: 'MONTHLY' | 'YEARLY', price: number, family: boolean]> = [
  ['5b0a1c8e-0050-4a01-8000-000000000001', 'STORAGE_50GB_MONTHLY', 50 * GIB, 'MONTHLY', 2_499, false],
  ['5b0a1c8e-0050-4a01-8000-000000000002', 'STORAGE_50GB_YEARLY', 50 * GIB, 'YEARLY', 24_990, false],
  ['5b0a1c8e-0100-4a01-8000-000000000003', 'STORAGE_100GB_MONTHLY', 100 * GIB, 'MONTHLY', 3_999, false],
  ['5b0a1c8e-0100-4a01-8000-000000000004', 'STORAGE_100GB_YEARLY', 100 * GIB, 'YEARLY', 39_990, false],
  ['5b0a1c8e-0500-4a01-8000-000000000005', 'STORAGE_500GB_MONTHLY', 500 * GIB, 'MONTHLY', 9_999, false],
  ['5b0a1c8e-0500-4a01-8000-000000000006', 'STORAGE_500GB_YEARLY', 500 * GIB, 'YEARLY', 99_990, false],
  ['5b0a1c8e-1000-4a01-8000-000000000007', 'STORAGE_1TB_MONTHLY', 1 * TIB, 'MONTHLY', 14_999, false],
  ['5b0a1c8e-1000-4a01-8000-000000000008', 'STORAGE_1TB_YEARLY', 1 * TIB, 'YEARLY', 149_990, false],
  ['5b0a1c8e-2000-4a01-8000-000000000009', 'FAMILY_2TB_MONTHLY', 2 * TIB, 'MONTHLY', 24_999, true],
  ['5b0a1c8e-2000-4a01-8000-00000000000a', 'FAMILY_2TB_YEARLY', 2 * TIB, 'YEARLY', 249_990, true],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('package')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    // Translation key of the name (clients translate it; the payment description uses the English label).
    .addColumn('name_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('storage_bytes', 'bigint', (c) => c.notNull())
    .addColumn('period', 'varchar(16)', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('premium', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('family', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('family_member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('subscription')
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('package_id', 'varchar(36)', (c) => c.notNull().references('package.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull())
    // What the current period cost (after discount; two periods for one with the campaign): the base of proration.
    .addColumn('period_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // A downgrade waiting for the next renewal.
    .addColumn('pending_package_id', 'varchar(36)', (c) => c.references('package.id'))
    .addColumn('grace_until', 'bigint')
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The renewal schedule's scan.
  await db.schema.createIndex('subscription_due').on('subscription').columns(['status', 'period_end']).execute();

  await db.schema
    .createTable('package_order')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('package_id', 'varchar(36)', (c) => c.notNull().references('package.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('credit_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // How many periods the payment buys (2 with the buy-one-get-one campaign on a first purchase).
    .addColumn('periods', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('payment_id', 'varchar(36)')
    .addColumn('action_url', 'text')
    .addColumn('paycell_trxn_id', 'varchar(100)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  // The same checkout submitted twice is one order.
  await db.schema.createIndex('package_order_key').unique().on('package_order').columns(['account_id', 'idempotency_key']).execute();

  await db.schema.alterTable('account').addColumn('grace_until', 'bigint').execute();

  await db
    .insertInto('package')
    .values(
      CATALOGUE.map(([id, code, bytes, period, price, family], i) => ({
        id,
        code,
        name_key: code.replace(/_(MONTHLY|YEARLY)$/, '').toLowerCase(),
        storage_bytes: bytes,
        period,
        price_minor: price,
        currency: 'TRY',
        premium: family || bytes >= 500 * GIB ? 1 : 0,
        family: family ? 1 : 0,
        family_member_count: family ? 5 : 0,
        type: family ? 'FAMILY' : 'STORAGE',
        active: 1,
        sort: i,
      })),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').dropColumn('grace_until').execute();
  await db.schema.dropTable('package_order').execute();
  await db.schema.dropTable('subscription').execute();
  await db.schema.dropTable('package').execute();
}
