import type { SelectQueryBuilder } from 'kysely';
import type { Dialect } from './database.js';

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
