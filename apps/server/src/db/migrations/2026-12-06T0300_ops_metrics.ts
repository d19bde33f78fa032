import { sql, type Kysely } from 'kysely';

// The operator's dashboard (issue 27): figures kept incrementally (counters per day and per minute, gauges per day),
// so a dashboard view is a handful of indexed point reads. The job queue's figures are read by two partial indexes
// over the few waiting and failed jobs, never the done ones.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('metric_day')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('metric_day_pk', ['name', 'day'])
    .execute();
  await db.schema
    .createTable('metric_minute')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('metric_minute_pk', ['name', 'minute'])
    .execute();
  await db.schema.createIndex('job_waiting').on('job').columns(['type', 'run_at']).where(sql<boolean>`status = 'queued'`).execute();
  await db.schema.createIndex('job_failed').on('job').columns(['type', 'updated_at']).where(sql<boolean>`status = 'failed'`).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_failed').execute();
  await db.schema.dropIndex('job_waiting').execute();
  await db.schema.dropTable('metric_minute').execute();
  await db.schema.dropTable('metric_day').execute();
}
