import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createPgDatabase, DIALECTS, expectError, lastCodeFor, login, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { phoneJpeg } from '../media/fixtures/media.fixtures.js';
import { albumsApi } from '../albums/albums.fixtures.js';
import { filesApi } from '../files/files.fixtures.js';
import { linkApi } from '../public-links/public-links.fixtures.js';
import { blobsOf, uploadApi } from '../upload/upload.fixtures.js';
import { GPS, gpsPhoto } from '../../test/gps-photo.js';
import { grantQuota } from '../account/account.support.public.js';

const device = { uuid: 'device-1', name: 'Chrome on Linux', deviceType: 'WEB' as const };

describe.each(DIALECTS)('account deletion (%s)', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let pg: { url: string; drop(): Promise<void> } | null = null;
  const start = () => startTestApp(dialect, {}, { dataDir, databaseUrl: pg?.url });
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-deletion-'));
    pg = dialect === 'postgres' ? await createPgDatabase() : null;
    t = await start();
  });
  afterAll(async () => {
    await t.close();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? authed(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const remove = (token: string, body: unknown) => call(token, 'DELETE', '/api/account/delete', body);
  const runJobs = async () => {
    for (let i = 0; i < 200 && (await t.app.jobs.runDue()) > 0; i++);
  };

  /** Every text-typed value of every table (columns cast to text), as (table, column) pairs that contain `needle`. */
  async function rowsMentioning(needle: string): Promise<string[]> {
    const db = t.database.db;
    const columns =
      dialect === 'sqlite'
        ? (
            await sql<{ t: string; c: string }>`SELECT m.name AS t, p.name AS c FROM sqlite_master m, pragma_table_info(m.name) p
              WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`.execute(db)
          ).rows
        : (
            await sql<{ t: string; c: string }>`SELECT table_name AS t, column_name AS c FROM information_schema.columns
              WHERE table_schema = 'public'`.execute(db)
          ).rows;
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { t: table, c: column } of columns) {
      const hit = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}
        WHERE CAST(${sql.ref(column)} AS TEXT) LIKE ${`%${needle}%`}`.execute(db);
      if (Number(hit.rows[0]!.n) > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  /** A user with everything the product keeps: photos with thumbnails, files, folders, an album, shares both ways, a link, a copy saved by someone else, a half-done upload, a profile photo, settings, consents. */
  async function richUser() {
    const a = await signUp(t);
    const b = await signUp(t);
    const up = uploadApi(t, a.token);
    const photo = await up.whole('beach.jpg', await phoneJpeg(), { contentType: 'image/jpeg' });
    expect(photo.statusCode).toBe(201);
    // A real photograph with GPS: a place, a thing (the detector's motorcycle) and the scan record.
    const motorcycle = fs.readFileSync(new URL('../../test/fixtures/vision/motorcycle.jpg', import.meta.url));
    expect((await up.whole('ride.jpg', await gpsPhoto(...GPS.istanbul, motorcycle), { contentType: 'image/jpeg' })).statusCode).toBe(201);
    const folder = await filesApi(t, a.token).folder('Trip');
    const note = await up.whole('notes.txt', Buffer.from('secret notes'), { contentType: 'text/plain', parent: folder.uuid });
    expect(note.statusCode).toBe(201);
    // Half an upload.
    const half = await up.piece(randomUUID(), 'big.bin', Buffer.alloc(1000, 1), 0, 5000);
    expect(half.statusCode).toBe(202);
    await runJobs();
    const row = await t.database.db.selectFrom('file').selectAll().where('id', '=', photo.json().uuid).executeTakeFirstOrThrow();
    expect(row.thumb_key).toBeTruthy();

    const albums = albumsApi(t, a.token);
    const album = await albums.album('Summer');
    expect((await albums.addFiles(album.uuid, [row.id])).statusCode).toBe(200);
    expect((await call(a.token, 'POST', '/api/shares', { items: [row.id], invitees: [b.user.email], type: 'VIEWER', duration: 'UNLIMITED' })).statusCode).toBe(200);
    const bFile = await uploadApi(t, b.token).whole('from-b.txt', Buffer.from('for a'), { contentType: 'text/plain' });
    expect((await call(b.token, 'POST', '/api/shares', { items: [bFile.json().uuid], invitees: [a.user.email], type: 'VIEWER', duration: 'UNLIMITED' })).statusCode).toBe(200);
    const link = await linkApi(t).owner(a.token).link({ fileUuidList: [row.id], isAlbum: false });
    // B saves a copy from A's link: the copy shares A's blob and thumbnail.
    expect((await linkApi(t).visitor(link.token, { session: b.token }).save()).statusCode).toBe(200);
    const avatar = await t.app.inject({ method: 'PUT', url: '/api/account/profilePhoto', headers: { ...authed(a.token), 'content-type': 'image/jpeg' }, payload: await phoneJpeg() });
    expect(avatar.statusCode).toBe(200);
    await call(a.token, 'PATCH', '/api/account/setting', { param: 'photoSort', value: 'DATE_DESC' });
    await call(a.token, 'POST', '/api/account/permission/update', [{ type: 'KVKK', isApproved: true }]);
    await call(a.token, 'POST', '/api/account/email', { email: `pending.${a.user.email}` });
    await call(a.token, 'POST', '/api/account/address', { address: 'Moda Cd. 1' });
    // A failed sign-in leaves a lockout counter for the account (and a line of its sign-in history).
    await login(t, a.user.email, 'wrong password 1', { ip: '10.77.0.1' });
    // Bulut support granted bonus storage (issue 27).
    await t.database.db.transaction().execute((trx) =>
      grantQuota(trx, { accountId: a.accountId, bytes: 1024, expiresAt: Date.now() + 86_400_000, at: Date.now(), operatorId: randomUUID() }),
    );
    const remembered = String((await login(t, a.user.email, a.user.password, { rememberMe: true })).headers['x-remember-me-token']);
    // Rows of the sign-in modules too (after the sign-ins above, which two-factor would turn into a challenge):
    // two-factor on with an authenticator being set up, a recovery e-mail awaiting its link, a password recovery
    // begun, a QR sign-in approved.
    expect((await call(a.token, 'POST', '/api/auth/settings', { twoFactorAuthEnabled: true, password: a.user.password })).statusCode).toBe(200);
    expect((await call(a.token, 'POST', '/api/auth/2fa/totp/setup', { password: a.user.password })).statusCode).toBe(200);
    expect((await call(a.token, 'PUT', '/api/v1/account/recovery/email', { email: `backup.${a.user.email}` })).statusCode).toBe(200);
    expect((await call(null, 'POST', '/api/v2/forgotMyPassword', { username: a.user.email })).statusCode).toBe(200);
    const qr = await call(null, 'POST', '/api/auth/qrcode/start', {});
    expect((await call(a.token, 'POST', '/api/auth/qrcode/approve', { code: qr.json().code })).statusCode).toBe(200);
    await runJobs();
    return { a, b, photo: row, link, remembered, bFile: bFile.json().uuid as string };
  }

  it('re-checks the password and the confirmation, and refuses without a session', async () => {
    const { token } = await signUp(t);
    expect(expectError(await remove(token, { password: 'not it at all 1', confirmation: 'DELETE' }), 400, 'INVALID_PASSWORD').field).toBe('password');
    expectError(await remove(token, { password: 'correct horse 42', confirmation: 'delete' }), 400, 'VALIDATION_ERROR');
    expectError(await remove(token, { password: 'correct horse 42' }), 400, 'VALIDATION_ERROR');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/delete', payload: { password: 'x', confirmation: 'DELETE' } })).statusCode).toBe(401);
    expect((await call(token, 'GET', '/api/account/info')).statusCode).toBe(200);
  });

  it('ends every session at once, then removes every row and blob of the account; another account keeps its copy; the e-mail signs up again', async () => {
    const { a, b, photo, remembered, bFile } = await richUser();
    const other = await login(t, a.user.email, a.user.password);
    const otherToken = String(other.headers['x-auth-token']);
    expect((await rowsMentioning(a.accountId)).length).toBeGreaterThan(10);
    expect(blobsOf(t, a.accountId).length).toBeGreaterThan(3);

    const res = await remove(a.token, { password: a.user.password, confirmation: 'DELETE' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({});
    // At once, before the job: no session, no remember-me, no sign-in.
    for (const token of [a.token, otherToken]) expect((await call(token, 'GET', '/api/account/info')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/rememberMe', headers: { 'x-remember-me-token': remembered }, payload: device })).statusCode).toBe(401);
    expect((await login(t, a.user.email, a.user.password)).statusCode).toBe(401);
    expect((await login(t, `+${a.user.countryCode}${a.user.phoneNumber}`, a.user.password)).statusCode).toBe(401);

    await runJobs();
    expect(await rowsMentioning(a.accountId)).toEqual([]);
    expect(blobsOf(t, a.accountId)).toEqual([]);

    // B is untouched: its session, its own file, and the copy it saved from A's link (moved under B, still readable).
    expect((await call(b.token, 'GET', '/api/account/info')).json().uuid).toBe(b.accountId);
    const bRows = await t.database.db.selectFrom('file').selectAll().where('account_id', '=', b.accountId).execute();
    expect(bRows.map((r) => r.id)).toContain(bFile);
    const copy = bRows.find((r) => r.name === 'beach.jpg')!;
    expect(copy.blob_key).toMatch(new RegExp(`^users/${b.accountId}/`));
    const urls = await call(b.token, 'POST', '/api/v2/files/_bulk/create-download-url', [{ projectId: (await call(b.token, 'GET', '/api/account/info')).json().projectId, uuid: copy.id }]);
    expect(urls.statusCode, urls.body).toBe(200);
    const bytes = await t.app.inject({ method: 'GET', url: urls.json()[0].url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.length).toBe(Number(photo.bytes));
    // What A shared with B is gone from B's list.
    expect((await call(b.token, 'GET', '/api/shares?sharedWith=me')).json().totalCount).toBe(0);

    // The e-mail and the phone can sign up again: a new, empty account.
    const again = await signUp(t, a.user);
    expect(again.accountId).not.toBe(a.accountId);
    expect((await call(again.token, 'GET', '/api/account/info')).json()).toMatchObject({ email: a.user.email, address: null, url: null });
  });

  it('the e-mail is free at once, before the job has run', async () => {
    const a = await signUp(t);
    expect((await remove(a.token, { password: a.user.password, confirmation: 'DELETE' })).statusCode).toBe(202);
    const again = await signUp(t, a.user);
    expect(again.accountId).not.toBe(a.accountId);
    await runJobs();
    expect(await rowsMentioning(a.accountId)).toEqual([]);
    expect((await call(again.token, 'GET', '/api/account/info')).statusCode).toBe(200);
  });

  it('a sign-up with the same e-mail and phone started before the purge runs survives it', async () => {
    const a = await signUp(t);
    expect((await remove(a.token, { password: a.user.password, confirmation: 'DELETE' })).statusCode).toBe(202);
    const start = await t.app.inject({ method: 'POST', url: '/api/v2/signup', payload: a.user });
    expect(start.statusCode, start.body).toBe(200);
    // The whole purge runs between the code being sent and typed: it must not take the new sign-up with the old account.
    await runJobs();
    const otp = lastCodeFor(t.dataDir, `+${a.user.countryCode}${a.user.phoneNumber}`);
    const done = await t.app.inject({ method: 'POST', url: '/api/v2/signup/validate', payload: { referenceToken: start.json().referenceToken, otp } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().userUuid).not.toBe(a.accountId);
    expect(await rowsMentioning(a.accountId)).toEqual([]);
  });

  it('resumes after the server stops half-way', async () => {
    const { a, b } = await richUser();
    expect((await remove(a.token, { password: a.user.password, confirmation: 'DELETE' })).statusCode).toBe(202);
    // A few steps run (the modules registered last first, down to share links), then the server goes down.
    const stepsDone = async () =>
      (await t.database.db.selectFrom('account_deletion').select('done').where('account_id', '=', a.accountId).executeTakeFirstOrThrow()).done.split(',');
    for (let i = 0; i < 40 && !(await stepsDone()).includes('public-links'); i++) await t.app.jobs.runDue();
    const progress = await t.database.db.selectFrom('account_deletion').selectAll().where('account_id', '=', a.accountId).executeTakeFirstOrThrow();
    expect(progress.done.split(',').length).toBeGreaterThanOrEqual(2);
    expect(await t.database.db.selectFrom('share_link').select('id').where('account_id', '=', a.accountId).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('file').select('id').where('account_id', '=', a.accountId).execute()).not.toEqual([]);
    expect(await t.database.db.selectFrom('account').select('status').where('id', '=', a.accountId).executeTakeFirst()).toEqual({ status: 'DELETED' });
    await t.close();

    t = await start();
    await runJobs();
    expect(await rowsMentioning(a.accountId)).toEqual([]);
    expect(blobsOf(t, a.accountId)).toEqual([]);
    expect((await call(b.token, 'GET', '/api/account/info')).statusCode).toBe(200);
  });
});
