import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { SYNC_EVERY_MS } from '../rate-limit/request-limit-store.js';

// The request limiter's background sync (request-limit-store.ts): on PostgreSQL one transaction of four statements.
const LIMITER_SYNC = /request_counter|^begin$|^commit$|^SET LOCAL synchronous_commit/i;
const SESSION_READ = /from "session" inner join "account"/;

describe.each(DIALECTS)('database round trips of an authenticated request (%s)', (dialect) => {
  let t: TestApp;
  let seen: string[] = [];
  beforeAll(async () => {
    // A budget the test never reaches, so the limiter only syncs on its timer (the benchmark's setting too).
    t = await startTestApp(dialect, { RATE_LIMIT_PER_MINUTE: '1000000' }, { onStatement: (sql) => seen.push(sql) });
  });
  afterAll(async () => {
    await t.close();
  });

  const usages = (token: string) => t.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(token) });
  /** The statements the app sent while `work` ran, split into the limiter's timer syncs and everything else. */
  async function statementsOf(work: () => Promise<void>) {
    seen = [];
    const t0 = performance.now();
    await work();
    const elapsed = performance.now() - t0;
    const all = seen;
    seen = [];
    return {
      all,
      own: all.filter((s) => !LIMITER_SYNC.test(s.trim())),
      syncs: all.filter((s) => /request_counter/.test(s)).length,
      elapsed,
    };
  }

  it('a signed-in GET on the steady path sends no statement: the session cache answers until the session or account changes', async () => {
    const u = await signUp(t);
    const first = await statementsOf(async () => expect((await usages(u.token)).statusCode).toBe(200));
    expect(first.own).toHaveLength(1);
    expect(first.own[0]).toMatch(SESSION_READ);
    const N = 30;
    const { own, syncs, elapsed } = await statementsOf(async () => {
      for (let i = 0; i < N; i++) expect((await usages(u.token)).statusCode).toBe(200);
    });
    expect(own).toEqual([]);
    // The request counter reaches the database on the limiter's timer, not per request.
    expect(syncs).toBeLessThanOrEqual(Math.ceil(elapsed / SYNC_EVERY_MS) + 1);
    expect(syncs).toBeLessThan(N);
    // A change to the account row (here its usage) is read again by the next request, once.
    await t.database.db.updateTable('account').set({ used_bytes: 10 }).where('id', '=', u.accountId).execute();
    const after = await statementsOf(async () => {
      expect((await usages(u.token)).json()).toMatchObject({ 'Bytes-Used': '10' });
      expect((await usages(u.token)).json()).toMatchObject({ 'Bytes-Used': '10' });
    });
    expect(after.own).toHaveLength(1);
    expect(after.own[0]).toMatch(SESSION_READ);
  });

  it("a caller's first request waits for one statement only (the limiter counts it locally), and the limiter's sync keeps the cache", async () => {
    const u = await signUp(t);
    // A new key: its count is synced SYNC_EVERY_MS after the hit, so nothing but the session read happens meanwhile.
    const first = await statementsOf(async () => expect((await usages(u.token)).statusCode).toBe(200));
    expect(first.own).toHaveLength(1);
    expect(first.own[0]).toMatch(SESSION_READ);
    // An earlier test's counts may still be synced on the limiter's timer while this request runs (a loaded CI machine
    // stretches it over a tick): at most one sync, never one per request.
    expect(first.syncs).toBeLessThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 2 * SYNC_EVERY_MS));
    const later = await statementsOf(async () => expect((await usages(u.token)).statusCode).toBe(200));
    expect(later.own).toEqual([]);
  });

  it('a sign-out takes effect at once on another instance on the same database (its session cache hears it)', async () => {
    // SQLite: a second app on the same data directory; PostgreSQL: on the same database.
    const other = await startTestApp(dialect, {}, dialect === 'sqlite' ? { dataDir: t.dataDir } : { databaseUrl: t.config.databaseUrl! });
    try {
      const u = await signUp(t);
      // Twice: the second answer comes from the other instance's cache.
      expect((await other.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(u.token) })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(u.token) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authed(u.token) })).statusCode).toBe(200);
      expectError(await other.app.inject({ method: 'GET', url: '/api/account/usages', headers: authed(u.token) }), 401, 'UNAUTHORIZED');
    } finally {
      await other.close();
    }
  });
});
