import type { Kysely } from 'kysely';

// The item lists behind zip download links: 500 uuids do not fit in a URL, so the signed token names a row instead.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('download_zip')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    // JSON array of file and folder uuids, as the user selected them.
    .addColumn('file_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('download_zip_expires').on('download_zip').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('download_zip').ifExists().execute();
}
