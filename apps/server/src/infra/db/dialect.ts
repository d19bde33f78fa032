import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from './database.js';
import type { Executor } from './executor.js';
import type { DB } from './schema.js';

/** The few places where SQLite and PostgreSQL differ live here, so repositories stay dialect-free. */

// SQLite has a single writer, so row locks are unnecessary there; PostgreSQL needs them for several workers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lockSkipLocked<QB extends SelectQueryBuilder<any, any, any>>(dialect: Dialect, qb: QB): QB {
  return dialect === 'postgres' ? (qb.forUpdate().skipLocked() as QB) : qb;
}

/** A unique or primary-key violation, as each driver reports it (PostgreSQL SQLSTATE 23505, better-sqlite3 codes). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Runs `work` in one transaction whose commit does not wait for the write-ahead log to reach disk, for counters a crash
 * may lose without harm (request limits). On PostgreSQL every commit otherwise waits for an fsync, which bounded the
 * whole API at the disk's flush rate; SQLite's commits (WAL, synchronous=NORMAL) never wait, so it runs `work` as is.
 */
export async function withoutDurableCommit<T>(db: Kysely<DB>, dialect: Dialect, work: (db: Executor) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return work(db);
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL synchronous_commit = off`.execute(trx);
    return work(trx);
  });
}

/** One part of a full-text query: matches when a word of the row starts with `prefix` or equals one of `exact`. */
export interface FullTextGroup {
  prefix: string;
  exact: readonly string[];
}

/**
 * Which hits: `all` (every group matches some word), `name` (every group's prefix starts a word of the name: the second
 * rank of a search) or `rest` (all but those).
 */
export type FullTextPart = 'all' | 'name' | 'rest';

const tsQuery = (groups: readonly FullTextGroup[]) =>
  groups.map((g) => `(${[`'${g.prefix}':*`, ...g.exact.map((w) => `'${w}'`)].join(' | ')})`).join(' & ');
const ftsAll = (groups: readonly FullTextGroup[]) =>
  groups.map((g) => `(${[`"${g.prefix}"*`, ...g.exact.map((w) => `"${w}"`)].join(' OR ')})`).join(' AND ');
const ftsName = (groups: readonly FullTextGroup[]) => `name : (${groups.map((g) => `"${g.prefix}"*`).join(' AND ')})`;
const ftsQuery = (groups: readonly FullTextGroup[], part: FullTextPart) =>
  part === 'all' ? ftsAll(groups) : part === 'name' ? ftsName(groups) : `(${ftsAll(groups)}) NOT (${ftsName(groups)})`;
/** Every group's prefix starts a word of the folded name `e.name`. */
const nameHasAll = (groups: readonly FullTextGroup[]) =>
  sql<boolean>`(${sql.join(
    groups.map((g) => sql`(' ' || e.name) LIKE ${`% ${g.prefix}%`}`),
    sql` AND `,
  )})`;

/**
 * A column the query planner must not use an index for. SQLite plans without statistics (the app runs no ANALYZE), so a
 * search says which way to go: from the full-text hits, or along an ordered index. PostgreSQL's planner has statistics.
 */
export function unindexed(dialect: Dialect, column: string): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`+${sql.ref(column)}` : sql.ref(column);
}

/**
 * The condition that `search_entry` (aliased `e`) is among the hits of `part`, through each database's full-text index:
 * SQLite's FTS5 table `search_fts` (columns name and terms), PostgreSQL's tsvector column with a GIN index. Words come
 * folded by the app (letters and digits only), so quoting them is enough. On SQLite `lead` makes the hits the start of
 * the plan (few hits, read them all); otherwise the hits are a set the rows of an ordered index walk are checked against
 * (many hits, stop when the page is full), and the name part needs no set at all: a name word is an indexed word.
 */
export function fullTextMatch(
  dialect: Dialect,
  groups: readonly FullTextGroup[],
  { part = 'all', lead = true }: { part?: FullTextPart; lead?: boolean } = {},
): RawBuilder<boolean> {
  if (dialect === 'postgres') {
    const query = sql<boolean>`e.terms_tsv @@ ${tsQuery(groups)}::tsquery`;
    if (part === 'all') return query;
    return part === 'name' ? sql<boolean>`(${query} AND ${nameHasAll(groups)})` : sql<boolean>`(${query} AND NOT ${nameHasAll(groups)})`;
  }
  if (part === 'name' && !lead) return nameHasAll(groups);
  return sql<boolean>`${lead ? sql.ref('e.seq') : unindexed(dialect, 'e.seq')} IN (SELECT rowid FROM search_fts WHERE search_fts MATCH ${ftsQuery(groups, part)})`;
}

/**
 * SQLite: how many entries (of every account) are hits of `part`, from the full-text index alone and stopping at `cap`
 * (the full-text table stops reading there); null on PostgreSQL.
 */
export async function fullTextHits(
  db: Executor,
  dialect: Dialect,
  groups: readonly FullTextGroup[],
  part: FullTextPart,
  cap: number,
): Promise<number | null> {
  if (dialect === 'postgres') return null;
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM
    (SELECT rowid FROM search_fts WHERE search_fts MATCH ${ftsQuery(groups, part)} LIMIT ${cap})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Names the index SQLite must read a table through (`INDEXED BY`); nothing on PostgreSQL, whose planner has statistics.
 * For partial covering indexes SQLite's planner, without ANALYZE, passes over for a wider index's equality match.
 */
export function indexedBy(dialect: Dialect, index: string): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql.raw(`INDEXED BY ${index}`) : sql``;
}
