import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Hands Kysely a prepared statement per distinct SQL text instead of compiling it again on every call: preparing was
 * the largest single cost of a small authenticated request (issue 18). Least recently used statements are dropped past
 * `max`, so queries with varying IN-list lengths cannot grow it without bound.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = cache.get(sql);
      // A statement still being iterated (a streamed read) cannot run again until it finishes: prepare a fresh one.
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const stmt = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, stmt);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
