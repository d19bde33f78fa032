import { sql, type Kysely } from 'kysely';

// Short job leases held by a server run that beats a heartbeat (so a restart frees what its previous run held at
// once), and a fair order for job types shared by many accounts (media): each job's place in its account's round.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_instance')
    .addColumn('run_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_instance_name').on('job_instance').column('name').execute();
  await db.schema.createIndex('job_instance_heartbeat').on('job_instance').column('heartbeat_at').execute();
  await db.schema.alterTable('job').addColumn('fair_key', 'varchar(100)').execute();
  await db.schema.alterTable('job').addColumn('fair_rank', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  // Claiming in round order, and the round being served, read one type's queued or running rows by rank (not partial:
  // SQLite cannot prove `status = 'queued'` implies an IN list, so it would not use a partial one).
  await db.schema.createIndex('job_fair_round').on('job').columns(['type', 'status', 'fair_rank']).execute();
  // A new job's round follows the last pending job of its key.
  await db.schema
    .createIndex('job_fair_key')
    .on('job')
    .columns(['type', 'fair_key', 'fair_rank'])
    .where(sql<boolean>`status IN ('queued', 'running') AND fair_key IS NOT NULL`)
    .execute();
  await db.schema.createIndex('job_locked_by').on('job').column('locked_by').where(sql<boolean>`status = 'running'`).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_locked_by').execute();
  await db.schema.dropIndex('job_fair_key').execute();
  await db.schema.dropIndex('job_fair_round').execute();
  await db.schema.alterTable('job').dropColumn('fair_rank').execute();
  await db.schema.alterTable('job').dropColumn('fair_key').execute();
  await db.schema.dropTable('job_instance').execute();
}
