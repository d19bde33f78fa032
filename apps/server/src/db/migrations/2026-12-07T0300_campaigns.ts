import type { Kysely } from 'kysely';

// Campaigns (issue 30, part 1): the operator's campaign definitions, invite-friends referrals and their rewards, and
// the stars campaign's purchase entries.
// - campaign: REFERRAL or STARS, a period, texts and sanitised details per language (JSON), reward rules (JSON).
// - referral_link: the hash of each account's personal invitation token (the token itself is an HMAC, never stored).
// - referral: who joined through whose link, and where the reward stands.
// - referral_credit: hashes of phone numbers and e-mail addresses a reward was already paid for (survive deletion).
// - stars_entry: a referred friend's package purchase during a stars campaign, once per friend and campaign.
// - signup_request.referrer_token: the invitation token a sign-up in progress carries until its code is typed back.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaign')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('draw_at', 'bigint')
    .addColumn('texts_json', 'text', (c) => c.notNull())
    .addColumn('details_json', 'text', (c) => c.notNull())
    .addColumn('rules_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaign_kind_period').on('campaign').columns(['kind', 'status', 'starts_at']).execute();

  await db.schema
    .createTable('referral_link')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referral_link_account').on('referral_link').column('account_id').execute();

  await db.schema
    .createTable('referral')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('friend_id', 'varchar(36)')
    .addColumn('friend_label', 'varchar(80)', (c) => c.notNull())
    .addColumn('campaign_id', 'varchar(36)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)')
    .addColumn('bonus_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('qualified_at', 'bigint')
    .addColumn('settled_at', 'bigint')
    .addPrimaryKeyConstraint('referral_pk', ['account_id', 'id'])
    .execute();
  await db.schema.createIndex('referral_friend').on('referral').column('friend_id').execute();
  await db.schema.createIndex('referral_due').on('referral').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('referral_account_settled').on('referral').columns(['account_id', 'settled_at']).execute();

  await db.schema
    .createTable('referral_credit')
    .addColumn('contact_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('credited_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stars_entry')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('campaign_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('friend_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('friend_label', 'varchar(80)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stars_entry_pk', ['account_id', 'campaign_id', 'friend_id'])
    .execute();
  await db.schema.createIndex('stars_entry_order').on('stars_entry').column('order_id').execute();
  await db.schema.createIndex('stars_entry_friend').on('stars_entry').column('friend_id').execute();

  await db.schema.alterTable('signup_request').addColumn('referrer_token', 'varchar(64)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signup_request').dropColumn('referrer_token').execute();
  for (const table of ['stars_entry', 'referral_credit', 'referral', 'referral_link', 'campaign']) await db.schema.dropTable(table).ifExists().execute();
}
