import type { Kysely } from 'kysely';

// For you (issue 15): what a rendered item is (its blob's type, size and length), what saving it made (a file or an
// album), and the photo a styled version was made from. docs/decisions.md "For you — items".
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('foryou_item').addColumn('result_meta', 'text').execute();
  await db.schema.alterTable('foryou_item').addColumn('saved_ref', 'varchar(36)').execute();
  await db.schema
    .alterTable('foryou_item')
    .addColumn('source_file_id', 'varchar(36)', (c) => c.references('file.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('foryou_item_source').on('foryou_item').column('source_file_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('foryou_item_source').execute();
  for (const c of ['source_file_id', 'saved_ref', 'result_meta']) await db.schema.alterTable('foryou_item').dropColumn(c).execute();
}
