import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { GPS, gpsPhoto } from '../../test/gps-photo.js';
import { countryNames } from '../../infra/geo/reverse-geocoder.js';
import { indexEntities } from '../search-index/search-index.public.js';
import { runAllJobs, uploadJpeg } from './places.discover.fixtures.js';
import { PLACES_BACKFILL } from './places.module.js';
import { PLACE_NAMES_VERSION } from './places.service.js';

interface Hit {
  album: { uuid: string; label: string; contentType: string } | null;
}

// Issue 26: a place is named in the reader's language (X-Client-Language) and found by its name in any of them.
describe.each(DIALECTS)('place names in the reader language (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let accountId: string;
  let tbilisi: { photo: string; place: string };
  let istanbul: { photo: string; place: string };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const u = await signUp(t);
    token = u.token;
    accountId = u.accountId;
    const a = await uploadJpeg(t, token, 'saburtalo.jpg', await gpsPhoto(...GPS.tbilisi));
    const b = await uploadJpeg(t, token, 'kadikoy.jpg', await gpsPhoto(...GPS.istanbul));
    await runAllJobs(t);
    const placeOf = async (photo: string) => (await get(`/api/location/photo/${photo}`)).json().place.id as string;
    tbilisi = { photo: a, place: await placeOf(a) };
    istanbul = { photo: b, place: await placeOf(b) };
  });
  afterAll(() => t.close());

  const get = (url: string, language?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...authed(token), ...(language ? { 'x-client-language': language } : {}) } });
  const placeOf = async (photo: string, language?: string) => (await get(`/api/location/photo/${photo}`, language)).json().place;

  it('a photo taken in Tbilisi is in "Tiflis" for a Turkish reader, "تبليسي" in Arabic, "Тбилиси" in Russian', async () => {
    expect(await placeOf(tbilisi.photo, 'tr')).toMatchObject({ name: 'Tiflis', nameEn: 'Tbilisi', country: 'Gürcistan', countryCode: 'GE' });
    expect(await placeOf(tbilisi.photo, 'ar')).toMatchObject({ name: 'تبليسي', nameEn: 'Tbilisi', country: 'جورجيا' });
    expect(await placeOf(tbilisi.photo, 'ru')).toMatchObject({ name: 'Тбилиси', country: 'Грузия' });
    expect(await placeOf(tbilisi.photo, 'ka')).toMatchObject({ name: 'თბილისი', country: 'საქართველო' });
    // A regional tag is the language; without a header the names are the data's own.
    expect(await placeOf(tbilisi.photo, 'de-AT')).toMatchObject({ name: 'Tiflis', country: 'Georgien' });
    expect(await placeOf(tbilisi.photo)).toMatchObject({ name: 'Tbilisi', country: 'Georgia' });
  });

  it('Istanbul is spelled "İstanbul" for a Turkish reader, in the places list and the place albums', async () => {
    expect(await placeOf(istanbul.photo, 'tr')).toMatchObject({ name: 'İstanbul', country: 'Türkiye' });
    expect(await placeOf(istanbul.photo, 'en')).toMatchObject({ name: 'Istanbul', country: 'Türkiye' });
    const names = (await get('/api/location/page?pageSize=10&pageNumber=0', 'tr')).json().places.map((p: { id: string; name: string }) => [p.id, p.name]);
    expect(names.sort()).toEqual(
      [
        [istanbul.place, 'İstanbul'],
        [tbilisi.place, 'Tiflis'],
      ].sort(),
    );
    const albums = (await get('/api/album?contentType=album/location', 'ar')).json().albumList;
    expect(albums.map((a: { uuid: string; label: string }) => [a.uuid, a.label]).sort()).toEqual(
      [
        [istanbul.place, 'إسطنبول'],
        [tbilisi.place, 'تبليسي'],
      ].sort(),
    );
    const detail = await get(`/api/album/${tbilisi.place}?contentType=album/location`, 'uk');
    expect(detail.json().album).toMatchObject({ uuid: tbilisi.place, label: 'Тбілісі' });
  });

  it('a Turkish search for "Tiflis" finds the Tbilisi place, named as the reader says it', async () => {
    const found = (await get(`/api/search/unified?text=Tiflis`, 'tr')).json();
    expect(found.items.map((h: Hit) => [h.album?.uuid, h.album?.label, h.album?.contentType])).toEqual([[tbilisi.place, 'Tiflis', 'album/location']]);
    const suggested = (await get(`/api/search/unified/suggest?text=tifl`, 'tr')).json().items;
    expect(suggested).toContainEqual({ text: 'Tiflis', kind: 'PLACE', uuid: tbilisi.place });
  });

  it('Istanbul is found by every spelling and script: İstanbul, istanbul, Стамбул, إسطنبول, Estambul', async () => {
    for (const text of ['İstanbul', 'istanbul', 'ISTANBUL', 'Стамбул', 'إسطنبول', 'Estambul', 'Stamboll']) {
      const found = (await get(`/api/search/unified?text=${encodeURIComponent(text)}`, 'ru')).json();
      expect(found.items.map((h: Hit) => [h.album?.uuid, h.album?.label]), text).toEqual([[istanbul.place, 'Стамбул']]);
    }
  });

  it('places indexed before the exonyms existed are re-indexed by the backfill, so "Tiflis" finds them too', async () => {
    const db = t.database.db;
    // As a place was indexed before issue 26: GeoNames' names and the country's, no exonyms, at edition 0.
    const row = await db.selectFrom('place').selectAll().where('id', '=', tbilisi.place).executeTakeFirstOrThrow();
    await indexEntities(db, [
      { kind: 'place', id: row.id, owner: accountId, names: [row.name, row.name_en, ...countryNames(row.country_code)], label: row.name, status: 'ACTIVE', modifiedAt: Number(row.created_at) },
    ]);
    await db.updateTable('place').set({ names_version: 0 }).where('account_id', '=', accountId).execute();
    const finds = async (text: string) =>
      (await get(`/api/search/unified?text=${encodeURIComponent(text)}`, 'tr')).json().items.map((h: Hit) => h.album?.uuid);
    expect(await finds('Tiflis')).toEqual([]);
    expect(await finds('Gürcistan')).toEqual([tbilisi.place]);

    await db.updateTable('job').set({ run_at: 0 }).where('type', '=', PLACES_BACKFILL).where('status', '=', 'queued').execute();
    await runAllJobs(t);
    expect(await finds('Tiflis')).toEqual([tbilisi.place]);
    expect(await finds('Тбилиси')).toEqual([tbilisi.place]);
    const versions = await db.selectFrom('place').select('names_version').where('account_id', '=', accountId).execute();
    expect(versions.map((v) => Number(v.names_version))).toEqual([PLACE_NAMES_VERSION, PLACE_NAMES_VERSION]);
  });

  it('another account finds nothing by these names', async () => {
    const other = await signUp(t);
    const found = await t.app.inject({ method: 'GET', url: '/api/search/unified?text=Tiflis', headers: { ...authed(other.token), 'x-client-language': 'tr' } });
    expect(found.statusCode).toBe(200);
    expect(found.json().items).toEqual([]);
  });
});
