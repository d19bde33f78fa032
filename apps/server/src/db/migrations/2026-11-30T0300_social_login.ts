import type { Kysely } from 'kysely';

// Google and Apple sign-in: linked identities, the single-use state/nonce of each authorization request, and Apple's
// form_post answers parked under a one-time key. Secrets (state, nonce, key) are stored as SHA-256 only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('social_identity')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('social_identity_subject', ['provider', 'subject'])
    .addUniqueConstraint('social_identity_account', ['account_id', 'provider'])
    .execute();

  await db.schema
    .createTable('social_login_state')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('nonce_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('intent', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('social_login_state_expiry').on('social_login_state').column('expires_at').execute();

  await db.schema
    .createTable('social_callback')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('id_token', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(255)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('social_callback_expiry').on('social_callback').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('social_callback').ifExists().execute();
  await db.schema.dropTable('social_login_state').ifExists().execute();
  await db.schema.dropTable('social_identity').ifExists().execute();
}
