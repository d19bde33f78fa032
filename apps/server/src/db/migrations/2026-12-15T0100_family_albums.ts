import type { Kysely } from 'kysely';

// Issue 35: albums of the family library. A family album belongs to its family (every member sees and edits it; its
// creator or the family admin deletes it) and names items of that family's library. Whether an item counts is read
// live from its photo (still in the family's library as members see it), so a photo removed from the library, trashed,
// or whose adder left leaves every album at once; stale rows are deleted on write and by the hourly family schedule.
// The family going deletes its albums; a file deleted for good leaves them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('family_album')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('family_id', 'varchar(36)', (c) => c.notNull().references('family.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    // No foreign key: the album stays the family's when its creator leaves or is deleted.
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    // A cover a member chose; null (or an item no longer counted): the newest item.
    .addColumn('cover_file_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('family_album_family').on('family_album').columns(['family_id', 'modified_at']).execute();
  await db.schema
    .createTable('family_album_file')
    .addColumn('album_id', 'varchar(36)', (c) => c.notNull().references('family_album.id').onDelete('cascade'))
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull().references('file.id').onDelete('cascade'))
    // Who put it in this album (the item's adder to the library is its file's owner).
    .addColumn('added_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('family_album_file_pk', ['album_id', 'file_id'])
    .execute();
  // Deleting a file forever, and pruning, find its memberships through this index.
  await db.schema.createIndex('family_album_file_file').on('family_album_file').column('file_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('family_album_file').execute();
  await db.schema.dropTable('family_album').execute();
}
