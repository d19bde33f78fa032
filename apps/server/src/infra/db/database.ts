import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { DB } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import { registerSyncReader } from './compiled-query.js';

export type Dialect = 'sqlite' | 'postgres';
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// pg returns int8 as strings; our bigints (bytes, epoch ms) stay well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function createDatabase(opts: { databaseUrl: string | null; sqliteFile: string; poolSize?: number }): Database {
  if (opts.databaseUrl) {
    // No JIT: the app's statements are short, but a search's estimated cost (correlated EXISTS, LIMIT over a filter)
    // crossed jit_above_cost, and compiling took ~0.8 s for a statement that ran in 5 ms (suggest p99 778 ms; PROFILE
    // in docs/decisions.md, "Search speed").
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, options: '-c jit=off' });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const sqlite = new SQLite(opts.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The default 2 MiB page cache is far below a library of 100,000 photos' indexes; reads also go through a memory map.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  if (opts.sqliteFile === ':memory:') return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  // A second, read-only connection for the hot compiled reads: in WAL mode it sees the last commit, never a
  // transaction in progress on the writer, and it needs no turn at Kysely's single-connection lock.
  const reader = new SQLite(opts.sqliteFile, { readonly: true, fileMustExist: true });
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
    destroy: async () => {
      await db.destroy();
      reader.close();
    },
  };
}

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
