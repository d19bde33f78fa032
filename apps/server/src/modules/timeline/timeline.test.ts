import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, filesApi } from '../files/files.fixtures.js';
import { uploadApi } from '../upload/upload.fixtures.js';
import { addPhoto, addPhotos, timelineApi, type GroupPage, type PageCursor } from './timeline.fixtures.js';
import { dayKey, utcDay } from './timeline.facts.js';

const at = (y: number, m: number, d: number, h = 12, min = 0) => Date.UTC(y, m - 1, d, h, min);

/** A small JPEG taken at an EXIF wall-clock time with an offset, by an iPhone. */
const exifJpeg = (dateTime: string, offset: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 13' }, IFD2: { DateTimeOriginal: dateTime, OffsetTimeOriginal: offset } })
    .toBuffer();

describe.each(DIALECTS)('photo timeline (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('groups photos by day, newest day first, with running offsets; items newest first, ties by uuid', async () => {
    const me = await signUp(t);
    const api = timelineApi(t, me.token);
    expect(await api.groups()).toEqual({ category: 'all', total: 0, groups: [] });

    const older = await addPhoto(t, me.accountId, at(2023, 12, 25, 9));
    const morning = await addPhoto(t, me.accountId, at(2024, 5, 1, 8));
    const evening = await addPhoto(t, me.accountId, at(2024, 5, 1, 19));
    const tieA = await addPhoto(t, me.accountId, at(2024, 5, 1, 12), { id: '00000000-0000-4000-8000-00000000000a' });
    const tieB = await addPhoto(t, me.accountId, at(2024, 5, 1, 12), { id: '00000000-0000-4000-8000-00000000000b' });
    const latest = await addPhoto(t, me.accountId, at(2025, 1, 2, 23, 59), { video: true });

    expect(await api.groups()).toEqual({
      category: 'all',
      total: 6,
      groups: [
        { key: '2025-01-02', year: 2025, month: 1, day: 2, count: 1, offset: 0 },
        { key: '2024-05-01', year: 2024, month: 5, day: 1, count: 4, offset: 1 },
        { key: '2023-12-25', year: 2023, month: 12, day: 25, count: 1, offset: 5 },
      ],
    });
    expect(await api.uuids('2024-05-01')).toEqual([evening, tieB, tieA, morning]);
    expect(await api.uuids('2023-12-25')).toEqual([older]);
    expect(await api.uuids('2025-01-02')).toEqual([latest]);
  });

  it('an EXIF date with an offset groups by its wall-clock day; a just-uploaded photo waits in today', async () => {
    const me = await signUp(t);
    const api = timelineApi(t, me.token);
    const upload = uploadApi(t, me.token);
    // 00:30 in Istanbul is still 30 April in UTC; 23:50 in New York is already 1 May in UTC.
    const afterMidnight = await upload.whole('istanbul.jpg', await exifJpeg('2024:05:01 00:30:00', '+03:00'), { contentType: 'image/jpeg' });
    const beforeMidnight = await upload.whole('newyork.jpg', await exifJpeg('2024:04:30 23:50:00', '-05:00'), { contentType: 'image/jpeg' });
    const notes = await upload.whole('notes.txt', Buffer.from('not a photo'), { contentType: 'text/plain' });
    for (const r of [afterMidnight, beforeMidnight, notes]) expect(r.statusCode).toBe(201);

    // Still PENDING: already on the timeline, under the UTC day of the upload.
    const today = dayKey(utcDay(afterMidnight.json().createdDate));
    const pending = await api.groups();
    expect(pending.groups.map((g) => [g.key, g.count, g.offset])).toEqual([[today, 2, 0]]);
    const [pendingPage] = await api.list([{ key: today }]);
    expect(pendingPage!.items.map((i) => i.mediaStatus)).toEqual(['PENDING', 'PENDING']);

    await t.app.jobs.runDue();
    const processed = await api.groups();
    expect(processed.groups.map((g) => [g.key, g.count])).toEqual([
      ['2024-05-01', 1],
      ['2024-04-30', 1],
    ]);
    const [may, april] = await api.list([{ key: '2024-05-01' }, { key: '2024-04-30' }]);
    expect(may!.items.map((i) => [i.name, i.takenDate])).toEqual([['istanbul.jpg', Date.UTC(2024, 3, 30, 21, 30)]]);
    expect(april!.items.map((i) => [i.name, i.takenDate])).toEqual([['newyork.jpg', Date.UTC(2024, 4, 1, 4, 50)]]);
    // The full file item, signed like every other listing.
    expect(may!.items[0]).toMatchObject({
      uuid: afterMidnight.json().uuid,
      folder: false,
      contentType: 'image/jpeg',
      projectId: expect.any(String),
      status: 'ACTIVE',
      favourite: false,
      hidden: false,
      mediaStatus: 'READY',
      width: 64,
      height: 48,
      placeholder: expect.any(String),
      thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//),
      previewUrl: expect.stringMatching(/^\/api\/media\/preview\//),
      camera: 'Apple iPhone 13',
      videoSlideshow: false,
      metadata: {},
    });
    expect((await t.app.inject({ method: 'GET', url: may!.items[0]!.thumbnailUrl as string })).statusCode).toBe(200);
  });

  it('categories: photos, videos and favourites, kept current by favouriting', async () => {
    const me = await signUp(t);
    const api = timelineApi(t, me.token);
    const photo = await addPhoto(t, me.accountId, at(2024, 7, 14, 10));
    const video = await addPhoto(t, me.accountId, at(2024, 7, 14, 11), { video: true });
    const favVideo = await addPhoto(t, me.accountId, at(2024, 7, 10, 11), { video: true, favourite: true });

    const summary = async (category: string) => (await api.groups(category)).groups.map((g) => [g.key, g.count, g.offset]);
    expect(await summary('all')).toEqual([
      ['2024-07-14', 2, 0],
      ['2024-07-10', 1, 2],
    ]);
    expect(await summary('photos')).toEqual([['2024-07-14', 1, 0]]);
    expect(await summary('videos')).toEqual([
      ['2024-07-14', 1, 0],
      ['2024-07-10', 1, 1],
    ]);
    expect(await summary('favourites')).toEqual([['2024-07-10', 1, 0]]);
    expect((await api.groups('videos')).category).toBe('videos');
    expect(await api.uuids('2024-07-14', 'photos')).toEqual([photo]);
    expect(await api.uuids('2024-07-14', 'videos')).toEqual([video]);
    expect(await api.uuids('2024-07-14', 'favourites')).toEqual([]);

    expect((await filesApi(t, me.token).favourite([photo], true)).statusCode).toBe(200);
    expect(await summary('favourites')).toEqual([
      ['2024-07-14', 1, 0],
      ['2024-07-10', 1, 1],
    ]);
    expect(await api.uuids('2024-07-14', 'favourites')).toEqual([photo]);
    expect(await api.uuids('2024-07-10', 'favourites')).toEqual([favVideo]);
    expect((await filesApi(t, me.token).favourite([favVideo], false)).statusCode).toBe(200);
    expect(await summary('favourites')).toEqual([['2024-07-14', 1, 0]]);
  });

  it('pages within a group with offset and limit; asks come back in the order asked', async () => {
    const me = await signUp(t);
    const api = timelineApi(t, me.token);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.unshift(await addPhoto(t, me.accountId, at(2022, 3, 3, 10, i)));
    await addPhoto(t, me.accountId, at(2022, 3, 4));

    const pages = await api.list([
      { key: '2022-03-03', offset: 0, limit: 3 },
      { key: '2022-03-03', offset: 3, limit: 3 },
      { key: '2022-03-03', offset: 6, limit: 3 },
      { key: '2022-03-03', offset: 7 },
      { key: '1999-01-01' },
      { key: '2022-03-04' },
    ]);
    expect(pages.map((p) => [p.key, p.count, p.offset, p.hasMore, p.items.length])).toEqual([
      ['2022-03-03', 7, 0, true, 3],
      ['2022-03-03', 7, 3, true, 3],
      ['2022-03-03', 7, 6, false, 1],
      ['2022-03-03', 7, 7, false, 0],
      ['1999-01-01', 0, 0, false, 0],
      ['2022-03-04', 1, 0, false, 1],
    ]);
    expect(pages.slice(0, 3).flatMap((p) => p.items.map((i) => i.uuid))).toEqual(ids);
    const exact = await api.list([{ key: '2022-03-03', limit: 7 }]);
    expect(exact[0]!.hasMore).toBe(false);
  });

  it('keyset pages deep inside a big day hold exactly the photos of the same offsets, both ways; position stays exact', async () => {
    const me = await signUp(t);
    const api = timelineApi(t, me.token);
    const DAY_PHOTOS = 1_050;
    // Three photos a minute: ties on the taken date are broken by uuid, as the offset order breaks them.
    await addPhotos(t, me.accountId, Array.from({ length: DAY_PHOTOS }, (_, i) => at(2021, 7, 10, 6) + Math.floor(i / 3) * 60_000));
    await addPhoto(t, me.accountId, at(2021, 7, 11));
    const key = '2021-07-10';
    const byOffset = (await api.list([0, 500, 1000].map((offset) => ({ key, offset, limit: 500 })))).flatMap((p) => p.items.map((i) => i.uuid));
    expect(byOffset).toHaveLength(DAY_PHOTOS);
    const cursorOf = (item: GroupPage['items'][number]): PageCursor => ({ takenDate: item.takenDate as number, uuid: item.uuid });

    // Down the day, each page after the last photo of the one above.
    const down: GroupPage[] = [];
    for (let offset = 0; offset < DAY_PHOTOS; offset += 200) {
      const previous = down.at(-1)?.items.at(-1);
      const [page] = await api.list([{ key, offset, limit: 200, ...(previous ? { after: cursorOf(previous) } : {}) }]);
      down.push(page!);
    }
    expect(down.flatMap((p) => p.items.map((i) => i.uuid))).toEqual(byOffset);
    expect(down.map((p) => [p.offset, p.count, p.hasMore, p.items.length])).toEqual([
      [0, 1050, true, 200],
      [200, 1050, true, 200],
      [400, 1050, true, 200],
      [600, 1050, true, 200],
      [800, 1050, true, 200],
      [1000, 1050, false, 50],
    ]);

    // Up the day from its last photo, each page before the first photo of the one below.
    const up: string[][] = [];
    let first = cursorOf(down.at(-1)!.items.at(-1)!);
    for (let end = DAY_PHOTOS - 1; end > 0; end -= 200) {
      const [page] = await api.list([{ key, offset: Math.max(0, end - 200), limit: 200, before: first }]);
      expect(page!.hasMore).toBe(true);
      up.unshift(page!.items.map((i) => i.uuid));
      first = cursorOf(page!.items[0]!);
    }
    expect(up.flat()).toEqual(byOffset.slice(0, DAY_PHOTOS - 1));

    // The position call and a keyset page agree on which photo is the x-th of the timeline, deep in the day.
    const x = 1 + 937;
    const position = (await api.positionRaw(x)).json();
    expect(position).toMatchObject({ key, groupIndex: 1, offsetInGroup: 937 });
    const onePrevious = cursorOf(down.flatMap((p) => p.items)[936]!);
    const [deep] = await api.list([{ key, offset: 937, limit: 3, after: onePrevious }]);
    expect(deep!.items.map((i) => i.uuid)).toEqual(byOffset.slice(937, 940));
    // A cursor whose photo has gone (trashed meanwhile) still places the page right after where it was.
    expect((await filesApi(t, me.token).trash([byOffset[936]!])).statusCode).toBe(200);
    const [afterGone] = await api.list([{ key, offset: 937, limit: 2, after: onePrevious }]);
    expect(afterGone!.items.map((i) => i.uuid)).toEqual(byOffset.slice(937, 939));
  });

  it('position finds the group holding an index, at group boundaries too; past the end is 404', async () => {
    const me = await signUp(t);
    const api = timelineApi(t, me.token);
    // Groups of 2, 3 and 1 photos: indexes 0-1, 2-4, 5.
    for (const h of [8, 9]) await addPhoto(t, me.accountId, at(2024, 2, 29, h));
    for (const h of [8, 9, 10]) await addPhoto(t, me.accountId, at(2024, 2, 28, h));
    await addPhoto(t, me.accountId, at(2023, 6, 1), { video: true });

    const pos = async (x: number, category?: string) => {
      const res = await api.positionRaw(x, category);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await pos(0)).toEqual({ position: 0, key: '2024-02-29', groupIndex: 0, offsetInGroup: 0, year: 2024, month: 2, day: 29 });
    expect(await pos(1)).toMatchObject({ key: '2024-02-29', groupIndex: 0, offsetInGroup: 1 });
    expect(await pos(2)).toMatchObject({ key: '2024-02-28', groupIndex: 1, offsetInGroup: 0 });
    expect(await pos(4)).toMatchObject({ key: '2024-02-28', groupIndex: 1, offsetInGroup: 2 });
    expect(await pos(5)).toEqual({ position: 5, key: '2023-06-01', groupIndex: 2, offsetInGroup: 0, year: 2023, month: 6, day: 1 });
    expectError(await api.positionRaw(6), 404, 'NOT_FOUND');
    expect(await pos(0, 'videos')).toMatchObject({ key: '2023-06-01', groupIndex: 0, offsetInGroup: 0 });
    expectError(await api.positionRaw(1, 'videos'), 404, 'NOT_FOUND');
    expectError(await api.positionRaw(0, 'favourites'), 404, 'NOT_FOUND');
  });

  it('trashed, hidden, folders and non-media stay out; recovered and unhidden photos come back; others never show', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const api = timelineApi(t, me.token);
    const files = filesApi(t, me.token);
    const folder = await files.folder('Tatil');
    const inFolder = await addPhoto(t, me.accountId, at(2021, 8, 1, 10), { parentId: folder.uuid });
    const loose = await addPhoto(t, me.accountId, at(2021, 8, 1, 11));
    const hidden = await addPhoto(t, me.accountId, at(2021, 8, 1, 12), { hidden: true });
    await addFile(t, me.accountId, 'report.pdf', { contentType: 'application/pdf', at: at(2021, 8, 1) });
    await addPhoto(t, other.accountId, at(2021, 8, 1, 13));
    await addPhoto(t, other.accountId, at(2020, 1, 1));

    const day = async () => (await api.groups()).groups.map((g) => [g.key, g.count]);
    expect(await day()).toEqual([['2021-08-01', 2]]);
    expect(await api.uuids('2021-08-01')).toEqual([loose, inFolder]);
    expect((await api.list([{ key: '2020-01-01' }]))[0]).toMatchObject({ count: 0, items: [] });

    // Trashing the folder takes its photo along; recovering brings it back.
    expect((await files.trash([folder.uuid])).statusCode).toBe(200);
    expect(await api.uuids('2021-08-01')).toEqual([loose]);
    expect(await day()).toEqual([['2021-08-01', 1]]);
    expect((await files.recover([folder.uuid])).statusCode).toBe(200);
    expect(await api.uuids('2021-08-01')).toEqual([loose, inFolder]);

    // Hide and unhide.
    expect((await files.hide([loose])).statusCode).toBe(200);
    expect(await day()).toEqual([['2021-08-01', 1]]);
    expect((await files.unhide([loose, hidden])).statusCode).toBe(200);
    expect(await api.uuids('2021-08-01')).toEqual([hidden, loose, inFolder]);
    expect(await day()).toEqual([['2021-08-01', 3]]);

    // Deleted for good: the day empties and disappears.
    expect((await files.trash([loose, hidden, inFolder])).statusCode).toBe(200);
    expect((await api.groups()).total).toBe(0);
    expect((await files.recover([inFolder])).statusCode).toBe(200);
    expect((await files.deleteForever([loose, hidden])).statusCode).toBe(200);
    expect(await day()).toEqual([['2021-08-01', 1]]);
    expect(await t.database.db.selectFrom('timeline_day').selectAll().where('account_id', '=', me.accountId).execute()).toEqual([
      { account_id: me.accountId, day: 20210801, images: 1, videos: 0, favourites: 0 },
    ]);
    expectError(await api.positionRaw(1), 404, 'NOT_FOUND');
  });

  it('an account deleted with its photos takes its day counts along', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    await addPhoto(t, me.accountId, at(2024, 9, 9));
    await addPhoto(t, other.accountId, at(2024, 9, 9));
    await t.database.db.deleteFrom('account').where('id', '=', me.accountId).execute();
    expect(await t.database.db.selectFrom('timeline_day').selectAll().where('account_id', '=', me.accountId).execute()).toEqual([]);
    expect((await timelineApi(t, other.token).groups()).total).toBe(1);
  });

  it('refuses bad input with 400 and changes nothing; needs a session', async () => {
    const me = await signUp(t);
    const api = timelineApi(t, me.token);
    await addPhoto(t, me.accountId, at(2024, 1, 1));
    const bad = async (res: Awaited<ReturnType<typeof api.groupsRaw>>, field?: string) => {
      const body = expectError(res, 400, 'VALIDATION_ERROR');
      if (field) expect(body.field).toBe(field);
    };
    await bad(await api.groupsRaw('everything'), 'category');
    await bad(await api.groupsRaw(''), 'category');
    await bad(await api.listRaw({ groups: [{ key: '2024-01-01' }] }, 'nope'), 'category');
    await bad(await api.positionRaw(0, 'nope'), 'category');
    await bad(await api.listRaw({ groups: [{ key: '2024-1-1' }] }), 'groups.0.key');
    await bad(await api.listRaw({ groups: [{ key: '2024-02-30' }] }), 'groups.0.key');
    await bad(await api.listRaw({ groups: [{ key: '2024-01-01' }, { key: 'yesterday' }] }), 'groups.1.key');
    await bad(await api.listRaw({ groups: [] }), 'groups');
    await bad(await api.listRaw({ groups: Array.from({ length: 51 }, () => ({ key: '2024-01-01' })) }), 'groups');
    await bad(await api.listRaw({ groups: [{ key: '2024-01-01', limit: 0 }] }), 'groups.0.limit');
    await bad(await api.listRaw({ groups: [{ key: '2024-01-01', limit: 501 }] }), 'groups.0.limit');
    await bad(await api.listRaw({ groups: [{ key: '2024-01-01', offset: -1 }] }), 'groups.0.offset');
    await bad(await api.listRaw({}), 'groups');
    const cursor = { takenDate: at(2024, 1, 1), uuid: '00000000-0000-4000-8000-000000000001' };
    await bad(await api.listRaw({ groups: [{ key: '2024-01-01', after: cursor, before: cursor }] }), 'groups.0.before');
    await bad(await api.listRaw({ groups: [{ key: '2024-01-01', after: { takenDate: 'soon', uuid: 'x' } }] }), 'groups.0.after.takenDate');
    await bad(await api.listRaw({ groups: [{ key: '2024-01-01', before: { takenDate: 1 } }] }), 'groups.0.before');
    await bad(await api.positionRaw(-1), 'x');
    await bad(await api.positionRaw('1.5'), 'x');
    await bad(await api.positionRaw('abc'), 'x');
    expect(await api.list([{ key: '2024-01-01', limit: 500 }])).toMatchObject([{ count: 1, hasMore: false }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/scroll/groups' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/scroll/position/0' })).statusCode).toBe(401);
  });
});
