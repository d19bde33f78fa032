import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, filesApi, items } from '../files/file.fixtures.js';
import { readZip } from '../download/download.fixtures.js';
import { addPhoto, albumsApi } from './album.fixtures.js';
import type { AlbumDto } from './album.schemas.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 5, 1, 12);

describe.each(DIALECTS)('albums (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A fresh account with the albums and files APIs. */
  const user = async () => {
    const s = await signUp(t);
    return { ...s, api: albumsApi(t, s.token), files: filesApi(t, s.token) };
  };
  const makeReadOnly = (accountId: string) =>
    t.database.db.updateTable('account').set({ status: 'READ_ONLY' }).where('id', '=', accountId).execute();
  /** Sets an album's lastModifiedDate far back, so a test sees whether a call moves it. */
  const age = (albumId: string) => t.database.db.updateTable('album').set({ last_modified_at: 1 }).where('id', '=', albumId).execute();
  const memberCount = async (albumId: string) =>
    (await t.database.db.selectFrom('album_file').select('file_id').where('album_id', '=', albumId).execute()).length;
  const albumOf = async (api: ReturnType<typeof albumsApi>, uuid: string): Promise<AlbumDto> => {
    const res = await api.get(uuid);
    expect(res.statusCode).toBe(200);
    return res.json().album;
  };
  const fileUuids = (res: { json(): { fileList: Array<{ uuid: string }> } }) => res.json().fileList.map((f) => f.uuid);

  describe('create', () => {
    it('creates an empty album with the documented shape, label trimmed', async () => {
      const { api } = await user();
      const before = Date.now();
      const res = await api.create({ contentType: 'album/photo', icon: 'playlist-2', label: '  Yaz 2026  ' });
      expect(res.statusCode).toBe(200);
      const album = res.json();
      expect(album).toEqual({
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        label: 'Yaz 2026',
        contentType: 'album/photo',
        icon: 'playlist-2',
        status: 'ACTIVE',
        coverPhotoUuid: null,
        coverPhoto: null,
        imageCount: 0,
        videoCount: 0,
        createdDate: expect.any(Number),
        lastModifiedDate: expect.any(Number),
      });
      expect(album.createdDate).toBeGreaterThanOrEqual(before);
      expect(album.lastModifiedDate).toBe(album.createdDate);
      expect((await api.list()).json().albumList.map((a: AlbumDto) => a.uuid)).toEqual([album.uuid]);
    });

    it('accepts any Unicode label up to 255 characters', async () => {
      const { api } = await user();
      for (const label of ['Tatil fotoğrafları', 'صور العائلة', 'ფოტოები', '💼 iş/özel', 'a'.repeat(255)]) {
        const res = await api.create({ contentType: 'album/photo', icon: 'playlist-2', label });
        expect(res.statusCode, label).toBe(200);
        expect(res.json().label).toBe(label);
      }
    });

    it('refuses bad bodies with 400 and creates nothing', async () => {
      const { api } = await user();
      const good = { contentType: 'album/photo', icon: 'playlist-2', label: 'Yaz' };
      const cases: Array<[unknown, string]> = [
        [{ ...good, label: '' }, 'label'],
        [{ ...good, label: '   ' }, 'label'],
        [{ ...good, label: 'a'.repeat(256) }, 'label'],
        [{ ...good, label: 'tab\there' }, 'label'],
        [{ contentType: 'album/photo', icon: 'playlist-2' }, 'label'],
        [{ ...good, contentType: 'album/person' }, 'contentType'],
        [{ ...good, contentType: 'photo' }, 'contentType'],
        [{ icon: 'playlist-2', label: 'Yaz' }, 'contentType'],
        [{ ...good, icon: '' }, 'icon'],
        [{ ...good, icon: '<script>' }, 'icon'],
        [{ contentType: 'album/photo', label: 'Yaz' }, 'icon'],
      ];
      for (const [body, field] of cases) {
        const err = expectError(await api.create(body), 400, 'VALIDATION_ERROR');
        expect(err.field, JSON.stringify(body)).toBe(field);
      }
      expectError(await api.call('POST', '/api/album', [good]), 400, 'VALIDATION_ERROR');
      expect((await api.list()).json().albumList).toEqual([]);
    });

    it('is refused to a read-only account', async () => {
      const { api, accountId } = await user();
      await makeReadOnly(accountId);
      expectError(await api.create({ contentType: 'album/photo', icon: 'playlist-2', label: 'Yaz' }), 403, 'ACCOUNT_READ_ONLY');
      expect((await api.list()).json().albumList).toEqual([]);
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/album', payload: { contentType: 'album/photo', icon: 'playlist-2', label: 'x' } });
      expectError(res, 401);
    });
  });

  describe('list', () => {
    it('pages and sorts by lastModifiedDate (default, newest first), label and createdDate', async () => {
      const { api } = await user();
      const made: string[] = [];
      for (const label of ['b', 'C', 'a', 'd']) made.push((await api.album(label)).uuid);
      // Distinct dates regardless of clock resolution: created in order, modified in reverse.
      for (const [i, id] of made.entries()) {
        await t.database.db.updateTable('album').set({ created_at: T0 + i * DAY, last_modified_at: T0 + (10 - i) * DAY }).where('id', '=', id).execute();
      }
      const labels = async (q: Record<string, string | number>) => (await api.list(q)).json().albumList.map((a: AlbumDto) => a.label);
      expect(await labels({})).toEqual(['b', 'C', 'a', 'd']);
      expect(await labels({ sortBy: 'lastModifiedDate', sortOrder: 'ASC' })).toEqual(['d', 'a', 'C', 'b']);
      expect(await labels({ sortBy: 'label', sortOrder: 'ASC' })).toEqual(['a', 'b', 'C', 'd']);
      expect(await labels({ sortBy: 'label', sortOrder: 'DESC' })).toEqual(['d', 'C', 'b', 'a']);
      expect(await labels({ sortBy: 'createdDate', sortOrder: 'DESC' })).toEqual(['d', 'a', 'C', 'b']);

      const first = (await api.list({ size: 3, contentType: 'album/photo' })).json();
      expect(first).toMatchObject({ page: 0, size: 3, hasMore: true });
      expect(first.albumList.map((a: AlbumDto) => a.label)).toEqual(['b', 'C', 'a']);
      const second = (await api.list({ size: 3, page: 1 })).json();
      expect(second).toMatchObject({ page: 1, size: 3, hasMore: false });
      expect(second.albumList.map((a: AlbumDto) => a.label)).toEqual(['d']);
      expect((await api.list()).json()).toMatchObject({ page: 0, size: 100, hasMore: false });
      // Other kinds of album are listed apart (none of them here).
      expect((await api.list({ contentType: 'album/person' })).json().albumList).toEqual([]);
    });

    it('lists each status apart and never another account’s albums', async () => {
      const a = await user();
      const b = await user();
      const active = await a.api.album('active');
      const hidden = await a.api.album('hidden');
      const trashed = await a.api.album('trashed');
      await b.api.album('theirs');
      await a.api.hide([hidden.uuid]);
      await a.api.trash([trashed.uuid]);
      const labels = async (status?: string) => (await a.api.list({ status })).json().albumList.map((x: AlbumDto) => x.label);
      expect(await labels()).toEqual(['active']);
      expect(await labels('ACTIVE')).toEqual(['active']);
      expect(await labels('HIDDEN')).toEqual(['hidden']);
      expect(await labels('TRASHED')).toEqual(['trashed']);
      expect(active.uuid).toBeTruthy();
    });

    it('refuses bad query parameters', async () => {
      const { api } = await user();
      const bad: Array<[Record<string, string | number>, string]> = [
        [{ size: 0 }, 'size'],
        [{ size: 101 }, 'size'],
        [{ size: 'x' }, 'size'],
        [{ page: -1 }, 'page'],
        [{ sortBy: 'name' }, 'sortBy'],
        [{ sortOrder: 'UP' }, 'sortOrder'],
        [{ status: 'DELETED' }, 'status'],
        [{ contentType: 'album/video' }, 'contentType'],
      ];
      for (const [q, field] of bad) expect(expectError(await api.list(q), 400, 'VALIDATION_ERROR').field, JSON.stringify(q)).toBe(field);
    });

    it('shows counts and covers for every album of a page', async () => {
      const { api, accountId } = await user();
      const albums = [];
      for (let i = 0; i < 5; i++) {
        const album = await api.album(`A${i}`);
        const photos = [];
        for (let j = 0; j <= i; j++) photos.push((await addPhoto(t, accountId, `p${i}-${j}.jpg`, { takenAt: T0 + j * DAY })).id);
        const video = (await addPhoto(t, accountId, `v${i}.mp4`, { video: true, takenAt: T0 - DAY })).id;
        await api.addFiles(album.uuid, [...photos, video]);
        albums.push({ uuid: album.uuid, newest: photos.at(-1), images: photos.length });
      }
      const list = (await api.list({ sortBy: 'label', sortOrder: 'ASC' })).json().albumList as AlbumDto[];
      expect(list.map((a) => [a.uuid, a.imageCount, a.videoCount, a.coverPhotoUuid])).toEqual(
        albums.map((a) => [a.uuid, a.images, 1, a.newest]),
      );
      expect(list[0]!.coverPhoto).toEqual({
        uuid: albums[0]!.newest,
        thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//),
        previewUrl: expect.stringMatching(/^\/api\/media\/preview\//),
        placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
        width: 4032,
        height: 3024,
      });
    });
  });

  describe('contents', () => {
    it('lists live members newest photo date first, with file items, paged', async () => {
      const { api, accountId, files } = await user();
      const album = await api.album('Yaz');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await addPhoto(t, accountId, `p${i}.jpg`, { takenAt: T0 + i * DAY })).id);
      await api.addFiles(album.uuid, ids);
      const newestFirst = [...ids].reverse();

      const res = await api.get(album.uuid);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page: 0, size: 100, hasMore: false, album: { uuid: album.uuid, imageCount: 5 } });
      expect(fileUuids(res)).toEqual(newestFirst);
      // The same item shape as the files listing, with signed URLs.
      const listed = items(await files.list({ size: 500 })).find((i) => i.uuid === ids[4]);
      expect(body.fileList[0]).toEqual({ ...listed, thumbnailUrl: expect.any(String), previewUrl: expect.any(String) });
      expect(body.fileList[0].thumbnailUrl).toBe(listed!.thumbnailUrl);
      expect(body.fileList[0].takenDate).toBe(T0 + 4 * DAY);

      const p0 = await api.get(album.uuid, { size: 2, sortBy: 'lastModifiedDate', sortOrder: 'DESC', contentType: 'album/photo' });
      expect(p0.json()).toMatchObject({ page: 0, size: 2, hasMore: true });
      expect(fileUuids(p0)).toEqual(newestFirst.slice(0, 2));
      const p2 = await api.get(album.uuid, { size: 2, page: 2 });
      expect(p2.json()).toMatchObject({ page: 2, size: 2, hasMore: false });
      expect(fileUuids(p2)).toEqual(newestFirst.slice(4));
      expect(fileUuids(await api.get(album.uuid, { sortOrder: 'ASC' }))).toEqual(ids);
    });

    it('orders a photo still being processed by its upload time', async () => {
      const { api, accountId } = await user();
      const album = await api.album('Yaz');
      const old = await addPhoto(t, accountId, 'old.jpg', { takenAt: T0 });
      const pending = await addFile(t, accountId, 'new.jpg', { contentType: 'image/jpeg', at: T0 + DAY });
      await api.addFiles(album.uuid, [old.id, pending.id]);
      expect(fileUuids(await api.get(album.uuid))).toEqual([pending.id, old.id]);
    });

    it('opens hidden and trashed albums too', async () => {
      const { api, accountId } = await user();
      const album = await api.album('Yaz');
      const p = await addPhoto(t, accountId, 'p.jpg');
      await api.addFiles(album.uuid, [p.id]);
      await api.hide([album.uuid]);
      expect((await api.get(album.uuid)).json()).toMatchObject({ album: { status: 'HIDDEN' }, fileList: [{ uuid: p.id }] });
      await api.trash([album.uuid]);
      expect((await api.get(album.uuid)).json()).toMatchObject({ album: { status: 'TRASHED' }, fileList: [{ uuid: p.id }] });
    });

    it('refuses bad parameters and unknown or foreign albums', async () => {
      const a = await user();
      const b = await user();
      const album = await a.api.album('Yaz');
      expectError(await b.api.get(album.uuid), 404, 'NOT_FOUND');
      expectError(await a.api.get(randomUUID()), 404, 'NOT_FOUND');
      expect(expectError(await a.api.get('not-a-uuid'), 400, 'VALIDATION_ERROR').field).toBe('uuid');
      for (const [q, field] of [
        [{ size: 0 }, 'size'],
        [{ size: 101 }, 'size'],
        [{ page: -1 }, 'page'],
        [{ sortBy: 'name' }, 'sortBy'],
        [{ sortOrder: 'x' }, 'sortOrder'],
        [{ contentType: 'image/jpeg' }, 'contentType'],
      ] as Array<[Record<string, string | number>, string]>) {
        expect(expectError(await a.api.get(album.uuid, q), 400, 'VALIDATION_ERROR').field, JSON.stringify(q)).toBe(field);
      }
    });
  });

  describe('addFiles', () => {
    it('adds photos and videos, ignores members already there, and moves lastModifiedDate only when something changed', async () => {
      const { api, accountId } = await user();
      const album = await api.album('Yaz');
      const p1 = await addPhoto(t, accountId, 'a.jpg', { takenAt: T0 });
      const p2 = await addPhoto(t, accountId, 'b.jpg', { takenAt: T0 + DAY });
      const v = await addPhoto(t, accountId, 'c.mp4', { takenAt: T0 - DAY, video: true });
      await age(album.uuid);
      const res = await api.addFiles(album.uuid, [p1.id, v.id, p1.id]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ uuid: album.uuid, imageCount: 1, videoCount: 1, coverPhotoUuid: p1.id });
      expect(res.json().lastModifiedDate).toBeGreaterThan(1);

      await age(album.uuid);
      const again = await api.addFiles(album.uuid, [p1.id, v.id]);
      expect(again.json()).toMatchObject({ imageCount: 1, videoCount: 1, lastModifiedDate: 1 });

      const more = await api.addFiles(album.uuid, [p1.id, p2.id]);
      expect(more.json()).toMatchObject({ imageCount: 2, videoCount: 1, coverPhotoUuid: p2.id });
      expect(more.json().lastModifiedDate).toBeGreaterThan(1);
      expect(await memberCount(album.uuid)).toBe(3);
    });

    it('takes up to 500 uuids in one call', async () => {
      const { api, accountId } = await user();
      const album = await api.album('Big');
      const ids: string[] = [];
      for (let i = 0; i < 500; i++) ids.push((await addFile(t, accountId, `p${i}.jpg`, { contentType: 'image/jpeg' })).id);
      const res = await api.addFiles(album.uuid, ids);
      expect(res.statusCode).toBe(200);
      expect(res.json().imageCount).toBe(500);
      expectError(await api.addFiles(album.uuid, [...ids, randomUUID()]), 400, 'VALIDATION_ERROR');
    });

    it('refuses folders, other files, trashed, unknown and foreign uuids, changing nothing', async () => {
      const a = await user();
      const b = await user();
      const album = await a.api.album('Yaz');
      const photo = await addPhoto(t, a.accountId, 'a.jpg');
      const folder = await a.files.folder('Docs');
      const pdf = await addFile(t, a.accountId, 'r.pdf', { contentType: 'application/pdf' });
      const trashed = await addPhoto(t, a.accountId, 't.jpg');
      await a.files.trash([trashed.id]);
      const theirs = await addPhoto(t, b.accountId, 'theirs.jpg');

      expect(expectError(await a.api.addFiles(album.uuid, [photo.id, folder.uuid]), 400, 'VALIDATION_ERROR').field).toBe('uuids');
      expectError(await a.api.addFiles(album.uuid, [photo.id, pdf.id]), 400, 'VALIDATION_ERROR');
      expectError(await a.api.addFiles(album.uuid, [photo.id, trashed.id]), 404, 'NOT_FOUND');
      expectError(await a.api.addFiles(album.uuid, [photo.id, theirs.id]), 404, 'NOT_FOUND');
      expectError(await a.api.addFiles(album.uuid, [photo.id, randomUUID()]), 404, 'NOT_FOUND');
      expectError(await a.api.addFiles(album.uuid, []), 400, 'VALIDATION_ERROR');
      expectError(await a.api.addFiles(album.uuid, ['nope']), 400, 'VALIDATION_ERROR');
      expectError(await a.api.addFiles(album.uuid, { uuids: [photo.id] }), 400, 'VALIDATION_ERROR');
      expect(await memberCount(album.uuid)).toBe(0);

      // Someone else's album, whatever the photos.
      expectError(await b.api.addFiles(album.uuid, [theirs.id]), 404, 'NOT_FOUND');
      expectError(await a.api.addFiles(randomUUID(), [photo.id]), 404, 'NOT_FOUND');
      expect(expectError(await a.api.addFiles('x', [photo.id]), 400, 'VALIDATION_ERROR').field).toBe('albumUuid');
      expect(await memberCount(album.uuid)).toBe(0);

      await makeReadOnly(a.accountId);
      expectError(await a.api.addFiles(album.uuid, [photo.id]), 403, 'ACCOUNT_READ_ONLY');
      expect(await memberCount(album.uuid)).toBe(0);
    });
  });

  describe('removeFiles', () => {
    it('takes photos out of the album and leaves them in the files listing', async () => {
      const { api, accountId, files } = await user();
      const album = await api.album('Yaz');
      const p1 = await addPhoto(t, accountId, 'a.jpg', { takenAt: T0 });
      const p2 = await addPhoto(t, accountId, 'b.jpg', { takenAt: T0 + DAY });
      await api.addFiles(album.uuid, [p1.id, p2.id]);
      await api.cover(album.uuid, p1.id);
      await age(album.uuid);
      const res = await api.removeFiles(album.uuid, [p1.id, randomUUID()]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ imageCount: 1, coverPhotoUuid: p2.id });
      expect(res.json().lastModifiedDate).toBeGreaterThan(1);
      expect(fileUuids(await api.get(album.uuid))).toEqual([p2.id]);
      expect(items(await files.list()).map((i) => i.uuid).sort()).toEqual([p1.id, p2.id].sort());
      // Added back, it is a member again but no longer the chosen cover.
      await api.addFiles(album.uuid, [p1.id]);
      expect((await albumOf(api, album.uuid)).coverPhotoUuid).toBe(p2.id);

      await age(album.uuid);
      expect((await api.removeFiles(album.uuid, [randomUUID()])).json().lastModifiedDate).toBe(1);
    });

    it('refuses bad bodies and foreign albums', async () => {
      const a = await user();
      const b = await user();
      const album = await a.api.album('Yaz');
      const p = await addPhoto(t, a.accountId, 'a.jpg');
      await a.api.addFiles(album.uuid, [p.id]);
      expectError(await b.api.removeFiles(album.uuid, [p.id]), 404, 'NOT_FOUND');
      expectError(await a.api.removeFiles(randomUUID(), [p.id]), 404, 'NOT_FOUND');
      expectError(await a.api.removeFiles('x', [p.id]), 400, 'VALIDATION_ERROR');
      expectError(await a.api.removeFiles(album.uuid, []), 400, 'VALIDATION_ERROR');
      expectError(await a.api.removeFiles(album.uuid, ['x']), 400, 'VALIDATION_ERROR');
      expectError(await a.api.removeFiles(album.uuid, Array.from({ length: 501 }, () => randomUUID())), 400, 'VALIDATION_ERROR');
      expect(await memberCount(album.uuid)).toBe(1);
    });
  });

  describe('rename', () => {
    it('renames (trimmed) and moves lastModifiedDate', async () => {
      const { api } = await user();
      const album = await api.album('Yaz');
      await age(album.uuid);
      const res = await api.rename(album.uuid, '  Kış 2026 ');
      expect(res.statusCode).toBe(200);
      expect(res.json().label).toBe('Kış 2026');
      expect(res.json().lastModifiedDate).toBeGreaterThan(1);
      expect((await albumOf(api, album.uuid)).label).toBe('Kış 2026');
    });

    it('refuses bad labels, foreign albums and read-only accounts', async () => {
      const a = await user();
      const b = await user();
      const album = await a.api.album('Yaz');
      for (const label of ['', '   ', 'a'.repeat(256), 'new\nline']) {
        expect(expectError(await a.api.rename(album.uuid, label), 400, 'VALIDATION_ERROR').field).toBe('newLabel');
      }
      expect(expectError(await a.api.rename(album.uuid), 400, 'VALIDATION_ERROR').field).toBe('newLabel');
      expectError(await a.api.rename('x', 'Kış'), 400, 'VALIDATION_ERROR');
      expectError(await b.api.rename(album.uuid, 'Kış'), 404, 'NOT_FOUND');
      expectError(await a.api.rename(randomUUID(), 'Kış'), 404, 'NOT_FOUND');
      await makeReadOnly(a.accountId);
      expectError(await a.api.rename(album.uuid, 'Kış'), 403, 'ACCOUNT_READ_ONLY');
      expect((await albumOf(a.api, album.uuid)).label).toBe('Yaz');
    });
  });

  describe('cover, counts and the state of the photos', () => {
    it('uses the chosen cover while it is live, else the newest live member', async () => {
      const { api, accountId } = await user();
      const album = await api.album('Yaz');
      const old = await addPhoto(t, accountId, 'old.jpg', { takenAt: T0 });
      const mid = await addPhoto(t, accountId, 'mid.jpg', { takenAt: T0 + DAY });
      const newest = await addPhoto(t, accountId, 'new.jpg', { takenAt: T0 + 2 * DAY });
      await api.addFiles(album.uuid, [old.id, mid.id, newest.id]);
      expect((await albumOf(api, album.uuid)).coverPhotoUuid).toBe(newest.id);

      await age(album.uuid);
      const res = await api.cover(album.uuid, old.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ coverPhotoUuid: old.id, coverPhoto: { uuid: old.id } });
      expect(res.json().lastModifiedDate).toBeGreaterThan(1);
      expect((await api.list()).json().albumList[0].coverPhotoUuid).toBe(old.id);
    });

    it('refuses a cover that is not a live member, foreign photos and albums, bad input', async () => {
      const a = await user();
      const b = await user();
      const album = await a.api.album('Yaz');
      const member = await addPhoto(t, a.accountId, 'm.jpg');
      const outsider = await addPhoto(t, a.accountId, 'o.jpg');
      const hidden = await addPhoto(t, a.accountId, 'h.jpg');
      await a.api.addFiles(album.uuid, [member.id, hidden.id]);
      await a.files.hide([hidden.id]);
      const theirs = await addPhoto(t, b.accountId, 'theirs.jpg');
      const theirAlbum = await b.api.album('Theirs');
      await b.api.addFiles(theirAlbum.uuid, [theirs.id]);

      expect(expectError(await a.api.cover(album.uuid, outsider.id), 400, 'VALIDATION_ERROR').field).toBe('coverPhotoUuid');
      expectError(await a.api.cover(album.uuid, hidden.id), 400, 'VALIDATION_ERROR');
      expectError(await a.api.cover(album.uuid, theirs.id), 404, 'NOT_FOUND');
      expectError(await a.api.cover(album.uuid, randomUUID()), 404, 'NOT_FOUND');
      expectError(await a.api.cover(theirAlbum.uuid, member.id), 404, 'NOT_FOUND');
      expectError(await a.api.cover(theirAlbum.uuid, theirs.id), 404, 'NOT_FOUND');
      expect(expectError(await a.api.cover(album.uuid), 400, 'VALIDATION_ERROR').field).toBe('coverPhotoUuid');
      expectError(await a.api.cover(album.uuid, 'x'), 400, 'VALIDATION_ERROR');
      expectError(await a.api.cover('x', member.id), 400, 'VALIDATION_ERROR');
      await makeReadOnly(a.accountId);
      expectError(await a.api.cover(album.uuid, member.id), 403, 'ACCOUNT_READ_ONLY');
      const row = await t.database.db.selectFrom('album').select('cover_file_id').where('id', '=', album.uuid).executeTakeFirstOrThrow();
      expect(row.cover_file_id).toBeNull();
    });

    it('a trashed photo leaves contents, counts and cover until it is recovered', async () => {
      const { api, accountId, files } = await user();
      const album = await api.album('Yaz');
      const keep = await addPhoto(t, accountId, 'keep.jpg', { takenAt: T0 });
      const cover = await addPhoto(t, accountId, 'cover.jpg', { takenAt: T0 - DAY });
      const video = await addPhoto(t, accountId, 'v.mp4', { takenAt: T0 + DAY, video: true });
      await api.addFiles(album.uuid, [keep.id, cover.id, video.id]);
      await api.cover(album.uuid, cover.id);

      await files.trash([cover.id, video.id]);
      let now = await api.get(album.uuid);
      expect(fileUuids(now)).toEqual([keep.id]);
      expect(now.json().album).toMatchObject({ imageCount: 1, videoCount: 0, coverPhotoUuid: keep.id });
      expect((await api.list()).json().albumList[0]).toMatchObject({ imageCount: 1, videoCount: 0, coverPhotoUuid: keep.id });
      expectError(await api.cover(album.uuid, cover.id), 400, 'VALIDATION_ERROR');

      await files.recover([cover.id, video.id]);
      now = await api.get(album.uuid);
      expect(fileUuids(now)).toEqual([video.id, keep.id, cover.id]);
      expect(now.json().album).toMatchObject({ imageCount: 2, videoCount: 1, coverPhotoUuid: cover.id });
    });

    it('a hidden photo leaves contents and counts until it is unhidden', async () => {
      const { api, accountId, files } = await user();
      const album = await api.album('Yaz');
      const a = await addPhoto(t, accountId, 'a.jpg', { takenAt: T0 });
      const b = await addPhoto(t, accountId, 'b.jpg', { takenAt: T0 + DAY });
      await api.addFiles(album.uuid, [a.id, b.id]);
      await files.hide([b.id]);
      expect((await api.get(album.uuid)).json()).toMatchObject({ album: { imageCount: 1, coverPhotoUuid: a.id }, fileList: [{ uuid: a.id }] });
      await files.unhide([b.id]);
      expect((await albumOf(api, album.uuid)).coverPhotoUuid).toBe(b.id);
    });

    it('deleting a photo forever removes its membership and its choice as cover', async () => {
      const { api, accountId, files } = await user();
      const album = await api.album('Yaz');
      const a = await addPhoto(t, accountId, 'a.jpg', { takenAt: T0 });
      const b = await addPhoto(t, accountId, 'b.jpg', { takenAt: T0 + DAY });
      await api.addFiles(album.uuid, [a.id, b.id]);
      await api.cover(album.uuid, a.id);
      await files.trash([a.id]);
      expect((await files.deleteForever([a.id])).json()).toEqual({ deleted: 1 });
      expect(await memberCount(album.uuid)).toBe(1);
      const row = await t.database.db.selectFrom('album').select('cover_file_id').where('id', '=', album.uuid).executeTakeFirstOrThrow();
      expect(row.cover_file_id).toBeNull();
      expect((await albumOf(api, album.uuid))).toMatchObject({ imageCount: 1, coverPhotoUuid: b.id });

      // Emptying the trash does the same.
      await files.trash([b.id]);
      await files.emptyTrash();
      expect(await memberCount(album.uuid)).toBe(0);
      expect(await albumOf(api, album.uuid)).toMatchObject({ imageCount: 0, coverPhotoUuid: null, coverPhoto: null });
    });
  });

  describe('status changes and delete forever', () => {
    it('trash, hide and recover move albums between the lists, in one call for many', async () => {
      const { api, accountId } = await user();
      const a = await api.album('a');
      const b = await api.album('b');
      const p = await addPhoto(t, accountId, 'p.jpg');
      await api.addFiles(a.uuid, [p.id]);
      const trashed = await api.trash([a.uuid, b.uuid]);
      expect(trashed.statusCode).toBe(200);
      expect(trashed.json().albumList.map((x: AlbumDto) => [x.uuid, x.status, x.imageCount])).toEqual([
        [a.uuid, 'TRASHED', 1],
        [b.uuid, 'TRASHED', 0],
      ]);
      expect((await api.list()).json().albumList).toEqual([]);
      expect((await api.list({ status: 'TRASHED' })).json().albumList).toHaveLength(2);

      expect((await api.recover([a.uuid])).json().albumList).toMatchObject([{ uuid: a.uuid, status: 'ACTIVE' }]);
      expect((await api.hide([a.uuid, b.uuid])).json().albumList.map((x: AlbumDto) => x.status)).toEqual(['HIDDEN', 'HIDDEN']);
      expect((await api.list({ status: 'HIDDEN' })).json().albumList).toHaveLength(2);
      // Again is harmless.
      expect((await api.hide([a.uuid])).json().albumList[0].status).toBe('HIDDEN');
      await api.recover([a.uuid, b.uuid]);
      expect((await api.list()).json().albumList).toHaveLength(2);
    });

    it('any unknown or foreign album refuses the whole call', async () => {
      const a = await user();
      const b = await user();
      const mine = await a.api.album('mine');
      const theirs = await b.api.album('theirs');
      for (const call of [a.api.trash, a.api.hide, a.api.recover, a.api.deleteForever]) {
        expectError(await call([mine.uuid, theirs.uuid]), 404, 'NOT_FOUND');
        expectError(await call([mine.uuid, randomUUID()]), 404, 'NOT_FOUND');
        expectError(await call([]), 400, 'VALIDATION_ERROR');
        expectError(await call(['x']), 400, 'VALIDATION_ERROR');
        expectError(await call({ uuid: mine.uuid }), 400, 'VALIDATION_ERROR');
        expectError(await call(Array.from({ length: 501 }, () => randomUUID())), 400, 'VALIDATION_ERROR');
      }
      expect((await a.api.list()).json().albumList.map((x: AlbumDto) => x.uuid)).toEqual([mine.uuid]);
      expect((await b.api.list()).json().albumList.map((x: AlbumDto) => x.uuid)).toEqual([theirs.uuid]);
    });

    it('delete forever removes the albums and their memberships, not the photos', async () => {
      const { api, accountId, files } = await user();
      const a = await api.album('a');
      const b = await api.album('b');
      const p = await addPhoto(t, accountId, 'p.jpg');
      await api.addFiles(a.uuid, [p.id]);
      await api.addFiles(b.uuid, [p.id]);
      const res = await api.deleteForever([a.uuid, a.uuid]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: 1 });
      expectError(await api.get(a.uuid), 404, 'NOT_FOUND');
      expect(await memberCount(a.uuid)).toBe(0);
      expect((await albumOf(api, b.uuid)).imageCount).toBe(1);
      expect(items(await files.list()).map((i) => i.uuid)).toEqual([p.id]);
    });
  });

  describe('download', () => {
    it('zips the album’s live photos under the album’s name', async () => {
      const { api, accountId, files } = await user();
      const album = await api.album('Yaz 2026 İzmir');
      const folder = await files.folder('Elsewhere');
      const a = await addPhoto(t, accountId, 'a.jpg', { takenAt: T0 });
      // The same name in another folder: both go in, the second numbered.
      const a2 = await addPhoto(t, accountId, 'a.jpg', { takenAt: T0 + DAY, parentId: folder.uuid });
      const gone = await addPhoto(t, accountId, 'gone.jpg');
      await api.addFiles(album.uuid, [a.id, a2.id, gone.id]);
      await files.trash([gone.id]);

      const res = await api.download({ albumUuid: album.uuid });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/^\/api\/download\/zip\/.+/);
      const zip = await t.app.inject({ method: 'GET', url: res.body });
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-disposition']).toBe(
        `attachment; filename="Yaz 2026 Izmir.zip"; filename*=UTF-8''${encodeURIComponent('Yaz 2026 İzmir.zip')}`,
      );
      const entries = readZip(zip.rawPayload);
      expect(entries.map((e) => e.name).sort()).toEqual(['a (2).jpg', 'a.jpg']);
      const byContent = new Set(entries.map((e) => e.data.toString('hex')));
      expect(byContent).toEqual(new Set([a.content.toString('hex'), a2.content.toString('hex')]));
    });

    it('refuses an empty album, foreign or unknown albums and bad bodies', async () => {
      const a = await user();
      const b = await user();
      const empty = await a.api.album('Empty');
      expect(expectError(await a.api.download({ albumUuid: empty.uuid }), 400, 'ALBUM_EMPTY').field).toBe('albumUuid');
      const full = await a.api.album('Full');
      const p = await addPhoto(t, a.accountId, 'p.jpg');
      await a.api.addFiles(full.uuid, [p.id]);
      expectError(await b.api.download({ albumUuid: full.uuid }), 404, 'NOT_FOUND');
      expectError(await a.api.download({ albumUuid: randomUUID() }), 404, 'NOT_FOUND');
      expectError(await a.api.download({ albumUuid: 'x' }), 400, 'VALIDATION_ERROR');
      expectError(await a.api.download({}), 400, 'VALIDATION_ERROR');
      expectError(await a.api.download([full.uuid]), 400, 'VALIDATION_ERROR');
    });
  });

  it('another account’s album is 404 on every route', async () => {
    const a = await user();
    const b = await user();
    const album = await a.api.album('Yaz');
    const p = await addPhoto(t, a.accountId, 'p.jpg');
    const q = await addPhoto(t, b.accountId, 'q.jpg');
    await a.api.addFiles(album.uuid, [p.id]);
    const id = album.uuid;
    const calls = [
      b.api.get(id),
      b.api.addFiles(id, [q.id]),
      b.api.removeFiles(id, [p.id]),
      b.api.rename(id, 'mine now'),
      b.api.cover(id, p.id),
      b.api.deleteForever([id]),
      b.api.trash([id]),
      b.api.hide([id]),
      b.api.recover([id]),
      b.api.download({ albumUuid: id }),
    ];
    for (const res of await Promise.all(calls)) expectError(res, 404, 'NOT_FOUND');
    expect(await albumOf(a.api, id)).toMatchObject({ label: 'Yaz', status: 'ACTIVE', imageCount: 1, coverPhotoUuid: p.id });
  });
});
