import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Places and things (issue 14): the account's places (a city, or a country alone) and object classes, each photo's
// place and things, and which photos the object detector has scanned. Rows go with their file (cascade) and account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('place')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('city_id', 'integer')
    .addColumn('country_code', 'varchar(2)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('place_account_city').on('place').columns(['account_id', 'city_id', 'country_code']).unique().execute();
  // NULLs are distinct in a unique index, so the country-only places get their own.
  await db.schema
    .createIndex('place_account_country_only')
    .on('place')
    .columns(['account_id', 'country_code'])
    .unique()
    .where(sql.ref('city_id'), 'is', null)
    .execute();
  await db.schema
    .createTable('file_place')
    .addColumn('file_id', 'varchar(36)', (c) => c.primaryKey().references('file.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    // null: looked up, in no country (open sea), so backfill and progress count it as done.
    .addColumn('place_id', 'varchar(36)', (c) => c.references('place.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('file_place_place').on('file_place').columns(['place_id', 'file_id']).execute();
  await db.schema.createIndex('file_place_account').on('file_place').columns(['account_id', 'place_id']).execute();

  await db.schema
    .createTable('thing')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('thing_account_tag', ['account_id', 'tag'])
    .execute();
  await db.schema
    .createTable('file_thing')
    .addColumn('file_id', 'varchar(36)', (c) => c.notNull().references('file.id').onDelete('cascade'))
    .addColumn('thing_id', 'varchar(36)', (c) => c.notNull().references('thing.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_thing_pk', ['file_id', 'thing_id'])
    .execute();
  await db.schema.createIndex('file_thing_thing').on('file_thing').columns(['thing_id', 'file_id']).execute();
  await db.schema.createIndex('file_thing_account').on('file_thing').columns(['account_id', 'thing_id']).execute();
  await db.schema
    .createTable('thing_scan')
    .addColumn('file_id', 'varchar(36)', (c) => c.primaryKey().references('file.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('scanned_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('thing_scan_account').on('thing_scan').columns(['account_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('thing_scan').execute();
  await db.schema.dropTable('file_thing').execute();
  await db.schema.dropTable('thing').execute();
  await db.schema.dropTable('file_place').execute();
  await db.schema.dropTable('place').execute();
}
