import type { Kysely } from 'kysely';

// Issue 26: the sandbox provider's SMS (3-D Secure and wallet codes, a resent code too) speak the subscriber's language.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandbox_charge').addColumn('customer_language', 'varchar(8)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandbox_charge').dropColumn('customer_language').execute();
}
