import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Account deletion (issue 35) looks for every key under `users/<id>/` that another account's file, version or
// composition names, or that content_blob lists. A LIKE read each whole table; a byte range of the key's index reads
// only that account's keys. On PostgreSQL a range is a byte range only under the "C" collation (a server locale such
// as en_US orders "users/a/x" by its letters, punctuation last), so the key columns take it; their indexes are rebuilt
// with them. Equality lookups, the only other use of these columns, are the same under any collation. SQLite's text
// is already ordered by bytes.
const KEY_COLUMNS: [table: string, column: string][] = [
  ['file', 'blob_key'],
  ['file', 'thumb_key'],
  ['file', 'small_thumb_key'],
  ['file', 'preview_key'],
  ['file_version', 'blob_key'],
  ['content_part', 'part_key'],
  ['content_blob', 'key'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, column] of KEY_COLUMNS) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text collate "C"`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, column] of KEY_COLUMNS) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text collate "default"`.execute(db);
  }
}
