import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { filesApi } from '../files/files.fixtures.js';
import { faceOn, makePremium, peopleService } from '../people/people.fixtures.js';
import { CITY, colourOf, foryouApi, TODAY } from './foryou.moments.fixtures.js';
import type { SaveResultDto } from './foryou.schemas.js';

describe.each(DIALECTS)('for you: generated albums (%s)', (dialect) => {
  let t: TestApp;
  let now = TODAY;
  let api: ReturnType<typeof foryouApi>;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => now });
    api = foryouApi(t);
  });
  afterAll(() => t.close());

  const held = async (itemId: string) =>
    (await t.database.db.selectFrom('foryou_item_photo').select('file_id').where('item_id', '=', itemId).execute()).map((r) => r.file_id).sort();

  it('three days in another city become a trip album named after it; saving makes an album of those photos', async () => {
    now = TODAY;
    const me = await signUp(t);
    const other = await signUp(t);
    let c = 0;
    // Home is Istanbul: photos there through the month, hours apart.
    for (const day of ['01', '03', '05', '06', '07', '08', '15', '18']) await api.upload(me.token, `home${day}.jpg`, colourOf(c++), `2026:11:${day} 09:00:00`, CITY.istanbul);
    // Three days in Tbilisi, two photos a day, and one photo without GPS in the middle of it.
    const trip: string[] = [];
    for (const day of ['10', '11', '12']) {
      for (const time of ['10:00:00', '16:00:00']) trip.push(await api.upload(me.token, `tbilisi-${day}-${time.slice(0, 2)}.jpg`, colourOf(c++), `2026:11:${day} ${time}`, CITY.tbilisi));
    }
    trip.push(await api.upload(me.token, 'no-gps.jpg', colourOf(c++), '2026:11:11 12:00:00'));
    const trashed = await api.upload(me.token, 'trashed.jpg', colourOf(c++), '2026:11:11 13:00:00', CITY.tbilisi);
    const hidden = await api.upload(me.token, 'hidden.jpg', colourOf(c++), '2026:11:11 14:00:00', CITY.tbilisi);
    // Another account in Tbilisi on the same days (and at home in Istanbul).
    for (const day of ['01', '02', '03', '04', '05']) await api.upload(other.token, `o-home${day}.jpg`, colourOf(c++), `2026:11:${day} 09:00:00`, CITY.istanbul);
    for (const day of ['10', '11', '12', '13']) await api.upload(other.token, `o-tbilisi${day}.jpg`, colourOf(c++), `2026:11:${day} 11:00:00`, CITY.tbilisi);
    await api.runJobs();
    const files = filesApi(t, me.token);
    expect((await files.trash([trashed])).statusCode).toBe(200);
    expect((await files.hide([hidden])).statusCode).toBe(200);

    await api.generate(me.accountId);
    await api.runJobs();
    const offered = await api.list(me.token, '/api/foryou/albums/generated');
    expect(offered.map((a) => [a.kind, a.title, a.photoCount, a.media])).toEqual([
      ['ALBUM', { key: 'trip', params: { place: 'Tbilisi', placeId: expect.any(String), date: '2026-11-10', endDate: '2026-11-12' } }, 7, null],
    ]);
    const album = offered[0]!;
    // Each reader sees the place in their language, in the list and when the item is opened.
    for (const [language, place] of [['tr', 'Tiflis'], ['ar', 'تبليسي']] as const) {
      const headers = { ...authed(me.token), 'x-client-language': language };
      const listed = await t.app.inject({ method: 'GET', url: '/api/foryou/albums/generated', headers });
      expect(listed.json().items[0].title.params.place).toBe(place);
      const opened = await t.app.inject({ method: 'GET', url: `/api/foryou/items/${album.id}`, headers });
      expect(opened.json().item.title.params.place).toBe(place);
    }
    expect(await held(album.id)).toEqual([...trip].sort());
    const { fileList } = await api.detail(me.token, album.id);
    // In the order they were taken.
    expect(fileList.map((f) => f.name)).toEqual([
      'tbilisi-10-10.jpg',
      'tbilisi-10-16.jpg',
      'tbilisi-11-10.jpg',
      'no-gps.jpg',
      'tbilisi-11-16.jpg',
      'tbilisi-12-10.jpg',
      'tbilisi-12-16.jpg',
    ]);
    expect(trip).toContain(album.coverPhoto!.uuid);

    // The other account: its own trip, its own photos.
    await api.generate(other.accountId);
    await api.runJobs();
    const [theirs] = await api.list(other.token, '/api/foryou/albums/generated');
    expect(theirs).toMatchObject({ title: { key: 'trip', params: { place: 'Tbilisi' } }, photoCount: 4 });
    expect((await held(theirs!.id)).some((id) => trip.includes(id))).toBe(false);
    expectError(await api.call(other.token, 'POST', `/api/foryou/items/${album.id}/save`, {}), 404, 'NOT_FOUND');

    // Running again makes nothing twice.
    await api.generate(me.accountId);
    await api.runJobs();
    expect(await t.database.db.selectFrom('foryou_item').select('key').where('account_id', '=', me.accountId).where('kind', '=', 'ALBUM').execute()).toHaveLength(1);

    // Kept: an ordinary album with those photos and the item's cover, named as the web asked.
    const saved = await api.call(me.token, 'POST', `/api/foryou/items/${album.id}/save`, { name: 'Tiflis gezisi' });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<SaveResultDto>();
    expect(body).toMatchObject({ savedFileUuid: null, item: { status: 'SAVED' } });
    const albumId = body.savedAlbumUuid!;
    const opened = await api.call(me.token, 'GET', `/api/album/${albumId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().album).toMatchObject({ label: 'Tiflis gezisi', contentType: 'album/photo', imageCount: 7, coverPhoto: { uuid: album.coverPhoto!.uuid } });
    expect((opened.json().fileList as Array<{ uuid: string }>).map((f) => f.uuid).sort()).toEqual([...trip].sort());
    expect((await api.call(me.token, 'GET', '/api/album?contentType=album/photo')).json().albumList.map((a: { uuid: string }) => a.uuid)).toEqual([albumId]);
    expect((await api.list(me.token, '/api/foryou/albums')).map((a) => [a.id, a.savedAlbumUuid])).toEqual([[album.id, albumId]]);
    expect(await api.list(me.token, '/api/foryou/albums/generated')).toEqual([]);
    // The other account cannot open it.
    expect((await api.call(other.token, 'GET', `/api/album/${albumId}`)).statusCode).toBe(404);
  }, 300_000); // two accounts upload 22 photos and two generation runs: a budget for a loaded CI machine

  it('a big event at home becomes an event album; dismissed, it stays gone', async () => {
    now = TODAY;
    const me = await signUp(t);
    const event: string[] = [];
    for (let i = 0; i < 8; i++) event.push(await api.upload(me.token, `w${i}.jpg`, colourOf(40 + i), `2026:11:21 19:${String(10 + i * 5)}:00`, CITY.istanbul));
    // Seven photos the next evening: a collage, not an album.
    for (let i = 0; i < 7; i++) await api.upload(me.token, `d${i}.jpg`, colourOf(50 + i), `2026:11:22 20:0${i}:00`, CITY.istanbul);
    await api.runJobs();
    await api.generate(me.accountId);
    await api.runJobs();
    const offered = await api.list(me.token, '/api/foryou/albums/generated');
    expect(offered.map((a) => [a.title, a.photoCount])).toEqual([[{ key: 'event', params: { date: '2026-11-21', place: 'Istanbul', placeId: expect.any(String) } }, 8]]);
    expect(await held(offered[0]!.id)).toEqual([...event].sort());
    // Both evenings got their collage.
    expect(await api.list(me.token, '/api/foryou/collages/generated')).toHaveLength(2);

    expect((await api.call(me.token, 'DELETE', `/api/foryou/items/${offered[0]!.id}`)).statusCode).toBe(204);
    expectError(await api.call(me.token, 'GET', `/api/foryou/items/${offered[0]!.id}`), 404, 'NOT_FOUND');
    await api.generate(me.accountId);
    await api.runJobs();
    expect(await api.list(me.token, '/api/foryou/albums/generated')).toEqual([]);
  });

  it('the best of a named person, for premium accounts only', async () => {
    now = TODAY;
    const me = await signUp(t);
    const free = await signUp(t);
    await makePremium(t, me.accountId);
    const people = await peopleService(t);
    // Photos of Ayşe on different days (no event), and of someone never named.
    const ayse: string[] = [];
    for (let i = 0; i < 5; i++) ayse.push(await api.upload(me.token, `a${i}.jpg`, colourOf(60 + i), `2026:10:0${i + 1} 12:00:00`));
    const unnamed: string[] = [];
    for (let i = 0; i < 5; i++) unnamed.push(await api.upload(me.token, `u${i}.jpg`, colourOf(70 + i), `2026:09:0${i + 1} 12:00:00`));
    const freePhotos: string[] = [];
    for (let i = 0; i < 5; i++) freePhotos.push(await api.upload(free.token, `f${i}.jpg`, colourOf(80 + i), `2026:10:0${i + 1} 12:00:00`));
    await api.runJobs();
    for (const [i, id] of ayse.entries()) await people.record(me.accountId, id, [await faceOn(t, me.accountId, id, 1, i)]);
    for (const [i, id] of unnamed.entries()) await people.record(me.accountId, id, [await faceOn(t, me.accountId, id, 2, i)]);
    const persons = await t.database.db.selectFrom('face').select(['person_id', 'file_id']).where('account_id', '=', me.accountId).execute();
    const ayseId = persons.find((p) => p.file_id === ayse[0])!.person_id!;
    expect((await api.call(me.token, 'PUT', `/api/person/label/${ayseId}`, { label: 'Ayşe' })).statusCode).toBe(200);
    // The same for an account without premium: face data it may hold is not used.
    const bora = randomUUID();
    await t.database.db.insertInto('person').values({ id: bora, account_id: free.accountId, label: 'Bora', label_key: 'bora', status: 'ACTIVE', thumbnail_face_id: null, created_at: now, modified_at: now }).execute();
    for (const [i, id] of freePhotos.entries()) {
      await t.database.db.insertInto('face').values({ ...(await faceOn(t, free.accountId, id, 3, i)), person_id: bora }).execute();
    }

    await api.generate(me.accountId);
    await api.runJobs();
    const offered = await api.list(me.token, '/api/foryou/albums/generated');
    expect(offered.map((a) => [a.title, a.photoCount])).toEqual([[{ key: 'person', params: { name: 'Ayşe' } }, 5]]);
    expect(await held(offered[0]!.id)).toEqual([...ayse].sort());
    await api.generate(free.accountId);
    await api.runJobs();
    expect(await api.list(free.token, '/api/foryou/albums/generated')).toEqual([]);
  });
});
