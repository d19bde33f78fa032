import type { Kysely } from 'kysely';

// Issue 35, one changed piece: a file's content may be composed of ranges of stored blobs instead of a blob of its own.
// `content_part` lists, in order, the ranges a composed key reads (the blob store reads it, `files.content` counts its
// rows as references to the part keys). `content_piece.blob_key` is the blob an index row was read from: a row only
// answers "held" while its file still names that blob (office saves and version restores change a file's blob in
// place), since a composed file trusts the index instead of reading the piece back. Rows indexed before this migration
// do not know their blob and are dropped (the index is a cache; whole-file skips do not use it). `upload.parts`: the
// held pieces an upload in progress skipped, as JSON, composed with the pieces it received when it is assembled.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_part')
    .addColumn('composed_key', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('part_key', 'text', (c) => c.notNull())
    .addColumn('part_offset', 'bigint', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    // account_id leads the key, so the table can be distributed by account (distribution-ready.test.ts); reads go by
    // composed key, through the index below.
    .addPrimaryKeyConstraint('content_part_pkey', ['account_id', 'composed_key', 'seq'])
    .execute();
  await db.schema.createIndex('content_part_composed').on('content_part').columns(['composed_key', 'seq']).execute();
  await db.schema.createIndex('content_part_part_key').on('content_part').columns(['part_key']).execute();
  await db.deleteFrom('content_piece').execute();
  await db.schema.alterTable('content_piece').addColumn('blob_key', 'text').execute();
  await db.schema.alterTable('upload').addColumn('parts', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').dropColumn('parts').execute();
  await db.schema.alterTable('content_piece').dropColumn('blob_key').execute();
  await db.schema.dropTable('content_part').ifExists().execute();
}
