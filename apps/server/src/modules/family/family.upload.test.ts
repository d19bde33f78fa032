import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { abortStaleUploads, STALE_UPLOAD_MS } from '../upload/upload.housekeeping.js';
import { content, uploadApi, type UploadOpts } from '../upload/upload.fixtures.js';
import { familyPerson, planOf, familyOf } from './family.fixtures.js';

// Issue 35: "Add to Family library" at upload time (x-object-meta-family-library on the upload's first request).

const FREE = 50_000;
const POOL = 1_000_000;
const PHOTO = 20_000;
const TO_FAMILY: UploadOpts = { contentType: 'image/jpeg', headers: { 'x-object-meta-family-library': 'true' } };

describe.each(DIALECTS)('uploading into the family library (%s)', (dialect) => {
  let t: TestApp;
  let plan: ReturnType<typeof planOf>;
  beforeAll(async () => {
    t = await startTestApp(dialect, { FREE_QUOTA_BYTES: String(FREE) });
    plan = planOf(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const person = () => familyPerson(t);
  type Person = Awaited<ReturnType<typeof person>>;
  const call = (who: Person, method: 'GET' | 'POST', url: string) => t.app.inject({ method, url: `/api${url}`, headers: authed(who.token) });

  const family = (members = 2) => familyOf(t, plan, POOL, members);

  const library = async (who: Person) => {
    const res = await call(who, 'GET', '/family/library');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as Array<{ file: { uuid: string }; addedBy: { accountId: string; name: string }; mine: boolean }>;
  };
  const myTimeline = async (who: Person) => (await call(who, 'GET', '/scroll/groups')).json().total as number;
  const usage = async (who: Person) => {
    const a = await t.database.db.selectFrom('account').select(['used_bytes', 'reserved_bytes']).where('id', '=', who.accountId).executeTakeFirstOrThrow();
    return { used: Number(a.used_bytes), reserved: Number(a.reserved_bytes) };
  };
  const fileRow = (id: string) => t.database.db.selectFrom('file').select(['id', 'family_id', 'account_id']).where('id', '=', id).executeTakeFirst();
  const uploadRow = (id: string) => t.database.db.selectFrom('upload').select(['status']).where('id', '=', id).executeTakeFirst();

  it('with the toggle a photo lands in the family library at once, charged to its uploader like a moved one', async () => {
    const { admin, members } = await family();
    const [ayse, mehmet] = members as [Person, Person];
    const before = await usage(ayse);

    const whole = await uploadApi(t, ayse.token).whole('party.jpg', content(PHOTO), TO_FAMILY);
    expect(whole.statusCode, whole.body).toBe(201);
    const wholeId = whole.json().uuid as string;
    // In pieces: the first request carries the toggle, the upload keeps it until the last piece commits the file.
    const pieced = randomUUID();
    const body = content(PHOTO);
    const api = uploadApi(t, admin.token);
    expect((await api.piece(pieced, 'cake.jpg', body.subarray(0, 8000), 0, PHOTO, TO_FAMILY)).statusCode).toBe(202);
    const last = await api.piece(pieced, 'cake.jpg', body.subarray(8000), 8000, PHOTO, { contentType: 'image/jpeg' });
    expect(last.statusCode, last.body).toBe(201);
    // Without it (or with false) nothing changes: My photos.
    const own = await uploadApi(t, ayse.token).whole('own.jpg', content(PHOTO), { contentType: 'image/jpeg', headers: { 'x-object-meta-family-library': 'false' } });
    expect(own.statusCode).toBe(201);

    for (const who of [admin, ayse, mehmet]) {
      expect((await library(who)).map((i) => i.file.uuid).sort()).toEqual([wholeId, pieced].sort());
    }
    const seen = await library(mehmet);
    expect(seen.find((i) => i.file.uuid === wholeId)?.addedBy).toEqual({ accountId: ayse.accountId, name: ayse.name });
    expect(seen.find((i) => i.file.uuid === pieced)?.addedBy.accountId).toBe(admin.accountId);
    // Never in the uploader's own timeline; charged to the uploader (the family pool), nothing left reserved.
    expect(await myTimeline(ayse)).toBe(1);
    expect(await myTimeline(admin)).toBe(0);
    expect(await usage(ayse)).toEqual({ used: before.used + 2 * PHOTO, reserved: 0 });
    expect((await usage(admin)).reserved).toBe(0);
  });

  it('someone in no family, or a document, is refused before anything is stored', async () => {
    const outsider = await person();
    const before = await usage(outsider);
    const uuid = randomUUID();
    const res = await uploadApi(t, outsider.token).put(uuid, 'mine.jpg', content(PHOTO), TO_FAMILY);
    expectError(res, 404, 'NOT_FOUND');
    expect(await fileRow(uuid)).toBeUndefined();
    expect(await uploadRow(uuid)).toBeUndefined();
    expect(await usage(outsider)).toEqual(before);
    expect(await myTimeline(outsider)).toBe(0);
    // A piece too.
    const piece = randomUUID();
    expectError(await uploadApi(t, outsider.token).piece(piece, 'mine.jpg', content(8000), 0, PHOTO, TO_FAMILY), 404, 'NOT_FOUND');
    expect(await uploadRow(piece)).toBeUndefined();

    const { members } = await family(1);
    const doc = randomUUID();
    const refused = await uploadApi(t, members[0]!.token).put(doc, 'notes.txt', content(10), { ...TO_FAMILY, contentType: 'text/plain' });
    expectError(refused, 400, 'VALIDATION_ERROR');
    expect(refused.json().field).toBe('X-Object-Meta-Family-Library');
    expect(await fileRow(doc)).toBeUndefined();
  });

  it('an upload cut off, cancelled or swept leaves nothing in the library and nothing charged', async () => {
    const { admin, members } = await family(1);
    const [ayse] = members as [Person];
    const before = await usage(ayse);
    const api = uploadApi(t, ayse.token);
    const body = content(PHOTO);

    // Killed after its first piece: the upload is left OPEN, then aborted by housekeeping a day later.
    const killed = randomUUID();
    expect((await api.piece(killed, 'killed.jpg', body.subarray(0, 8000), 0, PHOTO, TO_FAMILY)).statusCode).toBe(202);
    expect((await usage(ayse)).reserved).toBe(PHOTO);
    const swept = await abortStaleUploads({ db: t.database.db, blobs: t.app.blobs, logger: t.app.log }, Date.now() + STALE_UPLOAD_MS + 1);
    expect(swept.aborted).toBeGreaterThanOrEqual(1);

    // Cancelled by the client.
    const cancelled = randomUUID();
    expect((await api.piece(cancelled, 'cancelled.jpg', body.subarray(0, 8000), 0, PHOTO, TO_FAMILY)).statusCode).toBe(202);
    expect((await api.cancel(cancelled)).statusCode).toBe(204);

    for (const id of [killed, cancelled]) {
      expect(await fileRow(id)).toBeUndefined();
      expect((await uploadRow(id))?.status).toBe('ABORTED');
    }
    expect(await library(admin)).toEqual([]);
    expect(await usage(ayse)).toEqual(before);
    expect(await myTimeline(ayse)).toBe(0);
  });

  it('someone who left the family before their upload finished finds the photo in their own library', async () => {
    const { admin, members } = await family(1);
    const [ayse] = members as [Person];
    const api = uploadApi(t, ayse.token);
    const body = content(PHOTO);
    const uuid = randomUUID();
    expect((await api.piece(uuid, 'late.jpg', body.subarray(0, 8000), 0, PHOTO, TO_FAMILY)).statusCode).toBe(202);
    expect((await call(ayse, 'POST', '/family/leave')).statusCode).toBe(200);
    const last = await api.piece(uuid, 'late.jpg', body.subarray(8000), 8000, PHOTO, { contentType: 'image/jpeg' });
    expect(last.statusCode, last.body).toBe(201);
    expect((await fileRow(uuid))?.family_id).toBeNull();
    expect(await myTimeline(ayse)).toBe(1);
    expect(await library(admin)).toEqual([]);
  });
});
