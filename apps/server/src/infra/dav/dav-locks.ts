import { randomUUID } from 'node:crypto';
import { Locked, PreconditionFailed, DavError } from './dav-errors.js';
import type { IfList } from './dav-headers.js';
import { submittedTokens } from './dav-headers.js';

/** A lock as stored: on a path of one principal's namespace (locks are on names, RFC 4918 §6). */
export interface DavLock {
  token: string;
  /** The principal the namespace belongs to (an account), so two subscribers' "/a" never meet. */
  scopeId: string;
  /** The locked path, normalised: "/" or "/a/b" (no trailing slash). */
  path: string;
  depth: 0 | 'infinity';
  exclusive: boolean;
  /** The client's `owner` element, answered back as it sent it. */
  ownerXml: string;
  timeoutSeconds: number;
  expiresAt: number;
}

/** Where locks live; implementations keep them in the database so every instance sees them. */
export interface LockStore {
  /** Unexpired locks on `path`, on its ancestors with depth infinity, and (when `withDescendants`) below it. */
  covering(scopeId: string, path: string, withDescendants: boolean, at: number): Promise<DavLock[]>;
  get(scopeId: string, token: string, at: number): Promise<DavLock | null>;
  insert(lock: DavLock): Promise<void>;
  refresh(scopeId: string, token: string, expiresAt: number, timeoutSeconds: number): Promise<void>;
  remove(scopeId: string, token: string): Promise<boolean>;
  /** Locks under a path that MOVE or DELETE made stale (the names are gone). */
  removeUnder(scopeId: string, path: string): Promise<void>;
}

export const isUnder = (path: string, root: string) => root === '/' || path === root || path.startsWith(`${root}/`);
export const parentPath = (path: string) => (path.lastIndexOf('/') <= 0 ? '/' : path.slice(0, path.lastIndexOf('/')));

/** Lock rules over a store; the clock is injectable so tests can let locks expire. */
export class LockManager {
  constructor(
    private readonly store: LockStore,
    private readonly clock: () => number = Date.now,
    readonly maxSeconds = 3600,
    readonly defaultSeconds = 600,
  ) {}

  async create(l: Omit<DavLock, 'token' | 'expiresAt'>): Promise<DavLock> {
    const at = this.clock();
    const existing = await this.store.covering(l.scopeId, l.path, l.depth === 'infinity', at);
    // A shared lock coexists with shared locks only; an exclusive one with none.
    if (existing.some((e) => e.exclusive || l.exclusive)) throw new DavError(423, 'no-conflicting-lock', 'The resource is locked.');
    const lock: DavLock = { ...l, token: `urn:uuid:${randomUUID()}`, expiresAt: at + l.timeoutSeconds * 1000 };
    await this.store.insert(lock);
    return lock;
  }

  /** Refreshes the lock named in the If header (a LOCK without body); 412 when none of it applies. */
  async refresh(scopeId: string, path: string, ifLists: readonly IfList[], timeoutSeconds: number): Promise<DavLock> {
    const at = this.clock();
    for (const token of submittedTokens(ifLists)) {
      const lock = await this.store.get(scopeId, token, at);
      if (lock && isUnder(path, lock.path) && (lock.depth === 'infinity' || lock.path === path)) {
        const expiresAt = at + timeoutSeconds * 1000;
        await this.store.refresh(scopeId, token, expiresAt, timeoutSeconds);
        return { ...lock, expiresAt, timeoutSeconds };
      }
    }
    throw PreconditionFailed('lock-token-matches-request-uri');
  }

  async unlock(scopeId: string, path: string, token: string): Promise<void> {
    const lock = await this.store.get(scopeId, token, this.clock());
    if (!lock || !isUnder(path, lock.path) || (lock.depth === 0 && lock.path !== path)) {
      throw new DavError(409, 'lock-token-matches-request-uri', 'No such lock on this resource.');
    }
    await this.store.remove(scopeId, token);
  }

  /** Locks that apply to `path` (for lockdiscovery). */
  active(scopeId: string, path: string): Promise<DavLock[]> {
    return this.store.covering(scopeId, path, false, this.clock());
  }

  /** Every live lock of the namespace read once, then answered per path: a PROPFIND of 10,000 members is one query. */
  async activeIndex(scopeId: string): Promise<(path: string) => DavLock[]> {
    const all = await this.store.covering(scopeId, '/', true, this.clock());
    return (path) => all.filter((l) => l.path === path || (l.depth === 'infinity' && isUnder(path, l.path)));
  }

  /**
   * Throws 423 unless the request submits a token for every lock that protects a change to `path` (and, for a
   * change to a whole subtree, every lock below it). A parent's lock protects its membership: creating or removing
   * a member needs it too.
   */
  async assertUnlocked(scopeId: string, paths: ReadonlyArray<{ path: string; subtree: boolean }>, ifLists: readonly IfList[]): Promise<void> {
    const at = this.clock();
    const tokens = new Set(submittedTokens(ifLists));
    const missing = new Set<string>();
    for (const { path, subtree } of paths) {
      for (const lock of await this.store.covering(scopeId, path, subtree, at)) {
        if (!tokens.has(lock.token)) missing.add(lock.path);
      }
      if (path !== '/') {
        const parent = parentPath(path);
        for (const lock of await this.store.covering(scopeId, parent, false, at)) {
          if (!tokens.has(lock.token)) missing.add(lock.path);
        }
      }
    }
    if (missing.size > 0) throw Locked([...missing]);
  }

  /** Tokens in the If header that name no live lock: a request conditioned on them must fail (412). */
  async assertIfHolds(scopeId: string, ifLists: readonly IfList[], etagOf: (resource: string | null) => Promise<string | null>): Promise<void> {
    if (ifLists.length === 0) return;
    const at = this.clock();
    // The header holds when any one list holds; a list holds when each of its conditions does.
    for (const list of ifLists) {
      let holds = true;
      for (const c of list.conditions) {
        let ok: boolean;
        if (c.token !== undefined) ok = c.token !== 'DAV:no-lock' && (await this.store.get(scopeId, c.token, at)) !== null;
        else ok = (await etagOf(list.resource)) === c.etag;
        if (ok === c.not) {
          holds = false;
          break;
        }
      }
      if (holds) return;
    }
    throw PreconditionFailed();
  }

  removeUnder(scopeId: string, path: string): Promise<void> {
    return this.store.removeUnder(scopeId, path);
  }
}
