import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { uploadApi } from '../upload/upload.fixtures.js';
import { timelineApi } from '../timeline/timeline.fixtures.js';
import { readAll } from './migration.fixtures.js';
import { sidecarCandidates } from './takeout.sidecars.js';
import { LONG_NAME, takeoutFixture, tgzOf, zipOf, type TakeoutPhoto } from './takeout.fixtures.js';

// Importing a Google Photos Takeout end to end: an archive built here from real-looking sidecars is uploaded through
// the upload API, imported by the durable job, and the timeline, the files and the albums are read back.

describe('Takeout sidecar names', () => {
  it('finds the cut, the edited and the numbered names Takeout writes', () => {
    expect(sidecarCandidates('IMG_1.jpg')).toContain('IMG_1.jpg.json');
    expect(sidecarCandidates('IMG_1.jpg')).toContain('IMG_1.jpg.supplemental-metadata.json');
    expect(sidecarCandidates('IMG_1-edited.jpg')).toContain('IMG_1.jpg.json');
    expect(sidecarCandidates('IMG_1(1).jpg')[0]).toBe('IMG_1.jpg.supplemental-metadata(1).json');
    expect(sidecarCandidates('IMG_1(1).jpg')).toContain('IMG_1.jpg(1).json');
    const cut = sidecarCandidates(LONG_NAME).filter((n) => n.length === 51);
    expect(cut).toContain(`${LONG_NAME}.json`.slice(0, 46) + '.json');
  });
});

