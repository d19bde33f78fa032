import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, items } from '../files/files.fixtures.js';
import { addPhoto, albumHelpers, DAY, T0 } from './albums.fixtures.js';

describe.each(DIALECTS)('albums (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { user, makeReadOnly, age, memberCount, albumOf, fileUuids } = albumHelpers(() => t);

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
});
