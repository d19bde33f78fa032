import type { Kysely } from 'kysely';

// Issue 35: an upload started with "Add to Family library" (x-object-meta-family-library) lands in the uploader's
// family library when it finishes; the flag is kept with the upload so pieces and the assembly job see it too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').addColumn('family', 'smallint', (c) => c.notNull().defaultTo(0)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').dropColumn('family').execute();
}
