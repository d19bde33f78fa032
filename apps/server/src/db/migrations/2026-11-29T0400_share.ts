import type { Kysely } from 'kysely';

// Private shares: one row per item shared with one invitee (an account, or an e-mail/phone not signed up yet).
// A removed share keeps its row (removed_at) for a while, so the invitee's viewer can say "no longer shared".
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('share')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull().references('file.id').onDelete('cascade'))
    // Lower-cased e-mail address or E.164 phone number.
    .addColumn('identifier', 'varchar(254)', (c) => c.notNull())
    .addColumn('invitee_id', 'varchar(36)', (c) => c.references('account.id').onDelete('cascade'))
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('removed_at', 'bigint')
    .execute();
  await db.schema.createIndex('share_item_identifier').unique().on('share').columns(['file_id', 'identifier']).execute();
  // The access policy's look-up: the caller's grants on a set of items.
  await db.schema.createIndex('share_invitee').on('share').columns(['invitee_id', 'file_id']).execute();
  await db.schema.createIndex('share_owner').on('share').columns(['account_id', 'created_at']).execute();
  // Sign-up claims pending invitations by contact.
  await db.schema.createIndex('share_identifier').on('share').columns(['identifier']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share').execute();
}
