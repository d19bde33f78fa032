import { sql, type Kysely } from 'kysely';

// Issue 34: download all my data. One row per export (its parts as they are written, the cursor a restarted job goes
// on from); at most one running per account, enforced by the database so two requests at once cannot both start one.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_export')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('part_limit', 'bigint', (c) => c.notNull())
    .addColumn('files_total', 'bigint', (c) => c.notNull())
    .addColumn('bytes_total', 'bigint', (c) => c.notNull())
    .addColumn('files_done', 'bigint', (c) => c.notNull())
    .addColumn('bytes_done', 'bigint', (c) => c.notNull())
    .addColumn('cursor', 'varchar(36)')
    .addColumn('parts', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addPrimaryKeyConstraint('data_export_pk', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('data_export_running').on('data_export').column('account_id').unique().where(sql<boolean>`status = 'RUNNING'`).execute();
  await db.schema.createIndex('data_export_expiry').on('data_export').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_export').execute();
}
