import { sql, type Kysely } from 'kysely';

// The small thumbnail (issue 36): a 128 px square WebP for list rows and icons, beside the ~250 px one. Rows processed
// before it existed get theirs from the backfill, which finds them through a partial index that empties as it works.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file').addColumn('small_thumb_key', 'text').execute();
  await db.schema
    .createIndex('file_small_thumb_missing')
    .on('file')
    // On thumb_key: SQLite, planning without statistics, then takes it over file_thumb_key for the backfill's query.
    .column('thumb_key')
    .where(sql<boolean>`thumb_key IS NOT NULL AND small_thumb_key IS NULL`)
    .execute();
  // The blob purge asks whether any row still names a key (copies saved from a link share the original's). Partial, so
  // SQLite, planning without statistics, never walks it for the backfill's `small_thumb_key IS NULL` instead.
  await db.schema
    .createIndex('file_small_thumb_key')
    .on('file')
    .column('small_thumb_key')
    .where(sql<boolean>`small_thumb_key IS NOT NULL`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['file_small_thumb_key', 'file_small_thumb_missing']) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.alterTable('file').dropColumn('small_thumb_key').execute();
}