describe.each(DIALECTS)('Google Photos Takeout import (%s)', (dialect) => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof takeoutFixture>>;
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: authed(token) });
  const start = (token: string, uuid: string) => t.app.inject({ method: 'POST', url: '/api/migration/takeout/start', headers: authed(token), payload: { uuid } });
  const status = async (token: string) => (await get('/api/migration/takeout/status', token)).json().import;

  /** Runs due jobs until the import has ended (a hang guard, not a timing assertion). */
  async function runImport(token: string) {
    for (let i = 0; i < 100; i++) {
      await t.app.jobs.runDue();
      const s = await status(token);
      if (s?.status !== 'RUNNING') return s;
    }
    throw new Error('import never ended');
  }

  async function upload(token: string, name: string, bytes: Buffer): Promise<string> {
    const res = await uploadApi(t, token).whole(name, bytes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().uuid as string;
  }

  /** The photos in the import's "Google Photos" folder, by name. */
  async function imported(accountId: string) {
    const db = t.database.db;
    const folder = await db.selectFrom('file').select('id').where('account_id', '=', accountId).where('parent_id', '=', '').where('name', '=', 'Google Photos').where('status', '=', 'ACTIVE').execute();
    expect(folder).toHaveLength(1);
    const rows = await db.selectFrom('file').selectAll().where('account_id', '=', accountId).where('parent_id', '=', folder[0]!.id).where('status', '=', 'ACTIVE').execute();
    return new Map(rows.map((r) => [r.name, r]));
  }

  async function expectPhotos(accountId: string, photos: TakeoutPhoto[], others: string[] = []) {
    const rows = await imported(accountId);
    expect([...rows.keys()].sort()).toEqual([...photos.map((p) => p.name), ...others].sort());
    for (const p of photos) {
      const row = rows.get(p.name)!;
      expect(Number(row.bytes), p.name).toBe(p.bytes.length);
      expect((await readAll((await t.app.blobs.get(row.blob_key!)).stream)).equals(p.bytes), p.name).toBe(true);
      expect(Number(row.taken_at), p.name).toBe(p.takenAt);
      expect(row.latitude === null ? null : { lat: Number(row.latitude), lng: Number(row.longitude) }, p.name).toEqual(p.place);
      expect(row.description, p.name).toBe(p.description);
      expect(row.favourite, p.name).toBe(p.favourite ? 1 : 0);
    }
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    fixture = await takeoutFixture();
  });
  afterAll(() => t?.close());

  it('imports a .zip: dates, places, descriptions, favourites from the sidecars, the album folder as an album; a re-import skips everything', async () => {
    const me = await signUp(t);
    const zip = await upload(me.token, 'takeout-20240101T000000Z-001.zip', await zipOf(fixture.entries));
    const started = await start(me.token, zip);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().import).toMatchObject({ status: 'RUNNING', fileId: zip });

    const done = await runImport(me.token);
    const media = fixture.photos.length + fixture.album.names.length;
    expect(done).toMatchObject({ status: 'DONE', mediaTotal: media, mediaDone: media, imported: fixture.photos.length, skipped: 0, failed: 0, albums: 1, failures: [] });
    await expectPhotos(me.accountId, fixture.photos);

    // On the timeline under the sidecar's days.
    const days = (await timelineApi(t, me.token).groups()).groups.map((g) => g.key);
    for (const p of fixture.photos) expect(days, p.name).toContain(new Date(p.takenAt).toISOString().slice(0, 10));

    // The album folder became an album with its two photos; the year folders did not.
    const albums = (await get('/api/album?contentType=album/photo', me.token)).json().albumList as Array<{ uuid: string; label: string }>;
    expect(albums.map((a) => a.label)).toEqual([fixture.album.title]);
    const rows = await imported(me.accountId);
    const members = await t.database.db.selectFrom('album_file').select('file_id').where('album_id', '=', albums[0]!.uuid).execute();
    expect(members.map((m) => m.file_id).sort()).toEqual(fixture.album.names.map((n) => rows.get(n)!.id).sort());

    const notes = (await get('/api/notification/communication/fetch?language=tr', me.token)).json() as Array<{ type: string; title: string; body: string }>;
    const note = notes.find((n) => n.type === 'TAKEOUT_IMPORT_DONE');
    expect(note?.title).toBe('Google Fotoğraflar aktarımı tamamlandı');
    expect(note?.body).toContain(`${fixture.photos.length} fotoğraf ve video aktarıldı`);

    // The same archive again: nothing new, the album not made twice.
    expect((await start(me.token, zip)).statusCode).toBe(200);
    const again = await runImport(me.token);
    expect(again).toMatchObject({ status: 'DONE', imported: 0, skipped: fixture.photos.length, albums: 0, failed: 0 });
    await expectPhotos(me.accountId, fixture.photos);
    expect(((await get('/api/album?contentType=album/photo', me.token)).json().albumList as unknown[]).length).toBe(1);
  });

  it('imports a .tgz the same way', async () => {
    const me = await signUp(t);
    const tgz = await upload(me.token, 'takeout-20240101T000000Z-001.tgz', await tgzOf(fixture.entries));
    expect((await start(me.token, tgz)).statusCode).toBe(200);
    const done = await runImport(me.token);
    expect(done).toMatchObject({ status: 'DONE', imported: fixture.photos.length, albums: 1, failed: 0 });
    await expectPhotos(me.accountId, fixture.photos);
  });

  it('reads a .tgz once: a sidecar later in the stream still wins, and a retried media job keeps its date and place', async () => {
    const me = await signUp(t);
    // The photo's own EXIF says 2024-05-01 in Istanbul; its sidecar, after other photos in the tarball, says otherwise.
    const camera = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 60, b: 40 } } })
      .jpeg()
      .withExif({
        IFD2: { DateTimeOriginal: '2024:05:01 10:20:30', OffsetTimeOriginal: '+03:00' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 1/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 58/1 0/1' },
      })
      .toBuffer();
    const sidecar = { title: 'PXL_20180304_091500.jpg', photoTakenTime: { timestamp: String(Date.UTC(2018, 2, 4, 9, 15) / 1000) }, geoData: { latitude: 39.9334, longitude: 32.8597 }, favorited: true };
    const dir = 'Takeout/Google Photos/Photos from 2018';
    const entries: Array<[string, Buffer]> = [[`${dir}/PXL_20180304_091500.jpg`, camera], ...fixture.entries, [`${dir}/PXL_20180304_091500.jpg.json`, Buffer.from(JSON.stringify(sidecar))]];
    const tgz = await upload(me.token, 'takeout-20240101T000000Z-002.tgz', await tgzOf(entries));
    const archiveKey = (await t.database.db.selectFrom('file').select('blob_key').where('id', '=', tgz).executeTakeFirstOrThrow()).blob_key!;

    // The blob store as the import sees it: reads of the archive counted, and (a failing disk) every other read refused,
    // so processing each photo inline fails and is left to the queued media job.
    const blobs = t.app.blobs;
    const realGet = blobs.get.bind(blobs);
    let archiveReads = 0;
    blobs.get = (key, range) => {
      if (key === archiveKey) archiveReads++;
      else return Promise.reject(new Error('disk read failed'));
      return realGet(key, range);
    };
    let done;
    try {
      expect((await start(me.token, tgz)).statusCode).toBe(200);
      done = await runImport(me.token);
    } finally {
      blobs.get = realGet;
    }
    expect(archiveReads).toBe(1);
    const media = fixture.photos.length + fixture.album.names.length + 1;
    expect(done).toMatchObject({ status: 'DONE', mediaTotal: media, mediaDone: media, imported: fixture.photos.length + 1, failed: 0, albums: 1 });

    // The media jobs' retries, now that the disk reads again.
    const db = t.database.db;
    await db.updateTable('job').set({ run_at: 0 }).where('type', '=', 'media.process').where('status', '=', 'queued').execute();
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
    const rows = await imported(me.accountId);
    const pxl = rows.get('PXL_20180304_091500.jpg')!;
    expect(pxl.media_status).toBe('READY');
    expect(Number(pxl.taken_at)).toBe(Date.UTC(2018, 2, 4, 9, 15));
    expect(Number(pxl.taken_day)).toBe(20180304);
    expect({ lat: Number(pxl.latitude), lng: Number(pxl.longitude) }).toEqual({ lat: 39.9334, lng: 32.8597 });
    expect(pxl.favourite).toBe(1);
    // Every photo processed by the retry (the fixture's video is not a real one: it ends FAILED, with its given date).
    for (const name of ['PXL_20180304_091500.jpg', ...fixture.photos.map((p) => p.name)]) expect(rows.get(name)?.media_status, name).toBe(name.endsWith('.mp4') ? 'FAILED' : 'READY');
    await expectPhotos(me.accountId, fixture.photos, ['PXL_20180304_091500.jpg']);
  });

  it('refuses what is not an archive, and another account’s archive is not found', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const text = await upload(a.token, 'notes.txt', Buffer.from('not a takeout'));
    expectError(await start(a.token, text), 400, 'NOT_AN_ARCHIVE');
    const zip = await upload(a.token, 'takeout.zip', await zipOf(fixture.entries.slice(0, 2)));
    expect((await start(b.token, zip)).statusCode).toBe(404);
    expect(await status(b.token)).toBeNull();
  });
});
