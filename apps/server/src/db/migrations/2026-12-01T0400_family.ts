import type { Kysely } from 'kysely';

// Family sharing (issue 13): one pool per admin's family package, its members, and invitations by e-mail or phone.
// The pool's use is the sum of its members' account counters, read while the family row is locked (always the family
// row first, then member account rows), so concurrent uploads by several members cannot pass the pool together.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('family')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('admin_account_id', 'varchar(36)', (c) => c.notNull().unique().references('account.id').onDelete('cascade'))
    .addColumn('package_id', 'varchar(36)')
    .addColumn('max_members', 'integer', (c) => c.notNull())
    .addColumn('quota_bytes', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('family_member')
    .addColumn('family_id', 'varchar(36)', (c) => c.notNull().references('family.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('limit_bytes', 'bigint')
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('family_member_family').on('family_member').columns(['family_id', 'joined_at']).execute();
  await db.schema
    .createTable('family_invitation')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('family_id', 'varchar(36)', (c) => c.notNull().references('family.id').onDelete('cascade'))
    .addColumn('contact_kind', 'varchar(8)', (c) => c.notNull())
    // Lower-cased e-mail address or E.164 phone number.
    .addColumn('contact', 'varchar(320)', (c) => c.notNull())
    // For a phone: its country code, so the number can be shown masked like elsewhere.
    .addColumn('country_code', 'varchar(4)')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .addColumn('invitee_account_id', 'varchar(36)', (c) => c.references('account.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('family_invitation_family').on('family_invitation').columns(['family_id', 'status']).execute();
  await db.schema.createIndex('family_invitation_contact').on('family_invitation').columns(['contact', 'status']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('family_invitation').execute();
  await db.schema.dropTable('family_member').execute();
  await db.schema.dropTable('family').execute();
}
