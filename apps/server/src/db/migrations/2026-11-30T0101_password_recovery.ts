import type { Kysely } from 'kysely';

// One password recovery (forgot my password): what the person may use, which factors they proved, and the one code or
// link outstanding. Unknown usernames get a row too (account_id null), so every later step answers like a real one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_recovery')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('reference_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('account_id', 'varchar(36)', (c) => c.references('account.id').onDelete('cascade'))
    .addColumn('subject', 'varchar(400)', (c) => c.notNull())
    .addColumn('flow', 'varchar(2)', (c) => c.notNull())
    .addColumn('methods', 'text', (c) => c.notNull())
    .addColumn('security_question_id', 'integer')
    .addColumn('factors_required', 'integer', (c) => c.notNull())
    .addColumn('verified_methods', 'varchar(100)', (c) => c.notNull())
    .addColumn('selected_method', 'varchar(20)')
    .addColumn('otp_hash', 'varchar(64)')
    .addColumn('otp_expires_at', 'bigint')
    .addColumn('link_hash', 'varchar(64)')
    .addColumn('link_expires_at', 'bigint')
    .addColumn('link_used_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('resends', 'integer', (c) => c.notNull())
    .addColumn('selections', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_recovery_account').on('password_recovery').column('account_id').execute();
  await db.schema.createIndex('password_recovery_created').on('password_recovery').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_recovery').execute();
}
