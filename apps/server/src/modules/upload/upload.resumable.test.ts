import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { abortStaleUploads, STALE_UPLOAD_MS } from './upload.housekeeping.js';
import { UploadService } from './upload.service.js';
import { account, blobsOf, content, liveFiles, rawRequest, sha256, uploadApi, uploadHeaders, uploadHelpers } from './upload.fixtures.js';

describe.each(DIALECTS)('upload (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  const { setQuota, uploadRow, download } = uploadHelpers(() => t);

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
});
