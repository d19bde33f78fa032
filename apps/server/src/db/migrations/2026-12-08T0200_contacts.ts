import type { Kysely } from 'kysely';

// Issue 31: contacts backup.
// - contact_version: an account's address-book snapshots (import, phone sync, restore); the newest is current.
// - contact: the contacts of each version, copied per version (a version never changes), with their place in the
//   first-name order so a page is an index range, and folded search text.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_version')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('contact_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_version_pk', ['account_id', 'id'])
    .execute();

  await db.schema
    .createTable('contact')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('version_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('id', 'varchar(36)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phones_json', 'text', (c) => c.notNull())
    .addColumn('emails_json', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('card_json', 'text', (c) => c.notNull())
    .addColumn('etag', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_pk', ['account_id', 'version_id', 'id'])
    .addForeignKeyConstraint('contact_version_fk', ['account_id', 'version_id'], 'contact_version', ['account_id', 'id'], (f) => f.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('contact_position').on('contact').columns(['account_id', 'version_id', 'position']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact').execute();
  await db.schema.dropTable('contact_version').execute();
}
