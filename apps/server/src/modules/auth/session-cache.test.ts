import pg from 'pg';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, login, signUp, startPgPair, startTestApp, type TestApp } from '../../test/harness.js';
import { ALL_ROWS, type RowChanges } from '../../infra/db/row-changes.js';
import { hashToken } from '../../shared/tokens.js';
import { opsService, OPERATOR } from '../ops-subscribers/ops-subscribers.fixtures.js';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache.js';

const usages = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(token) });
const info = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/account/info', headers: authed(token) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A second sign-in of the same account: its token, and the session id the devices list shows. */
async function signInAgain(t: TestApp, email: string, password: string) {
  const res = await login(t, email, password, { rememberMe: true });
  expect(res.statusCode).toBe(200);
  return { token: String(res.headers['x-auth-token']), id: res.json().latestActivityId as string };
}

/** Changes the password in settings (which ends the account's other sessions). */
async function changePassword(t: TestApp, token: string, oldPassword: string, newPassword: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/account/updatePassword',
    headers: authed(token),
    payload: { oldPassword, newPassword, repeatPassword: newPassword },
  });
  expect(res.statusCode).toBe(200);
}

/** Writes to the database beside the app (another process would): the app's driver never sees it, so no change is announced. */
async function behindTheAppsBack(t: TestApp, statement: string, params: unknown[] = []) {
  if (t.config.databaseUrl) {
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    let n = 0;
    await client.query(statement.replace(/\?/g, () => `$${++n}`), params);
    await client.end();
  } else {
    const db = new SQLite(t.config.sqliteFile);
    db.prepare(statement).run(...params);
    db.close();
  }
}

describe('session cache entries', () => {
  const feed = (): RowChanges & { heard: (keys: string[]) => void; on: boolean } => {
    let listener: (keys: readonly string[]) => void = () => undefined;
    const f = {
      on: true,
      subscribe: (l: (keys: readonly string[]) => void) => ((listener = l), () => undefined),
      complete: () => f.on,
      listen: () => () => undefined,
      heard: (keys: string[]) => listener(keys),
    };
    return f;
  };
  const ctx = { accountId: 'acct-1', sessionId: 'sess-1', status: 'ACTIVE' as const, projectId: 'p' };

  it('expire on their own after the TTL, or at the session’s own expiry if sooner', () => {
    const cache = new SessionCache(feed());
    cache.put('h', cache.mark(), { ctx, lastSeenAt: 0, expiresAt: 1e12 }, 1000);
    expect(cache.get('h', 1000 + SESSION_CACHE_TTL_MS - 1)?.ctx).toBe(ctx);
    expect(cache.get('h', 1000 + SESSION_CACHE_TTL_MS)).toBeUndefined();
    cache.put('h', cache.mark(), { ctx, lastSeenAt: 0, expiresAt: 1500 }, 1000);
    expect(cache.get('h', 1499)).toBeDefined();
    expect(cache.get('h', 1500)).toBeUndefined();
  });

  it('are forgotten by token hash, session id, account id or ALL_ROWS; a read during which its own rows changed is not kept', () => {
    const f = feed();
    const cache = new SessionCache(f);
    const fill = () => cache.put('h', cache.mark(), { ctx, lastSeenAt: 0, expiresAt: 1e12 }, 0);
    for (const key of ['h', 'sess-1', 'acct-1', ALL_ROWS]) {
      fill();
      f.heard(['unrelated']);
      expect(cache.get('h', 1)).toBeDefined();
      f.heard([key]);
      expect(cache.get('h', 1)).toBeUndefined();
    }
    // A read during which ITS session, account or token changed is not kept; another account's change does not matter.
    for (const key of ['h', 'sess-1', 'acct-1', ALL_ROWS]) {
      const mark = cache.mark();
      f.heard([key]);
      cache.put('h', mark, { ctx, lastSeenAt: 0, expiresAt: 1e12 }, 0);
      expect(cache.get('h', 1)).toBeUndefined();
    }
    const mark = cache.mark();
    f.heard(['acct-2', 'sess-2']);
    cache.put('h', mark, { ctx, lastSeenAt: 0, expiresAt: 1e12 }, 0);
    expect(cache.get('h', 1)?.ctx).toBe(ctx);
  });

  it('serve nothing while other instances’ changes cannot be heard', () => {
    const f = feed();
    const cache = new SessionCache(f);
    f.on = false;
    cache.put('h', cache.mark(), { ctx, lastSeenAt: 0, expiresAt: 1e12 }, 0);
    expect(cache.get('h', 1)).toBeUndefined();
    f.on = true;
    cache.put('h', cache.mark(), { ctx, lastSeenAt: 0, expiresAt: 1e12 }, 0);
    f.on = false;
    expect(cache.get('h', 1)).toBeUndefined();
  });
});

