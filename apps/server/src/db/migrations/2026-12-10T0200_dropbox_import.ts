import type { Kysely } from 'kysely';

// Issue 34: import from Dropbox. The connection (tokens sealed like the TOTP secrets), the import's durable state
// (cursor, counters, failures) and one row per Dropbox item imported, so a resume or a re-run never imports twice.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dropbox_connection')
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey())
    // The authorisation in flight: the state's hash, the PKCE verifier (sealed) and the redirect it was asked with.
    .addColumn('state_hash', 'varchar(64)')
    .addColumn('verifier_sealed', 'text')
    .addColumn('redirect_uri', 'text')
    .addColumn('requested_at', 'bigint')
    .addColumn('access_token_sealed', 'text')
    .addColumn('refresh_token_sealed', 'text')
    .addColumn('access_expires_at', 'bigint')
    .addColumn('dropbox_account_id', 'varchar(100)')
    .addColumn('email', 'varchar(320)')
    .addColumn('display_name', 'varchar(255)')
    .addColumn('connected_at', 'bigint')
    .execute();
  await db.schema.createIndex('dropbox_connection_state').on('dropbox_connection').column('state_hash').execute();

  await db.schema
    .createTable('dropbox_import')
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('dropbox_account_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('folder_id', 'varchar(36)')
    .addColumn('cursor', 'text')
    .addColumn('files_total', 'bigint', (c) => c.notNull())
    .addColumn('bytes_total', 'bigint', (c) => c.notNull())
    .addColumn('files_done', 'bigint', (c) => c.notNull())
    .addColumn('bytes_done', 'bigint', (c) => c.notNull())
    .addColumn('files_unchanged', 'bigint', (c) => c.notNull())
    .addColumn('files_failed', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('resumed_at', 'bigint', (c) => c.notNull())
    .addColumn('bytes_at_resume', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('dropbox_item')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('path_lower', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('content_key', 'varchar(128)')
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('dropbox_item_pk', ['account_id', 'path_lower'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dropbox_item').execute();
  await db.schema.dropTable('dropbox_import').execute();
  await db.schema.dropTable('dropbox_connection').execute();
}
