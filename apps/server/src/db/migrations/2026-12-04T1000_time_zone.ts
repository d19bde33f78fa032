import type { Kysely } from 'kysely';

// The uploader's time zone (IANA name or fixed offset, from x-object-meta-time-zone), kept with the upload and then
// the file, so a photo without a capture date is on the local day it was uploaded; NULL for files from before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').addColumn('time_zone', 'varchar(64)').execute();
  await db.schema.alterTable('file').addColumn('time_zone', 'varchar(64)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file').dropColumn('time_zone').execute();
  await db.schema.alterTable('upload').dropColumn('time_zone').execute();
}
