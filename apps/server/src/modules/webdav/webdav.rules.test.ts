import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { timelineApi } from '../timeline/timeline.fixtures.js';
import { basic, davUser, hrefs, type DavUser } from './webdav.fixtures.js';

const LOCK = (owner = 'tester') =>
  `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner><D:href>${owner}</D:href></D:owner></D:lockinfo>`;
const tokenOf = (res: { headers: Record<string, unknown> }) => String(res.headers['lock-token']).slice(1, -1);

describe.each(DIALECTS)('webdav: the product’s rules (%s)', (dialect) => {
  let t: TestApp;
  let now = Date.now();
  let a: DavUser;
  let b: DavUser;
  beforeAll(async () => {
    // A test clock so locks can be let to expire; it follows real time until a test moves it.
    t = await startTestApp(dialect, { LOGIN_LOCKOUT_THRESHOLD: '3', AUTH_RATE_LIMIT_PER_MINUTE: '20' }, { clock: () => Math.max(now, Date.now()) });
    a = await davUser(t);
    b = await davUser(t);
  });
  afterAll(() => t.close());
  const account = (id: string) => t.database.db.selectFrom('account').select(['used_bytes', 'reserved_bytes', 'quota_bytes']).where('id', '=', id).executeTakeFirstOrThrow();

  it("another subscriber's paths answer 404 to every method; each sees only their own tree", async () => {
    await a.dav('MKCOL', '/Gizli');
    await a.dav('PUT', '/Gizli/a.txt', { body: 'secret' });
    expect(hrefs(await b.dav('PROPFIND', '/', { headers: { depth: '1' } }))).toEqual(['/dav/files/']);
    for (const m of ['GET', 'PROPFIND', 'DELETE', 'PROPPATCH', 'MOVE', 'COPY']) {
      const res = await b.dav(m, '/Gizli/a.txt', { headers: { destination: '/dav/files/x', depth: '0' }, ...(m === 'PROPPATCH' ? { body: '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x xmlns="u:">1</x></D:prop></D:set></D:propertyupdate>' } : {}) });
      expect(res.statusCode, m).toBe(404);
    }
    expect((await a.dav('GET', '/Gizli/a.txt')).body).toBe('secret');
  });

  it('a PUT over the quota answers 507 before writing; the counters are exact afterwards', async () => {
    const before = await account(a.accountId);
    await t.database.db.updateTable('account').set({ quota_bytes: Number(before.used_bytes) + 100 }).where('id', '=', a.accountId).execute();
    const res = await a.dav('PUT', '/big.bin', { body: Buffer.alloc(101, 7) });
    expect(res.statusCode).toBe(507);
    expect(await account(a.accountId)).toMatchObject({ used_bytes: before.used_bytes, reserved_bytes: 0 });
    expect((await a.dav('GET', '/big.bin')).statusCode).toBe(404);
    expect((await a.dav('PUT', '/fits.bin', { body: Buffer.alloc(100, 7) })).statusCode).toBe(201);
    expect(Number((await account(a.accountId)).used_bytes)).toBe(Number(before.used_bytes) + 100);
    await t.database.db.updateTable('account').set({ quota_bytes: before.quota_bytes }).where('id', '=', a.accountId).execute();
  });

  it('the names rule of the web: too long or forbidden names are refused in the product’s error shape', async () => {
    const long = await a.dav('PUT', `/${encodeURIComponent('ş'.repeat(256))}.txt`, { body: 'x' });
    expect(long.statusCode, long.body).toBe(400);
    expectError(long, 400, 'VALIDATION_ERROR');
    expectError(await a.dav('MKCOL', `/${encodeURIComponent('a\\b')}`), 400, 'VALIDATION_ERROR');
    expectError(await a.dav('PUT', `/${encodeURIComponent('\u202Egnp.exe')}`, { body: 'x' }), 400, 'VALIDATION_ERROR');
    expect((await a.dav('PUT', `/${encodeURIComponent('Çalışma ملف.txt')}`, { body: 'x' })).statusCode).toBe(201);
  });

  it('photos put over WebDAV reach the timeline with thumbnails', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg().toBuffer();
    expect((await a.dav('PUT', '/tatil.jpg', { body: jpeg, headers: { 'content-type': 'image/jpeg' } })).statusCode).toBe(201);
    await t.app.jobs.runDue();
    const row = await t.database.db.selectFrom('file').selectAll().where('account_id', '=', a.accountId).where('name', '=', 'tatil.jpg').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ media_kind: 1, media_status: 'READY' });
    expect(row.thumb_key).not.toBeNull();
    expect((await timelineApi(t, a.token).groups()).total).toBeGreaterThanOrEqual(1);
  });

  it("macOS's ._* and .DS_Store files are stored but kept out of the listing and the timeline", async () => {
    await a.dav('MKCOL', '/Mac');
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } }).jpeg().toBuffer();
    for (const name of ['._foto.jpg', '.DS_Store']) expect((await a.dav('PUT', `/Mac/${name}`, { body: jpeg })).statusCode).toBe(201);
    expect((await a.dav('PUT', '/Mac/foto.jpg', { body: jpeg })).statusCode).toBe(201);
    expect(hrefs(await a.dav('PROPFIND', '/Mac', { headers: { depth: '1' } }))).toEqual(['/dav/files/Mac/', '/dav/files/Mac/foto.jpg']);
    // Finder reads them back by name.
    expect((await a.dav('PROPFIND', '/Mac/._foto.jpg', { headers: { depth: '0' } })).statusCode).toBe(207);
    expect((await a.dav('GET', '/Mac/.DS_Store')).rawPayload.equals(jpeg)).toBe(true);
    const rows = await t.database.db.selectFrom('file').select(['name', 'hidden']).where('account_id', '=', a.accountId).where('name', 'in', ['._foto.jpg', '.DS_Store', 'foto.jpg']).execute();
    expect(Object.fromEntries(rows.map((r) => [r.name, r.hidden]))).toEqual({ '._foto.jpg': 1, '.DS_Store': 1, 'foto.jpg': 0 });
  });

  it('LOCK/UNLOCK: others need the token (423), the owner’s If header passes, refresh, unmapped name → 201 empty file', async () => {
    await a.dav('PUT', '/kilit.txt', { body: 'v1' });
    const lock = await a.dav('LOCK', '/kilit.txt', { body: LOCK(), headers: { timeout: 'Second-100' } });
    expect(lock.statusCode).toBe(200);
    expect(lock.body).toContain('<D:timeout>Second-100</D:timeout>');
    const token = tokenOf(lock);
    expect(token).toMatch(/^urn:uuid:/);
    const refused = await a.dav('PUT', '/kilit.txt', { body: 'v2' });
    expect(refused.statusCode).toBe(423);
    expect(refused.body).toContain('lock-token-submitted');
    expect((await a.dav('DELETE', '/kilit.txt')).statusCode).toBe(423);
    expect((await a.dav('LOCK', '/kilit.txt', { body: LOCK('other') })).statusCode).toBe(423);
    expect((await a.dav('PUT', '/kilit.txt', { body: 'v2', headers: { if: `(<${token}>)` } })).statusCode).toBe(204);
    expect((await a.dav('PUT', '/kilit.txt', { body: 'v3', headers: { if: '(<urn:uuid:00000000-0000-4000-8000-000000000000>)' } })).statusCode).toBe(412);
    const refreshed = await a.dav('LOCK', '/kilit.txt', { headers: { if: `(<${token}>)`, timeout: 'Second-200' } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.body).toContain('Second-200');
    expect((await a.dav('PROPFIND', '/kilit.txt', { headers: { depth: '0' } })).body).toContain(token);
    expect((await a.dav('UNLOCK', '/kilit.txt', { headers: { 'lock-token': `<${token}>` } })).statusCode).toBe(204);
    expect((await a.dav('UNLOCK', '/kilit.txt', { headers: { 'lock-token': `<${token}>` } })).statusCode).toBe(409);
    expect((await a.dav('PUT', '/kilit.txt', { body: 'v4' })).statusCode).toBe(204);

    // Windows' habit: LOCK a new name, then PUT the bytes with the token.
    const fresh = await a.dav('LOCK', '/yeni.docx', { body: LOCK(), headers: { depth: '0' } });
    expect(fresh.statusCode).toBe(201);
    expect((await a.dav('HEAD', '/yeni.docx')).headers['content-length']).toBe('0');
    expect((await a.dav('PUT', '/yeni.docx', { body: 'docx', headers: { if: `(<${tokenOf(fresh)}>)` } })).statusCode).toBe(204);
  });

  it('a depth-infinity lock on a folder protects its members; locks expire with their timeout', async () => {
    await a.dav('MKCOL', '/Ortak');
    const lock = await a.dav('LOCK', '/Ortak', { body: LOCK(), headers: { timeout: 'Second-60' } });
    expect(lock.statusCode).toBe(200);
    expect((await a.dav('PUT', '/Ortak/yeni.txt', { body: 'x' })).statusCode).toBe(423);
    expect((await a.dav('PUT', '/Ortak/yeni.txt', { body: 'x', headers: { if: `</dav/files/Ortak> (<${tokenOf(lock)}>)` } })).statusCode).toBe(201);
    // Another subscriber's namespace is their own: the lock does not reach it.
    await b.dav('MKCOL', '/Ortak');
    expect((await b.dav('PUT', '/Ortak/yeni.txt', { body: 'x' })).statusCode).toBe(201);
    now = Date.now() + 61_000;
    expect((await a.dav('PUT', '/Ortak/sonra.txt', { body: 'x' })).statusCode).toBe(201);
    expect((await a.dav('PROPFIND', '/Ortak', { headers: { depth: '0' } })).body).not.toContain(tokenOf(lock));
    now = 0;
  });

  it('an address that keeps failing is refused (429) before credentials are checked, other addresses are not', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i++) expect((await a.dav('PROPFIND', '/', { as: basic(`nobody${i}@example.com`, 'x'), ip })).statusCode).toBe(401);
    expect((await a.dav('PROPFIND', '/', { headers: { depth: '0' }, ip })).statusCode).toBe(429);
    expect((await a.dav('PROPFIND', '/', { headers: { depth: '0' }, ip: '203.0.113.78' })).statusCode).toBe(207);
  });

  it('app passwords: listed without their secret, scoped, revocable (the next request fails), failures locked out', async () => {
    const list = await t.app.inject({ url: '/api/app-passwords', headers: authed(a.token) });
    expect(list.statusCode).toBe(200);
    const [item] = list.json().items;
    expect(item).toMatchObject({ name: 'Laptop', scope: 'files', lastUsedAt: expect.any(Number) });
    expect(JSON.stringify(list.json())).not.toContain(a.password);
    // The account password is never accepted over DAV, nor a contacts-scoped app password.
    expect((await a.dav('PROPFIND', '/', { as: basic(a.email, 'correct horse 42') })).statusCode).toBe(401);
    const contacts = await t.app.inject({ method: 'POST', url: '/api/app-passwords', headers: authed(b.token), payload: { name: 'Phone', scope: 'contacts' } });
    expect((await b.dav('PROPFIND', '/', { as: basic(b.email, contacts.json().password) })).statusCode).toBe(401);
    // Another subscriber's app password id answers 404.
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/app-passwords/${item.id}`, headers: authed(b.token) }), 404);
    const second = await t.app.inject({ method: 'POST', url: '/api/app-passwords', headers: authed(a.token), payload: { name: 'NAS', scope: 'files' } });
    const nas = second.json();
    // 160 bits a command line cannot take for an option (litmus failed on a password that began with '-').
    expect(nas.password).toMatch(/^[a-z2-7]{32}$/);
    expect((await a.dav('PROPFIND', '/', { as: basic(a.email, nas.password), headers: { depth: '0' } })).statusCode).toBe(207);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/app-passwords/${nas.id}`, headers: authed(a.token) })).statusCode).toBe(204);
    const revoked = await a.dav('PROPFIND', '/', { as: basic(a.email, nas.password), headers: { depth: '0' } });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toContain('Basic');

    // Three failures in a row (the threshold here; the contacts password above was the first) lock DAV sign-in out,
    // even with the right password.
    for (let i = 0; i < 2; i++) expect((await b.dav('PROPFIND', '/', { as: basic(b.email, `wrong-${i}`) })).statusCode).toBe(401);
    const locked = await b.dav('PROPFIND', '/', { headers: { depth: '0' } });
    expect(locked.statusCode).toBe(429);
    // A suspended account stops a mounted client at its next request.
    await t.database.db.updateTable('account').set({ suspended_at: Date.now() }).where('id', '=', a.accountId).execute();
    expect((await a.dav('PROPFIND', '/', { headers: { depth: '0' } })).statusCode).toBe(403);
  });
});
