import type { Kysely } from 'kysely';

// Issue 32: app passwords for DAV clients, and the WebDAV layer's dead properties and locks. Every key starts with
// account_id, so the tables shard with the account.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_password')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addPrimaryKeyConstraint('app_password_pk', ['account_id', 'id'])
    .addUniqueConstraint('app_password_token', ['account_id', 'token_hash'])
    .execute();

  await db.schema
    .createTable('dav_property')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('resource_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('ns', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dav_property_pk', ['account_id', 'resource_id', 'ns', 'name'])
    .execute();

  await db.schema
    .createTable('dav_lock')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('depth', 'varchar(8)', (c) => c.notNull())
    .addColumn('exclusive', 'integer', (c) => c.notNull())
    .addColumn('owner_xml', 'text', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('dav_lock_pk', ['account_id', 'token'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dav_lock').execute();
  await db.schema.dropTable('dav_property').execute();
  await db.schema.dropTable('app_password').execute();
}
