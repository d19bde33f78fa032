import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type Driver } from 'kysely';
import type { DB } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import { registerPreparedRunner, registerSyncReader } from './compiled-query.js';
import { rowChangeFeed, watchRowChanges, type RowChanges } from './row-changes.js';

type RowFeed = ReturnType<typeof rowChangeFeed>['feed'];

export type Dialect = 'sqlite' | 'postgres';
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy(): Promise<void>;
  /** Committed changes to sessions and accounts, of this instance and (once listening) of every other (row-changes.ts). */
  rowChanges: RowChanges;
  /** Connections for the metrics: PostgreSQL's pool; SQLite has its one connection (max 1). */
  pool?(): { max: number; inUse: number; idle: number; waiting: number };
}

const SQLITE_POOL = () => ({ max: 1, inUse: 0, idle: 1, waiting: 0 });

// pg returns int8 as strings; our bigints (bytes, epoch ms) stay well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DatabaseOptions {
  databaseUrl: string | null;
  sqliteFile: string;
  poolSize?: number;
  /** Called with the text of every statement sent to the database (tests count a request's round trips with it). */
  onStatement?: (sql: string) => void;
}

/**
 * Transactions start with BEGIN IMMEDIATE. A deferred BEGIN that reads and then writes cannot wait for another
 * process's write: SQLite answers SQLITE_BUSY at once (the busy timeout does not apply to that upgrade), which the ops
 * CLI hit beside a running server. Inside one process the single connection already serialises transactions.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly feed: RowFeed,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return watchRowChanges(driver, 'sqlite', this.feed);
  }
}

class WatchedPostgresDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly feed: RowFeed,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return watchRowChanges(super.createDriver(), 'postgres', this.feed);
  }
}

export function createDatabase(opts: DatabaseOptions): Database {
  if (opts.databaseUrl) {
    // No JIT: the app's statements are short, but a search's estimated cost (correlated EXISTS, LIMIT over a filter)
    // crossed jit_above_cost, and compiling took ~0.8 s for a statement that ran in 5 ms (suggest p99 778 ms; PROFILE
    // in docs/decisions.md, "Search speed").
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, options: '-c jit=off' });
    if (opts.onStatement) observeStatements(pool, opts.onStatement);
    const { feed: rowChanges } = rowChangeFeed('postgres');
    const db = new Kysely<DB>({ dialect: new WatchedPostgresDialect({ pool }, rowChanges) });
    registerPreparedRunner(db, async (name, text, values) => (await pool.query({ name, text, values })).rows);
    const max = opts.poolSize ?? 10;
    const stats = () => ({ max, inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', rowChanges, destroy: () => db.destroy(), pool: stats };
  }
  fs.mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const verbose = opts.onStatement && ((sql: unknown) => opts.onStatement!(String(sql)));
  const sqlite = new SQLite(opts.sqliteFile, { verbose });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The default 2 MiB page cache is far below a library of 100,000 photos' indexes; reads also go through a memory map.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  const { feed: rowChanges, release } = rowChangeFeed('sqlite', opts.sqliteFile === ':memory:' ? undefined : path.resolve(opts.sqliteFile));
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }, rowChanges) });
  if (opts.sqliteFile === ':memory:') return { db, dialect: 'sqlite', rowChanges, destroy: () => db.destroy(), pool: SQLITE_POOL };
  // A second, read-only connection for the hot compiled reads: in WAL mode it sees the last commit, never a
  // transaction in progress on the writer, and it needs no turn at Kysely's single-connection lock.
  const reader = new SQLite(opts.sqliteFile, { readonly: true, fileMustExist: true, verbose });
  reader.pragma('busy_timeout = 5000');
  reader.pragma('cache_size = -16384');
  reader.pragma('mmap_size = 268435456');
  const statements = new Map<string, SQLite.Statement>();
  registerSyncReader(db, (text, parameters, first) => {
    let stmt = statements.get(text);
    if (!stmt) statements.set(text, (stmt = reader.prepare(text)));
    return first ? stmt.get(parameters) : stmt.all(parameters);
  });
  return {
    db,
    dialect: 'sqlite',
    rowChanges,
    pool: SQLITE_POOL,
    destroy: async () => {
      await db.destroy();
      reader.close();
      release();
    },
  };
}

/** Every `query` of the pool's clients is one round trip to PostgreSQL (pg sends a statement's messages at once). */
function observeStatements(pool: pg.Pool, onStatement: (sql: string) => void): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string; name?: string };
      onStatement(typeof first === 'string' ? first : (first.text ?? first.name ?? ''));
      return query(...args);
    };
  });
}

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
