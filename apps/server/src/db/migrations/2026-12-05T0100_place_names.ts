import type { Kysely } from 'kysely';

// Place names in the reader's language (issue 26): which edition of the city-name data a place's search entry was
// built from. Places indexed before (0) are re-indexed with their exonyms by the places backfill, a batch per run.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('place').addColumn('names_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('place_names_version').on('place').column('names_version').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('place_names_version').execute();
  await db.schema.alterTable('place').dropColumn('names_version').execute();
}
