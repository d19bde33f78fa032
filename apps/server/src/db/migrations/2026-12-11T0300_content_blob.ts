import type { Kysely } from 'kysely';

// Issue 35: uploads that skip what is already stored. `content_blob` lists the blobs that file contents share across
// accounts (content-addressed by SHA-256 and size, reference-counted); `content_piece` is each account's own index of
// the 8 MiB pieces of its files, so an upload can skip pieces that account already holds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_blob')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('refs', 'integer', (c) => c.notNull())
    // LIVE: new files may link to it; DYING: claimed for deletion, nothing links to it any more.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_blob_sha256').on('content_blob').columns(['sha256', 'bytes']).execute();
  await db.schema.createIndex('content_blob_checked').on('content_blob').columns(['state', 'checked_at']).execute();

  await db.schema
    .createTable('content_piece')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('offset', 'bigint', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_piece_pkey', ['account_id', 'file_id', 'offset'])
    .execute();
  await db.schema.createIndex('content_piece_sha256').on('content_piece').columns(['account_id', 'sha256']).execute();

  // "Does this account hold a file with these bytes?" is asked before every upload.
  await db.schema.createIndex('file_account_sha256').on('file').columns(['account_id', 'sha256']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('file_account_sha256').ifExists().execute();
  await db.schema.dropTable('content_piece').ifExists().execute();
  await db.schema.dropTable('content_blob').ifExists().execute();
}
