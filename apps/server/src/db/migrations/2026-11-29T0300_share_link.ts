import type { Kysely } from 'kysely';

// Public links: a link names files/folders (share_link_item) or one album (album_id, live on its photos).
// The token is never stored: only its SHA-256 (the look-up key) and the nonce the server's key turns into it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('share_link')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('album_id', 'varchar(36)', (c) => c.references('album.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(255)', (c) => c.notNull())
    // Sorted item ids joined by ",": finds "my active link on exactly this set" in one indexed look-up.
    .addColumn('item_set', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_link_list').on('share_link').columns(['account_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('share_link_item')
    .addColumn('link_id', 'varchar(36)', (c) => c.notNull().references('share_link.id').onDelete('cascade'))
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull().references('file.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_link_item_pk', ['link_id', 'file_id'])
    .execute();
  // Deleting a file forever finds the links naming it through this index.
  await db.schema.createIndex('share_link_item_file').on('share_link_item').column('file_id').execute();
  // The blob purge asks (for each of a file's three keys) "does any file still use this blob?" once copies share blobs.
  await db.schema.createIndex('file_blob_key').on('file').column('blob_key').execute();
  await db.schema.createIndex('file_thumb_key').on('file').column('thumb_key').execute();
  await db.schema.createIndex('file_preview_key').on('file').column('preview_key').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['file_preview_key', 'file_thumb_key', 'file_blob_key']) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.dropTable('share_link_item').ifExists().execute();
  await db.schema.dropTable('share_link').ifExists().execute();
}
