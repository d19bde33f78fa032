import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Search speed (issue 11, third round): a search at 100,000 items read every hit's file row (status, hidden, sort keys)
// twice, so a common word cost in proportion to its tens of thousands of hits. The entry now carries what a search
// filters and orders by, so a page is an ordered walk of one index that stops when the page is full:
// - status/hidden: the subject's visibility (an album's HIDDEN status is hidden = 1, as a file's flag);
// - kind/document_type: how the hit shows (PHOTO, VIDEO, DOCUMENT, FOLDER, ALBUM, OTHER) and the document type;
// - sort_name/taken_at: the name key and the date of capture (else last modified) for the other sort orders;
// - modified_at: now the subject's current last modification, no longer the one of the last text change.
// Triggers copy them from file and album in the statement that changes them (trash, recover, hide, move, rename,
// media facts, every path, as the timeline's counts are kept), so no write path can leave the index stale.
// The full-text table gets the name as its own column: "every word starts a word of the name" (the second rank) is a
// column filter, so each rank's hits can be counted and read through the index alone.

const STATE_COLUMNS = ['status', 'hidden', 'kind', 'document_type', 'sort_name', 'taken_at', 'modified_at'];
const FILE_VALUES = (r: string) => [
  `${r}.status`,
  `${r}.hidden`,
  `CASE WHEN ${r}.is_folder = 1 THEN 'FOLDER' WHEN ${r}.media_kind = 1 THEN 'PHOTO' WHEN ${r}.media_kind = 2 THEN 'VIDEO'
    WHEN ${r}.document_type IS NOT NULL THEN 'DOCUMENT' ELSE 'OTHER' END`,
  `${r}.document_type`,
  `${r}.name_key`,
  `COALESCE(${r}.taken_at, ${r}.last_modified_at)`,
  `${r}.last_modified_at`,
];
const ALBUM_VALUES = (r: string) => [
  `CASE WHEN ${r}.status = 'TRASHED' THEN 'TRASHED' ELSE 'ACTIVE' END`,
  `CASE WHEN ${r}.status = 'HIDDEN' THEN 1 ELSE 0 END`,
  `'ALBUM'`,
  'NULL',
  `${r}.label_key`,
  `${r}.last_modified_at`,
  `${r}.last_modified_at`,
];
const assign = (values: string[]) => STATE_COLUMNS.map((c, i) => `${c} = ${values[i]}`).join(', ');
const FILE_STATE = (r: string) => assign(FILE_VALUES(r));
const ALBUM_STATE = (r: string) => assign(ALBUM_VALUES(r));
// PostgreSQL's statement triggers see every updated row (a favourite too): only entries whose copy changed are written.
const changed = (values: string[]) => `(${STATE_COLUMNS.map((c) => `e.${c}`).join(', ')}) IS DISTINCT FROM (${values.join(', ')})`;
const FILE_COLUMNS = 'status, hidden, is_folder, media_kind, document_type, name_key, taken_at, last_modified_at';

const SQLITE_FTS_DROP = ['DROP TRIGGER search_entry_ai', 'DROP TRIGGER search_entry_ad', 'DROP TRIGGER search_entry_au', 'DROP TABLE search_fts'];
const sqliteFts = (columns: string[]) => {
  const cols = columns.join(', ');
  const news = columns.map((c) => `new.${c}`).join(', ');
  const olds = columns.map((c) => `old.${c}`).join(', ');
  return [
    `CREATE VIRTUAL TABLE search_fts USING fts5(${cols}, content='search_entry', content_rowid='seq',
       tokenize="unicode61 remove_diacritics 0", prefix='2 3')`,
    `CREATE TRIGGER search_entry_ai AFTER INSERT ON search_entry BEGIN
       INSERT INTO search_fts(rowid, ${cols}) VALUES (new.seq, ${news}); END`,
    `CREATE TRIGGER search_entry_ad AFTER DELETE ON search_entry BEGIN
       INSERT INTO search_fts(search_fts, rowid, ${cols}) VALUES ('delete', old.seq, ${olds}); END`,
    `CREATE TRIGGER search_entry_au AFTER UPDATE OF ${cols} ON search_entry BEGIN
       INSERT INTO search_fts(search_fts, rowid, ${cols}) VALUES ('delete', old.seq, ${olds});
       INSERT INTO search_fts(rowid, ${cols}) VALUES (new.seq, ${news}); END`,
    `INSERT INTO search_fts(search_fts) VALUES ('rebuild')`,
  ];
};

