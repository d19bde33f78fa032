import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import exifr from 'exifr';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { GPS, gpsPhoto } from '../../test/gps-photo.js';
import { runAllJobs, uploadJpeg } from './places.discover.fixtures.js';
import { PLACES_BACKFILL } from './places.module.js';

describe.each(DIALECTS)('places (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const runJobs = () => runAllJobs(t);
  const upload = (token: string, name: string, body: Buffer) => uploadJpeg(t, token, name, body);
  const get = (token: string, url: string, language = 'en') =>
    t.app.inject({ method: 'GET', url, headers: { ...authed(token), 'x-client-language': language } });

  it('the fixture carries GPS the media pipeline reads', async () => {
    const gps = await exifr.gps(await gpsPhoto(...GPS.tbilisi));
    expect(gps.latitude).toBeCloseTo(GPS.tbilisi[0], 4);
    expect(gps.longitude).toBeCloseTo(GPS.tbilisi[1], 4);
  });

  it('a GPS photo gets its city for every account, listed with its country in the caller language, and shown as an album', async () => {
    const u = await signUp(t);
    const a = await upload(u.token, 'kadikoy-1.jpg', await gpsPhoto(...GPS.istanbul));
    const b = await upload(u.token, 'kadikoy-2.jpg', await gpsPhoto(...GPS.istanbul));
    const c = await upload(u.token, 'saburtalo.jpg', await gpsPhoto(...GPS.tbilisi));
    const sea = await upload(u.token, 'sea.jpg', await gpsPhoto(...GPS.ionianSea));
    const before = await get(u.token, '/api/location/progress');
    expect(before.json()).toEqual({ done: 0, total: 0 });
    await runJobs();

    const page = await get(u.token, '/api/location/page?pageSize=10&pageNumber=0', 'tr');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ total: 2, pageNumber: 0, pageSize: 10 });
    expect(body.places.map((p: { name: string; country: string; countryCode: string; photoCount: number }) => [p.name, p.country, p.countryCode, p.photoCount])).toEqual([
      ['İstanbul', 'Türkiye', 'TR', 2],
      ['Tiflis', 'Gürcistan', 'GE', 1],
    ]);
    const istanbul = body.places[0];
    expect(istanbul).toMatchObject({ nameEn: 'Istanbul', coverPhoto: { thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//) } });
    // Taken at the same second: either may be the cover.
    expect([a, b]).toContain(istanbul.coverPhoto.uuid);
    expect(istanbul.latitude).toBeCloseTo(41.01, 1);
    expect((await get(u.token, '/api/location/page', 'ka')).json().places[1].country).toBe('საქართველო');
    expect((await get(u.token, '/api/location/page', 'ar')).json().places[0].country).toBe('تركيا');

    expect((await get(u.token, `/api/location/photo/${c}`, 'en')).json().place).toMatchObject({ name: 'Tbilisi', country: 'Georgia', photoCount: 1 });
    expect((await get(u.token, `/api/location/photo/${sea}`)).json()).toEqual({ place: null });
    // Every photo with GPS was looked at, the one at sea too.
    expect((await get(u.token, '/api/location/progress')).json()).toEqual({ done: 4, total: 4 });

    const albums = await get(u.token, '/api/album?contentType=album/location');
    expect(albums.statusCode).toBe(200);
    expect(albums.json().albumList.map((x: { uuid: string; label: string; imageCount: number; icon: string }) => [x.uuid, x.label, x.imageCount, x.icon])).toEqual([
      [istanbul.id, 'Istanbul', 2, 'location'],
      [body.places[1].id, 'Tbilisi', 1, 'location'],
    ]);
    const detail = await get(u.token, `/api/album/${istanbul.id}?contentType=album/location`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().fileList.map((f: { uuid: string }) => f.uuid).sort()).toEqual([a, b].sort());

    // Search finds the place by its country in another language.
    for (const text of ['Gürcistan', 'Грузия', 'tbilisi']) {
      const found = await get(u.token, `/api/search/unified?text=${encodeURIComponent(text)}`);
      expect(found.statusCode).toBe(200);
      expect(found.json().items.map((h: { album: { uuid: string; contentType: string } | null }) => [h.album?.uuid, h.album?.contentType]), text).toEqual([
        [body.places[1].id, 'album/location'],
      ]);
    }

    // Another account sees none of it.
    const other = await signUp(t);
    expect((await get(other.token, '/api/location/page')).json()).toMatchObject({ places: [], total: 0 });
    expect((await get(other.token, `/api/album/${istanbul.id}?contentType=album/location`)).statusCode).toBe(404);
    expect((await get(other.token, `/api/location/photo/${a}`)).statusCode).toBe(404);

    // Trash drops the count at once; deleting for good removes the photo's row.
    const trash = await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: authed(u.token), payload: [a, b] });
    expect(trash.statusCode).toBe(200);
    expect((await get(u.token, '/api/location/page')).json().places.map((p: { name: string; photoCount: number }) => [p.name, p.photoCount])).toEqual([['Tbilisi', 1]]);
    const forever = await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash/forever', headers: authed(u.token), payload: [a] });
    expect(forever.statusCode).toBe(200);
    await runJobs();
    expect(await t.database.db.selectFrom('file_place').select('file_id').where('file_id', '=', a).execute()).toEqual([]);
    const recover = await t.app.inject({ method: 'POST', url: '/api/filesystem/recover', headers: authed(u.token), payload: [b] });
    expect(recover.statusCode).toBe(200);
    const counts = (await get(u.token, '/api/location/page')).json().places.map((p: { name: string; photoCount: number }) => [p.name, p.photoCount]);
    // Equal counts: the order between them is stable but not by name.
    expect(counts.sort()).toEqual([
      ['Istanbul', 1],
      ['Tbilisi', 1],
    ]);
  });

  it('a place whose photos are all trashed, hidden or deleted is not found by search until one is live again', async () => {
    const u = await signUp(t);
    const photo = await upload(u.token, 'summer.jpg', await gpsPhoto(...GPS.tbilisi));
    await runJobs();
    const placeId = (await get(u.token, `/api/location/photo/${photo}`)).json().place.id as string;
    const files = (method: 'DELETE' | 'POST', url: string) => t.app.inject({ method, url: `/api${url}`, headers: authed(u.token), payload: [photo] });
    const findsIt = async () => {
      const unified = (await get(u.token, '/api/search/unified?text=tbilisi')).json();
      const suggest = (await get(u.token, '/api/search/unified/suggest?text=tbili')).json();
      const hits = unified.items.flatMap((h: { album: { uuid: string } | null }) => (h.album ? [h.album.uuid] : []));
      const suggested = suggest.items.filter((s: { kind: string }) => s.kind === 'PLACE').map((s: { uuid: string }) => s.uuid);
      // The album chip counts what the page shows, and the album filter shows the same.
      expect(unified.counts.ALBUM).toBe(hits.length);
      const albums = (await get(u.token, '/api/search/unified?text=tbilisi&kind=ALBUM')).json();
      expect(albums.items.map((h: { album: { uuid: string } }) => h.album.uuid)).toEqual(hits);
      expect(albums.totalCount).toBe(hits.length);
      return { unified: hits.includes(placeId), suggest: suggested.includes(placeId) };
    };
    expect(await findsIt()).toEqual({ unified: true, suggest: true });
    expect((await files('DELETE', '/filesystem/trash')).statusCode).toBe(200);
    expect(await findsIt()).toEqual({ unified: false, suggest: false });
    expect((await files('POST', '/filesystem/recover')).statusCode).toBe(200);
    expect(await findsIt()).toEqual({ unified: true, suggest: true });
    expect((await files('DELETE', '/filesystem/hide')).statusCode).toBe(200);
    expect(await findsIt()).toEqual({ unified: false, suggest: false });
    expect((await files('POST', '/filesystem/unhide')).statusCode).toBe(200);
    expect(await findsIt()).toEqual({ unified: true, suggest: true });
    await files('DELETE', '/filesystem/trash');
    expect((await files('DELETE', '/filesystem/trash/forever')).statusCode).toBe(200);
    await runJobs();
    expect(await findsIt()).toEqual({ unified: false, suggest: false });
  });

  it('bad input is a 400, an unknown photo a 404', async () => {
    const u = await signUp(t);
    expect((await get(u.token, '/api/location/page?pageSize=0')).statusCode).toBe(400);
    expect((await get(u.token, '/api/location/page?pageNumber=-1')).statusCode).toBe(400);
    expect((await get(u.token, '/api/location/photo/not-a-uuid')).statusCode).toBe(400);
    expect((await get(u.token, '/api/location/photo/7f1b8a0e-5c1d-4c4e-9d38-2b1f0c7e9a11')).statusCode).toBe(404);
  });

  it('the backfill places photos processed before places existed, in bounded batches', async () => {
    const u = await signUp(t);
    const id = await upload(u.token, 'old.jpg', await gpsPhoto(...GPS.tbilisi));
    await runJobs();
    // As if processed before the feature: the photo's place row is not there.
    await t.database.db.deleteFrom('file_place').where('file_id', '=', id).execute();
    expect((await get(u.token, '/api/location/progress')).json()).toEqual({ done: 0, total: 1 });
    await t.database.db.updateTable('job').set({ run_at: 0 }).where('type', '=', PLACES_BACKFILL).where('status', '=', 'queued').execute();
    await runJobs();
    expect((await get(u.token, '/api/location/progress')).json()).toEqual({ done: 1, total: 1 });
    expect((await get(u.token, `/api/location/photo/${id}`)).json().place).toMatchObject({ name: 'Tbilisi' });
  });
});
