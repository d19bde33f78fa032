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
 * A change that ends access (a session revoked or deleted, an account's status or suspension changed, an account
 * deleted) also waits, after its commit, until every other listening instance has acknowledged hearing it (at most
 * ACK_WAIT_MS): the caller's answer — "signed out" — then holds for its next request on any instance.
 */
export interface RowChanges {
  /** `keys` are the changed rows' ids and token hashes, or `ALL_ROWS` when which rows changed is unknown. */
  subscribe(listener: (keys: readonly string[]) => void): () => void;
  /** Whether every instance's changes are heard right now: always in one process (SQLite), while listening on PostgreSQL. */
  complete(): boolean;
  /** Hears other instances' changes (PostgreSQL); a gap in listening reaches subscribers as ALL_ROWS. Returns a detach. */
  listen(relay: Relay<RowChangeEvent>): () => void;
}

/**
 * One NOTIFY: the feed it came from (`o`, so a feed skips its own, already heard at the commit) and the keys (`k`);
 * `w` asks every other instance to acknowledge it, which each does with an event carrying `a` = that `w`.
 */
export interface RowChangeEvent {
  o: string;
  k?: string[];
  w?: string;
  a?: string;
}

/** The NOTIFY channel the changes travel on between instances. */
export const ROW_CHANGES_CHANNEL = 'bulut_row_changes';
/** Stands for "any row": a subscriber forgets everything. */
export const ALL_ROWS = '*';

const WATCHED = /^\s*(?:update|delete\s+from)\s+"(?:account|session)"/i;
// The writes that end access. Matching more than these only costs the write its wait for acknowledgements.
const ENDS_ACCESS = /^\s*delete\s+from\s+"(?:account|session)"|^\s*update\s+"session"\s+set\s+"revoked_at"|^\s*update\s+"account"\s+set\s.*"(?:status|suspended_at)"\s*=/i;
/** How long a change that ends access waits for the other instances to acknowledge it; the TTL covers the rest. */
export const ACK_WAIT_MS = 1000;
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
  private waits = 0;
  /** Acknowledgements counted per wait id, from before its NOTIFY is sent (a fast instance may answer at once). */
  private readonly acks = new Map<string, { count: number; wake: () => void }>();

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
        if (event.o === this.origin) return;
        if (typeof event.a === 'string') {
          const ack = this.acks.get(event.a);
          if (ack) {
            ack.count++;
            ack.wake();
          }
          return;
        }
        if (Array.isArray(event.k)) this.emit(event.k);
        // Heard and forgotten above: tell the writer, whose caller may be waiting to answer.
        if (typeof event.w === 'string') void relay.publish({ o: this.origin, a: event.w }).catch(() => undefined);
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

  /** A wait id for a change that ends access, counting acknowledgements from now; null when no other instance can hear. */
  openWait(): string | null {
    if (!this.relay?.listening()) return null;
    const id = `${this.origin}:${++this.waits}`;
    this.acks.set(id, { count: 0, wake: () => undefined });
    return id;
  }

  /** Resolves when `instances` acknowledgements of `id` arrived, or after ACK_WAIT_MS. */
  async awaitAcks(id: string, instances: number): Promise<void> {
    const ack = this.acks.get(id);
    if (!ack) return;
    try {
      if (ack.count >= instances) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ACK_WAIT_MS);
        ack.wake = () => {
          if (ack.count < instances) return;
          clearTimeout(timer);
          resolve();
        };
      });
    } finally {
      this.acks.delete(id);
    }
  }

  closeWait(id: string): void {
    this.acks.delete(id);
  }
}

// One feed per SQLite file in a process: two apps on one file (the two-instance tests) hear each other's changes. Kept
// while a database on the file is open.
const sqliteFeeds = new Map<string, { feed: Feed; users: number }>();

type Announcer = Pick<Feed, 'origin' | 'emit' | 'openWait' | 'awaitAcks' | 'closeWait'>;

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
  const pending = new WeakMap<DatabaseConnection, { inTransaction: boolean; keys: Set<string>; endsAccess: boolean }>();
  const stateOf = (c: DatabaseConnection) =>
    pending.get(c) ?? pending.set(c, { inTransaction: false, keys: new Set(), endsAccess: false }).get(c)!;
  const watched = new WeakSet<DatabaseConnection>();

  /** On PostgreSQL: the NOTIFY (inside the transaction when there is one), and a wait id when the change ends access. */
  const notify = async (c: DatabaseConnection, keys: readonly string[], endsAccess: boolean) => {
    if (dialect !== 'postgres') return null;
    const wait = endsAccess ? feed.openWait() : null;
    try {
      await c.executeQuery(CompiledQuery.raw('select pg_notify($1, $2)', [ROW_CHANGES_CHANNEL, payloadOf(feed.origin, keys, wait)]));
    } catch (err) {
      if (wait) feed.closeWait(wait);
      throw err;
    }
    return wait;
  };
  /** After the commit: until every other listening instance said it heard (they are counted on the same connection). */
  const settle = async (c: DatabaseConnection, wait: string | null) => {
    if (!wait) return;
    try {
      const { rows } = await c.executeQuery<{ n: number | string }>(
        CompiledQuery.raw('select count(*) as n from pg_stat_activity where datname = current_database() and query = $1', [`LISTEN ${ROW_CHANGES_CHANNEL}`]),
      );
      await feed.awaitAcks(wait, Number(rows[0]?.n ?? 1) - 1);
    } catch {
      feed.closeWait(wait);
    }
  };

  const watch = (c: DatabaseConnection) => {
    if (watched.has(c)) return c;
    watched.add(c);
    const execute = c.executeQuery.bind(c);
    c.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const result = await execute<R>(query);
      if (WATCHED.test(query.sql)) {
        const keys = keysOf(query.parameters);
        const announced = keys.length > 0 ? keys : [ALL_ROWS];
        const endsAccess = ENDS_ACCESS.test(query.sql);
        const state = stateOf(c);
        if (state.inTransaction) {
          for (const k of announced) state.keys.add(k);
          state.endsAccess ||= endsAccess;
        } else {
          // The write has committed: a failed NOTIFY must not fail it (other instances' entries then end by their TTL).
          const wait = await notify(c, announced, endsAccess).catch(() => null);
          feed.emit(announced);
          await settle(c, wait);
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
    state.endsAccess = false;
  };
  driver.commitTransaction = async (c) => {
    const state = stateOf(c);
    const keys = [...state.keys];
    const endsAccess = state.endsAccess;
    state.inTransaction = false;
    state.keys.clear();
    state.endsAccess = false;
    const wait = keys.length > 0 ? await notify(c, keys, endsAccess) : null;
    try {
      await commit(c);
    } catch (err) {
      if (wait) feed.closeWait(wait);
      throw err;
    }
    feed.emit(keys);
    await settle(c, wait);
  };
  driver.rollbackTransaction = async (c) => {
    const state = stateOf(c);
    state.inTransaction = false;
    state.keys.clear();
    state.endsAccess = false;
    await rollback(c);
  };
  return driver;
}

function payloadOf(origin: string, keys: readonly string[], wait: string | null): string {
  const w = wait ?? undefined;
  const json = JSON.stringify({ o: origin, k: [...keys], w } satisfies RowChangeEvent);
  return json.length <= MAX_PAYLOAD ? json : JSON.stringify({ o: origin, k: [ALL_ROWS], w } satisfies RowChangeEvent);
}
