import type { Kysely } from 'kysely';

// Version history (issue 33): each replace of a file's content keeps the previous content (its blob, untouched) as a
// version row; the file row records who saved its current content, so a version can say who saved it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_version')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('saved_by', 'text')
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_version_file').on('file_version').columns(['file_id', 'saved_at']).execute();
  await db.schema.createIndex('file_version_account').on('file_version').column('account_id').execute();
  // The blob purge asks whether any row still names a key.
  await db.schema.createIndex('file_version_blob_key').on('file_version').column('blob_key').execute();
  await db.schema.alterTable('file').addColumn('content_saved_by', 'text').execute();
  await db.schema.alterTable('file').addColumn('content_saved_at', 'bigint').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file').dropColumn('content_saved_at').execute();
  await db.schema.alterTable('file').dropColumn('content_saved_by').execute();
  await db.schema.dropTable('file_version').ifExists().execute();
}
