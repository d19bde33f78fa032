import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Issue 35: the family library. A photo or video in it stays its adder's row (their quota, inside the family pool)
// with `family_id` set: it leaves the adder's own timeline and joins the family's. `family_held_until` marks what a
// member who left could not take back into their own quota: readable and downloadable by them until then, then deleted.
// The timeline's day counts (2026-11-25T0000_timeline) are rebuilt here to leave family rows out.

const counted = (r: string, family: boolean) =>
  `${r}.taken_day IS NOT NULL AND ${r}.media_kind IN (1, 2) AND ${r}.status = 'ACTIVE' AND ${r}.hidden = 0 AND ${r}.is_folder = 0
   ${family ? `AND ${r}.family_id IS NULL` : ''} AND EXISTS (SELECT 1 FROM account WHERE account.id = ${r}.account_id)`;

const contribution = (r: string, sign: string) =>
  `${r}.account_id, ${r}.taken_day, ${sign} * (CASE WHEN ${r}.media_kind = 1 THEN 1 ELSE 0 END), ` +
  `${sign} * (CASE WHEN ${r}.media_kind = 2 THEN 1 ELSE 0 END), ${sign} * (CASE WHEN ${r}.favourite = 1 THEN 1 ELSE 0 END)`;

const UPSERT_SET = `images = timeline_day.images + excluded.images, videos = timeline_day.videos + excluded.videos,
  favourites = timeline_day.favourites + excluded.favourites`;

const sqliteApply = (r: string, sign: string, family: boolean) => `
  INSERT INTO timeline_day (account_id, day, images, videos, favourites)
    SELECT ${contribution(r, sign)} WHERE ${counted(r, family)}
    ON CONFLICT (account_id, day) DO UPDATE SET ${UPSERT_SET};`;
const sqliteDropEmpty = (r: string) => `
  DELETE FROM timeline_day WHERE account_id = ${r}.account_id AND day = ${r}.taken_day AND images = 0 AND videos = 0;`;

const sqliteTriggers = (family: boolean) => [
  `CREATE TRIGGER file_timeline_insert AFTER INSERT ON file BEGIN ${sqliteApply('NEW', '1', family)} END`,
  `CREATE TRIGGER file_timeline_delete AFTER DELETE ON file BEGIN ${sqliteApply('OLD', '-1', family)} ${sqliteDropEmpty('OLD')} END`,
  `CREATE TRIGGER file_timeline_update AFTER UPDATE OF status, hidden, favourite, taken_day, media_kind, is_folder${family ? ', family_id' : ''} ON file
   BEGIN ${sqliteApply('OLD', '-1', family)} ${sqliteApply('NEW', '1', family)} ${sqliteDropEmpty('OLD')} END`,
];

const pgApply = (parts: string[]) => `
  INSERT INTO timeline_day (account_id, day, images, videos, favourites)
    SELECT account_id, taken_day, sum(i), sum(v), sum(f)
    FROM (${parts.join(' UNION ALL ')}) AS d(account_id, taken_day, i, v, f)
    GROUP BY account_id, taken_day
    HAVING sum(i) <> 0 OR sum(v) <> 0 OR sum(f) <> 0
    ORDER BY account_id, taken_day
    ON CONFLICT (account_id, day) DO UPDATE SET ${UPSERT_SET};`;
const PG_DROP_EMPTY = `
  DELETE FROM timeline_day t WHERE t.images = 0 AND t.videos = 0
    AND (t.account_id, t.day) IN (SELECT o.account_id, o.taken_day FROM old_rows o);`;
const pgFunctions = (family: boolean) => {
  const fromNew = `SELECT ${contribution('n', '1')} FROM new_rows n WHERE ${counted('n', family)}`;
  const fromOld = `SELECT ${contribution('o', '-1')} FROM old_rows o WHERE ${counted('o', family)}`;
  const fn = (name: string, parts: string[], dropEmpty: boolean) => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${pgApply(parts)} ${dropEmpty ? PG_DROP_EMPTY : ''}
    RETURN NULL;
  END $$`;
  return [fn('file_timeline_insert', [fromNew], false), fn('file_timeline_delete', [fromOld], true), fn('file_timeline_update', [fromOld, fromNew], true)];
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function timelineTriggers(db: Kysely<any>, family: boolean): Promise<void> {
  // PostgreSQL's statement triggers stay; their functions are replaced. SQLite's row triggers name their columns.
  if (isPostgres(db)) {
    for (const stmt of pgFunctions(family)) await sql.raw(stmt).execute(db);
    return;
  }
  for (const name of ['file_timeline_insert', 'file_timeline_delete', 'file_timeline_update']) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  for (const stmt of sqliteTriggers(family)) await sql.raw(stmt).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file').addColumn('family_id', 'varchar(36)').execute();
  await db.schema.alterTable('file').addColumn('family_held_until', 'bigint').execute();
  // The personal timeline reads its pages from this index alone: family_id rides along so family rows are skipped there.
  await db.schema.dropIndex('file_timeline').execute();
  await db.schema
    .createIndex('file_timeline')
    .on('file')
    .columns(['account_id', 'status', 'hidden', 'taken_day', 'taken_at', 'id', 'media_kind', 'favourite', 'family_id'])
    .execute();
  // The family's timeline: its days and a day's photos in order.
  await db.schema.createIndex('file_family_timeline').on('file').columns(['family_id', 'status', 'taken_day', 'taken_at', 'id']).execute();
  await timelineTriggers(db, true);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // Family rows go back to their adders' own timelines.
  await db.updateTable('file').set({ family_id: null }).where('family_id', 'is not', null).execute();
  await timelineTriggers(db, false);
  await db.schema.dropIndex('file_family_timeline').execute();
  await db.schema.dropIndex('file_timeline').execute();
  await db.schema
    .createIndex('file_timeline')
    .on('file')
    .columns(['account_id', 'status', 'hidden', 'taken_day', 'taken_at', 'id', 'media_kind', 'favourite'])
    .execute();
  await db.schema.alterTable('file').dropColumn('family_held_until').execute();
  await db.schema.alterTable('file').dropColumn('family_id').execute();
}
