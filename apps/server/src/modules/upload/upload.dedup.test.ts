import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metrics } from '../../infra/metrics/metrics.js';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { savedBytes, sweepContent } from '../files/files.content.js';
import { account, content, downloadUrls, sha256, uploadApi, uploadHeaders, uploadHelpers } from './upload.fixtures.js';
import { PIECE_BYTES } from './upload.content.js';
import { MAX_KNOWN_PIECES } from './upload.schemas.js';

// Issue 35: uploads skip what the caller's own account holds; identical bytes are stored once across accounts, and
// reference counting never deletes bytes a file names nor keeps bytes nothing names past the sweep.

/**
 * Compares downloads by length and SHA-256: toEqual walks a Buffer element by element (an 8 MiB pair took 179 s on a
 * loaded CI machine, and these tests timed out).
 */
const expectSameBytes = (got: Buffer, want: Buffer) => expect({ bytes: got.length, sha256: sha256(got) }).toEqual({ bytes: want.length, sha256: sha256(want) });

const pieceHashes = (body: Buffer) => {
  const out: string[] = [];
  for (let at = 0; at < body.length; at += PIECE_BYTES) out.push(sha256(body.subarray(at, Math.min(body.length, at + PIECE_BYTES))));
  return out;
};

describe.each(DIALECTS)('uploads that skip stored bytes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { download } = uploadHelpers(() => t);
  const runJobs = async () => {
    for (let i = 0; i < 100 && (await t.app.jobs.runDue()) > 0; i++);
  };
  const received = () => metrics.receivedUploadBytes();
  const exists = async (key: string) => (await t.app.blobs.stat(key)) !== null;
  const fileRow = (id: string) => t.database.db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const partRows = async (key: string) =>
    (await t.database.db.selectFrom('content_part').select(['part_key', 'part_offset', 'bytes']).where('composed_key', '=', key).orderBy('seq').execute()).map((r) => ({
      part_key: r.part_key,
      part_offset: Number(r.part_offset),
      bytes: Number(r.bytes),
    }));
  const readRange = async (key: string, start: number, end: number) => {
    const { stream } = await t.app.blobs.get(key, { start, end });
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const contentRow = (key: string) => t.database.db.selectFrom('content_blob').selectAll().where('key', '=', key).executeTakeFirst();

  const held = (token: string, body: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/upload/held',
      headers: authed(token),
      payload: { bytes: body.length, sha256: sha256(body), pieces: pieceHashes(body) },
    });
  const known = (token: string, uuid: string, name: string, body: Buffer) => uploadApi(t, token).known(uuid, name, body);
  const knownPiece = (token: string, uuid: string, name: string, body: Buffer, start: number) => {
    const end = Math.min(body.length, start + PIECE_BYTES) - 1;
    return t.app.inject({
      method: 'POST',
      url: `/api/upload/${uuid}/known-piece`,
      headers: { ...authed(token), 'x-object-meta-file-name': encodeURIComponent(name), 'x-object-meta-parent-uuid': '' },
      payload: { start, end, total: body.length, sha256: sha256(body.subarray(start, end + 1)) },
    });
  };
  /** A piece from `start` (8 MiB, or what is left), as uploadKnownPieces takes it. */
  const pieceAt = (body: Buffer, start: number) => {
    const end = Math.min(body.length, start + PIECE_BYTES) - 1;
    return { start, end, sha256: sha256(body.subarray(start, end + 1)) };
  };
  /** `count` consecutive pieces from `from`. */
  const run = (body: Buffer, from: number, count: number) => Array.from({ length: count }, (_, i) => pieceAt(body, from + i * PIECE_BYTES));
  const knownPieces = (token: string, uuid: string, name: string, body: Buffer, pieces: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: `/api/upload/${uuid}/known-pieces`,
      headers: { ...authed(token), 'x-object-meta-file-name': encodeURIComponent(name), 'x-object-meta-parent-uuid': '' },
      payload: { total: body.length, pieces },
    });
  /**
   * Sends a file in 8 MiB pieces as the web client does: each run of pieces the account holds in one known-pieces call,
   * the rest as bytes.
   */
  async function sendSkipping(token: string, name: string, body: Buffer, skip: boolean[]) {
    const uuid = randomUUID();
    const api = uploadApi(t, token);
    let last;
    let calls = 0;
    for (let i = 0; i * PIECE_BYTES < body.length; calls++) {
      const start = i * PIECE_BYTES;
      let held = 0;
      while (skip[i + held] && (i + held) * PIECE_BYTES < body.length) held++;
      last = held > 0 ? await knownPieces(token, uuid, name, body, run(body, start, held)) : await api.piece(uuid, name, body.subarray(start, start + PIECE_BYTES), start, body.length);
      i += Math.max(1, held);
      expect(last.statusCode, last.body).toBe(i * PIECE_BYTES >= body.length ? 201 : 202);
    }
    return { uuid, item: last!.json(), calls };
  }
  const uploadRow = (id: string) => t.database.db.selectFrom('upload').select(['status', 'received_bytes', 'parts', 'part_count']).where('id', '=', id).executeTakeFirst();
  const deleteForever = async (token: string, id: string) => {
    const h = authed(token);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: h, payload: [id] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash/forever', headers: h, payload: [id] })).statusCode).toBe(200);
    await runJobs();
  };

  const deleteAccount = async (token: string) => {
    const del = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: authed(token), payload: { password: 'correct horse 42', confirmation: 'DELETE' } });
    expect(del.statusCode, del.body).toBe(202);
    await runJobs();
  };
  /** After an account deletion: the file names its bytes under `accountId`'s prefix now, nothing is left at `from`. */
  const expectMoved = async (fileId: string, accountId: string, from: string) => {
    const moved = (await fileRow(fileId)).blob_key!;
    expect(moved.startsWith(`users/${accountId}/`)).toBe(true);
    expect(await exists(from)).toBe(false);
    expect(await contentRow(from)).toBeUndefined();
    return moved;
  };

  it('a file the account holds completes at once: no byte received, the same blob named, the quota charged in full', async () => {
    const a = await signUp(t);
    const body = content(300_000);
    const first = await uploadApi(t, a.token).whole('holiday.bin', body);
    expect(first.statusCode).toBe(201);
    const asked = await held(a.token, body);
    expect(asked.json()).toEqual({ file: true, pieceBytes: PIECE_BYTES, pieces: [true] });

    const before = await received();
    const uuid = randomUUID();
    const res = await known(a.token, uuid, 'holiday again.bin', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ uuid, name: 'holiday again.bin', bytes: 300_000 });
    expect(await received()).toBe(before);

    const [original, copy] = [await fileRow(first.json().uuid), await fileRow(uuid)];
    expect(copy.blob_key).toBe(original.blob_key);
    expect(copy.sha256).toBe(sha256(body));
    expectSameBytes(await download(a.token, a.accountId, uuid), body);
    expect(await account(t, a.accountId)).toMatchObject({ used_bytes: 600_000, reserved_bytes: 0 });
    expect((await contentRow(original.blob_key!))?.refs).toBe(2);
  });

  it('partial skip: the pieces a file shares with one the account holds are not sent', async () => {
    const a = await signUp(t);
    const original = content(2 * PIECE_BYTES + 5_000);
    const sent = await sendSkipping(a.token, 'video.bin', original, [false, false, false]);
    await runJobs(); // indexes its pieces
    const changed = Buffer.from(original);
    changed.fill(7, PIECE_BYTES + 10, PIECE_BYTES + 20);
    const asked = (await held(a.token, changed)).json();
    expect(asked).toEqual({ file: false, pieceBytes: PIECE_BYTES, pieces: [true, false, true] });

    const before = await received();
    const second = await sendSkipping(a.token, 'video edited.bin', changed, asked.pieces);
    expect(await received()).toBe(before + PIECE_BYTES);
    // Composed of the held ranges and the one piece received, no byte copied; its whole SHA-256 comes from a job.
    const own = `users/${a.accountId}/files/${second.uuid}`;
    const composed = (await fileRow(second.uuid)).blob_key!;
    expect(composed).toBe(`users/${a.accountId}/composed/${second.uuid}`);
    expect(await partRows(composed)).toEqual([
      { part_key: `users/${a.accountId}/files/${sent.uuid}`, part_offset: 0, bytes: PIECE_BYTES },
      { part_key: own, part_offset: 0, bytes: PIECE_BYTES },
      { part_key: `users/${a.accountId}/files/${sent.uuid}`, part_offset: 2 * PIECE_BYTES, bytes: 5_000 },
    ]);
    expect((await t.app.blobs.stat(own))?.size).toBe(PIECE_BYTES);
    expect((await fileRow(second.uuid)).sha256).toBeNull();
    expectSameBytes(await download(a.token, a.accountId, second.uuid), changed);
    await runJobs();
    expect((await fileRow(second.uuid)).sha256).toBe(sha256(changed));
    expectSameBytes(await download(a.token, a.accountId, sent.uuid), original);
    // A range across the parts' boundaries reads as from one blob.
    const ranged = await readRange(composed, PIECE_BYTES - 100, 2 * PIECE_BYTES + 99);
    expect(sha256(ranged)).toBe(sha256(changed.subarray(PIECE_BYTES - 100, 2 * PIECE_BYTES + 100)));
    // Over HTTP too (a download with Range).
    const [link] = await downloadUrls(t, a.token, (await account(t, a.accountId)).project_id, [second.uuid]);
    const res = await t.app.inject({ method: 'GET', url: link!.url, headers: { range: `bytes=${PIECE_BYTES - 10}-${PIECE_BYTES + 9}` } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${PIECE_BYTES - 10}-${PIECE_BYTES + 9}/${changed.length}`);
    expect(sha256(res.rawPayload)).toBe(sha256(changed.subarray(PIECE_BYTES - 10, PIECE_BYTES + 10)));

    // Composed of a composed file: its pieces map onto the original parts (one level, never a chain).
    const third = Buffer.from(changed);
    third.fill(9, 0, 10);
    const asked3 = (await held(a.token, third)).json();
    expect(asked3.pieces).toEqual([false, true, true]);
    const thirdUp = await sendSkipping(a.token, 'video third.bin', third, asked3.pieces);
    const thirdKey = (await fileRow(thirdUp.uuid)).blob_key!;
    expect((await partRows(thirdKey)).map((p) => p.part_key)).toEqual([`users/${a.accountId}/files/${thirdUp.uuid}`, own, `users/${a.accountId}/files/${sent.uuid}`]);
    expectSameBytes(await download(a.token, a.accountId, thirdUp.uuid), third);

    // The original goes for good: the ranges the composed files read stay; the last file to go takes them all.
    await deleteForever(a.token, sent.uuid);
    expect(await exists(`users/${a.accountId}/files/${sent.uuid}`)).toBe(true);
    expectSameBytes(await download(a.token, a.accountId, second.uuid), changed);
    await deleteForever(a.token, second.uuid);
    expect(await exists(own)).toBe(true);
    expect(await contentRow(composed)).toBeUndefined();
    expect(await partRows(composed)).toEqual([]);
    expectSameBytes(await download(a.token, a.accountId, thirdUp.uuid), third);
    await deleteForever(a.token, thirdUp.uuid);
    for (const key of [own, `users/${a.accountId}/files/${sent.uuid}`, `users/${a.accountId}/files/${thirdUp.uuid}`]) {
      expect(await exists(key)).toBe(false);
      expect(await contentRow(key)).toBeUndefined();
    }
    expect(await partRows(thirdKey)).toEqual([]);

    // A piece the account does not hold is refused, and the upload goes on with its bytes.
    const other = content(PIECE_BYTES + 10);
    const uuid = randomUUID();
    expectError(await knownPiece(a.token, uuid, 'x.bin', other, 0), 409, 'PIECE_NOT_HELD');
    expect((await uploadApi(t, a.token).piece(uuid, 'x.bin', other.subarray(0, PIECE_BYTES), 0, other.length)).statusCode).toBe(202);
  });

  it('a run of held pieces is taken in one call: one call per run, the changed piece sent, quota exact', async () => {
    const a = await signUp(t);
    const original = content(3 * PIECE_BYTES + 5_000);
    const first = await sendSkipping(a.token, 'long.bin', original, []);
    await runJobs();
    const changed = Buffer.from(original);
    changed.fill(3, 2 * PIECE_BYTES + 1, 2 * PIECE_BYTES + 9);
    const asked = (await held(a.token, changed)).json();
    expect(asked.pieces).toEqual([true, true, false, true]);

    const before = await received();
    const uuid = randomUUID();
    const head = await knownPieces(a.token, uuid, 'long edited.bin', changed, run(changed, 0, 2));
    expect(head.statusCode, head.body).toBe(202);
    expect(head.json()).toEqual({ uuid, receivedBytes: 2 * PIECE_BYTES, totalBytes: changed.length });
    expect(head.headers['upload-offset']).toBe(String(2 * PIECE_BYTES));
    // One step: the two pieces are one range of the original's blob, the whole file reserved.
    expect(await uploadRow(uuid)).toMatchObject({ status: 'OPEN', received_bytes: 2 * PIECE_BYTES, part_count: 1 });
    expect(JSON.parse((await uploadRow(uuid))!.parts!)).toEqual([{ at: 0, parts: [{ key: `users/${a.accountId}/files/${first.uuid}`, offset: 0, bytes: 2 * PIECE_BYTES }] }]);
    expect(await account(t, a.accountId)).toMatchObject({ used_bytes: original.length, reserved_bytes: changed.length });
    expect((await uploadApi(t, a.token).piece(uuid, 'long edited.bin', changed.subarray(2 * PIECE_BYTES, 3 * PIECE_BYTES), 2 * PIECE_BYTES, changed.length)).statusCode).toBe(202);
    const tail = await knownPieces(a.token, uuid, 'long edited.bin', changed, run(changed, 3 * PIECE_BYTES, 1));
    expect(tail.statusCode, tail.body).toBe(201);
    expect(tail.json()).toMatchObject({ uuid, name: 'long edited.bin', bytes: changed.length });
    expect(await received()).toBe(before + PIECE_BYTES);
    const own = `users/${a.accountId}/files/${uuid}`;
    expect(await partRows((await fileRow(uuid)).blob_key!)).toEqual([
      { part_key: `users/${a.accountId}/files/${first.uuid}`, part_offset: 0, bytes: 2 * PIECE_BYTES },
      { part_key: own, part_offset: 0, bytes: PIECE_BYTES },
      { part_key: `users/${a.accountId}/files/${first.uuid}`, part_offset: 3 * PIECE_BYTES, bytes: 5_000 },
    ]);
    expectSameBytes(await download(a.token, a.accountId, uuid), changed);
    expect(await account(t, a.accountId)).toMatchObject({ used_bytes: original.length + changed.length, reserved_bytes: 0 });

    // The client's way: 3 calls for 4 pieces; the same file again with every piece held is one call.
    expect((await sendSkipping(a.token, 'long third.bin', changed, asked.pieces)).calls).toBe(3);
    const again = await sendSkipping(a.token, 'long fourth.bin', original, [true, true, true, true]);
    expect(again.calls).toBe(1);
    expectSameBytes(await download(a.token, a.accountId, again.uuid), original);
    expect(await account(t, a.accountId)).toMatchObject({ used_bytes: 2 * original.length + 2 * changed.length, reserved_bytes: 0 });
  });

  it('a run with a piece not held: the pieces before it are taken, 409 PIECE_NOT_HELD says where the upload stands', async () => {
    const a = await signUp(t);
    const original = content(3 * PIECE_BYTES + 7_000);
    await sendSkipping(a.token, 'base.bin', original, []);
    await runJobs();
    const changed = Buffer.from(original);
    changed.fill(5, PIECE_BYTES + 100, PIECE_BYTES + 200);
    const uuid = randomUUID();
    const api = uploadApi(t, a.token);

    // The client believes every piece held (asked before one was deleted, say): the first is taken, the second refused.
    const res = await knownPieces(a.token, uuid, 'middle.bin', changed, run(changed, 0, 4));
    expect(expectError(res, 409, 'PIECE_NOT_HELD').message).toContain(String(PIECE_BYTES));
    expect(res.headers['upload-offset']).toBe(String(PIECE_BYTES));
    expect((await api.head(uuid)).headers['upload-offset']).toBe(String(PIECE_BYTES));
    expect(await account(t, a.accountId)).toMatchObject({ used_bytes: original.length, reserved_bytes: changed.length });
    // The same run again from there: refused at once, nothing changes.
    const again = await knownPieces(a.token, uuid, 'middle.bin', changed, run(changed, PIECE_BYTES, 3));
    expectError(again, 409, 'PIECE_NOT_HELD');
    expect(again.headers['upload-offset']).toBe(String(PIECE_BYTES));
    expect(await uploadRow(uuid)).toMatchObject({ received_bytes: PIECE_BYTES, part_count: 1 });

    expect((await api.piece(uuid, 'middle.bin', changed.subarray(PIECE_BYTES, 2 * PIECE_BYTES), PIECE_BYTES, changed.length)).statusCode).toBe(202);
    const rest = await knownPieces(a.token, uuid, 'middle.bin', changed, run(changed, 2 * PIECE_BYTES, 2));
    expect(rest.statusCode, rest.body).toBe(201);
    expectSameBytes(await download(a.token, a.accountId, uuid), changed);
    expect(await account(t, a.accountId)).toMatchObject({ used_bytes: original.length + changed.length, reserved_bytes: 0 });

    // The first piece not held: nothing is opened, nothing reserved.
    const fresh = randomUUID();
    const other = content(2 * PIECE_BYTES);
    const none = await knownPieces(a.token, fresh, 'none.bin', other, run(other, 0, 2));
    expectError(none, 409, 'PIECE_NOT_HELD');
    expect(none.headers['upload-offset']).toBe('0');
    expect(await uploadRow(fresh)).toBeUndefined();
    expect(await account(t, a.accountId)).toMatchObject({ used_bytes: original.length + changed.length, reserved_bytes: 0 });
  });

  it('malformed runs are refused with a 400 and change nothing', async () => {
    const a = await signUp(t);
    const body = content(3 * PIECE_BYTES + 1_000);
    await sendSkipping(a.token, 'src.bin', body, []);
    await runJobs();
    const uuid = randomUUID();
    const good = run(body, 0, 4);
    const [p0, p1, p2, p3] = good as [(typeof good)[0], (typeof good)[0], (typeof good)[0], (typeof good)[0]];
    // Refused before anything is opened.
    expect(expectError(await knownPieces(a.token, uuid, 'x.bin', body, [p0, p2]), 400, 'INVALID_CONTENT_RANGE').field).toBe('pieces.1');
    expect(await uploadRow(uuid)).toBeUndefined();
    expect((await account(t, a.accountId)).reserved_bytes).toBe(0);

    expect((await knownPieces(a.token, uuid, 'x.bin', body, [p0])).statusCode).toBe(202);
    const state = await uploadRow(uuid);
    const refusals: Array<[unknown[], number, string, string?]> = [
      [[p1, p3], 400, 'INVALID_CONTENT_RANGE', 'pieces.1'], // a gap
      [[p1, { ...p2, start: p2.start - 10 }], 400, 'INVALID_CONTENT_RANGE', 'pieces.1'], // overlapping
      [[p1, p2, p1], 400, 'INVALID_CONTENT_RANGE', 'pieces.2'], // backwards
      [[{ ...p1, end: p1.start - 1 }], 400, 'INVALID_CONTENT_RANGE', 'pieces.0'], // out of order
      [[p1, p2, { ...p3, end: body.length }], 400, 'INVALID_CONTENT_RANGE', 'pieces.2'], // past the end
      [[], 400, 'VALIDATION_ERROR', 'pieces'],
      [Array.from({ length: MAX_KNOWN_PIECES + 1 }, () => p1), 400, 'VALIDATION_ERROR', 'pieces'], // too many
      [[{ ...p1, sha256: p1.sha256.toUpperCase() }], 400, 'VALIDATION_ERROR', 'pieces.0.sha256'],
      [[{ ...p1, sha256: p1.sha256.slice(1) }], 400, 'VALIDATION_ERROR', 'pieces.0.sha256'],
      [[{ start: p1.start, end: p1.end }], 400, 'VALIDATION_ERROR'],
      [[p2, p3], 409, 'UPLOAD_OFFSET_MISMATCH'], // not from the upload's offset
    ];
    for (const [pieces, httpStatus, code, field] of refusals) {
      const res = await knownPieces(a.token, uuid, 'x.bin', body, pieces);
      const error = expectError(res, httpStatus, code);
      if (field) expect(error.field, res.body).toBe(field);
      expect(await uploadRow(uuid)).toEqual(state);
    }
    expect(await account(t, a.accountId)).toMatchObject({ used_bytes: body.length, reserved_bytes: body.length });
    // The upload goes on unharmed.
    expect((await knownPieces(a.token, uuid, 'x.bin', body, [p1, p2, p3])).statusCode).toBe(201);
    expectSameBytes(await download(a.token, a.accountId, uuid), body);
    expect(await account(t, a.accountId)).toMatchObject({ used_bytes: 2 * body.length, reserved_bytes: 0 });
  });

  it('no cross-account oracle: another account holding the file changes no answer; the second uploads every byte, stored once', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const body = content(PIECE_BYTES + 1_000);
    const aFile = await sendSkipping(a.token, 'same.bin', body, [false, false]);
    await runJobs();
    const aKey = (await fileRow(aFile.uuid)).blob_key!;

    expect((await held(b.token, body)).json()).toEqual({ file: false, pieceBytes: PIECE_BYTES, pieces: [false, false] });
    expectError(await known(b.token, randomUUID(), 'same.bin', body), 409, 'CONTENT_NOT_HELD');
    expectError(await knownPiece(b.token, randomUUID(), 'same.bin', body, 0), 409, 'PIECE_NOT_HELD');

    const before = await received();
    const bFile = await uploadApi(t, b.token).whole('same.bin', body);
    expect(bFile.statusCode).toBe(201);
    expect(await received()).toBe(before + body.length);
    await runJobs();
    // Stored once, after B's bytes arrived: B's file names A's blob and B's own copy is gone; each pays in full.
    const bRow = await fileRow(bFile.json().uuid);
    expect(bRow.blob_key).toBe(aKey);
    expect(await exists(`users/${b.accountId}/files/${bRow.id}`)).toBe(false);
    expect(await account(t, b.accountId)).toMatchObject({ used_bytes: body.length });
    expectSameBytes(await download(b.token, b.accountId, bRow.id), body);
    // The operator's figure: bytes stored once that several files name (no names).
    expect(await savedBytes(t.database.db)).toBeGreaterThanOrEqual(body.length);
  });

  it('reference counts: delete, trash purge, versions and account deletion never take bytes a file names; the last release does', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const body = content(50_000);
    const aId = (await uploadApi(t, a.token).whole('doc.bin', body)).json().uuid as string;
    const bId = (await uploadApi(t, b.token).whole('doc.bin', body)).json().uuid as string;
    const key = (await fileRow(aId)).blob_key!;
    expect((await fileRow(bId)).blob_key).toBe(key);

    // A replaces its file: the shared bytes become A's version; deleting A's file for good takes the version too.
    const replaced = await uploadApi(t, a.token).whole('doc.bin', content(10), { strategy: '1' });
    expect(replaced.statusCode).toBe(201);
    await deleteForever(a.token, replaced.json().uuid);
    expect(await exists(key)).toBe(true);
    expectSameBytes(await download(b.token, b.accountId, bId), body);
    expect((await contentRow(key))?.refs).toBe(1);

    // B keeps a second file of the same bytes, then deletes one: the other still reads.
    const again = await known(b.token, randomUUID(), 'doc copy.bin', body);
    expect(again.statusCode).toBe(201);
    await deleteForever(b.token, bId);
    expect(await exists(key)).toBe(true);
    expectSameBytes(await download(b.token, b.accountId, again.json().uuid), body);

    // Account deletion of the account whose prefix names the blob: B's file follows the bytes to B's prefix.
    const c = await signUp(t);
    const cId = (await uploadApi(t, c.token).whole('c.bin', content(20_000))).json().uuid as string;
    const cKey = (await fileRow(cId)).blob_key!;
    const dAcc = await signUp(t);
    const cBody = (await download(c.token, c.accountId, cId));
    const dId = (await uploadApi(t, dAcc.token).whole('c.bin', cBody)).json().uuid as string;
    expect((await fileRow(dId)).blob_key).toBe(cKey);
    await deleteAccount(c.token);
    const moved = await expectMoved(dId, dAcc.accountId, cKey);
    expect((await contentRow(moved))?.state).toBe('LIVE');
    expectSameBytes(await download(dAcc.token, dAcc.accountId, dId), cBody);

    // The last file goes: so do its bytes and the content row.
    await deleteForever(dAcc.token, dId);
    expect(await exists(moved)).toBe(false);
    expect(await contentRow(moved)).toBeUndefined();
  });

  it('account deletion with composed files: parts another account reads move to it, the rest go, nothing left of the account', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const base = content(2 * PIECE_BYTES + 3_000);
    const x = await sendSkipping(a.token, 'x.bin', base, [false, false, false]);
    const xKey = (await fileRow(x.uuid)).blob_key!;
    // B stores the same bytes after receiving them: its file names A's blob.
    const bx = await sendSkipping(b.token, 'x.bin', base, [false, false, false]);
    expect((await fileRow(bx.uuid)).blob_key).toBe(xKey);
    await runJobs();
    // Each composes a file of those bytes with one piece changed: A's and B's compositions both read A's blob.
    const edited = (fill: number) => {
      const e = Buffer.from(base);
      e.fill(fill, 0, 100);
      return e;
    };
    const ay = await sendSkipping(a.token, 'y.bin', edited(1), [false, true, true]);
    const bz = await sendSkipping(b.token, 'z.bin', edited(2), [false, true, true]);
    const bzKey = (await fileRow(bz.uuid)).blob_key!;
    expect((await partRows(bzKey)).map((p) => p.part_key)).toEqual([`users/${b.accountId}/files/${bz.uuid}`, xKey]);
    // B deletes its copy of the whole file: only its composition still reads A's blob.
    await deleteForever(b.token, bx.uuid);
    expect(await exists(xKey)).toBe(true);

    await deleteAccount(a.token);
    const [moved] = (await partRows(bzKey)).slice(1).map((p) => p.part_key);
    expect(moved!.startsWith(`users/${b.accountId}/`)).toBe(true);
    expect(await exists(xKey)).toBe(false);
    expectSameBytes(await download(b.token, b.accountId, bz.uuid), edited(2));
    for (const key of [`users/${a.accountId}/files/${ay.uuid}`, `users/${a.accountId}/composed/${ay.uuid}`]) {
      expect(await exists(key)).toBe(false);
      expect(await contentRow(key)).toBeUndefined();
    }
    expect(await t.database.db.selectFrom('content_part').select('part_key').where('account_id', '=', a.accountId).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('content_part').select('part_key').where('part_key', 'like', `users/${a.accountId}/%`).execute()).toEqual([]);

    // B's composition goes: its own blob and the moved part with it.
    await deleteForever(b.token, bz.uuid);
    for (const key of [moved!, `users/${b.accountId}/files/${bz.uuid}`]) expect(await exists(key)).toBe(false);
    expect(await partRows(bzKey)).toEqual([]);
  });

  it('account deletion after the account deleted the file whose prefix holds shared bytes: they move to the account still naming them', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const body = content(40_000);
    const aId = (await uploadApi(t, a.token).whole('shared.bin', body)).json().uuid as string;
    const key = (await fileRow(aId)).blob_key!;
    const bId = (await uploadApi(t, b.token).whole('shared.bin', body)).json().uuid as string;
    expect((await fileRow(bId)).blob_key).toBe(key);
    // A deletes its file for good: the bytes stay under A's prefix, named by B's file only.
    await deleteForever(a.token, aId);
    expect(await exists(key)).toBe(true);

    await deleteAccount(a.token);
    await expectMoved(bId, b.accountId, key);
    expectSameBytes(await download(b.token, b.accountId, bId), body);
  });

  it('kills at each step of a release and of a link: the purge job or the sweep finishes, nothing named is lost', async () => {
    const a = await signUp(t);
    const body = content(40_000);
    const id = (await uploadApi(t, a.token).whole('k.bin', body)).json().uuid as string;
    const key = (await fileRow(id)).blob_key!;
    const db = t.database.db;

    // Killed after a release committed DYING, before the blob went: the sweep deletes the blob and the row.
    const orphan = `users/${a.accountId}/files/${randomUUID()}`;
    await t.app.blobs.put(orphan, (await import('node:stream')).Readable.from([Buffer.from('left behind')]));
    await db.insertInto('content_blob').values({ key: orphan, sha256: 'x', bytes: 11, refs: 0, state: 'DYING', created_at: 1, checked_at: 1 }).execute();
    // Killed after a file row went without its purge job (older code, a lost job): the sweep recounts and releases it.
    const lost = `users/${a.accountId}/files/${randomUUID()}`;
    await t.app.blobs.put(lost, (await import('node:stream')).Readable.from([Buffer.from('nothing names me')]));
    await db.insertInto('content_blob').values({ key: lost, sha256: 'y', bytes: 16, refs: 1, state: 'LIVE', created_at: 1, checked_at: 1 }).execute();
    // A LIVE row a file still names, not checked for long: kept, its count made exact.
    await db.updateTable('content_blob').set({ checked_at: 1, refs: 7 }).where('key', '=', key).execute();

    const swept = await sweepContent(db, t.app.blobs, Date.now());
    expect(swept).toMatchObject({ finished: 1, released: 1 });
    expect(await exists(orphan)).toBe(false);
    expect(await exists(lost)).toBe(false);
    expect(await exists(key)).toBe(true);
    expect((await contentRow(key))?.refs).toBe(1);
    expect(await db.selectFrom('content_blob').select('key').where('key', 'in', [orphan, lost]).execute()).toEqual([]);

    // Killed right after a link committed: the upload's own copy is a queued purge, done when the jobs run again.
    const b = await signUp(t);
    const res = await t.app.inject({ method: 'PUT', url: `/api/upload/${randomUUID()}`, headers: uploadHeaders(b.token, 'k.bin', body), payload: body });
    const own = `users/${b.accountId}/files/${res.json().uuid}`;
    expect((await fileRow(res.json().uuid)).blob_key).toBe(key);
    expect(await exists(own)).toBe(true);
    await runJobs();
    expect(await exists(own)).toBe(false);
    expectSameBytes(await download(b.token, b.accountId, res.json().uuid), body);
  });
});
