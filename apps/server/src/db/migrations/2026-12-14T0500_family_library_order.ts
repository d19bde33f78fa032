import type { Kysely } from 'kysely';

// Issue 35, family library pages: they are read newest first by (taken_at, id), but file_family_timeline puts
// taken_day before taken_at, so no index gave that order and every page sorted the whole library (100,000 photos:
// first page 550 ms on SQLite, the last one 55 ms). This index hands pages over in order; a page stops after `limit`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('file_family_order').on('file').columns(['family_id', 'status', 'taken_at', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('file_family_order').execute();
}
