import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { recognised } from '../../test/isolation.fixtures.js';
import { GPS, gpsPhoto } from '../../test/gps-photo.js';
import { uploadApi } from '../upload/upload.fixtures.js';
import { searchApi } from '../search/search.fixtures.js';
import { AppError } from '../../shared/errors.js';
import { addPhoto, albumHelpers, DAY, T0 } from './albums.fixtures.js';
import { albumsWithOwnStreams, memoryStream } from './albums.streams.fixtures.js';
import type { AlbumsService } from './albums.service.js';

describe.each(DIALECTS)('album streams (%s)', (dialect) => {
  let t: TestApp;
  let albums: AlbumsService;
  const people = memoryStream();
  const places = memoryStream();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    albums = await albumsWithOwnStreams(t);
    albums.streams.register('album/person', people.provider);
    albums.streams.register('album/location', places.provider);
  });
  afterAll(() => t.close());

  /** A fresh account as the services see its caller. */
  const user = async () => {
    const { accountId } = await signUp(t);
    const { project_id } = await t.database.db.selectFrom('account').select('project_id').where('id', '=', accountId).executeTakeFirstOrThrow();
    return { accountId, status: 'ACTIVE' as const, projectId: project_id };
  };
  const notFound = async (run: Promise<unknown>) => {
    const err = await run.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ httpStatus: 404, message: 'Album not found.' });
  };

  it("lists a stream's entities as albums of the usual shape, with the stream's icon and the provider's cover", async () => {
    const u = await user();
    const other = await user();
    const older = await addPhoto(t, u.accountId, 'older.jpg', { takenAt: T0 });
    const newer = await addPhoto(t, u.accountId, 'newer.jpg', { takenAt: T0 + DAY });
    const ayse = people.add(u.accountId, 'Ayşe', [newer.id, older.id], { at: T0 });
    const hidden = people.add(u.accountId, 'Gizli', [older.id], { status: 'HIDDEN' });
    const empty = people.add(u.accountId, 'Nobody yet');
    const theirs = people.add(other.accountId, 'Theirs', []);
    const istanbul = places.add(u.accountId, 'İstanbul', [older.id]);

    const page = await albums.list(u, { contentType: 'album/person' });
    expect(page).toMatchObject({ page: 0, size: 100, hasMore: false });
    expect(page.albumList.map((a) => a.uuid)).toEqual([ayse, empty]);
    expect(page.albumList[0]).toEqual({
      uuid: ayse,
      label: 'Ayşe',
      contentType: 'album/person',
      icon: 'person',
      status: 'ACTIVE',
      coverPhotoUuid: newer.id,
      coverPhoto: {
        uuid: newer.id,
        thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//),
        smallThumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//),
        previewUrl: expect.stringMatching(/^\/api\/media\/preview\//),
        placeholder: expect.any(String),
        width: 4032,
        height: 3024,
      },
      imageCount: 2,
      videoCount: 0,
      createdDate: T0,
      lastModifiedDate: T0,
    });
    expect(page.albumList[1]).toMatchObject({ uuid: empty, coverPhotoUuid: null, coverPhoto: null, imageCount: 0 });
    expect((await albums.list(u, { contentType: 'album/person', status: 'HIDDEN' })).albumList.map((a) => a.uuid)).toEqual([hidden]);
    expect((await albums.list(u, { contentType: 'album/location' })).albumList).toMatchObject([
      { uuid: istanbul, label: 'İstanbul', contentType: 'album/location', icon: 'location', coverPhotoUuid: older.id },
    ]);
    // Paged by the provider's total.
    const first = await albums.list(u, { contentType: 'album/person', size: 1 });
    expect([first.albumList.map((a) => a.uuid), first.hasMore]).toEqual([[ayse], true]);
    const second = await albums.list(u, { contentType: 'album/person', size: 1, page: 1 });
    expect([second.albumList.map((a) => a.uuid), second.hasMore]).toEqual([[empty], false]);
    // A cover the owner has since hidden is not shown, whatever the provider says.
    await t.database.db.updateTable('file').set({ hidden: 1 }).where('id', '=', older.id).execute();
    expect((await albums.list(u, { contentType: 'album/location' })).albumList).toMatchObject([{ coverPhotoUuid: null, coverPhoto: null }]);
    // User albums are not mixed in, and a stream nobody answers for has nothing in it.
    expect((await albums.list(u, {})).albumList).toEqual([]);
    expect((await albums.list(u, { contentType: 'album/object' })).albumList).toEqual([]);

    // The info id: that one entity, whatever its status; another account's or an unknown one is not found.
    expect((await albums.list(u, { contentType: 'album/person', infoId: hidden })).albumList).toMatchObject([{ uuid: hidden, status: 'HIDDEN' }]);
    await notFound(albums.list(u, { contentType: 'album/person', infoId: theirs }));
    await notFound(albums.list(u, { contentType: 'album/person', infoId: randomUUID() }));
    await notFound(albums.list(u, { contentType: 'album/object', infoId: ayse }));
    // A person's id is no user album.
    await notFound(albums.list(u, { infoId: ayse }));
  });

  it('opens an entity as an album with its live photos as file items, paged either way', async () => {
    const u = await user();
    const other = await user();
    const photos = [];
    for (let i = 0; i < 3; i++) photos.push(await addPhoto(t, u.accountId, `p${i}.jpg`, { takenAt: T0 + i * DAY }));
    const newestFirst = photos.map((p) => p.id).reverse();
    const ayse = people.add(u.accountId, 'Ayşe', newestFirst);
    const theirs = people.add(other.accountId, 'Theirs', []);

    const detail = await albums.get(u, ayse, { contentType: 'album/person', size: 2 });
    expect(detail.album).toMatchObject({ uuid: ayse, label: 'Ayşe', contentType: 'album/person', imageCount: 3, coverPhotoUuid: newestFirst[0] });
    expect(detail.fileList.map((f) => f.uuid)).toEqual(newestFirst.slice(0, 2));
    expect(detail.fileList[0]).toMatchObject({ name: 'p2.jpg', projectId: u.projectId, thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//) });
    expect([detail.page, detail.size, detail.hasMore]).toEqual([0, 2, true]);
    const rest = await albums.get(u, ayse, { contentType: 'album/person', size: 2, page: 1 });
    expect([rest.fileList.map((f) => f.uuid), rest.hasMore]).toEqual([newestFirst.slice(2), false]);
    expect((await albums.get(u, ayse, { contentType: 'album/person', sortOrder: 'ASC' })).fileList.map((f) => f.uuid)).toEqual(
      [...newestFirst].reverse(),
    );

    await notFound(albums.get(u, theirs, { contentType: 'album/person' }));
    await notFound(albums.get(u, randomUUID(), { contentType: 'album/person' }));
    await notFound(albums.get(u, ayse, { contentType: 'album/object' }));
    await notFound(albums.get(u, ayse, {}));
  });

  it("through the routes, another account's person, place or thing is an album not found, and input is checked", async () => {
    const { user: apiUser } = albumHelpers(() => t);
    const a = await apiUser();
    const b = await apiUser();
    const theirs = await recognised(t, b.accountId);
    const album = await a.api.album('Yaz');
    const streams = [
      ['album/person', theirs.person],
      ['album/location', theirs.place],
      ['album/object', theirs.thing],
    ] as const;
    for (const [contentType, id] of streams) {
      for (const res of [
        await a.api.get(id, { contentType }),
        await a.api.list({ contentType, infoId: id }),
        await a.api.get(randomUUID(), { contentType }),
        await a.api.list({ contentType, infoId: randomUUID() }),
        // A user album's uuid is no person, place or thing, and theirs is no album.
        await a.api.get(album.uuid, { contentType }),
        await a.api.get(id),
      ]) {
        expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Album not found.');
      }
    }
    expect(expectError(await b.api.list({ infoId: album.uuid }), 404, 'NOT_FOUND').message).toBe('Album not found.');
    expect((await a.api.list({ infoId: album.uuid })).json().albumList.map((x: { uuid: string }) => x.uuid)).toEqual([album.uuid]);
    expectError(await a.api.list({ contentType: 'album/person', infoId: 'x' }), 400, 'VALIDATION_ERROR');
    expectError(await a.api.list({ contentType: 'album/pet' }), 400, 'VALIDATION_ERROR');
    expectError(await a.api.get(theirs.person, { contentType: 'album/pet' }), 400, 'VALIDATION_ERROR');
  });

  it("through the places module's stream: an info id, pages of photos either way, search and suggestions", async () => {
    const { user: apiUser } = albumHelpers(() => t);
    const a = await apiUser();
    const b = await apiUser();
    const upload = async (name: string, body: Buffer) => {
      const res = await uploadApi(t, a.token).whole(name, body, { contentType: 'image/jpeg' });
      expect(res.statusCode).toBe(201);
      return res.json().uuid as string;
    };
    const here = [await upload('1.jpg', await gpsPhoto(...GPS.tbilisi)), await upload('2.jpg', await gpsPhoto(...GPS.tbilisi))];
    while ((await t.app.jobs.runDue()) > 0) {
      // the media job writes each photo's place
    }
    const list = (await a.api.list({ contentType: 'album/location' })).json();
    expect(list.albumList).toMatchObject([{ label: 'Tbilisi', contentType: 'album/location', icon: 'location', imageCount: 2 }]);
    const tbilisi = list.albumList[0].uuid as string;
    expect((await a.api.list({ contentType: 'album/location', infoId: tbilisi })).json().albumList).toEqual(list.albumList);

    const first = (await a.api.get(tbilisi, { contentType: 'album/location', size: 1 })).json();
    const second = (await a.api.get(tbilisi, { contentType: 'album/location', size: 1, page: 1 })).json();
    expect([first.hasMore, second.hasMore]).toEqual([true, false]);
    const newestFirst = [...first.fileList, ...second.fileList].map((f: { uuid: string }) => f.uuid);
    expect([...newestFirst].sort()).toEqual([...here].sort());
    const oldestFirst = (await a.api.get(tbilisi, { contentType: 'album/location', sortOrder: 'ASC' })).json();
    expect(oldestFirst.fileList.map((f: { uuid: string }) => f.uuid)).toEqual([...newestFirst].reverse());
    expect(first.album).toEqual(list.albumList[0]);

    const search = searchApi(t, a.token);
    const hits = (await search.unified({ text: 'tbilisi' })).json().items;
    expect(hits.map((h: { kind: string; album: { uuid: string } | null }) => [h.kind, h.album?.uuid])).toEqual([['ALBUM', tbilisi]]);
    expect((await search.suggest({ text: 'tbil' })).json().items).toEqual([{ text: 'Tbilisi', kind: 'PLACE', uuid: tbilisi }]);

    for (const res of [await b.api.get(tbilisi, { contentType: 'album/location' }), await b.api.list({ contentType: 'album/location', infoId: tbilisi })]) {
      expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Album not found.');
    }
    expect((await searchApi(t, b.token).unified({ text: 'tbilisi' })).json().items).toEqual([]);
  });

  it('takes one provider per stream, and streams only', () => {
    expect(() => albums.streams.register('album/person', memoryStream().provider)).toThrow('already has a provider');
    expect(() => albums.streams.register('album/photo' as never, memoryStream().provider)).toThrow('is not an album stream');
    expect(albums.streams.get('album/object')).toBeNull();
  });
});
