import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import type { Relay } from '../relay/relay.js';

/**
 * Committed changes to the rows a signed-in request's facts come from (the session and its account), announced to
 * every instance (issue 28: the session cache in modules/auth must forget an ended session or a changed account at
 * once). Every UPDATE and DELETE of those tables is seen at the driver, so no writer can forget to announce it; what
 * it announces are the statement's string parameters (ids, token hashes), which name the rows it changed — a
 * statement that names its rows otherwise (a family id) must also name the account (auth.repository.ts does).
 * The changes of a transaction are announced when it commits, never when it rolls back; on PostgreSQL by a NOTIFY
 * sent inside the transaction, which PostgreSQL delivers to every listening instance exactly at the commit.
 */
export interface RowChanges {
  /** `keys` are the changed rows' ids and token hashes, or `ALL_ROWS` when which rows changed is unknown. */
  subscribe(listener: (keys: readonly string[]) => void): () => void;
  /** Whether every instance's changes are heard right now: always in one process (SQLite), while listening on PostgreSQL. */
  complete(): boolean;
  /** Hears other instances' changes (PostgreSQL); a gap in listening reaches subscribers as ALL_ROWS. Returns a detach. */
  listen(relay: Relay<RowChangeEvent>): () => void;
}

/** One NOTIFY: the feed it came from (`o`, so a feed skips its own, already heard at the commit) and the keys (`k`). */
export interface RowChangeEvent {
  o: string;
  k: string[];
}

/** The NOTIFY channel the changes travel on between instances. */
export const ROW_CHANGES_CHANNEL = 'bulut_row_changes';
/** Stands for "any row": a subscriber forgets everything. */
export const ALL_ROWS = '*';

const WATCHED = /^\s*(?:update|delete\s+from)\s+"(?:account|session)"/i;
// A NOTIFY payload holds under 8,000 bytes; more keys than fit (a bulk statement) are announced as ALL_ROWS.
const MAX_PAYLOAD = 7000;
// Ids are 36 characters and token hashes 64; longer strings (names, e-mail addresses, hashes of passwords) name no row.
const MAX_KEY = 64;

const keysOf = (parameters: readonly unknown[]) =>
  parameters.filter((p): p is string => typeof p === 'string' && p.length > 0 && p.length <= MAX_KEY);

class Feed implements RowChanges {
  readonly origin = randomUUID();
  private readonly bus = new EventEmitter();
  private relay: Relay<RowChangeEvent> | null = null;

  constructor(private readonly remote: boolean) {
    this.bus.setMaxListeners(0);
  }

  subscribe(listener: (keys: readonly string[]) => void) {
    this.bus.on('keys', listener);
    return () => void this.bus.off('keys', listener);
  }

  complete() {
    return !this.remote || (this.relay?.listening() ?? false);
  }

  listen(relay: Relay<RowChangeEvent>) {
    this.relay = relay;
    const off = [
      relay.subscribe((event) => {
        if (event.o !== this.origin && Array.isArray(event.k)) this.emit(event.k);
      }),
      relay.onGap(() => this.emit([ALL_ROWS])),
    ];
    return () => {
      if (this.relay === relay) this.relay = null;
      for (const f of off) f();
      // What happened while nobody listened is unknown.
      this.emit([ALL_ROWS]);
    };
  }

  emit(keys: readonly string[]) {
    if (keys.length > 0) this.bus.emit('keys', keys);
  }
}

// One feed per SQLite file in a process: two apps on one file (the two-instance tests) hear each other's changes. Kept
// while a database on the file is open.
const sqliteFeeds = new Map<string, { feed: Feed; users: number }>();

type Announcer = { readonly origin: string; emit(keys: readonly string[]): void };

/**
 * The feed of one database, and its release when the database closes. PostgreSQL's also hears other instances once
 * `listen` is given a relay.
 */
export function rowChangeFeed(dialect: 'sqlite' | 'postgres', sqliteFile?: string): { feed: RowChanges & Announcer; release(): void } {
  if (dialect === 'postgres' || !sqliteFile) return { feed: new Feed(dialect === 'postgres'), release: () => undefined };
  const shared = sqliteFeeds.get(sqliteFile) ?? { feed: new Feed(false), users: 0 };
  shared.users++;
  sqliteFeeds.set(sqliteFile, shared);
  return {
    feed: shared.feed,
    release: () => {
      if (--shared.users === 0 && sqliteFeeds.get(sqliteFile) === shared) sqliteFeeds.delete(sqliteFile);
    },
  };
}

/**
 * Wraps a Kysely driver so the watched writes of each connection are collected and announced when they commit (or at
 * once outside a transaction). On PostgreSQL the announcement is also a NOTIFY on the same connection, inside the
 * transaction, so other instances hear it at the commit and never of a rollback.
 */
export function watchRowChanges(driver: Driver, dialect: 'sqlite' | 'postgres', feed: Announcer): Driver {
  const pending = new WeakMap<DatabaseConnection, { inTransaction: boolean; keys: Set<string> }>();
  const stateOf = (c: DatabaseConnection) => pending.get(c) ?? pending.set(c, { inTransaction: false, keys: new Set() }).get(c)!;
  const notify = (c: DatabaseConnection, keys: readonly string[]) =>
    c.executeQuery(CompiledQuery.raw('select pg_notify($1, $2)', [ROW_CHANGES_CHANNEL, payloadOf(feed.origin, keys)]));
  const watched = new WeakSet<DatabaseConnection>();

  const watch = (c: DatabaseConnection) => {
    if (watched.has(c)) return c;
    watched.add(c);
    const execute = c.executeQuery.bind(c);
    c.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const result = await execute<R>(query);
      if (WATCHED.test(query.sql)) {
        const keys = keysOf(query.parameters);
        const state = stateOf(c);
        if (state.inTransaction) {
          for (const k of keys.length > 0 ? keys : [ALL_ROWS]) state.keys.add(k);
        } else {
          const announced = keys.length > 0 ? keys : [ALL_ROWS];
          // The write has committed: a failed NOTIFY must not fail it (other instances' entries then end by their TTL).
          if (dialect === 'postgres') await notify(c, announced).catch(() => undefined);
          feed.emit(announced);
        }
      }
      return result;
    };
    return c;
  };

  const acquire = driver.acquireConnection.bind(driver);
  const begin = driver.beginTransaction.bind(driver);
  const commit = driver.commitTransaction.bind(driver);
  const rollback = driver.rollbackTransaction.bind(driver);
  driver.acquireConnection = async () => watch(await acquire());
  driver.beginTransaction = async (c, settings) => {
    await begin(c, settings);
    const state = stateOf(c);
    state.inTransaction = true;
    state.keys.clear();
  };
  driver.commitTransaction = async (c) => {
    const state = stateOf(c);
    const keys = [...state.keys];
    state.inTransaction = false;
    state.keys.clear();
    if (keys.length > 0 && dialect === 'postgres') await notify(c, keys);
    await commit(c);
    feed.emit(keys);
  };
  driver.rollbackTransaction = async (c) => {
    const state = stateOf(c);
    state.inTransaction = false;
    state.keys.clear();
    await rollback(c);
  };
  return driver;
}

function payloadOf(origin: string, keys: readonly string[]): string {
  const json = JSON.stringify({ o: origin, k: keys } satisfies RowChangeEvent);
  return json.length <= MAX_PAYLOAD ? json : JSON.stringify({ o: origin, k: [ALL_ROWS] } satisfies RowChangeEvent);
}