describe.each(DIALECTS)('session cache in the app (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sign-out, a session ended from the devices list, "end the others": the next request is 401', async () => {
    const u = await signUp(t);
    const second = await signInAgain(t, u.user.email, u.user.password);
    const third = await signInAgain(t, u.user.email, u.user.password);
    // Cached: each token has answered once.
    for (const token of [u.token, second.token, third.token]) expect((await usages(t, token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${second.id}`, headers: authed(u.token) })).statusCode).toBe(200);
    expectError(await usages(t, second.token), 401, 'UNAUTHORIZED');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sessions/endOthers', headers: authed(u.token) })).json()).toEqual({ ended: 1 });
    expectError(await usages(t, third.token), 401, 'UNAUTHORIZED');
    expect((await usages(t, u.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authed(u.token) })).statusCode).toBe(200);
    expectError(await usages(t, u.token), 401, 'UNAUTHORIZED');
  });

  it('a password change ends the other sessions at once', async () => {
    const u = await signUp(t);
    const other = await signInAgain(t, u.user.email, u.user.password);
    expect((await usages(t, other.token)).statusCode).toBe(200);
    await changePassword(t, u.token, u.user.password, 'cache change 2026');
    expectError(await usages(t, other.token), 401, 'UNAUTHORIZED');
    expect((await usages(t, u.token)).statusCode).toBe(200);
  });

  it('asking for account deletion ends every session at once', async () => {
    const u = await signUp(t);
    const other = await signInAgain(t, u.user.email, u.user.password);
    expect((await usages(t, other.token)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: authed(u.token), payload: { password: u.user.password, confirmation: 'DELETE' } });
    expect(res.statusCode).toBe(202);
    expectError(await usages(t, other.token), 401, 'UNAUTHORIZED');
    expectError(await usages(t, u.token), 401, 'UNAUTHORIZED');
  });

  it('an operator’s suspension and ending of sessions take effect at the next request', async () => {
    const { service } = opsService(t, Date.now);
    const u = await signUp(t);
    expect((await usages(t, u.token)).statusCode).toBe(200);
    await service.endSessions(OPERATOR, u.accountId, 'Lost phone, ticket 7');
    expectError(await usages(t, u.token), 401, 'UNAUTHORIZED');
    const again = await signInAgain(t, u.user.email, u.user.password);
    expect((await usages(t, again.token)).statusCode).toBe(200);
    await service.suspend(OPERATOR, u.accountId, 'Fraud report, ticket 8');
    expectError(await usages(t, again.token), 401, 'UNAUTHORIZED');
  });

  it('the account facts a request carries are as fresh as a read: usage and read-only state', async () => {
    const u = await signUp(t);
    expect((await usages(t, u.token)).json()).toMatchObject({ 'Bytes-Used': '0' });
    await t.database.db.updateTable('account').set({ used_bytes: 1234 }).where('id', '=', u.accountId).execute();
    expect((await usages(t, u.token)).json()).toMatchObject({ 'Bytes-Used': '1234' });
    // A change in a transaction is seen once it commits, not before, and never when it rolls back.
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('account').set({ used_bytes: 99 }).where('id', '=', u.accountId).execute();
        expect((await usages(t, u.token)).json()).toMatchObject({ 'Bytes-Used': '1234' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await usages(t, u.token)).json()).toMatchObject({ 'Bytes-Used': '1234' });
    await t.database.db.transaction().execute((trx) => trx.updateTable('account').set({ used_bytes: 77 }).where('id', '=', u.accountId).execute());
    expect((await usages(t, u.token)).json()).toMatchObject({ 'Bytes-Used': '77' });
  });

  it('a session ended behind the app’s back (no change announced) stops answering within the TTL', async () => {
    const u = await signUp(t);
    expect((await usages(t, u.token)).statusCode).toBe(200);
    await behindTheAppsBack(t, 'UPDATE session SET revoked_at = ? WHERE token_hash = ?', [Date.now(), hashToken(u.token)]);
    await sleep(SESSION_CACHE_TTL_MS + 100);
    expectError(await usages(t, u.token), 401, 'UNAUTHORIZED');
  });
});

// Two instances on one PostgreSQL, as behind a load balancer: what ends a session on A ends it on B at B's next request
// (NOTIFY at the commit). SQLite runs one instance; its two-app case is in request-path.test.ts.
describe.skipIf(!process.env.TEST_DATABASE_URL)('session cache across two instances (postgres)', () => {
  let a: TestApp;
  let b: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await startPgPair());
  });
  afterAll(async () => {
    await close?.();
  });

  it('sign-out on A: the next request on B with the same token is 401', async () => {
    const u = await signUp(a);
    expect((await usages(b, u.token)).statusCode).toBe(200);
    expect((await usages(b, u.token)).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authed(u.token) })).statusCode).toBe(200);
    expectError(await usages(b, u.token), 401, 'UNAUTHORIZED');
  });

  it('a session ended from the devices list, a password change, a console suspension on A: B answers 401 next', async () => {
    const u = await signUp(a);
    const listed = await signInAgain(a, u.user.email, u.user.password);
    const other = await signInAgain(a, u.user.email, u.user.password);
    for (const token of [listed.token, other.token, u.token]) expect((await info(b, token)).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${listed.id}`, headers: authed(u.token) })).statusCode).toBe(200);
    expectError(await info(b, listed.token), 401, 'UNAUTHORIZED');
    await changePassword(a, u.token, u.user.password, 'two instances 2026');
    expectError(await info(b, other.token), 401, 'UNAUTHORIZED');
    expect((await info(b, u.token)).statusCode).toBe(200);
    await opsService(a, Date.now).service.suspend(OPERATOR, u.accountId, 'Fraud report, ticket 9');
    expectError(await info(b, u.token), 401, 'UNAUTHORIZED');
  });

  it('a usage change on A is what B answers next', async () => {
    const u = await signUp(a);
    expect((await usages(b, u.token)).json()).toMatchObject({ 'Bytes-Used': '0' });
    await a.database.db.updateTable('account').set({ used_bytes: 4321 }).where('id', '=', u.accountId).execute();
    // The NOTIFY is delivered at the commit; give B's listening connection the moment it takes to read it.
    await until(async () => (await usages(b, u.token)).json()['Bytes-Used'] === '4321');
  });

  it('while B cannot hear A (its listening connection lost), B answers from the database', async () => {
    const u = await signUp(a);
    expect((await usages(b, u.token)).statusCode).toBe(200);
    await behindTheAppsBack(a, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN bulut_row_changes'");
    await until(async () => !b.database.rowChanges.complete());
    // Ended without any announcement: only a cache that serves nothing while deaf answers 401 now.
    await behindTheAppsBack(a, 'UPDATE session SET revoked_at = ? WHERE token_hash = ?', [Date.now(), hashToken(u.token)]);
    expectError(await usages(b, u.token), 401, 'UNAUTHORIZED');
    // It listens again after a second, and caches again.
    await until(async () => b.database.rowChanges.complete());
    const again = await signInAgain(a, u.user.email, u.user.password);
    expect((await usages(b, again.token)).statusCode).toBe(200);
  });
});

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await sleep(20);
  }
}
