import type { Kysely } from 'kysely';

// People (issue 14): when an account with face data was first seen without premium. Its faces, people and crops are
// deleted 30 days later unless premium comes back first (docs/decisions.md, "People (issue 14)").
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('face_retention')
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('premium_ended_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('face_retention_ended').on('face_retention').column('premium_ended_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('face_retention').execute();
}
