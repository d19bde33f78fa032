import { sql, type Kysely } from 'kysely';

// Files and folders, resumable uploads, the activity feed and server secrets (for signed URLs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').addColumn('reserved_bytes', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('file')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    // '' is the account's root folder; a real uuid otherwise (no foreign key, so a subtree moves in one update).
    .addColumn('parent_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    // Lower-cased name: case-insensitive clash detection and sorting that does not depend on collations.
    .addColumn('name_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_folder', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('content_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('document_type', 'varchar(8)')
    .addColumn('blob_key', 'text')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('favourite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('trashed_at', 'bigint')
    // The item the user trashed; its descendants carry the same id so recovering it brings the subtree back.
    .addColumn('trash_root_id', 'varchar(36)')
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull().defaultTo('WEB'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_modified_at', 'bigint', (c) => c.notNull())
    .execute();
  // One live item per name in a folder; trashed items may share names with live ones.
  await db.schema
    .createIndex('file_unique_name')
    .on('file')
    .columns(['account_id', 'parent_id', 'name_key'])
    .unique()
    .where(sql.ref('status'), '=', 'ACTIVE')
    .execute();
  await db.schema
    .createIndex('file_list_name')
    .on('file')
    .columns(['account_id', 'parent_id', 'status', 'is_folder', 'name_key', 'id'])
    .execute();
  await db.schema
    .createIndex('file_list_date')
    .on('file')
    .columns(['account_id', 'parent_id', 'status', 'is_folder', 'last_modified_at', 'id'])
    .execute();
  await db.schema
    .createIndex('file_list_size')
    .on('file')
    .columns(['account_id', 'parent_id', 'status', 'is_folder', 'bytes', 'id'])
    .execute();
  await db.schema.createIndex('file_trash').on('file').columns(['account_id', 'status', 'trashed_at']).execute();
  await db.schema.createIndex('file_trash_root').on('file').columns(['trash_root_id']).execute();
  await db.schema.createIndex('file_document_type').on('file').columns(['account_id', 'document_type', 'status']).execute();

  await db.schema
    .createTable('upload')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('parent_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('strategy', 'integer', (c) => c.notNull())
    .addColumn('favourite', 'integer', (c) => c.notNull())
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('total_bytes', 'bigint', (c) => c.notNull())
    .addColumn('received_bytes', 'bigint', (c) => c.notNull())
    .addColumn('part_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_stale').on('upload').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('file_activity')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_folder', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_activity_account').on('file_activity').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['server_secret', 'file_activity', 'upload', 'file']) await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable('account').dropColumn('reserved_bytes').execute();
}
