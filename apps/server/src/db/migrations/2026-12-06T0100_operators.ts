import type { Kysely } from 'kysely';

// The operator console's principal (issue 27): operators apart from subscribers, their one-time set-up links and their
// short sessions (tokens stored hashed). The TOTP secret is sealed with the two-factor key like a subscriber's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operator')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    // Set at set-up with the password, becomes totp_secret when the first code confirms it.
    .addColumn('totp_pending_secret', 'text')
    // The last time step a code was accepted for: the same code cannot be played twice.
    .addColumn('totp_last_step', 'bigint')
    // Wrong passwords or codes in a row, and until when sign-in is refused after too many.
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint')
    .execute();

  await db.schema
    .createTable('operator_setup')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(36)', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('operator_setup_operator').on('operator_setup').column('operator_id').execute();

  await db.schema
    .createTable('operator_session')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('operator_id', 'varchar(36)', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('operator_session_operator').on('operator_session').column('operator_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operator_session').ifExists().execute();
  await db.schema.dropTable('operator_setup').ifExists().execute();
  await db.schema.dropTable('operator').ifExists().execute();
}
