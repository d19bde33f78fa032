import type { Kysely } from 'kysely';

// What the blob store needs to continue an upload written in pieces (the S3 multipart upload id and part ETags),
// recorded with each piece's offset. Rows from before it have NULL and pieces stored as separate blobs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').addColumn('piece_state', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').dropColumn('piece_state').execute();
}
