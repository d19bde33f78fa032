import { sql, type Kysely } from 'kysely';

// Recurring jobs (housekeeping): an occurrence carries its schedule's name, and the partial unique index lets at most
// one occurrence per schedule wait or run, however many server instances insert one at start or after a run.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job').addColumn('schedule_key', 'varchar(100)').execute();
  await db.schema
    .createIndex('job_schedule_pending')
    .on('job')
    .column('schedule_key')
    .unique()
    .where(sql<boolean>`status IN ('queued', 'running') AND schedule_key IS NOT NULL`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_schedule_pending').execute();
  await db.schema.alterTable('job').dropColumn('schedule_key').execute();
}