const SQLITE_UP = [
  `UPDATE search_entry SET ${FILE_STATE('f')} FROM file f WHERE search_entry.subject_kind = 'file' AND f.id = search_entry.subject_id`,
  `UPDATE search_entry SET ${ALBUM_STATE('a')} FROM album a WHERE search_entry.subject_kind = 'album' AND a.id = search_entry.subject_id`,
  `CREATE TRIGGER file_search_state AFTER UPDATE OF ${FILE_COLUMNS} ON file BEGIN
     UPDATE search_entry SET ${FILE_STATE('NEW')} WHERE subject_kind = 'file' AND subject_id = NEW.id; END`,
  `CREATE TRIGGER album_search_state AFTER UPDATE OF status, label_key, last_modified_at ON album BEGIN
     UPDATE search_entry SET ${ALBUM_STATE('NEW')} WHERE subject_kind = 'album' AND subject_id = NEW.id; END`,
  ...SQLITE_FTS_DROP,
  ...sqliteFts(['name', 'terms']),
];

// PostgreSQL: statement triggers over the transition table, so trashing a folder of 10,000 files is one update join.
const pgStateTrigger = (table: 'file' | 'album', values: (r: string) => string[]) => [
  `CREATE FUNCTION ${table}_search_state() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE search_entry e SET ${assign(values('n'))} FROM new_rows n
       WHERE e.subject_kind = '${table}' AND e.subject_id = n.id AND ${changed(values('n'))};
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER ${table}_search_state AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION ${table}_search_state()`,
];
const PG_UP = [
  `UPDATE search_entry e SET ${FILE_STATE('f')} FROM file f WHERE e.subject_kind = 'file' AND f.id = e.subject_id`,
  `UPDATE search_entry e SET ${ALBUM_STATE('a')} FROM album a WHERE e.subject_kind = 'album' AND a.id = e.subject_id`,
  ...pgStateTrigger('file', FILE_VALUES),
  ...pgStateTrigger('album', ALBUM_VALUES),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('search_entry')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .execute();
  await db.schema.alterTable('search_entry').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('search_entry').addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('OTHER')).execute();
  await db.schema.alterTable('search_entry').addColumn('document_type', 'varchar(16)').execute();
  await db.schema.alterTable('search_entry').addColumn('sort_name', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('search_entry').addColumn('taken_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  for (const statement of pg ? PG_UP : SQLITE_UP) await sql.raw(statement).execute(db);
  // The walk for relevance and recency: an account's visible entries, newest first.
  await db.schema.createIndex('search_entry_recent').on('search_entry').columns(['owner_id', 'status', 'hidden', 'modified_at']).execute();
  // Per-kind counts (capped) and kind-filtered pages, newest first within a kind and document type.
  await db.schema
    .createIndex('search_entry_kind')
    .on('search_entry')
    .columns(['owner_id', 'status', 'hidden', 'kind', 'document_type', 'modified_at'])
    .execute();
  // The first rank: names equal to the query, newest first (the name leads, so no plan mistakes it for a recency walk).
  await db.schema
    .createIndex('search_entry_exact')
    .on('search_entry')
    .columns(['name_exact', 'owner_id', 'status', 'hidden', 'modified_at'])
    .execute();
  // Camera suggestions step through an account's distinct cameras.
  await db.schema.createIndex('search_entry_camera').on('search_entry').columns(['owner_id', 'camera']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of ['search_entry_recent', 'search_entry_kind', 'search_entry_exact', 'search_entry_camera']) await db.schema.dropIndex(name).execute();
  if (pg) {
    for (const t of ['file', 'album']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}_search_state ON ${t}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${t}_search_state()`).execute(db);
    }
  } else {
    for (const t of ['file', 'album']) await sql.raw(`DROP TRIGGER IF EXISTS ${t}_search_state`).execute(db);
    for (const statement of [...SQLITE_FTS_DROP, ...sqliteFts(['terms'])]) await sql.raw(statement).execute(db);
  }
  for (const c of ['status', 'hidden', 'kind', 'document_type', 'sort_name', 'taken_at']) {
    await db.schema.alterTable('search_entry').dropColumn(c).execute();
  }
}
