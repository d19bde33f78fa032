import type { Kysely } from 'kysely';

// Listing indexes gain `hidden` right after `status`: the folder listing filters hidden = 0, and with the flag inside
// the index a page (and the OFFSET fallback, and the folder count) is read from the index alone, never the table.
const LISTS = [
  ['file_list_name', 'name_key'],
  ['file_list_date', 'last_modified_at'],
  ['file_list_size', 'bytes'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, key] of LISTS) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('file')
      .columns(['account_id', 'parent_id', 'status', 'hidden', 'is_folder', key, 'id'])
      .execute();
  }
  // The account-wide hidden view.
  await db.schema.createIndex('file_hidden').on('file').columns(['account_id', 'hidden', 'status', 'is_folder']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('file_hidden').execute();
  for (const [name, key] of LISTS) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('file').columns(['account_id', 'parent_id', 'status', 'is_folder', key, 'id']).execute();
  }
}
