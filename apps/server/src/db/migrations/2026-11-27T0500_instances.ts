import type { Kysely } from 'kysely';

// State several instances must agree on: where each served page of a folder listing ended (so the next page continues
// there whichever instance answers) and the global request limiter's fixed-window counters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listing_boundary')
    .addColumn('listing', 'varchar(200)', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('position', 'varchar(2000)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('listing_boundary_pk', ['listing', 'page'])
    .execute();
  await db.schema.createIndex('listing_boundary_updated').on('listing_boundary').column('updated_at').execute();
  await db.schema
    .createTable('request_counter')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_counter').execute();
  await db.schema.dropTable('listing_boundary').execute();
}
