import type { Kysely } from 'kysely';

// For you (issue 15): the styled photos an account made itself per UTC month, counted against its monthly quota
// (docs/decisions.md "For you — animations and styled photos"). One row per account and month.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('foryou_styled_use')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    // YYYYMM, UTC.
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('foryou_styled_use_pk', ['account_id', 'month'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('foryou_styled_use').execute();
}
