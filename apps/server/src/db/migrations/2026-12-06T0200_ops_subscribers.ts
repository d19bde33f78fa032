import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The operator's subscriber console (issue 27):
// - account: suspension (nothing else changes, so unsuspending restores exactly), the bonus bytes of live quota grants
//   (quota_bytes stays the effective quota every reader uses: the plan's quota plus bonus_bytes), and search keys for
//   the console's prefix search. The keys are written by the app (Turkish folding is app code a migration must not
//   import); rows from before this migration get theirs from the app at start. On PostgreSQL they use the "C"
//   collation, so a prefix is a byte range of the index whatever the server's locale.
// - quota_grant: bonus storage with an expiry (owned by the account module).
// - sign_in_event: each sign-in's time, address, device kind and result, kept 90 days (owned by the auth module).
const SEARCH_KEYS = ['search_name', 'search_surname', 'search_email', 'search_phone'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('account').addColumn('suspended_at', 'bigint').execute();
  await db.schema.alterTable('account').addColumn('bonus_bytes', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  for (const column of SEARCH_KEYS) {
    await db.schema
      .alterTable('account')
      .addColumn(column, 'varchar(320)', (c) => (pg ? c.modifyFront(sql`collate "C"`) : c))
      .execute();
    await db.schema.createIndex(`account_${column}`).on('account').column(column).execute();
  }

  await db.schema
    .createTable('quota_grant')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    /** Set when the grant stopped counting (its expiry passed and the job took the bytes back). */
    .addColumn('ended_at', 'bigint')
    .addColumn('operator_id', 'varchar(36)')
    .execute();
  await db.schema.createIndex('quota_grant_account').on('quota_grant').columns(['account_id', 'granted_at']).execute();
  await db.schema.createIndex('quota_grant_due').on('quota_grant').columns(['ended_at', 'expires_at']).execute();

  await db.schema
    .createTable('sign_in_event')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('result', 'varchar(24)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_event_account').on('sign_in_event').columns(['account_id', 'at']).execute();
  await db.schema.createIndex('sign_in_event_at').on('sign_in_event').column('at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_event').ifExists().execute();
  await db.schema.dropTable('quota_grant').ifExists().execute();
  for (const column of SEARCH_KEYS) {
    await db.schema.dropIndex(`account_${column}`).execute();
    await db.schema.alterTable('account').dropColumn(column).execute();
  }
  await db.schema.alterTable('account').dropColumn('bonus_bytes').execute();
  await db.schema.alterTable('account').dropColumn('suspended_at').execute();
}
