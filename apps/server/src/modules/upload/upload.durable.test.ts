import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { fileBlobKey, pieceDir } from './upload.finish.js';
import * as repo from './upload.repository.js';
import { ASSEMBLE_GRACE_MS, ASSEMBLE_UPLOAD_JOB } from './upload.assembly.js';
import { account, blobsOf, content, liveFiles, sha256, uploadApi, uploadHelpers } from './upload.fixtures.js';
import type { UploadTable } from './upload.table.js';

describe.each(DIALECTS)('upload durability (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { uploadRow, download } = uploadHelpers(() => t);

  /**
   * Leaves an upload as a server killed after recording its final piece and before assembling it would: every piece
   * stored, the row COMPLETING, the assembly job queued in the same transaction, no file.
   */
  async function crashAfterFinalPiece(token: string, accountId: string, uuid: string, body: Buffer, cut: number) {
    expect((await uploadApi(t, token).piece(uuid, 'clip.mp4', body.subarray(0, cut), 0, body.length)).statusCode).toBe(202);
    const { state } = await t.app.blobs.writePiece(fileBlobKey(accountId, uuid), (await uploadRow(uuid))!.piece_state, {
      offset: cut,
      length: body.length - cut,
      last: true,
      body: Readable.from([body.subarray(cut)]),
    });
    await t.app.database.db.transaction().execute(async (trx) => {
      expect(await repo.recordPiece(trx, uuid, cut, body.length, 'COMPLETING', Date.now(), state)).toBe(true);
      await t.app.jobs.enqueue(trx, ASSEMBLE_UPLOAD_JOB, { uploadId: uuid }, { runAt: Date.now() + ASSEMBLE_GRACE_MS });
    });
  }

  const assemblyJobs = (uuid: string) =>
    t.app.database.db
      .selectFrom('job')
      .select(['status', 'run_at'])
      .where('type', '=', ASSEMBLE_UPLOAD_JOB)
      .where('payload', 'like', `%${uuid}%`)
      .execute();

  /** Makes the queued assembly jobs due, as they are once their grace has passed (e.g. after a restart). */
  /** A signed-up account about to upload `bytes` random bytes under a fresh uuid. */
  async function newUpload(bytes: number) {
    const { token, accountId } = await signUp(t);
    return { token, accountId, api: uploadApi(t, token), uuid: randomUUID(), body: content(bytes) };
  }

  async function runAssemblyJobs(): Promise<void> {
    await t.app.database.db.updateTable('job').set({ run_at: 0 }).where('type', '=', ASSEMBLE_UPLOAD_JOB).where('status', '=', 'queued').execute();
    while ((await t.app.jobs.runDue()) > 0);
  }

  it('the final piece enqueues the assembly with the upload; the job later finds it done and changes nothing', async () => {
    const { accountId, api, uuid, body } = await newUpload(50_000);
    expect((await api.piece(uuid, 'a.bin', body.subarray(0, 20_000), 0, body.length)).statusCode).toBe(202);
    expect(await assemblyJobs(uuid)).toEqual([]);
    expect((await api.piece(uuid, 'a.bin', body.subarray(20_000), 20_000, body.length)).statusCode).toBe(201);
    expect(await assemblyJobs(uuid)).toMatchObject([{ status: 'queued' }]);

    await runAssemblyJobs();
    expect(await assemblyJobs(uuid)).toMatchObject([{ status: 'done' }]);
    expect((await liveFiles(t, accountId)).map((f) => f.id)).toEqual([uuid]);
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 50_000, reserved_bytes: 0 });
    expect(blobsOf(t, accountId)).toEqual([`users/${accountId}/files/${uuid}`]);
  });

  it('killed before assembling: HEAD never says complete, the retry of the final piece assembles and answers the item', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const uuid = randomUUID();
    const body = content(80_000);
    await crashAfterFinalPiece(token, accountId, uuid, body, 30_000);

    const head = await api.head(uuid);
    expect(head.statusCode).toBe(202);
    expect(head.headers['retry-after']).toBe('1');
    expect(await liveFiles(t, accountId)).toEqual([]);
    // A piece other than the final one is told to wait, not that the upload is complete.
    expectError(await api.piece(uuid, 'clip.mp4', body.subarray(0, 30_000), 0, body.length), 409, 'UPLOAD_COMPLETING');

    const retry = await api.piece(uuid, 'clip.mp4', body.subarray(30_000), 30_000, body.length);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ uuid, name: 'clip.mp4', bytes: 80_000 });
    expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 80_000, reserved_bytes: 0 });
    expect(blobsOf(t, accountId)).toEqual([`users/${accountId}/files/${uuid}`]);
    const done = await api.head(uuid);
    expect(done.statusCode).toBe(200);
    expect(done.headers['upload-offset']).toBe('80000');

    // The answer lost again: the same retry answers the same item, and the job changes nothing.
    const again = await api.piece(uuid, 'clip.mp4', body.subarray(30_000), 30_000, body.length);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ uuid, bytes: 80_000 });
    await runAssemblyJobs();
    expect((await liveFiles(t, accountId)).map((f) => f.id)).toEqual([uuid]);
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 80_000, reserved_bytes: 0 });
  });

  it('killed before assembling and nobody asks again: the assembly job commits the file at start-up', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const uuid = randomUUID();
    const body = content(64_000);
    await crashAfterFinalPiece(token, accountId, uuid, body, 10_000);
    // Not due yet: the request that sent the final piece would normally finish it.
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await uploadRow(uuid)).toMatchObject({ status: 'COMPLETING' });

    await runAssemblyJobs();
    expect(await uploadRow(uuid)).toMatchObject({ status: 'DONE' });
    expect(await assemblyJobs(uuid)).toMatchObject([{ status: 'done' }]);
    expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 64_000, reserved_bytes: 0 });
    expect(blobsOf(t, accountId)).toEqual([`users/${accountId}/files/${uuid}`]);
    expect((await api.head(uuid)).statusCode).toBe(200);
    const retry = await api.piece(uuid, 'clip.mp4', body.subarray(10_000), 10_000, body.length);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ uuid, bytes: 64_000 });
  });

  it('a final piece sent again after its file was deleted is not a new completion', async () => {
    const { token } = await signUp(t);
    const api = uploadApi(t, token);
    const uuid = randomUUID();
    const body = content(3000);
    await api.piece(uuid, 'x.bin', body.subarray(0, 1000), 0, 3000);
    expect((await api.piece(uuid, 'x.bin', body.subarray(1000), 1000, 3000)).statusCode).toBe(201);
    await t.app.database.db.updateTable('file').set({ status: 'TRASHED' }).where('id', '=', uuid).execute();
    expectError(await api.piece(uuid, 'x.bin', body.subarray(1000), 1000, 3000), 409, 'UPLOAD_COMPLETE');
  });

  it('pieces are written in place: the finished blob is the very file the first piece started, nothing else is left', async () => {
    const { token, accountId, api, uuid, body } = await newUpload(70_000);
    expect((await api.piece(uuid, 'inplace.bin', body.subarray(0, 30_000), 0, body.length)).statusCode).toBe(202);
    const [pieces] = blobsOf(t, accountId);
    expect(pieces).toMatch(/^\.pieces\//);
    const inode = fs.statSync(path.join(t.dataDir, 'blobs', pieces!)).ino;
    expect((await api.piece(uuid, 'inplace.bin', body.subarray(30_000), 30_000, body.length)).statusCode).toBe(201);

    const blob = `users/${accountId}/files/${uuid}`;
    expect(blobsOf(t, accountId)).toEqual([blob]);
    expect(fs.statSync(path.join(t.dataDir, 'blobs', blob)).ino).toBe(inode);
    const file = await t.app.database.db.selectFrom('file').select('sha256').where('id', '=', uuid).executeTakeFirstOrThrow();
    expect(file.sha256).toBe(sha256(body));
    expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
  });

  it('an upload left with pieces stored the old way (as separate blobs) starts again at 0, its reservation released', async () => {
    const { token, accountId, api, uuid, body } = await newUpload(20_000);
    expect((await api.piece(uuid, 'old.bin', body.subarray(0, 8000), 0, body.length)).statusCode).toBe(202);
    // As the version before left it: no store state, the piece as a blob of its own.
    await t.app.database.db.updateTable('upload').set({ piece_state: null }).where('id', '=', uuid).execute();
    await t.app.blobs.abortPieces(fileBlobKey(accountId, uuid), null);
    await t.app.blobs.put(`${pieceDir(accountId, uuid)}/${'0'.padStart(15, '0')}`, Readable.from([body.subarray(0, 8000)]));

    const next = await api.piece(uuid, 'old.bin', body.subarray(8000), 8000, body.length);
    expectError(next, 409, 'UPLOAD_OFFSET_MISMATCH');
    expect(next.headers['upload-offset']).toBe('0');
    expect(await uploadRow(uuid)).toMatchObject({ status: 'ABORTED' });
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 0, reserved_bytes: 0 });
    expect(blobsOf(t, accountId)).toEqual([]);

    expect((await api.piece(uuid, 'old.bin', body.subarray(0, 8000), 0, body.length)).statusCode).toBe(202);
    expect((await api.piece(uuid, 'old.bin', body.subarray(8000), 8000, body.length)).statusCode).toBe(201);
    expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 20_000, reserved_bytes: 0 });
  });

  /** What a server killed in the middle of a whole-file PUT leaves: the row OPEN with nothing recorded, its bytes reserved. */
  async function crashMidWholePut(accountId: string, uuid: string, name: string, total: number) {
    const at = Date.now();
    const row: UploadTable = {
      id: uuid,
      account_id: accountId,
      parent_id: '',
      name,
      content_type: 'application/octet-stream',
      strategy: 0,
      favourite: 0,
      device_type: 'WEB',
      total_bytes: total,
      received_bytes: 0,
      part_count: 0,
      piece_state: null,
      taken_at: null,
      taken_day: null,
      time_zone: null,
      status: 'OPEN',
      reserved: 1,
      family: 0,
      parts: null,
      created_at: at,
      updated_at: at,
    };
    await t.app.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('account').set((eb) => ({ reserved_bytes: eb('reserved_bytes', '+', total) })).where('id', '=', accountId).execute();
      await repo.insertUpload(trx, row);
    });
  }

  it('a whole-file PUT cut by a crash stays resumable: the same PUT again stores the file once, quota exact', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const uuid = randomUUID();
    const body = content(40_000);
    await crashMidWholePut(accountId, uuid, 'whole.bin', body.length);
    const head = await api.head(uuid);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');

    const again = await api.put(uuid, 'whole.bin', body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ uuid, name: 'whole.bin', bytes: 40_000 });
    expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 40_000, reserved_bytes: 0 });
    expect(blobsOf(t, accountId)).toEqual([`users/${accountId}/files/${uuid}`]);
  });

  it('a whole-file PUT cut by a crash can go on in pieces from the offset HEAD reports', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const uuid = randomUUID();
    const body = content(30_000);
    await crashMidWholePut(accountId, uuid, 'pieces.bin', body.length);
    expect((await api.piece(uuid, 'pieces.bin', body.subarray(0, 12_000), 0, body.length)).statusCode).toBe(202);
    expect((await api.piece(uuid, 'pieces.bin', body.subarray(12_000), 12_000, body.length)).statusCode).toBe(201);
    expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 30_000, reserved_bytes: 0 });
  });

  it('a held file cut by a crash between opening and finishing: the same request again makes the file once, quota exact', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const body = content(25_000);
    const other = content(24_000);
    expect((await api.whole('first.bin', body)).statusCode).toBe(201);
    expect((await api.whole('other.bin', other)).statusCode).toBe(201);
    const uuid = randomUUID();
    await crashMidWholePut(accountId, uuid, 'again.bin', body.length);
    // Another held file of another size under the same uuid is another upload: still refused.
    expectError(await api.known(uuid, 'again.bin', other), 409, 'UPLOAD_OFFSET_MISMATCH');

    const again = await api.known(uuid, 'again.bin', body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ uuid, name: 'again.bin', bytes: 25_000 });
    expect(await uploadRow(uuid)).toMatchObject({ status: 'DONE' });
    expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 74_000, reserved_bytes: 0 });
    expect(blobsOf(t, accountId)).toHaveLength(2);
  });

  it('a whole-file PUT over an upload left with pieces takes it over and removes the pieces; another size still gets 409', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const uuid = randomUUID();
    const body = content(20_000);
    expect((await api.piece(uuid, 'mixed.bin', body.subarray(0, 5000), 0, body.length)).statusCode).toBe(202);
    const other = await api.put(uuid, 'mixed.bin', content(19_000));
    expectError(other, 409, 'UPLOAD_OFFSET_MISMATCH');
    expect(other.headers['upload-offset']).toBe('5000');

    expect((await api.put(uuid, 'mixed.bin', body)).statusCode).toBe(201);
    expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
    expect(await account(t, accountId)).toMatchObject({ used_bytes: 20_000, reserved_bytes: 0 });
    expect(blobsOf(t, accountId)).toEqual([`users/${accountId}/files/${uuid}`]);
    expect(await uploadRow(uuid)).toMatchObject({ status: 'DONE' });
  });

  it('a whole-file PUT while the upload is being assembled is told to wait', async () => {
    const { token, accountId } = await signUp(t);
    const uuid = randomUUID();
    const body = content(9000);
    await crashAfterFinalPiece(token, accountId, uuid, body, 4000);
    expectError(await uploadApi(t, token).put(uuid, 'clip.mp4', body), 409, 'UPLOAD_COMPLETING');
    await runAssemblyJobs();
    expect(sha256(await download(token, accountId, uuid))).toBe(sha256(body));
  });
});
