import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
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
 * A store for @fastify/rate-limit that counts in the database (one upsert per metered request), so the limit holds for
 * all instances together instead of per process.
 */
export function databaseRateLimitStore(db: Kysely<DB>) {
  return class DatabaseRateLimitStore {
    private readonly scope: string;
    private readonly windowMs: number;

    /** The library constructs the global store with its options; a route with its own budget gets its own scope. */
    constructor(params?: { timeWindow?: unknown }, scope = '') {
      this.windowMs = typeof params?.timeWindow === 'number' ? params.timeWindow : 60_000;
      this.scope = scope;
    }

    incr(key: string, cb: IncrCallback, timeWindow?: number): void {
      const at = Date.now();
      const windowMs = timeWindow ?? this.windowMs;
      hitWindow(db, 'request_counter', this.scope + key, windowMs, at).then(
        (r) => cb(null, { current: r.count, ttl: Math.max(0, r.windowStart + windowMs - at) }),
        (err: Error) => cb(err),
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
