import { NO_MEDIA } from '../files/files.fixtures.js';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { account, addFolder, content, liveFiles, origin, sha256, uploadApi, uploadHeaders, uploadHelpers } from './upload.fixtures.js';

describe.each(DIALECTS)('upload (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  const { download } = uploadHelpers(() => t);

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

    it('strategy 1 replaces the live file: old row gone, its content kept as a version of the new one (issue 33), usage exact', async () => {
      const { token, accountId } = await signUp(t);
      const api = uploadApi(t, token);
      const old = (await api.whole('notes.txt', content(1000))).json();
      const replacement = content(300);
      const res = await api.whole('notes.txt', replacement, { strategy: '1' });
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe('notes.txt');
      const files = await liveFiles(t, accountId);
      expect(files.map((f) => [f.id, f.name])).toEqual([[res.json().uuid, 'notes.txt']]);
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 1300, reserved_bytes: 0 });
      const oldKey = `users/${accountId}/files/${old.uuid}`;
      await t.app.jobs.runDue();
      expect(await t.app.blobs.stat(oldKey)).not.toBeNull();
      // Once its versions are deleted, the old bytes go back and the blob goes.
      const gone = await t.app.inject({ method: 'DELETE', url: `/api/filesystem/item/${res.json().uuid}/versions`, headers: authed(token) });
      expect(gone.json()).toEqual({ deleted: 1 });
      expect(await account(t, accountId)).toMatchObject({ used_bytes: 300, reserved_bytes: 0 });
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
});
