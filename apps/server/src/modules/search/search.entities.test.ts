import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addPhoto } from '../albums/albums.fixtures.js';
import { albumsWithOwnStreams, memoryStream } from '../albums/albums.streams.fixtures.js';
import { indexEntities, unindexEntities, type EntitySubject } from '../search-index/search-index.public.js';
import { SearchService } from './search.service.js';
import { addItem } from './search.fixtures.js';

/**
 * People, places and things in search: indexed by every name through the search index's writer, presented through the
 * album stream of their kind. The streams here are the test's own, over real photos.
 */
describe.each(DIALECTS)('search: people, places and things (%s)', (dialect) => {
  let t: TestApp;
  let search: SearchService;
  const people = memoryStream();
  const places = memoryStream();
  const things = memoryStream();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const albums = await albumsWithOwnStreams(t);
    albums.streams.register('album/person', people.provider);
    albums.streams.register('album/location', places.provider);
    albums.streams.register('album/object', things.provider);
    search = new SearchService({ db: t.database.db, dialect: t.database.dialect, links: null, albums });
  });
  afterAll(() => t.close());

  const user = async () => {
    const { accountId } = await signUp(t);
    return { accountId, projectId: 'p' };
  };
  const index = (rows: EntitySubject[]) => indexEntities(t.database.db, rows);
  const subject = (kind: EntitySubject['kind'], id: string, owner: string, label: string, names: string[] = [], status: EntitySubject['status'] = 'ACTIVE') => ({
    kind,
    id,
    owner,
    names,
    label,
    status,
    modifiedAt: Date.now(),
  });

  it('finds them by every name, in any language, as album items of their stream with the cover the provider gives', async () => {
    const u = await user();
    const photo = await addPhoto(t, u.accountId, 'park.jpg');
    const dog = things.add(u.accountId, 'dog', [photo.id]);
    const city = places.add(u.accountId, 'İstanbul', [photo.id]);
    const ayse = people.add(u.accountId, 'Ayşe Yılmaz', [photo.id]);
    await index([
      subject('thing', dog, u.accountId, 'dog', ['dog', 'köpek', 'Hund', 'собака', 'كلب']),
      subject('place', city, u.accountId, 'İstanbul', ['İstanbul', 'Istanbul', 'Стамбул', 'إسطنبول']),
      subject('person', ayse, u.accountId, 'Ayşe Yılmaz'),
    ]);
    // Names rank as names: newest first among equals, and the display name as an exact hit.
    await addItem(t, u.accountId, 'köpek maması.txt', { at: Date.now() - 60_000 });
    await addItem(t, u.accountId, 'dog walk.txt', { at: Date.now() + 60_000 });

    const res = await search.unified(u, { text: 'kopek' });
    expect(res.items.map((h) => [h.kind, h.album?.uuid ?? h.file?.name])).toEqual([
      ['ALBUM', dog],
      ['OTHER', 'köpek maması.txt'],
    ]);
    expect(res.items[0]).toEqual({
      kind: 'ALBUM',
      matchedField: 'name',
      file: null,
      album: expect.objectContaining({ uuid: dog, label: 'dog', contentType: 'album/object', icon: 'object', status: 'ACTIVE', coverPhotoUuid: photo.id, imageCount: 1 }),
    });
    expect(res.counts.ALBUM).toBe(1);
    expect((await search.unified(u, { text: 'dog' })).items.map((h) => h.album?.uuid ?? h.file?.name)).toEqual([dog, 'dog walk.txt']);
    for (const text of ['СОБАКА', 'hund', 'كلب']) {
      expect((await search.unified(u, { text })).items.map((h) => h.album?.uuid), text).toEqual([dog]);
    }
    for (const text of ['istanbul', 'İST', 'стамбул', 'اسطنبول']) {
      expect((await search.unified(u, { text })).items.map((h) => h.album?.contentType), text).toEqual(['album/location']);
    }
    expect((await search.unified(u, { text: 'ayse yil' })).items.map((h) => [h.album?.uuid, h.album?.contentType])).toEqual([
      [ayse, 'album/person'],
    ]);
    // The album filter shows them; the photo filter does not.
    expect((await search.unified(u, { text: 'dog', kind: 'ALBUM' })).items.map((h) => h.album?.uuid)).toEqual([dog]);
    expect((await search.unified(u, { text: 'dog', kind: 'OTHER' })).items.map((h) => h.file?.name)).toEqual(['dog walk.txt']);

    // Suggestions name them, with the kind the web opens them by.
    expect((await search.suggest(u, { text: 'köp' })).items).toEqual([
      { text: 'dog', kind: 'THING', uuid: dog },
      { text: 'köpek maması.txt', kind: 'NAME', uuid: expect.any(String) },
    ]);
    expect((await search.suggest(u, { text: 'ayş' })).items).toEqual([{ text: 'Ayşe Yılmaz', kind: 'PERSON', uuid: ayse }]);
    expect((await search.suggest(u, { text: 'стамб' })).items).toEqual([{ text: 'İstanbul', kind: 'PLACE', uuid: city }]);

    // Another account finds none of them.
    const other = await user();
    expect((await search.unified(other, { text: 'dog' })).items).toEqual([]);
    expect((await search.suggest(other, { text: 'ayse' })).items).toEqual([]);
  });

  it('shows hidden ones only with showHidden and trashed ones only when asked, as albums; gone when unindexed', async () => {
    const u = await user();
    const shy = people.add(u.accountId, 'Zeynep', [], { status: 'HIDDEN' });
    const old = people.add(u.accountId, 'Zeki', [], { status: 'TRASHED' });
    const cat = things.add(u.accountId, 'cat');
    await index([
      subject('person', shy, u.accountId, 'Zeynep', [], 'HIDDEN'),
      subject('person', old, u.accountId, 'Zeki', [], 'TRASHED'),
      subject('thing', cat, u.accountId, 'cat', ['cat', 'kedi']),
    ]);
    const ids = async (q: Parameters<SearchService['unified']>[1]) => (await search.unified(u, q)).items.map((h) => h.album?.uuid);
    expect(await ids({ text: 'ze' })).toEqual([]);
    expect(await ids({ text: 'ze', showHidden: true })).toEqual([shy]);
    expect(await ids({ text: 'ze', showTrashed: true })).toEqual([old]);
    expect((await ids({ text: 'ze', showHidden: true, showTrashed: true })).sort()).toEqual([shy, old].sort());
    expect((await search.suggest(u, { text: 'ze' })).items).toEqual([]);

    // A status change is a new index write by the owning module.
    await index([subject('person', shy, u.accountId, 'Zeynep', [], 'ACTIVE')]);
    expect(await ids({ text: 'zeynep' })).toEqual([shy]);

    await unindexEntities(t.database.db, 'thing', [cat]);
    expect(await ids({ text: 'kedi' })).toEqual([]);
    // An entry its module does not answer for (deleted since, not this caller's) is left out rather than shown half.
    const stranger = (await user()).accountId;
    const ghost = things.add(stranger, 'ghost');
    await index([subject('thing', ghost, u.accountId, 'ghost')]);
    expect((await search.unified(u, { text: 'ghost' })).items).toEqual([]);
    expect((await search.suggest(u, { text: 'ghost' })).items).toEqual([]);
  });
});
