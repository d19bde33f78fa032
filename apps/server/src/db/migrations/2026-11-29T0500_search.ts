import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Search (issue 11): one row per findable subject (file, album; later people, places, things) with its folded words,
// and the database's full-text index over them. The app writes the rows in the transaction of each change; rows that
// existed before this migration are indexed by the app at start (SearchService.indexMissing), since the folding is
// app code a migration must not import.

// SQLite: an external-content FTS5 table over search_entry.terms, kept in step by triggers. The words are folded by
// the app already, so the tokenizer only splits on spaces and keeps diacritics as they are; prefix indexes make
// 2- and 3-letter prefixes cheap.
const SQLITE = [
  `CREATE VIRTUAL TABLE search_fts USING fts5(terms, content='search_entry', content_rowid='seq',
     tokenize="unicode61 remove_diacritics 0", prefix='2 3')`,
  `CREATE TRIGGER search_entry_ai AFTER INSERT ON search_entry BEGIN
     INSERT INTO search_fts(rowid, terms) VALUES (new.seq, new.terms); END`,
  `CREATE TRIGGER search_entry_ad AFTER DELETE ON search_entry BEGIN
     INSERT INTO search_fts(search_fts, rowid, terms) VALUES ('delete', old.seq, old.terms); END`,
  `CREATE TRIGGER search_entry_au AFTER UPDATE OF terms ON search_entry BEGIN
     INSERT INTO search_fts(search_fts, rowid, terms) VALUES ('delete', old.seq, old.terms);
     INSERT INTO search_fts(rowid, terms) VALUES (new.seq, new.terms); END`,
];

// PostgreSQL: the words become lexemes as they are (no parser, no dictionary: array_to_tsvector), so folding stays
// the app's alone and does not depend on the server's locale; a GIN index answers `word:*` prefix queries.
const POSTGRES = [
  `ALTER TABLE search_entry ADD COLUMN terms_tsv tsvector
     GENERATED ALWAYS AS (array_to_tsvector(string_to_array(terms, ' '))) STORED`,
  `CREATE INDEX search_entry_tsv ON search_entry USING gin (terms_tsv)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('search_entry')
    .addColumn('seq', pg ? 'bigint' : 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()))
    .addColumn('subject_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_exact', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('camera', 'text', (c) => c.notNull())
    .addColumn('taken_month', 'integer')
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_entry_subject').unique().on('search_entry').columns(['subject_kind', 'subject_id']).execute();
  // Month suggestions: months with photos, newest first. The month leads, so that no owner index tempts SQLite's planner
  // to read all of an account's entries for a search instead of the full-text hits (measured: a rare word went from a
  // scan of 100,000 entries to a few lookups).
  await db.schema.createIndex('search_entry_month').on('search_entry').columns(['taken_month', 'owner_id']).execute();
  for (const statement of pg ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!pg) await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
  await db.schema.dropTable('search_entry').ifExists().execute();
}
