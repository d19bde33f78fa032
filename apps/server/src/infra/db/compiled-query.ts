import { createHash } from 'node:crypto';
import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Executor } from './executor.js';

const SLOT = Symbol('compiled-query slot');
type Placeholder = { [SLOT]: string };
const isPlaceholder = (v: unknown): v is Placeholder => typeof v === 'object' && v !== null && SLOT in v;

/** Stands in for every value of `P` while the query is built; each property is a placeholder named after it. */
const placeholders = new Proxy({}, { get: (_t, name) => ({ [SLOT]: String(name) }) });

/** Runs a SELECT synchronously outside any transaction: `first` reads one row, else all of them. */
export type SyncReader = (sql: string, parameters: readonly unknown[], first: boolean) => unknown;
const readers = new WeakMap<object, SyncReader>();

/**
 * Lets compiled SELECTs on `db` (never on its transactions) skip Kysely's executor and connection lock (issue 18: the
 * session read runs on every request). The reader must see only committed data — SQLite's read-only second
 * connection does (WAL) — so a read never observes another request's transaction half-way.
 */
export function registerSyncReader(db: object, reader: SyncReader): void {
  readers.set(db, reader);
}

/** Runs a statement as a named (server-side prepared) statement on a pooled connection, outside any transaction. */
export type PreparedRunner = (name: string, sql: string, parameters: unknown[]) => Promise<unknown[]>;
const preparedRunners = new WeakMap<object, PreparedRunner>();

/**
 * Lets compiled queries on `db` (never on its transactions) run as PostgreSQL named statements: each connection parses
 * and plans one once, then every call is a bind and execute in one round trip (issue 28: the session read runs on
 * every request, and parsing and planning it each time cost the database more than running it).
 */
export function registerPreparedRunner(db: object, runner: PreparedRunner): void {
  preparedRunners.set(db, runner);
}

export interface CompiledOnce<P, R> {
  execute(db: Executor, values: P): Promise<R[]>;
  takeFirst(db: Executor, values: P): Promise<R | undefined>;
}

/**
 * A query built and compiled once per dialect, then run with new values. Building and compiling a small Kysely query
 * costs several times what SQLite needs to run it, and the session lookup and the request counter run on every request
 * (issue 18). `build` gets placeholders for the values: use them only as values (never to choose tables, columns or
 * branches), since the SQL text is fixed after the first call.
 */
export function compiledOnce<P extends Record<string, unknown>, R>(build: (db: Executor, values: P) => Compilable<R>): CompiledOnce<P, R> {
  // Keyed by the dialect adapter, which a database shares with its transactions.
  const byAdapter = new WeakMap<object, { query: CompiledQuery<R>; slots: (string | null)[]; select: boolean; name: string }>();
  const prepare = (db: Executor) => {
    const adapter = db.getExecutor().adapter;
    let entry = byAdapter.get(adapter);
    if (!entry) {
      const query = build(db, placeholders as P).compile();
      const select = query.query.kind === 'SelectQueryNode';
      // Named after the text, so a name always stands for the same statement on every connection and instance.
      const name = `bulut_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`;
      entry = { query, slots: query.parameters.map((v) => (isPlaceholder(v) ? v[SLOT] : null)), select, name };
      byAdapter.set(adapter, entry);
    }
    return entry;
  };
  const run = async (db: Executor, values: P, first: boolean): Promise<R[]> => {
    const { query, slots, select, name } = prepare(db);
    const parameters = slots.map((slot, i) => (slot === null ? query.parameters[i] : values[slot]));
    const reader = select && !db.isTransaction ? readers.get(db) : undefined;
    if (reader) {
      const rows = reader(query.sql, parameters, first);
      return first ? (rows === undefined ? [] : [rows as R]) : (rows as R[]);
    }
    // Reads only: a write must pass Kysely's driver, where the session cache's row changes are seen (row-changes.ts).
    const prepared = select && !db.isTransaction ? preparedRunners.get(db) : undefined;
    if (prepared) return (await prepared(name, query.sql, parameters)) as R[];
    return (await db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() })).rows;
  };
  return { execute: (db, values) => run(db, values, false), takeFirst: async (db, values) => (await run(db, values, true))[0] };
}
