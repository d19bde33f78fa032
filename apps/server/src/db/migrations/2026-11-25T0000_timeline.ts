import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The photo timeline: each photo's local calendar day, its kind, the slideshow flag, a covering index for reading a
// day's photos in order, and per-account per-day counts kept by triggers so the group list and position lookups read
// one small row per day instead of counting up to 100,000 index entries on every call.

/**
 * A row counts in the timeline when it is a live, visible photo or video with a day. Rows going away with their account
 * (ON DELETE CASCADE) count for nothing: the account's day rows are going too, and re-creating one would break its key.
 */
const counted = (r: string) =>
  `${r}.taken_day IS NOT NULL AND ${r}.media_kind IN (1, 2) AND ${r}.status = 'ACTIVE' AND ${r}.hidden = 0 AND ${r}.is_folder = 0
   AND EXISTS (SELECT 1 FROM account WHERE account.id = ${r}.account_id)`;

/** The count columns a row contributes, times `sign`. */
const contribution = (r: string, sign: string) =>
  `${r}.account_id, ${r}.taken_day, ${sign} * (CASE WHEN ${r}.media_kind = 1 THEN 1 ELSE 0 END), ` +
  `${sign} * (CASE WHEN ${r}.media_kind = 2 THEN 1 ELSE 0 END), ${sign} * (CASE WHEN ${r}.favourite = 1 THEN 1 ELSE 0 END)`;

const UPSERT_SET = `images = timeline_day.images + excluded.images, videos = timeline_day.videos + excluded.videos,
  favourites = timeline_day.favourites + excluded.favourites`;

// SQLite: row triggers (one writer at a time, so no lock ordering to worry about).
const sqliteApply = (r: string, sign: string) => `
  INSERT INTO timeline_day (account_id, day, images, videos, favourites)
    SELECT ${contribution(r, sign)} WHERE ${counted(r)}
    ON CONFLICT (account_id, day) DO UPDATE SET ${UPSERT_SET};`;
