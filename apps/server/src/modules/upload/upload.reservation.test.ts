import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { abortStaleUploads, IDLE_RESERVATION_MS, STALE_UPLOAD_MS } from './upload.housekeeping.js';
import { account, content, sha256, uploadApi, uploadHeaders, uploadHelpers } from './upload.fixtures.js';
import { until } from '../../infra/jobs/jobs.fixtures.js';
import { freePort } from '../../test/server-process.js';

// An upload abandoned (a crash, a closed tab) gives its quota reservation back after a short idle time, but stays
// resumable for the rest of the day: it reserves again when it resumes, or at the latest when it commits.
describe.each(DIALECTS)('idle upload reservations (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  const { setQuota, uploadRow, download } = uploadHelpers(() => t);
  const housekeeping = () => abortStaleUploads({ db: t.database.db, blobs: t.app.blobs, logger: t.app.log });
  const idle = (id: string, ms: number) => t.database.db.updateTable('upload').set({ updated_at: Date.now() - ms - 1000 }).where('id', '=', id).execute();

  it('an idle upload gives its reservation back, stays resumable, and reserves again when it resumes', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const body = content(3000);
    const [idleId, activeId] = [randomUUID(), randomUUID()];
    expect((await api.piece(idleId, 'idle.bin', body.subarray(0, 1000), 0, 3000)).statusCode).toBe(202);
    expect((await api.piece(activeId, 'active.bin', content(100), 0, 500)).statusCode).toBe(202);
    expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 3500 });
    await idle(idleId, IDLE_RESERVATION_MS);

    expect(await housekeeping()).toMatchObject({ released: 1, aborted: 0 });
    expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 500, used_bytes: 0 });
    expect(await uploadRow(idleId)).toMatchObject({ status: 'OPEN', reserved: 0, received_bytes: 1000 });
    // Nothing more to give back on the next run.
    expect(await housekeeping()).toMatchObject({ released: 0 });
    const head = await api.head(idleId);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('1000');

    expect((await api.piece(idleId, 'idle.bin', body.subarray(1000, 2000), 1000, 3000)).statusCode).toBe(202);
    expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 3500 });
    expect((await api.piece(idleId, 'idle.bin', body.subarray(2000), 2000, 3000)).statusCode).toBe(201);
    expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 500, used_bytes: 3000 });
    expect(sha256(await download(token, accountId, idleId))).toBe(sha256(body));
  });

  it('an idle upload whose bytes no longer fit is refused on resume with 413, keeps its pieces, and resumes once there is room', async () => {
    const { token, accountId } = await signUp(t);
    await setQuota(accountId, 4000);
    const api = uploadApi(t, token);
    const body = content(3000);
    const id = randomUUID();
    expect((await api.piece(id, 'big.bin', body.subarray(0, 1000), 0, 3000)).statusCode).toBe(202);
    await idle(id, IDLE_RESERVATION_MS);
    expect(await housekeeping()).toMatchObject({ released: 1 });
    // Room the reservation held is used by another upload meanwhile.
    expect((await api.whole('other.bin', content(2000))).statusCode).toBe(201);
    expectError(await api.piece(id, 'big.bin', body.subarray(1000, 2000), 1000, 3000), 413, 'QUOTA_EXCEEDED');
    expect(await uploadRow(id)).toMatchObject({ status: 'OPEN', reserved: 0, received_bytes: 1000 });
    expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0, used_bytes: 2000 });
    await setQuota(accountId, 5000);
    expect((await api.piece(id, 'big.bin', body.subarray(1000), 1000, 3000)).statusCode).toBe(201);
    expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0, used_bytes: 5000 });
  });

  it('a whole-file PUT taking over an idle upload reserves again; a day-old one is aborted without releasing twice', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const [takenId, staleId] = [randomUUID(), randomUUID()];
    const body = content(800);
    expect((await api.piece(takenId, 'taken.bin', body.subarray(0, 100), 0, 800)).statusCode).toBe(202);
    expect((await api.piece(staleId, 'stale.bin', content(100), 0, 700)).statusCode).toBe(202);
    await idle(takenId, IDLE_RESERVATION_MS);
    await idle(staleId, IDLE_RESERVATION_MS);
    expect(await housekeeping()).toMatchObject({ released: 2, aborted: 0 });
    expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0 });

    expect((await api.put(takenId, 'taken.bin', body)).statusCode).toBe(201);
    expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0, used_bytes: 800 });
    await idle(staleId, STALE_UPLOAD_MS);
    expect(await housekeeping()).toMatchObject({ released: 0, aborted: 1 });
    expect(await uploadRow(staleId)).toMatchObject({ status: 'ABORTED' });
    expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0, used_bytes: 800 });
  });

  it('a whole-file PUT still streaming when its reservation is given back reserves its bytes at commit, or gets 413 when they no longer fit', async () => {
    for (const fits of [true, false]) {
      const { token, accountId } = await signUp(t);
      await setQuota(accountId, 5000);
      const body = content(3000);
      const id = randomUUID();
      const req = http.request({ host: '127.0.0.1', port, method: 'PUT', path: `/api/upload/${id}`, headers: uploadHeaders(token, 'slow.bin', body) });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        });
        req.on('error', reject);
      });
      req.write(body.subarray(0, 1000));
      await until('the upload opened', async () => (await uploadRow(id)) !== undefined);
      await idle(id, IDLE_RESERVATION_MS);
      expect(await housekeeping()).toMatchObject({ released: 1 });
      if (!fits) expect((await uploadApi(t, token).whole('filler.bin', content(3000))).statusCode).toBe(201);
      req.end(body.subarray(1000));
      const res = await answer;
      if (fits) {
        expect(res.status, res.text).toBe(201);
        expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0, used_bytes: 3000 });
      } else {
        expect(res.status, res.text).toBe(413);
        expect(JSON.parse(res.text)).toMatchObject({ message: 'Storage quota exceeded.' });
        expect(await uploadRow(id)).toMatchObject({ status: 'ABORTED' });
        expect(await account(t, accountId)).toMatchObject({ reserved_bytes: 0, used_bytes: 3000 });
      }
    }
  });
});
