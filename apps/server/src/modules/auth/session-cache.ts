import { ALL_ROWS, type RowChanges } from '../../infra/db/row-changes.js';
import type { AuthContext } from '../../shared/auth-context.js';

/**
 * How long a cached session answers without the database. Every change to a session or its account reaches the cache
 * at once (row-changes.ts); this bounds the one case where it cannot: a change whose notification was lost without
 * the listening connection failing (docs/decisions.md, "Session cache").
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Entries kept at most; the oldest goes first (a process serves far fewer sessions within one TTL). */
const MAX_ENTRIES = 50_000;
/**
 * How long the cache remembers which keys changed, to tell whether a read overlapped a change of ITS rows (a read
 * started before that is not kept). Far longer than a session read takes.
 */
const CHANGE_MEMORY_MS = 10_000;

export interface CachedSession {
  ctx: AuthContext;
  /** The session's last_seen_at as read: the sliding expiry is refreshed from the database once it is a minute old. */
  lastSeenAt: number;
  /** Answered from the cache until then: the TTL, or the session's own expiry if sooner. */
  until: number;
}

/**
 * The per-process cache of signed-in sessions (issue 28): token hash → the request's session and account facts, so a
 * request needs no read before its own. Forgets, on every instance, an entry whose session or account row changed
 * (sign-out, session ended from the devices list or the console, password change, account deletion, two-factor
 * changes that end sessions, suspension, a new quota or usage), by the ids the change named; serves nothing while
 * another instance's changes cannot be heard (PostgreSQL's listening connection lost).
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { keys: readonly string[] }>();
  /** Account and session ids → the token hashes cached under them. */
  private readonly byKey = new Map<string, Set<string>>();
  /** Counts the changes heard; a read is kept only if none of its keys changed after its mark. */
  private generation = 0;
  /**
   * Key → the generation and time of its last change, oldest first. Per key rather than one counter: with many busy
   * accounts some change is heard all the time, and a global check would keep almost no read.
   */
  private readonly changed = new Map<string, { generation: number; at: number }>();
  /** The last ALL_ROWS change (a statement that named no rows), and the newest change no longer remembered. */
  private allRowsAt = 0;
  private forgottenUpTo = 0;

  constructor(
    private readonly changes: RowChanges,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
  ) {
    changes.subscribe((keys) => this.forget(keys));
  }

  get(tokenHash: string, at: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (at < entry.until && this.changes.complete()) return entry;
    this.drop(tokenHash);
    return undefined;
  }

  /** Taken before the database read; `put` keeps the read only if no change was heard since. */
  mark(): number {
    return this.generation;
  }

  put(tokenHash: string, mark: number, session: { ctx: AuthContext; lastSeenAt: number; expiresAt: number }, at: number): void {
    if (!this.changes.complete() || this.allRowsAt > mark || this.forgottenUpTo > mark) return;
    for (const key of [tokenHash, session.ctx.accountId, session.ctx.sessionId]) {
      if ((this.changed.get(key)?.generation ?? 0) > mark) return;
    }
    this.drop(tokenHash);
    if (this.entries.size >= MAX_ENTRIES) this.drop(this.entries.keys().next().value!);
    const keys = [session.ctx.accountId, session.ctx.sessionId];
    this.entries.set(tokenHash, { ctx: session.ctx, lastSeenAt: session.lastSeenAt, until: Math.min(at + this.ttlMs, session.expiresAt), keys });
    for (const key of keys) {
      const hashes = this.byKey.get(key);
      if (hashes) hashes.add(tokenHash);
      else this.byKey.set(key, new Set([tokenHash]));
    }
  }

  /** Entries whose token hash, session id or account id is among `keys` (all of them for ALL_ROWS). */
  forget(keys: readonly string[]): void {
    this.generation++;
    this.remember(keys);
    if (keys.includes(ALL_ROWS)) {
      this.entries.clear();
      this.byKey.clear();
      return;
    }
    for (const key of keys) {
      if (this.entries.has(key)) this.drop(key);
      const hashes = this.byKey.get(key);
      if (hashes) for (const hash of [...hashes]) this.drop(hash);
    }
  }

  private remember(keys: readonly string[]): void {
    const now = Date.now();
    if (keys.includes(ALL_ROWS)) this.allRowsAt = this.generation;
    for (const key of keys) {
      this.changed.delete(key); // re-inserted last: the map stays in order of change
      this.changed.set(key, { generation: this.generation, at: now });
    }
    for (const [key, change] of this.changed) {
      if (now - change.at <= CHANGE_MEMORY_MS) break;
      this.changed.delete(key);
      this.forgottenUpTo = change.generation;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    for (const key of entry.keys) {
      const hashes = this.byKey.get(key);
      hashes?.delete(tokenHash);
      if (hashes?.size === 0) this.byKey.delete(key);
    }
  }
}
