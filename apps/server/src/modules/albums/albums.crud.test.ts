import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { addPhoto, albumHelpers, DAY, T0 } from './albums.fixtures.js';
import type { AlbumDto } from './albums.schemas.js';

describe.each(DIALECTS)('albums (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { user, makeReadOnly, age, albumOf } = albumHelpers(() => t);

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
        smallThumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//),
        previewUrl: expect.stringMatching(/^\/api\/media\/preview\//),
        placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
        width: 4032,
        height: 3024,
      });
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
});
