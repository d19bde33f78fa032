import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
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
