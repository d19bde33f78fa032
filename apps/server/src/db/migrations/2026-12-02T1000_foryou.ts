import type { Kysely } from 'kysely';

// For you (issue 15): items our jobs generate from an account's photos (memories, collages, …), their photos, each
// photo's quality score and the account's daily CPU ledger. Everything goes with the account (cascade); an item's
// photos and a photo's score go with the file when it is deleted for good.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('foryou_item')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // Stable per account and kind (e.g. 'years-ago:2026-11-26:2023'), so generating again adds nothing.
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    // JSON the web turns into a sentence in the reader's language; never a sentence.
    .addColumn('title_params', 'text', (c) => c.notNull())
    .addColumn('cover_file_id', 'varchar(36)', (c) => c.references('file.id').onDelete('set null'))
    .addColumn('result_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addUniqueConstraint('foryou_item_account_kind_key', ['account_id', 'kind', 'key'])
    .execute();
  // Lists read an account's live items of a kind; the sweep reads by expiry.
  await db.schema.createIndex('foryou_item_account_kind').on('foryou_item').columns(['account_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('foryou_item_expires').on('foryou_item').column('expires_at').execute();
  await db.schema
    .createTable('foryou_item_photo')
    .addColumn('item_id', 'varchar(36)', (c) => c.notNull().references('foryou_item.id').onDelete('cascade'))
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull().references('file.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('foryou_item_photo_pk', ['item_id', 'file_id'])
    .execute();
  await db.schema.createIndex('foryou_item_photo_file').on('foryou_item_photo').column('file_id').execute();
  await db.schema
    .createTable('photo_quality')
    .addColumn('file_id', 'varchar(36)', (c) => c.primaryKey().references('file.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('sharpness', 'double precision', (c) => c.notNull())
    .addColumn('exposure', 'double precision', (c) => c.notNull())
    .addColumn('faces', 'integer', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('computed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photo_quality_account').on('photo_quality').column('account_id').execute();
  await db.schema
    .createTable('foryou_budget')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    // YYYYMMDD, UTC.
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('cpu_ms', 'bigint', (c) => c.notNull())
    // When the day's generation ran for the account (null: not yet), so the schedule and on-demand run it once.
    .addColumn('generated_at', 'bigint')
    .addPrimaryKeyConstraint('foryou_budget_pk', ['account_id', 'day'])
    .execute();
  await db.schema.createIndex('foryou_budget_day').on('foryou_budget').column('day').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['foryou_budget', 'photo_quality', 'foryou_item_photo', 'foryou_item']) await db.schema.dropTable(t).execute();
}
