import type { Kysely } from 'kysely';

// Issue 30: the telesales prize draw. Campaigns carry a commitment (SHA-256 of a secret seed) from the day they are
// created; codes are stored hashed and burnt once by a conditional update; entries are published as hashes only.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('draw_campaign')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    // JSON: { <language>: { title, conditions, result } } for all 11 languages.
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('winner_count', 'integer', (c) => c.notNull())
    // OPEN → CLOSED (entries frozen) → DRAWN (seed revealed, winners chosen).
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('commitment', 'varchar(64)', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addColumn('drawn_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('draw_code')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('campaign_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('batch_id', 'varchar(36)', (c) => c.notNull())
    // SHA-256 of the code's first six characters (what the page sends first); the seventh is a check character.
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('check_char', 'varchar(1)', (c) => c.notNull())
    // E.164 of the phone the code was sold to; null: any phone may use it.
    .addColumn('msisdn', 'varchar(20)')
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('draw_code_campaign').on('draw_code').columns(['campaign_id', 'batch_id']).execute();

  await db.schema
    .createTable('draw_request')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('reference_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('code_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('msisdn', 'varchar(20)', (c) => c.notNull())
    .addColumn('otp_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('otp_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('draw_request_created').on('draw_request').column('created_at').execute();

  await db.schema
    .createTable('draw_entry')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('campaign_id', 'varchar(36)', (c) => c.notNull())
    // One entry per code, whatever races: the second insert fails.
    .addColumn('code_id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('msisdn', 'varchar(20)', (c) => c.notNull())
    // SHA-256 of the receipt the participant got: the published list holds only these.
    .addColumn('entry_hash', 'varchar(64)', (c) => c.notNull().unique())
    // tr or en: the language of the winner's SMS.
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    .addColumn('winner_rank', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('draw_entry_campaign').on('draw_entry').columns(['campaign_id', 'created_at']).execute();
  await db.schema.createIndex('draw_entry_msisdn').on('draw_entry').column('msisdn').execute();

  await db.schema
    .createTable('draw_counter')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['draw_counter', 'draw_entry', 'draw_request', 'draw_code', 'draw_campaign']) await db.schema.dropTable(t).execute();
}
