import type { Kysely } from 'kysely';

// The operators' audit log (issue 27): append-only, each row chained to the one before by hash. The head row holds the
// last seq and hash; every writer updates it first, which serialises writers on PostgreSQL (the row lock is held to
// commit) and lets verification notice a removed last row.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operator_audit')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(36)')
    .addColumn('operator_email', 'varchar(254)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)')
    .addColumn('account_id', 'varchar(36)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('reason', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_audit_operator').on('operator_audit').columns(['operator_id', 'seq']).execute();
  await db.schema.createIndex('operator_audit_account').on('operator_audit').columns(['account_id', 'seq']).execute();
  await db.schema.createIndex('operator_audit_action').on('operator_audit').columns(['action', 'seq']).execute();

  await db.schema
    .createTable('operator_audit_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.insertInto('operator_audit_head').values({ id: 1, seq: 0, hash: '0'.repeat(64) }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operator_audit_head').ifExists().execute();
  await db.schema.dropTable('operator_audit').ifExists().execute();
}