const sqliteDropEmpty = (r: string) => `
  DELETE FROM timeline_day WHERE account_id = ${r}.account_id AND day = ${r}.taken_day AND images = 0 AND videos = 0;`;

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER file_timeline_insert AFTER INSERT ON file BEGIN ${sqliteApply('NEW', '1')} END`,
  `CREATE TRIGGER file_timeline_delete AFTER DELETE ON file BEGIN ${sqliteApply('OLD', '-1')} ${sqliteDropEmpty('OLD')} END`,
  `CREATE TRIGGER file_timeline_update AFTER UPDATE OF status, hidden, favourite, taken_day, media_kind, is_folder ON file
   BEGIN ${sqliteApply('OLD', '-1')} ${sqliteApply('NEW', '1')} ${sqliteDropEmpty('OLD')} END`,
];

// PostgreSQL: statement triggers over transition tables, so a bulk change (trashing a folder of 10,000 photos) is one
// aggregated upsert, applied in (account, day) order so concurrent writers lock day rows in the same order.
const pgApply = (parts: string[]) => `
  INSERT INTO timeline_day (account_id, day, images, videos, favourites)
    SELECT account_id, taken_day, sum(i), sum(v), sum(f)
    FROM (${parts.join(' UNION ALL ')}) AS d(account_id, taken_day, i, v, f)
    GROUP BY account_id, taken_day
    HAVING sum(i) <> 0 OR sum(v) <> 0 OR sum(f) <> 0
    ORDER BY account_id, taken_day
    ON CONFLICT (account_id, day) DO UPDATE SET ${UPSERT_SET};`;
// Only rows leaving a day can empty it.
const PG_DROP_EMPTY = `
  DELETE FROM timeline_day t WHERE t.images = 0 AND t.videos = 0
    AND (t.account_id, t.day) IN (SELECT o.account_id, o.taken_day FROM old_rows o);`;
const fromNew = `SELECT ${contribution('n', '1')} FROM new_rows n WHERE ${counted('n')}`;
const fromOld = `SELECT ${contribution('o', '-1')} FROM old_rows o WHERE ${counted('o')}`;
const pgFunction = (name: string, parts: string[], dropEmpty: boolean) => `
  CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${pgApply(parts)} ${dropEmpty ? PG_DROP_EMPTY : ''}
    RETURN NULL;
  END $$`;

const PG_STATEMENTS = [
  pgFunction('file_timeline_insert', [fromNew], false),
  pgFunction('file_timeline_delete', [fromOld], true),
  pgFunction('file_timeline_update', [fromOld, fromNew], true),
  `CREATE TRIGGER file_timeline_insert AFTER INSERT ON file REFERENCING NEW TABLE AS new_rows
   FOR EACH STATEMENT EXECUTE FUNCTION file_timeline_insert()`,
  `CREATE TRIGGER file_timeline_delete AFTER DELETE ON file REFERENCING OLD TABLE AS old_rows
   FOR EACH STATEMENT EXECUTE FUNCTION file_timeline_delete()`,
  `CREATE TRIGGER file_timeline_update AFTER UPDATE ON file REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
   FOR EACH STATEMENT EXECUTE FUNCTION file_timeline_update()`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const pad = (n: number) => String(n).padStart(2, '0');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // YYYYMMDD of the local day the photo was taken; null for everything that is not a photo or video.
  await db.schema.alterTable('file').addColumn('taken_day', 'integer').execute();
  // 1 image, 2 video, null otherwise (set with the row; a file's content type never changes).
  await db.schema.alterTable('file').addColumn('media_kind', 'integer').execute();
  await db.schema.alterTable('file').addColumn('video_slideshow', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  // Reads a day's photos newest first straight from the index; kind and favourite ride along so the category filters
  // need no table lookups until the page of rows is known.
  await db.schema
    .createIndex('file_timeline')
    .on('file')
    .columns(['account_id', 'status', 'hidden', 'taken_day', 'taken_at', 'id', 'media_kind', 'favourite'])
    .execute();
  await db.schema.createIndex('file_video_slideshow').on('file').columns(['account_id', 'video_slideshow', 'status']).execute();

  await db.schema
    .createTable('timeline_day')
    .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('images', 'integer', (c) => c.notNull())
    .addColumn('videos', 'integer', (c) => c.notNull())
    .addColumn('favourites', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('timeline_day_pk', ['account_id', 'day'])
    .execute();

  for (const stmt of isPostgres(db) ? PG_STATEMENTS : SQLITE_TRIGGERS) await sql.raw(stmt).execute(db);

  // Photos already stored: their kind, and the UTC day of their taken date (the EXIF offset was not kept, so this is
  // the best day we have). The triggers count them as they are updated.
  await db
    .updateTable('file')
    .set({ media_kind: sql`CASE WHEN lower(content_type) LIKE 'video/%' THEN 2 ELSE 1 END` })
    .where('is_folder', '=', 0)
    .where((eb) => eb.or([eb(sql`lower(content_type)`, 'like', 'image/%'), eb(sql`lower(content_type)`, 'like', 'video/%')]))
    .execute();
  for (;;) {
    const rows = await db
      .selectFrom('file')
      .select(['id', 'taken_at', 'created_at'])
      .where('media_kind', 'is not', null)
      .where('taken_day', 'is', null)
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      if (r.taken_at === null) await db.updateTable('file').set({ taken_at: r.created_at }).where('id', '=', r.id).execute();
      const d = new Date(Number(r.taken_at ?? r.created_at));
      const day = Number(`${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`);
      await db.updateTable('file').set({ taken_day: day }).where('id', '=', r.id).execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['file_timeline_insert', 'file_timeline_delete', 'file_timeline_update']) {
    await sql.raw(isPostgres(db) ? `DROP TRIGGER IF EXISTS ${name} ON file` : `DROP TRIGGER IF EXISTS ${name}`).execute(db);
    if (isPostgres(db)) await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
  }
  await db.schema.dropTable('timeline_day').ifExists().execute();
  await db.schema.dropIndex('file_video_slideshow').execute();
  await db.schema.dropIndex('file_timeline').execute();
  for (const c of ['video_slideshow', 'media_kind', 'taken_day']) await db.schema.alterTable('file').dropColumn(c).execute();
}
