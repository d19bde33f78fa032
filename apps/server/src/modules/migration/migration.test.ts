import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { DropboxFakeServer } from './dropbox-fake-server.js';
import { consent, freePortInRange, importFolders, storedTree } from './migration.fixtures.js';

// The Dropbox import end to end: the real app on a real database, against a local server that speaks Dropbox's
// HTTP API (dropbox-fake-server.ts; the official SDK runs against it in dropbox-fake-server.test.ts).

const MiB = 1024 * 1024;
const docx = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(3000)]);

/** The Dropbox content every test starts from: nested folders, paging, a file over one 4 MiB hash block, a Paper doc. */
function fill(fake: DropboxFakeServer): Map<string, Buffer> {
  const want = new Map<string, Buffer>();
  const put = (path: string, bytes: Buffer, ours = path.slice(1)) => {
    fake.putFile(path, bytes);
    want.set(ours, bytes);
  };
  put('/top.txt', Buffer.from('at the top\n'));
  put('/empty.txt', Buffer.alloc(0));
  put('/Docs/report.txt', Buffer.from('quarterly report v1\n'));
  put('/Docs/Deep/Nested/big.bin', randomBytes(5 * MiB + 3));
  put('/Belgeler/Çalışma ığüşöç.txt', Buffer.from('Türkçe içerik\n'));
  for (let i = 0; i < 7; i++) put(`/Many/file-${i}.dat`, randomBytes(1000 + i));
  fake.putPaper('/Notes.paper', docx, '<h1>Notes</h1>');
  want.set('Notes.docx', docx);
  // Dropbox takes this name; our names rule refuses a text-direction override (it would show as "txt.eman").
  fake.putFile('/bad\u202ename.txt', Buffer.from('x'));
  return want;
}

