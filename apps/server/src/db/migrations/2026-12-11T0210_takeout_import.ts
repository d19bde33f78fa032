import { sql, type Kysely } from 'kysely';

// Issue 34: import a Google Photos Takeout. The run's progress and failures, and one row per photo (or album) brought
// in, keyed by what identifies it across Takeouts, so a resumed or repeated import skips what is already here.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('takeout_import')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('media_total', 'bigint', (c) => c.notNull())
    .addColumn('media_done', 'bigint', (c) => c.notNull())
    .addColumn('imported', 'bigint', (c) => c.notNull())
    .addColumn('skipped', 'bigint', (c) => c.notNull())
    .addColumn('failed', 'bigint', (c) => c.notNull())
    .addColumn('albums', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addPrimaryKeyConstraint('takeout_import_pk', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('takeout_import_running').on('takeout_import').column('account_id').unique().where(sql<boolean>`status = 'RUNNING'`).execute();

  await db.schema
    .createTable('takeout_item')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('item_key', 'varchar(600)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('takeout_item_pk', ['account_id', 'item_key'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('takeout_item').execute();
  await db.schema.dropTable('takeout_import').execute();
}
