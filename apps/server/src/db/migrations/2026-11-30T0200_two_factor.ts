import type { Kysely } from 'kysely';

// Two-factor sign-in: the account's switch and authenticator secret (encrypted with a key kept outside the database),
// its single-use recovery codes (hashed), and the challenges a password sign-in opens when two-factor is on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_pending_at', 'bigint')
    // The last time step a code was accepted for: the same code cannot be played twice.
    .addColumn('totp_last_step', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_recovery_code')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('two_factor_recovery_code_account').on('two_factor_recovery_code').columns(['account_id', 'code_hash']).execute();

  await db.schema
    .createTable('two_factor_challenge')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('remember_me', 'integer', (c) => c.notNull())
    .addColumn('device_uuid', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code_channel', 'varchar(8)')
    .addColumn('code_hash', 'varchar(64)')
    .addColumn('code_expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('two_factor_challenge_expiry').on('two_factor_challenge').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_challenge').ifExists().execute();
  await db.schema.dropTable('two_factor_recovery_code').ifExists().execute();
  await db.schema.dropTable('two_factor').ifExists().execute();
}
