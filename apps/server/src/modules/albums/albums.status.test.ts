import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { items } from '../files/files.fixtures.js';
import { readZip } from '../download/download.fixtures.js';
import { addPhoto, albumHelpers, DAY, T0 } from './albums.fixtures.js';
import type { AlbumDto } from './albums.schemas.js';

describe.each(DIALECTS)('albums (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { user, memberCount, albumOf } = albumHelpers(() => t);

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