describe.each(DIALECTS)('Dropbox import (%s)', (dialect) => {
  const fake = new DropboxFakeServer();
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  let want: Map<string, Buffer>;
  const get = (url: string, token = user.token) => t.app.inject({ method: 'GET', url, headers: authed(token) });
  const post = (url: string, payload?: object, token = user.token) => t.app.inject({ method: 'POST', url, headers: authed(token), payload });
  const status = async (token = user.token) => (await get('/api/migration/dropbox/status', token)).json();

  /** Runs due jobs until the import has ended (a hang guard, not a timing assertion). */
  async function runImport(token = user.token) {
    for (let i = 0; i < 200; i++) {
      await t.app.jobs.runDue();
      const s = await status(token);
      if (s.import?.status !== 'RUNNING') return s;
    }
    throw new Error('import never ended');
  }

  async function connect(token = user.token) {
    const start = await get('/api/migration/dropbox/authorizeUrl', token);
    expect(start.statusCode).toBe(200);
    const url = new URL(start.json().url);
    expect(url.origin + url.pathname).toBe(`${fake.base}/oauth2/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('token_access_type')).toBe('offline');
    const back = await consent(url.toString());
    return post('/api/migration/dropbox/connect/v2', { code: back.code, state: back.state }, token);
  }

  beforeAll(async () => {
    await fake.start(await freePortInRange());
    fake.pageSize = 3;
    want = fill(fake);
    t = await startTestApp(dialect, fake.env());
    user = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('authorise, connect, status, start: the tree arrives byte for byte in a "Dropbox" folder; a refused name is reported', async () => {
    expect((await status()).connected).toBe(false);
    const connected = await connect();
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({ connected: true, email: fake.account.email, displayName: fake.account.displayName });
    // The code was exchanged server-side with the PKCE verifier; the tokens are kept sealed, never as sent.
    expect(fake.calls).toContain('oauth2/token authorization_code');
    const row = await t.database.db.selectFrom('dropbox_connection').selectAll().where('account_id', '=', user.accountId).executeTakeFirstOrThrow();
    expect(row.access_token_sealed).toMatch(/^v1\./);
    const kept = JSON.stringify(row);
    for (const token of fake.tokensIssued()) expect(kept).not.toContain(token);

    const quota = (await get('/api/migration/dropbox/status?validateQuota=true')).json();
    const wantBytes = [...want.values()].reduce((n, b) => n + b.length, 0) - docx.length + '<h1>Notes</h1>'.length + 1;
    expect(quota.toImport).toMatchObject({ files: want.size + 1, bytes: wantBytes, fitsQuota: true });

    const started = await post('/api/migration/dropbox/start');
    expect(started.statusCode).toBe(200);
    expect(started.json().import.status).toBe('RUNNING');
    expect(expectError(await post('/api/migration/dropbox/start'), 409, 'IMPORT_RUNNING')).toBeTruthy();

    const done = await runImport();
    expect(done.import).toMatchObject({ status: 'DONE', filesDone: want.size, filesFailed: 1, filesUnchanged: 0, filesTotal: want.size + 1, secondsLeft: 0 });
    expect(done.import.failures).toEqual([{ path: '/bad\u202ename.txt', reason: 'NAME_REFUSED' }]);
    expect(done.import.bytesDone).toBe([...want.values()].reduce((n, b) => n + b.length, 0));

    const [folder, ...others] = await importFolders(t.database.db, user.accountId);
    expect(others).toEqual([]);
    expect(folder!.name).toBe('Dropbox');
    const stored = await storedTree(t.database.db, t.app.blobs, user.accountId, folder!.id);
    expect([...stored.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [path, bytes] of want) expect(stored.get(path)?.equals(bytes), path).toBe(true);
    // The Paper document came through files/export as .docx; everything else through files/download.
    expect(fake.calls).toContain('files/export /Notes.paper');

    const account = await t.database.db.selectFrom('account').select(['used_bytes', 'reserved_bytes']).where('id', '=', user.accountId).executeTakeFirstOrThrow();
    expect(Number(account.used_bytes)).toBe(done.import.bytesDone);
    expect(Number(account.reserved_bytes)).toBe(0);

    const notes = (await get('/api/notification/communication/fetch?language=tr')).json() as Array<{ type: string; title: string; body: string }>;
    const notice = notes.find((n) => n.type === 'DROPBOX_IMPORT_DONE');
    expect(notice?.title).toBe('Dropbox aktarımı tamamlandı');
    expect(notice?.body).toContain(`${want.size} dosya aktarıldı`);
    expect(notice?.body).toContain('/bad\u202ename.txt: ad kabul edilmiyor');
  });

  it('a second run imports only the one file that changed, replacing it in place; one deleted in Dropbox since stays here', async () => {
    fake.putFile('/Docs/report.txt', Buffer.from('quarterly report v2, longer\n'));
    want.set('Docs/report.txt', Buffer.from('quarterly report v2, longer\n'));
    // An import copies: a file gone from Dropbox (perhaps deleted there because it has moved here) is not deleted here.
    fake.removeFile('/Many/file-6.dat');
    const before = fake.calls.length;
    expect((await post('/api/migration/dropbox/start')).statusCode).toBe(200);
    const done = await runImport();
    // The refused name is tried again (and refused again); nothing else is fetched.
    expect(done.import).toMatchObject({ status: 'DONE', filesDone: 1, filesTotal: 2, filesFailed: 1, filesUnchanged: want.size - 2 });
    expect(fake.calls.slice(before).filter((c) => c.startsWith('files/download') || c.startsWith('files/export'))).toEqual(['files/download /Docs/report.txt']);
    const [folder, ...others] = await importFolders(t.database.db, user.accountId);
    expect(others).toEqual([]);
    const stored = await storedTree(t.database.db, t.app.blobs, user.accountId, folder!.id);
    expect([...stored.keys()].sort()).toEqual([...want.keys()].sort());
    expect(stored.get('Docs/report.txt')!.toString()).toBe('quarterly report v2, longer\n');
  });

  it('waits out 429s (Retry-After), refreshes an expired access token, and reports a file deleted during the import', async () => {
    fake.putFile('/Later/one.txt', Buffer.from('one'));
    fake.putFile('/Later/two.txt', Buffer.from('two'));
    fake.throttle.set('files/download', 2);
    fake.throttle.set('files/list_folder', 1);
    fake.expireTokens();
    // two.txt goes away between the listing and its download.
    fake.beforeDownload = (p) => (p === '/later/two.txt' ? fake.removeFile('/Later/two.txt') : undefined);
    const before = fake.calls.length;
    expect((await post('/api/migration/dropbox/start')).statusCode).toBe(200);
    const done = await runImport();
    fake.beforeDownload = null;
    const calls = fake.calls.slice(before);
    expect(calls).toContain('401 expired_access_token');
    expect(calls).toContain('oauth2/token refresh_token');
    expect(calls.filter((c) => c === '429 files/download')).toHaveLength(2);
    expect(calls).toContain('429 files/list_folder');
    expect(done.import).toMatchObject({ status: 'DONE', filesDone: 1, filesFailed: 2 });
    expect(done.import.failures).toEqual(
      expect.arrayContaining([
        { path: '/Later/two.txt', reason: 'DELETED' },
        { path: '/bad\u202ename.txt', reason: 'NAME_REFUSED' },
      ]),
    );
    const [folder] = await importFolders(t.database.db, user.accountId);
    const stored = await storedTree(t.database.db, t.app.blobs, user.accountId, folder!.id);
    expect(stored.get('Later/one.txt')?.toString()).toBe('one');
    expect(stored.has('Later/two.txt')).toBe(false);
  });

  it('isolation: another subscriber sees no connection, cannot start, cannot finish someone else’s authorisation', async () => {
    const other = await signUp(t);
    const s = await status(other.token);
    expect(s).toMatchObject({ connected: false, email: null, import: null });
    expectError(await post('/api/migration/dropbox/start', undefined, other.token), 409, 'DROPBOX_NOT_CONNECTED');
    // The first user's authorisation in flight: its state is theirs only.
    const mine = (await get('/api/migration/dropbox/authorizeUrl')).json();
    const back = await consent(mine.url);
    expectError(await post('/api/migration/dropbox/connect/v2', { code: back.code, state: back.state }, other.token), 400, 'DROPBOX_STATE_INVALID');
    expect((await importFolders(t.database.db, other.accountId)).length).toBe(0);
    expect((await status()).connected).toBe(true);
  });

  it('disconnect revokes the token at Dropbox and forgets it here', async () => {
    const row = await t.database.db.selectFrom('dropbox_connection').selectAll().where('account_id', '=', user.accountId).executeTakeFirstOrThrow();
    expect(row.connected_at).not.toBeNull();
    const res = await get('/api/migration/dropbox/disconnect');
    expect(res.statusCode).toBe(200);
    expect(res.json().connected).toBe(false);
    expect(fake.calls.at(-1)).toBe('auth/token/revoke');
    expect(fake.revoked).toHaveLength(1);
    expect(await t.database.db.selectFrom('dropbox_connection').selectAll().where('account_id', '=', user.accountId).executeTakeFirst()).toBeUndefined();
    expectError(await post('/api/migration/dropbox/start'), 409, 'DROPBOX_NOT_CONNECTED');
  });

  it('connect with the spec’s accessToken (a token the client obtained itself) is checked with Dropbox first', async () => {
    expectError(await post('/api/migration/dropbox/connect/v2', { accessToken: 'sl.not-a-token' }), 400, 'DROPBOX_AUTH_FAILED');
    const ok = await post('/api/migration/dropbox/connect/v2', { accessToken: fake.issueAccessToken() });
    expect(ok.json()).toMatchObject({ connected: true, email: fake.account.email });
    expect((await get('/api/migration/dropbox/disconnect')).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('Dropbox import: quota and feature switch (%s)', (dialect) => {
  const fake = new DropboxFakeServer();
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    await fake.start(await freePortInRange());
    fake.putFile('/big.bin', randomBytes(6000));
    t = await startTestApp(dialect, { ...fake.env(), FREE_QUOTA_BYTES: '5000' });
    off = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
    await fake.stop();
  });

  it('status?validateQuota=true refuses with 413 when the Dropbox does not fit the free space', async () => {
    const { token } = await signUp(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/migration/dropbox/connect/v2', headers: authed(token), payload: { accessToken: fake.issueAccessToken() } });
    expect(res.statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: '/api/migration/dropbox/status?validateQuota=true', headers: authed(token) }), 413, 'QUOTA_EXCEEDED');
    expect((await t.app.inject({ method: 'GET', url: '/api/migration/dropbox/status', headers: authed(token) })).statusCode).toBe(200);
  });

  it('without DROPBOX_APP_KEY every call answers 404', async () => {
    const { token } = await signUp(off);
    for (const [method, url] of [
      ['GET', '/api/migration/dropbox/authorizeUrl'],
      ['GET', '/api/migration/dropbox/status'],
      ['GET', '/api/migration/dropbox/status?validateQuota=true'],
      ['POST', '/api/migration/dropbox/connect/v2'],
      ['POST', '/api/migration/dropbox/start'],
      ['GET', '/api/migration/dropbox/disconnect'],
    ] as const) {
      const res = await off.app.inject({ method, url, headers: authed(token), ...(method === 'POST' ? { payload: { accessToken: 'x' } } : {}) });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
