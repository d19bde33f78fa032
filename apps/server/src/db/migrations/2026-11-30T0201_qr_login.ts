import type { Kysely } from 'kysely';

// QR sign-in requests (the waiting screen's token and the QR's code, both stored hashed) and the ids of operator
// silent sign-in tokens already used (kept until the token would have expired anyway).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('qr_login')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('device_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(36)', (c) => c.references('account.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema.createIndex('qr_login_expiry').on('qr_login').column('expires_at').execute();

  await db.schema
    .createTable('silent_login_jti')
    .addColumn('jti_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('silent_login_jti_expiry').on('silent_login_jti').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('silent_login_jti').ifExists().execute();
  await db.schema.dropTable('qr_login').ifExists().execute();
}
