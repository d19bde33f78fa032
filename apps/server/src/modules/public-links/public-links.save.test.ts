import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile } from '../files/files.fixtures.js';
import { account, addFolder, downloadUrls, liveFiles } from '../upload/upload.fixtures.js';
import { addPhoto } from '../albums/albums.fixtures.js';
import { linkApi } from './public-links.fixtures.js';

describe.each(DIALECTS)('public links: save to my storage (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof linkApi>;
  let a: { token: string; accountId: string };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = linkApi(t);
    a = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A's folder Trip/{x.bin, Day 1/{y.jpg (photo)}}, shared by link. */
  let trips = 0;
  async function sharedTrip() {
    trips += 1;
    const trip = await addFolder(t, a.accountId, trips === 1 ? 'Trip' : `Trip ${trips}`);
    const day = await addFolder(t, a.accountId, 'Day 1', trip);
    const x = await addFile(t, a.accountId, 'x.bin', { parentId: trip, content: Buffer.alloc(3000, 7) });
    const y = await addPhoto(t, a.accountId, 'y.jpg', { parentId: day, content: Buffer.alloc(2000, 9) });
    const link = await api.owner(a.token).link({ fileUuidList: [trip], isAlbum: false });
    return { trip, day, x, y, link, bytes: 5000 };
  }

  it('copies the folder tree into my storage, charges my quota and numbers a second copy', async () => {
    const { link, bytes, y } = await sharedTrip();
    const b = await signUp(t);
    const before = await account(t, b.accountId);
    const v = api.visitor(link.token, { session: b.token });
    const saved = await v.save();
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ savedCount: 4, folderUuid: null });
    expect(Number((await account(t, b.accountId)).used_bytes)).toBe(Number(before.used_bytes) + bytes);

    const mine = await liveFiles(t, b.accountId);
    const byName = new Map(mine.map((f) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual(['Day 1', 'Trip', 'x.bin', 'y.jpg']);
    expect(byName.get('Trip')!.parent_id).toBe('');
    expect(byName.get('x.bin')!.parent_id).toBe(byName.get('Trip')!.id);
    expect(byName.get('y.jpg')!.parent_id).toBe(byName.get('Day 1')!.id);
    // The photo keeps its facts and thumbnail; the bytes are the original's blob, not a second copy.
    const original = await t.database.db.selectFrom('file').selectAll().where('id', '=', y.id).executeTakeFirstOrThrow();
    expect(byName.get('y.jpg')).toMatchObject({ blob_key: original.blob_key, thumb_key: original.thumb_key, media_status: 'READY' });

    const again = await v.save();
    expect(again.json().savedCount).toBe(4);
    const roots = (await liveFiles(t, b.accountId)).filter((f) => f.parent_id === '').map((f) => f.name);
    expect(roots.sort()).toEqual(['Trip', 'Trip (2)']);

    // Saving needs a session; a selection outside the link or a folder that is not mine is refused.
    expect((await api.visitor(link.token).save()).statusCode).toBe(401);
    expect((await v.save({ uuids: [(await addFile(t, a.accountId, 'outside.txt')).id] })).statusCode).toBe(404);
    expect((await v.save({ targetFolderUuid: await addFolder(t, a.accountId, 'A only') })).statusCode).toBe(404);
  });

  it('refuses a save that does not fit, changing nothing', async () => {
    const { link, bytes } = await sharedTrip();
    const b = await signUp(t);
    await t.database.db.updateTable('account').set({ quota_bytes: bytes - 1 }).where('id', '=', b.accountId).execute();
    const before = await account(t, b.accountId);
    const res = await api.visitor(link.token, { session: b.token }).save();
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe('QUOTA_EXCEEDED');
    expect(await liveFiles(t, b.accountId)).toEqual([]);
    expect(await account(t, b.accountId)).toEqual(before);
  });

  it('keeps the copy whole after the original is deleted for good and its blobs purged', async () => {
    const { link, trip, x } = await sharedTrip();
    const b = await signUp(t);
    const target = await addFolder(t, b.accountId, 'Inbox');
    const saved = await api.visitor(link.token, { session: b.token }).save({ uuids: [x.id], targetFolderUuid: target });
    expect(saved.json()).toEqual({ savedCount: 1, folderUuid: target });
    const copy = (await liveFiles(t, b.accountId)).find((f) => f.name === 'x.bin')!;
    expect(copy.parent_id).toBe(target);

    const h = authed(a.token);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: h, payload: [trip] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash/forever', headers: h, payload: [trip] })).statusCode).toBe(200);
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
    expect(await t.database.db.selectFrom('file').select('id').where('id', '=', x.id).executeTakeFirst()).toBeUndefined();
    // The link to the deleted folder is gone too.
    expect((await api.visitor(link.token).files()).statusCode).toBe(404);

    const [url] = await downloadUrls(t, b.token, (await account(t, b.accountId)).project_id, [copy.id]);
    const res = await t.app.inject({ method: 'GET', url: url!.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(Buffer.alloc(3000, 7))).toBe(true);
  });
});
