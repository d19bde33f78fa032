import type { Kysely } from 'kysely';

// Per-account sign-in lockout: failures since the last lockout, how many lockouts in a row, and until when.
// Keyed like the captcha's failure counters (account id, or the username as typed when no account has it).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_lockout')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_lockout').execute();
}
