import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { account, addFolder, blobsOf, content, rawRequest, uploadApi, uploadHeaders, uploadHelpers } from './upload.fixtures.js';

describe.each(DIALECTS)('upload (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  const { uploadRow, download } = uploadHelpers(() => t);

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

    it("another account's PUT to a transfer in flight is refused before it can cut that transfer off", async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const uuid = randomUUID();
      const total = 300_000;
      const first = content(100_000);
      expect((await uploadApi(t, a.token).piece(uuid, 'big.bin', first, 0, total)).statusCode).toBe(202);
      // A's second piece is still streaming when B's request for the same upload arrives.
      const second = content(100_000);
      const slow = new PassThrough();
      const running = t.app.inject({
        method: 'PUT',
        url: `/api/upload/${uuid}`,
        headers: uploadHeaders(a.token, 'big.bin', second, { range: `bytes 100000-199999/${total}` }),
        payload: slow,
      });
      slow.write(second.subarray(0, 50_000));
      await setTimeout(200);
      expectError(await uploadApi(t, b.token).piece(uuid, 'big.bin', content(100_000), 100_000, total), 404);
      slow.end(second.subarray(50_000));
      expect((await running).statusCode).toBe(202);
      expect(await uploadRow(uuid)).toMatchObject({ account_id: a.accountId, status: 'OPEN', received_bytes: 200_000 });
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
