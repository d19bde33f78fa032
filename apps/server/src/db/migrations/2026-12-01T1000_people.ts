import { PostgresAdapter, type Kysely } from 'kysely';

// People (issue 14): faces found on an account's photos, grouped into persons. Faces of a file deleted for good are
// swept with their crops by the people module; all face data goes with the account. A face_scan row says a photo was
// queued (scanned_at 0) or analysed (also with no face), so the backfill knows what is left and can show progress.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('person')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('label', 'varchar(255)')
    .addColumn('label_key', 'varchar(255)')
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    // No foreign key: face and person point at each other; the app clears it when that face leaves the person.
    .addColumn('thumbnail_face_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('person_account').on('person').columns(['account_id', 'status']).execute();
  await db.schema
    .createTable('face')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    // No foreign key: a face outlives its file until the hourly sweep has deleted its crop blob with it.
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('person_id', 'varchar(36)', (c) => c.references('person.id').onDelete('set null'))
    .addColumn('box_x', 'double precision', (c) => c.notNull())
    .addColumn('box_y', 'double precision', (c) => c.notNull())
    .addColumn('box_w', 'double precision', (c) => c.notNull())
    .addColumn('box_h', 'double precision', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('descriptor', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('crop_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Clustering reads an account's faces (assigned or not); person pages read a person's faces; a photo's faces.
  await db.schema.createIndex('face_account_person').on('face').columns(['account_id', 'person_id']).execute();
  await db.schema.createIndex('face_person_file').on('face').columns(['person_id', 'file_id']).execute();
  await db.schema.createIndex('face_file').on('face').column('file_id').execute();
  await db.schema
    .createTable('face_rejection')
    .addColumn('face_id', 'varchar(36)', (c) => c.notNull().references('face.id').onDelete('cascade'))
    .addColumn('person_id', 'varchar(36)', (c) => c.notNull().references('person.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('face_rejection_pk', ['face_id', 'person_id'])
    .execute();
  await db.schema.createIndex('face_rejection_person').on('face_rejection').column('person_id').execute();
  await db.schema
    .createTable('face_scan')
    .addColumn('file_id', 'varchar(36)', (c) => c.primaryKey().references('file.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('scanned_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('face_scan_account').on('face_scan').column('account_id').execute();
  await db.schema
    .createTable('face_setting')
    .addColumn('account_id', 'varchar(36)', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['face_setting', 'face_scan', 'face_rejection', 'face', 'person']) await db.schema.dropTable(t).execute();
}
