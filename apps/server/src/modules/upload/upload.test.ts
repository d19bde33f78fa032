import { NO_MEDIA } from '../files/file.fixtures.js';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { abortStaleUploads, STALE_UPLOAD_MS, UploadService } from './upload.service.js';
import {
  account,
  addFolder,
  blobsOf,
  content,
  downloadUrls,
  liveFiles,
  origin,
  rawRequest,
  sha256,
  uploadApi,
  uploadHeaders,
} from './upload.fixtures.js';

describe.each(DIALECTS)('upload (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const setQuota = (accountId: string, quota: number) =>
    t.database.db.updateTable('account').set({ quota_bytes: quota }).where('id', '=', accountId).execute();
  const uploadRow = (id: string) => t.database.db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();

  /** Fetches a file through a freshly signed download URL. */
  async function download(token: string, accountId: string, uuid: string): Promise<Buffer> {
    const [link] = await downloadUrls(t, token, (await account(t, accountId)).project_id, [uuid]);
    const res = await t.app.inject({ method: 'GET', url: link!.url });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  describe('base URL', () => {
    it('is taken from the request when PUBLIC_URL is not set', async () => {
      const { token } = await signUp(t);
      const res = await t.app.inject({ method: 'POST', url: '/api/container/baseUrl', headers: { ...authed(token), host: 'bulut.test:8443' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ value: 'http://bulut.test:8443/api/upload' });
    });

    it('is PUBLIC_URL when set, and needs a session', async () => {
      const other = await startTestApp(dialect, { PUBLIC_URL: 'https://bulut.example/' });
      try {
        const { token } = await signUp(other);
        const res = await other.app.inject({ method: 'POST', url: '/api/container/baseUrl', headers: authed(token) });
        expect(res.json()).toEqual({ value: 'https://bulut.example/api/upload' });
        expectError(await other.app.inject({ method: 'POST', url: '/api/container/baseUrl' }), 401);
      } finally {
        await other.close();
      }
    });
  });

  describe('whole file', () => {
    it('stores the file and answers 201 with the item; usage grows by its size', async () => {
      const { token, accountId } = await signUp(t);
      const body = content(5000);
      const folder = await addFolder(t, accountId, 'Belgeler');
      const uuid = randomUUID();
      const res = await uploadApi(t, token).put(uuid, 'Yıllık Rapor 2026.docx', body, {
        parent: folder,
        favourite: 'true',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      });
      expect(res.statusCode).toBe(201);
      const item = res.json();
      expect(item).toEqual({
        uuid,
        name: 'Yıllık Rapor 2026.docx',
        folder: false,
        bytes: 5000,
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        parentFolderUuid: folder,
        projectId: (await account(t, accountId)).project_id,
        createdDate: expect.any(Number),
        lastModifiedDate: expect.any(Number),
        favourite: true,
        hidden: false,
        status: 'ACTIVE',
        documentType: 'WORD',
        trashedDate: null,
        metadata: {},
        ...NO_MEDIA,
      });
      const [row] = await liveFiles(t, accountId).then((rows) => rows.filter((r) => r.id === uuid));
      expect(row).toMatchObject({ sha256: sha256(body), bytes: 5000, parent_id: folder });
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 5000, reserved_bytes: 0 });
      expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
      const activity = await t.database.db.selectFrom('file_activity').selectAll().where('file_id', '=', uuid).execute();
      expect(activity.map((a) => a.action)).toEqual(['UPLOADED']);
    });

    it('sets the document type from the extension and the content type from the extension when none is given', async () => {
      const { token } = await signUp(t);
      const api = uploadApi(t, token);
      const cases: Array<[string, string | null, string]> = [
        ['a.pdf', 'PDF', 'application/pdf'],
        ['b.XLSX', 'CELL', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        ['c.csv', 'CELL', 'text/csv'],
        ['d.pptx', 'SLIDE', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
        ['e.doc', 'WORD', 'application/msword'],
        ['f.jpg', null, 'image/jpeg'],
        ['g', null, 'application/octet-stream'],
      ];
      for (const [name, documentType, contentType] of cases) {
        const res = await api.whole(name, content(10), { contentType: 'application/octet-stream' });
        expect(res.json()).toMatchObject({ name, documentType, contentType });
      }
    });

    it('accepts an empty file', async () => {
      const { token } = await signUp(t);
      const res = await uploadApi(t, token).whole('empty.txt', Buffer.alloc(0), { contentType: 'text/plain' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ bytes: 0, contentType: 'text/plain' });
    });

    it('is listed only once complete: half a body leaves no file row, only a reservation', async () => {
      const { token, accountId } = await signUp(t);
      const body = content(256 * 1024);
      const uuid = randomUUID();
      const headers = uploadHeaders(token, 'slow.bin', body);
      // Send half, and look while the request is still open.
      const req = http.request({ ...origin(t), method: 'PUT', path: `/api/upload/${uuid}`, headers, agent: false });
      const response = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
      });
      await new Promise<void>((resolve) => req.write(body.subarray(0, body.length / 2), () => resolve()));
      await expect.poll(async () => (await account(t, accountId)).reserved_bytes).toBe(body.length);
      expect(await liveFiles(t, accountId)).toEqual([]);
      expect((await uploadApi(t, token).head(uuid)).headers['upload-offset']).toBe('0');
      req.end(body.subarray(body.length / 2));
      expect(await response).toBe(201);
      expect((await liveFiles(t, accountId)).map((f) => f.id)).toEqual([uuid]);
      expect(await account(t, accountId)).toMatchObject({ used_bytes: body.length, reserved_bytes: 0 });
      expect((await uploadApi(t, token).head(uuid)).headers).toMatchObject({
        'upload-offset': String(body.length),
        'upload-length': String(body.length),
      });
    });

    it('the same uuid again → 409 UPLOAD_COMPLETE, nothing changes', async () => {
      const { token, accountId } = await signUp(t);
      const uuid = randomUUID();
      expect((await uploadApi(t, token).put(uuid, 'once.txt', content(10))).statusCode).toBe(201);
      expectError(await uploadApi(t, token).put(uuid, 'twice.txt', content(20)), 409, 'UPLOAD_COMPLETE');
      expect((await liveFiles(t, accountId)).map((f) => f.name)).toEqual(['once.txt']);
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 10, reserved_bytes: 0 });
    });
  });

  describe('name clashes', () => {
    it('strategy 0 keeps both with the lowest free number', async () => {
      const { token, accountId } = await signUp(t);
      const api = uploadApi(t, token);
      const names: string[] = [];
      for (let i = 0; i < 3; i++) names.push((await api.whole('Tatil.jpg', content(10))).json().name);
      expect(names).toEqual(['Tatil.jpg', 'Tatil (2).jpg', 'Tatil (3).jpg']);
      // A freed number is reused; case does not make a different name.
      await t.database.db.deleteFrom('file').where('account_id', '=', accountId).where('name', '=', 'Tatil (2).jpg').execute();
      expect((await api.whole('TATIL.jpg', content(10))).json().name).toBe('TATIL (2).jpg');
      // Trashed items do not clash.
      await t.database.db.updateTable('file').set({ status: 'TRASHED' }).where('account_id', '=', accountId).where('name', '=', 'Tatil.jpg').execute();
      expect((await api.whole('Tatil.jpg', content(10))).json().name).toBe('Tatil.jpg');
    });

    it('strategy 1 replaces the live file: old row gone, old blob purged by the job, usage exact', async () => {
      const { token, accountId } = await signUp(t);
      const api = uploadApi(t, token);
      const old = (await api.whole('notes.txt', content(1000))).json();
      const replacement = content(300);
      const res = await api.whole('notes.txt', replacement, { strategy: '1' });
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe('notes.txt');
      const files = await liveFiles(t, accountId);
      expect(files.map((f) => [f.id, f.name])).toEqual([[res.json().uuid, 'notes.txt']]);
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 300, reserved_bytes: 0 });
      const oldKey = `users/${accountId}/files/${old.uuid}`;
      expect(await t.app.blobs.stat(oldKey)).not.toBeNull();
      await t.app.jobs.runDue();
      expect(await t.app.blobs.stat(oldKey)).toBeNull();
      expect(sha256(await download(token, accountId, res.json().uuid))).toBe(sha256(replacement));
    });

    it('strategy 1 records the replaced file as DELETED before the new one as UPLOADED, in the feed\'s order', async () => {
      const { token } = await signUp(t);
      const api = uploadApi(t, token);
      const uuids = [(await api.whole('notes.txt', content(10))).json().uuid as string];
      // Several replacements: each pair is written in one millisecond, where only the ids can keep the order.
      for (let i = 0; i < 6; i++) uuids.push((await api.whole('notes.txt', content(10), { strategy: '1' })).json().uuid);
      const expected = uuids.flatMap((uuid, i) => (i === 0 ? [['UPLOADED', uuid]] : [['DELETED', uuids[i - 1]], ['UPLOADED', uuid]]));
      const feed = async (sortOrder: string) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/filesystem/activityFeed?sortOrder=${sortOrder}`, headers: authed(token) });
        expect(res.statusCode).toBe(200);
        return (res.json().activityList as Array<{ action: string; fileUuid: string }>).map((a) => [a.action, a.fileUuid]);
      };
      expect(await feed('ASC')).toEqual(expected);
      expect(await feed('DESC')).toEqual([...expected].reverse());
    });

    it('keeps both with a numbered name within 255 characters when the name is already 255 long', async () => {
      const { token } = await signUp(t);
      const api = uploadApi(t, token);
      const long = `${'b'.repeat(250)}.jpeg`;
      expect((await api.whole(long, content(10))).json().name).toBe(long);
      const res = await api.whole(long, content(10));
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe(`${'b'.repeat(246)} (2).jpeg`);
    });

    it('strategy 1 never replaces a folder: the file gets a numbered name', async () => {
      const { token, accountId } = await signUp(t);
      await addFolder(t, accountId, 'Fotoğraflar');
      const res = await uploadApi(t, token).whole('Fotoğraflar', content(10), { strategy: '1' });
      expect(res.json().name).toBe('Fotoğraflar (2)');
    });
  });

  describe('quota', () => {
    it('over quota → 413 QUOTA_EXCEEDED before anything is stored; usage unchanged', async () => {
      const { token, accountId } = await signUp(t);
      await setQuota(accountId, 1000);
      await uploadApi(t, token).whole('fits.bin', content(600));
      const res = await uploadApi(t, token).whole('too-big.bin', content(600));
      expectError(res, 413, 'QUOTA_EXCEEDED');
      expect(res.json().message).toBe('Storage quota exceeded.');
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 600, reserved_bytes: 0 });
      expect((await liveFiles(t, accountId)).map((f) => f.name)).toEqual(['fits.bin']);
      expect(blobsOf(t, accountId)).toHaveLength(1);
    });

    it('two parallel uploads that together exceed the quota: exactly one succeeds', async () => {
      const { token, accountId } = await signUp(t);
      await setQuota(accountId, 1000);
      const bodies = [content(600), content(600)];
      const results = await Promise.all(
        bodies.map((body, i) =>
          rawRequest(t, { method: 'PUT', path: `/api/upload/${randomUUID()}`, headers: uploadHeaders(token, `p${i}.bin`, body), body }),
        ),
      );
      expect(results.map((r) => r!.status).sort()).toEqual([201, 413]);
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 600, reserved_bytes: 0 });
      expect(await liveFiles(t, accountId)).toHaveLength(1);
      expect(blobsOf(t, accountId)).toHaveLength(1);
    });

    it('a resumable upload reserves its whole size at the first piece', async () => {
      const { token, accountId } = await signUp(t);
      await setQuota(accountId, 1000);
      const api = uploadApi(t, token);
      expect((await api.piece(randomUUID(), 'a.bin', content(100), 0, 700)).statusCode).toBe(202);
      expectError(await api.piece(randomUUID(), 'b.bin', content(100), 0, 400), 413, 'QUOTA_EXCEEDED');
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 0, reserved_bytes: 700 });
    });
  });

  describe('resumable', () => {
    it('three pieces: 202 progress, HEAD offsets, wrong offset → 409, byte-identical result', async () => {
      const { token, accountId } = await signUp(t);
      const api = uploadApi(t, token);
      const body = content(300_000);
      const cuts = [0, 100_000, 200_000, 300_000];
      const uuid = randomUUID();
      expect((await api.head(uuid)).statusCode).toBe(404);

      const first = await api.piece(uuid, 'video.mp4', body.subarray(0, 100_000), 0, body.length, { contentType: 'video/mp4' });
      expect(first.statusCode).toBe(202);
      expect(first.json()).toEqual({ uuid, receivedBytes: 100_000, totalBytes: 300_000 });
      expect(first.headers['upload-offset']).toBe('100000');
      let head = await api.head(uuid);
      expect(head.statusCode).toBe(200);
      expect(head.headers).toMatchObject({ 'upload-offset': '100000', 'upload-length': '300000' });
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 0, reserved_bytes: 300_000 });
      expect(await liveFiles(t, accountId)).toEqual([]);

      // Skipping ahead, or repeating a piece already stored.
      for (const start of [200_000, 0]) {
        const wrong = await api.piece(uuid, 'video.mp4', body.subarray(start, start + 100_000), start, body.length);
        expectError(wrong, 409, 'UPLOAD_OFFSET_MISMATCH');
        expect(wrong.headers['upload-offset']).toBe('100000');
      }
      // A different total for the same upload.
      expectError(await api.piece(uuid, 'video.mp4', body.subarray(100_000, 200_000), 100_000, 400_000), 400, 'INVALID_CONTENT_RANGE');

      expect((await api.piece(uuid, 'video.mp4', body.subarray(cuts[1], cuts[2]), cuts[1]!, body.length)).statusCode).toBe(202);
      head = await api.head(uuid);
      expect(head.headers['upload-offset']).toBe('200000');
      const last = await api.piece(uuid, 'video.mp4', body.subarray(cuts[2], cuts[3]), cuts[2]!, body.length);
      expect(last.statusCode).toBe(201);
      expect(last.json()).toMatchObject({ uuid, name: 'video.mp4', bytes: 300_000, contentType: 'video/mp4' });

      expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 300_000, reserved_bytes: 0 });
      expect(blobsOf(t, accountId)).toEqual([`users/${accountId}/files/${uuid}`]);
      expect(await uploadRow(uuid)).toMatchObject({ status: 'DONE', received_bytes: 300_000, part_count: 3 });
      expect((await api.head(uuid)).headers['upload-offset']).toBe('300000');
      expectError(await api.piece(uuid, 'video.mp4', body.subarray(0, 100_000), 0, body.length), 409, 'UPLOAD_COMPLETE');
    });

    it('a connection cut mid-piece leaves the offset at the last whole piece; resuming completes byte-identically', async () => {
      const { token, accountId } = await signUp(t);
      const api = uploadApi(t, token);
      const body = content(3 * 128 * 1024);
      const piece = 128 * 1024;
      const uuid = randomUUID();
      const path = `/api/upload/${uuid}`;
      const headersFor = (start: number) =>
        uploadHeaders(token, 'cut.bin', body.subarray(start, start + piece), { range: `bytes ${start}-${start + piece - 1}/${body.length}` });

      expect((await rawRequest(t, { method: 'PUT', path, headers: headersFor(0), body: body.subarray(0, piece) }))!.status).toBe(202);
      // Half of the second piece, then the socket dies.
      const cut = await rawRequest(t, { method: 'PUT', path, headers: headersFor(piece), body: body.subarray(piece, 2 * piece), cutAfter: piece / 2 });
      expect(cut).toBeNull();
      const head = await api.head(uuid);
      expect(head.headers).toMatchObject({ 'upload-offset': String(piece), 'upload-length': String(body.length) });

      // The client resumes from what HEAD said.
      for (const start of [piece, 2 * piece]) {
        const res = await rawRequest(t, { method: 'PUT', path, headers: headersFor(start), body: body.subarray(start, start + piece) });
        expect(res!.status).toBe(start === 2 * piece ? 201 : 202);
      }
      expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
      expect(await account(t, accountId)).toMatchObject({ used_bytes: body.length, reserved_bytes: 0 });
      // The half piece left nothing behind.
      await expect.poll(() => blobsOf(t, accountId)).toEqual([`users/${accountId}/files/${uuid}`]);
    });

    it('a stale request that reaches the handler after the client\'s retry fails itself instead of cutting the retry off', async () => {
      const { token, accountId } = await signUp(t);
      // A service of its own, so the test decides when each request "arrived" and when it reaches the handler.
      const uploads = new UploadService({ db: t.database.db, blobs: t.app.blobs, jobs: t.app.jobs, logger: t.app.log });
      const account = await t.database.db.selectFrom('account').select('project_id').where('id', '=', accountId).executeTakeFirstOrThrow();
      const auth = { accountId, sessionId: 'test', status: 'ACTIVE' as const, projectId: account.project_id };
      const body = content(128 * 1024);
      const uuid = randomUUID();
      const headers = uploadHeaders(token, 'race.bin', body, { range: `bytes 0-${body.length - 1}/${2 * body.length}` });
      const retryBody = new PassThrough();
      const retry = uploads.put(auth, { uuid, headers: headers as never, body: retryBody, receivedAt: 2_000 });
      retryBody.write(body.subarray(0, 1000));

      // The original request, cut by the client, arrived first but was slow through auth: it reaches the handler now.
      const staleBody = new PassThrough();
      await expect(uploads.put(auth, { uuid, headers: headers as never, body: staleBody, receivedAt: 1_000 })).rejects.toMatchObject({
        status: 'UPLOAD_INCOMPLETE',
      });
      expect(staleBody.destroyed).toBe(true);
      expect(retryBody.destroyed).toBe(false);
      retryBody.end(body.subarray(1000));
      await expect(retry).resolves.toMatchObject({ done: false, progress: { receivedBytes: body.length } });
    });

    it('a whole-file request cut mid-body leaves nothing: no file, no blob, no reservation', async () => {
      const { token, accountId } = await signUp(t);
      const body = content(256 * 1024);
      const uuid = randomUUID();
      const cut = await rawRequest(t, {
        method: 'PUT',
        path: `/api/upload/${uuid}`,
        headers: uploadHeaders(token, 'gone.bin', body),
        body,
        cutAfter: 100 * 1024,
      });
      expect(cut).toBeNull();
      await expect.poll(async () => (await uploadRow(uuid))?.status).toBe('ABORTED');
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 0, reserved_bytes: 0 });
      expect(await liveFiles(t, accountId)).toEqual([]);
      await expect.poll(() => blobsOf(t, accountId)).toEqual([]);
      // The same uuid can start over.
      expect((await uploadApi(t, token).put(uuid, 'gone.bin', body)).statusCode).toBe(201);
    });

    it('cancel releases the reservation and removes the pieces', async () => {
      const { token, accountId } = await signUp(t);
      const api = uploadApi(t, token);
      const uuid = randomUUID();
      await api.piece(uuid, 'big.bin', content(1000), 0, 5000);
      expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 5000 });
      expect(blobsOf(t, accountId)).toHaveLength(1);

      const res = await api.cancel(uuid);
      expect(res.statusCode).toBe(204);
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 0, reserved_bytes: 0 });
      expect(blobsOf(t, accountId)).toEqual([]);
      expect(await uploadRow(uuid)).toMatchObject({ status: 'ABORTED' });
      expect((await api.head(uuid)).statusCode).toBe(404);
      expectError(await api.cancel(uuid), 404);
      // A piece after the cancel starts nothing; it is told to begin again at 0.
      const after = await api.piece(uuid, 'big.bin', content(1000), 1000, 5000);
      expectError(after, 409, 'UPLOAD_OFFSET_MISMATCH');
      expect(after.headers['upload-offset']).toBe('0');
      expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0 });
    });

    it('uploads untouched for a day are aborted by housekeeping', async () => {
      const { token, accountId } = await signUp(t);
      const api = uploadApi(t, token);
      const stale = randomUUID();
      const fresh = randomUUID();
      await api.piece(stale, 'stale.bin', content(100), 0, 1000);
      await api.piece(fresh, 'fresh.bin', content(100), 0, 1000);
      await t.database.db.updateTable('upload').set({ updated_at: Date.now() - STALE_UPLOAD_MS - 1000 }).where('id', '=', stale).execute();

      const result = await abortStaleUploads({ db: t.database.db, blobs: t.app.blobs, logger: t.app.log });
      expect(result.aborted).toBeGreaterThanOrEqual(1);
      expect(await uploadRow(stale)).toMatchObject({ status: 'ABORTED' });
      expect(await uploadRow(fresh)).toMatchObject({ status: 'OPEN' });
      expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 1000 });
      expect(blobsOf(t, accountId)).toEqual([expect.stringContaining(fresh)]);
    });
  });

  describe('access', () => {
    it('a READ_ONLY account → 403 ACCOUNT_READ_ONLY, nothing stored', async () => {
      const { token, accountId } = await signUp(t);
      await t.database.db.updateTable('account').set({ status: 'READ_ONLY' }).where('id', '=', accountId).execute();
      expectError(await uploadApi(t, token).whole('x.txt', content(10)), 403, 'ACCOUNT_READ_ONLY');
      expectError(await uploadApi(t, token).piece(randomUUID(), 'x.txt', content(10), 0, 20), 403, 'ACCOUNT_READ_ONLY');
      expect(blobsOf(t, accountId)).toEqual([]);
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 0, reserved_bytes: 0 });
    });

    it("another user's upload or folder → 404", async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const uuid = randomUUID();
      await uploadApi(t, a.token).piece(uuid, 'mine.bin', content(100), 0, 300);
      const asB = uploadApi(t, b.token);
      expect((await asB.head(uuid)).statusCode).toBe(404);
      expectError(await asB.piece(uuid, 'mine.bin', content(100), 100, 300), 404);
      expectError(await asB.piece(uuid, 'mine.bin', content(100), 0, 300), 404);
      expectError(await asB.cancel(uuid), 404);
      expect(await uploadRow(uuid)).toMatchObject({ account_id: a.accountId, status: 'OPEN', received_bytes: 100 });

      const done = (await uploadApi(t, a.token).whole('done.txt', content(5))).json().uuid;
      expect((await asB.head(done)).statusCode).toBe(404);
      expectError(await asB.put(done, 'steal.txt', content(5)), 404);

      const folderOfA = await addFolder(t, a.accountId, 'Private');
      expectError(await asB.whole('x.txt', content(10), { parent: folderOfA }), 404);
      expect(await account(t, b.accountId)).toMatchObject({ used_bytes: 0, reserved_bytes: 0 });
      expect(blobsOf(t, b.accountId)).toEqual([]);
    });

    it('a missing or trashed parent folder → 404', async () => {
      const { token, accountId } = await signUp(t);
      expectError(await uploadApi(t, token).whole('x.txt', content(10), { parent: randomUUID() }), 404);
      const trashed = await addFolder(t, accountId, 'Old');
      await t.database.db.updateTable('file').set({ status: 'TRASHED' }).where('id', '=', trashed).execute();
      expectError(await uploadApi(t, token).whole('x.txt', content(10), { parent: trashed }), 404);
      expect(blobsOf(t, accountId)).toEqual([]);
      expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0 });
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/upload/${randomUUID()}`, payload: content(10) });
      expectError(res, 401);
    });
  });

  describe('bad requests leave nothing behind', () => {
    it('missing or invalid headers → 4xx, no blob, no upload, no reservation', async () => {
      const { token, accountId } = await signUp(t);
      const api = uploadApi(t, token);
      const body = content(100);
      const cases: Array<[number, Promise<{ statusCode: number; json(): { status: string } }>]> = [
        [400, api.put(randomUUID(), undefined, body)],
        [400, api.whole('', body)],
        [400, api.whole('a/b.txt', body)],
        [400, api.whole('..', body)],
        [400, api.put(randomUUID(), undefined, body, { headers: { 'x-object-meta-file-name': '%E0%A4%A' } })],
        [400, api.whole('x.txt', body, { strategy: '2' })],
        [400, api.whole('x.txt', body, { favourite: 'maybe' })],
        [400, api.whole('x.txt', body, { parent: 'not-a-uuid' })],
        [400, api.whole('x.txt', body, { range: 'bytes 0-99' })],
        [400, api.whole('x.txt', body, { range: 'bytes 50-10/100' })],
        [400, api.whole('x.txt', body, { range: 'bytes 0-99/50' })],
        [400, api.whole('x.txt', body, { range: 'bytes 0-49/100' })],
        [400, api.whole('x.txt', body, { range: 'bytes=0-99/100' })],
      ];
      for (const [status, pending] of cases) {
        const res = await pending;
        expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
      }
      const rows = await t.database.db.selectFrom('upload').select('id').where('account_id', '=', accountId).execute();
      expect(rows).toEqual([]);
      expect(blobsOf(t, accountId)).toEqual([]);
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 0, reserved_bytes: 0 });
    });

    it('no Content-Length (chunked) → 411', async () => {
      const { token, accountId } = await signUp(t);
      const body = content(100);
      const headers = uploadHeaders(token, 'chunked.bin', body);
      delete (headers as Record<string, string | undefined>)['content-length'];
      const res = await rawRequest(t, { method: 'PUT', path: `/api/upload/${randomUUID()}`, headers, body, chunked: true });
      expect(res!.status).toBe(411);
      expect(JSON.parse(res!.body.toString()).status).toBe('LENGTH_REQUIRED');
      expect(blobsOf(t, accountId)).toEqual([]);
      expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0 });
    });

    it('any Content-Type is streamed as bytes, JSON included', async () => {
      const { token, accountId } = await signUp(t);
      const json = Buffer.from('{"not":"parsed"');
      const res = await uploadApi(t, token).whole('data.json', json, { contentType: 'application/json' });
      expect(res.statusCode).toBe(201);
      expect((await download(token, accountId, res.json().uuid)).toString()).toBe('{"not":"parsed"');
    });
  });
});
