import type { Kysely } from 'kysely';

// Photo and video facts and derivatives, filled in by the media.process job after an upload.
const COLUMNS = [
  ['taken_at', 'bigint'],
  ['width', 'integer'],
  ['height', 'integer'],
  ['duration_ms', 'integer'],
  // double precision on both dialects (SQLite's REAL is 8 bytes; PostgreSQL's real would be 4).
  ['latitude', 'double precision'],
  ['longitude', 'double precision'],
  ['camera', 'varchar(200)'],
  ['orientation', 'integer'],
  ['placeholder', 'text'],
  ['thumb_key', 'text'],
  ['preview_key', 'text'],
  ['media_status', 'varchar(16)'],
  ['media_error', 'text'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('file').addColumn(name, type).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('file').dropColumn(name).execute();
}
