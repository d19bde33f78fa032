import type { Kysely } from 'kysely';

// The capture date the browser read from the file (x-object-meta-taken-at), kept until the upload becomes a file
// so the photo lands under that day at once; NULL when the client sent none or an unusable one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').addColumn('taken_at', 'bigint').execute();
  await db.schema.alterTable('upload').addColumn('taken_day', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').dropColumn('taken_day').execute();
  await db.schema.alterTable('upload').dropColumn('taken_at').execute();
}
