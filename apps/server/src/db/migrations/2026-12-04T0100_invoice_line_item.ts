import type { Kysely } from 'kysely';

// Issue 26: a package invoice keeps what was bought (size, family, period, order kind), not only an English sentence, so
// its line item is written in the buyer's language when the PDF, the receipt or the list is made. Null: not a package.
const COLUMNS = [
  ['item_storage_bytes', 'bigint'],
  ['item_family', 'integer'],
  ['item_period', 'varchar(8)'],
  ['item_kind', 'varchar(10)'],
  ['item_periods', 'integer'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type] of COLUMNS) await db.schema.alterTable('invoice').addColumn(name, type).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of COLUMNS) await db.schema.alterTable('invoice').dropColumn(name).execute();
}
