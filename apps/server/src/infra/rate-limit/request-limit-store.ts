import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { withoutDurableCommit } from '../db/dialect.js';
import { hitWindow, purgeWindows, type CounterRow } from './fixed-window.js';

/** The global request limiter's counters: per account or IP, shared by every instance on the database. */
export type RequestCounterTable = CounterRow;

declare module '../db/schema.js' {
  interface DB {
    request_counter: RequestCounterTable;
  }
}

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in the database, so the limit holds for all instances together instead of
 * per process. Hits for one key that arrive in the same turn of the event loop share one upsert that adds them all
 * (a busy client's parallel requests cost one write, not one each), and each hit still gets its exact place in the count.
 */
export function databaseRateLimitStore(db: Kysely<DB>, dialect: Dialect) {
  return class DatabaseRateLimitStore {
    private readonly scope: string;
    private readonly windowMs: number;
    /** Hits waiting for the next flush, per key with their window, in arrival order. */
    private pending = new Map<string, { windowMs: number; callbacks: IncrCallback[] }>();

    /** The library constructs the global store with its options; a route with its own budget gets its own scope. */
    constructor(params?: { timeWindow?: unknown }, scope = '') {
      this.windowMs = typeof params?.timeWindow === 'number' ? params.timeWindow : 60_000;
      this.scope = scope;
    }

    incr(key: string, cb: IncrCallback, timeWindow?: number): void {
      if (this.pending.size === 0) setImmediate(() => this.flush());
      const windowMs = timeWindow ?? this.windowMs;
      const batch = this.pending.get(key) ?? { windowMs, callbacks: [] };
      batch.callbacks.push(cb);
      this.pending.set(key, batch);
    }

    private flush(): void {
      // In key order, so two instances' batches lock the same rows in the same order (no deadlock on PostgreSQL).
      const batches = [...this.pending].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      this.pending = new Map();
      const at = Date.now();
      // Every key of this turn in one transaction: on PostgreSQL one commit, and one that does not wait for the disk.
      withoutDurableCommit(db, dialect, async (x) => {
        const counted = [];
        for (const [key, { windowMs, callbacks }] of batches) {
          counted.push(await hitWindow(x, 'request_counter', this.scope + key, windowMs, at, callbacks.length));
        }
        return counted;
      }).then(
        (counted) =>
          batches.forEach(([, { windowMs, callbacks }], b) => {
            const { count, windowStart } = counted[b]!;
            const ttl = Math.max(0, windowStart + windowMs - at);
            // The batch's hits took the last n places of the count, in the order they arrived.
            callbacks.forEach((cb, i) => cb(null, { current: count - (callbacks.length - 1 - i), ttl }));
          }),
        (err: Error) => batches.forEach(([, { callbacks }]) => callbacks.forEach((cb) => cb(err))),
      );
    }

    /** Counts apart from the global budget, as the library's in-memory store does for a route's own limit. */
    child(routeOptions: object): DatabaseRateLimitStore {
      const params = routeOptions as { timeWindow?: unknown; routeInfo?: { method?: unknown; url?: string } };
      const route = params.routeInfo;
      return new DatabaseRateLimitStore(params, route?.url ? `${String(route.method)} ${route.url}|` : '');
    }
  };
}

/** Windows of the request limiter that ended an hour ago count for nothing any more. */
export const purgeRequestCounters = (db: Kysely<DB>, at = Date.now()) => purgeWindows(db, 'request_counter', at - 60 * 60_000);
