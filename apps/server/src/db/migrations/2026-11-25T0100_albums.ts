import type { Kysely } from 'kysely';

// Albums and their members. A member row goes with its file (delete forever) and with its album; trashed or hidden
// photos keep their membership and are filtered out when read, so recovering a photo brings it back into its albums.
const LISTS = [
  ['album_list_modified', 'last_modified_at'],
  ['album_list_label', 'label_key'],
  ['album_list_created', 'created_at'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('album')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('label', 'varchar(255)', (c) => c.notNull())
    // Lower-cased label: sorting that does not depend on collations (as file.name_key).
    .addColumn('label_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('icon', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // The user's choice; it only counts while that photo is a live member. Gone with the file.
    .addColumn('cover_file_id', 'varchar(36)', (c) => c.references('file.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_modified_at', 'bigint', (c) => c.notNull())
    .execute();
  // One index per sort of the album list, so a page is read in index order.
  for (const [name, key] of LISTS) {
    await db.schema.createIndex(name).on('album').columns(['account_id', 'content_type', 'status', key, 'id']).execute();
  }
  await db.schema.createIndex('album_cover').on('album').column('cover_file_id').execute();

  await db.schema
    .createTable('album_file')
    .addColumn('album_id', 'varchar(36)', (c) => c.notNull().references('album.id').onDelete('cascade'))
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull().references('file.id').onDelete('cascade'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('album_file_pk', ['album_id', 'file_id'])
    .execute();
  // Deleting a file forever finds its memberships through this index instead of scanning every album.
  await db.schema.createIndex('album_file_file').on('album_file').column('file_id').execute();

  // An album's zip is named after the album; other zips keep the generic dated name (null).
  await db.schema.alterTable('download_zip').addColumn('name', 'varchar(255)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('download_zip').dropColumn('name').execute();
  await db.schema.dropTable('album_file').ifExists().execute();
  await db.schema.dropTable('album').ifExists().execute();
}
