import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { isUnder, type DavLock, type LockStore } from '../../infra/dav/dav-locks.js';
import type { PropertyStore } from '../../infra/dav/dav-server.js';
import type { DeadProperty } from '../../infra/dav/dav-props.js';
import * as repo from './webdav.repository.js';
import type { DavLockRow } from './webdav.table.js';

const toLock = (r: DavLockRow): DavLock => ({
  token: r.token,
  scopeId: r.account_id,
  path: r.path,
  depth: r.depth === '0' ? 0 : 'infinity',
  exclusive: r.exclusive === 1,
  ownerXml: r.owner_xml,
  timeoutSeconds: r.timeout_seconds,
  expiresAt: Number(r.expires_at),
});

/** Locks in the database, so every instance behind the load balancer sees the same ones. */
export class DbLockStore implements LockStore {
  constructor(private readonly db: Kysely<DB>) {}

  async covering(scopeId: string, path: string, withDescendants: boolean, at: number): Promise<DavLock[]> {
    // An account holds a handful of live locks at most: filtering them here keeps the query dialect-free.
    const all = (await repo.liveLocks(this.db, scopeId, at)).map(toLock);
    return all.filter((l) => (l.path === path || (l.depth === 'infinity' && isUnder(path, l.path))) || (withDescendants && isUnder(l.path, path)));
  }

  async get(scopeId: string, token: string, at: number): Promise<DavLock | null> {
    const r = await repo.getLock(this.db, scopeId, token, at);
    return r ? toLock(r) : null;
  }

  async insert(l: DavLock): Promise<void> {
    await repo.insertLock(this.db, {
      account_id: l.scopeId,
      token: l.token,
      path: l.path,
      depth: l.depth === 0 ? '0' : 'infinity',
      exclusive: l.exclusive ? 1 : 0,
      owner_xml: l.ownerXml,
      timeout_seconds: l.timeoutSeconds,
      expires_at: l.expiresAt,
    });
  }

  async refresh(scopeId: string, token: string, expiresAt: number, timeoutSeconds: number): Promise<void> {
    await repo.refreshLock(this.db, scopeId, token, expiresAt, timeoutSeconds);
  }

  remove(scopeId: string, token: string): Promise<boolean> {
    return repo.deleteLock(this.db, scopeId, token);
  }

  async removeUnder(scopeId: string, path: string): Promise<void> {
    const all = await repo.liveLocks(this.db, scopeId, 0);
    await repo.deleteLocks(this.db, scopeId, all.filter((l) => isUnder(l.path, path)).map((l) => l.token));
  }
}

/** Dead properties per file or folder id: they follow a MOVE (same id) and are copied by COPY. */
export class DbPropertyStore implements PropertyStore {
  constructor(private readonly db: Kysely<DB>) {}

  async list(scopeId: string, ids: readonly string[]): Promise<Map<string, DeadProperty[]>> {
    const out = new Map<string, DeadProperty[]>();
    for (const r of await repo.listProperties(this.db, scopeId, ids)) {
      const list = out.get(r.resource_id) ?? [];
      list.push({ ns: r.ns, name: r.name, value: r.value });
      out.set(r.resource_id, list);
    }
    return out;
  }

  async patch(scopeId: string, id: string, set: readonly DeadProperty[], remove: readonly DeadProperty[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.upsertProperties(trx, set.map((p) => ({ account_id: scopeId, resource_id: id, ns: p.ns, name: p.name, value: p.value })));
      for (const p of remove) await repo.deleteProperty(trx, scopeId, id, p.ns, p.name);
    });
  }
}
