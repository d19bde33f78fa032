import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { filesApi } from '../files/files.fixtures.js';
import { albumsApi } from '../albums/albums.fixtures.js';
import { indexMissing } from '../search-index/search-index.public.js';
import { addItem, searchApi, type Hit } from './search.fixtures.js';

describe.each(DIALECTS)('search (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const user = async () => {
    const u = await signUp(t);
    return { ...u, search: searchApi(t, u.token), files: filesApi(t, u.token), albums: albumsApi(t, u.token) };
  };

  it('folds case, accents and scripts the same way for names and queries, each word as a prefix', async () => {
    const u = await user();
    const names = [
      'İstanbul gezisi.jpg',
      'Şehir manzarası.png',
      'ışık ve gölge.pdf',
      'ılık su.txt',
      'Ёлка в Москве.docx',
      'ᲗᲑᲘᲚᲘᲡᲘ ღამე.jpg',
      'أحمد في المدرسة.jpg',
      'Çiğdem Öğretmen.txt',
      'Straße.txt',
    ];
    for (const n of names) await addItem(t, u.accountId, n);
    const find = (q: string) => u.search.names(q);
    expect(await find('istanbul')).toEqual(['İstanbul gezisi.jpg']);
    expect(await find('İSTANBUL')).toEqual(['İstanbul gezisi.jpg']);
    expect(await find('sehir')).toEqual(['Şehir manzarası.png']);
    expect(await find('manzarasi')).toEqual(['Şehir manzarası.png']);
    expect(await find('IŞIK')).toEqual(['ışık ve gölge.pdf']);
    expect(await find('isik golge')).toEqual(['ışık ve gölge.pdf']);
    expect(await find('ILIK')).toEqual(['ılık su.txt']);
    expect(await find('елка')).toEqual(['Ёлка в Москве.docx']);
    expect(await find('МОСК')).toEqual(['Ёлка в Москве.docx']);
    expect(await find('თბილისი')).toEqual(['ᲗᲑᲘᲚᲘᲡᲘ ღამე.jpg']);
    expect(await find('احمد')).toEqual(['أحمد في المدرسة.jpg']);
    expect(await find('المدرسه')).toEqual(['أحمد في المدرسة.jpg']);
    expect(await find('cigdem ogret')).toEqual(['Çiğdem Öğretmen.txt']);
    expect(await find('strasse')).toEqual(['Straße.txt']);
    // Prefixes of words only, never the middle of one; every word must match.
    expect(await find('tanbul')).toEqual([]);
    expect(await find('istanbul manzara')).toEqual([]);
    // Nothing searchable in the text: no hits rather than an error.
    expect(await find('!!!')).toEqual([]);
  });

  it('ranks an exact name first, then names starting with the words, then descriptions; recent first among equals', async () => {
    const u = await user();
    const t0 = Date.UTC(2025, 0, 1);
    await addItem(t, u.accountId, 'deniz kenarı.jpg', { at: t0 + 3 });
    await addItem(t, u.accountId, 'notes.txt', { at: t0 + 9, description: 'Deniz ve kum' });
    await addItem(t, u.accountId, 'Deniz.jpg', { at: t0 + 1 });
    await addItem(t, u.accountId, 'denizaltı.pdf', { at: t0 + 5 });
    const res = await u.search.unified({ text: 'deniz' });
    expect(res.statusCode).toBe(200);
    const hits = res.json().items as Hit[];
    expect(hits.map((h) => h.file!.name)).toEqual(['Deniz.jpg', 'denizaltı.pdf', 'deniz kenarı.jpg', 'notes.txt']);
    expect(hits.map((h) => h.matchedField)).toEqual(['name', 'name', 'name', 'description']);
    expect(res.json().totalCount).toBe(4);
    // By the name's sort key, as the files listing sorts (a space before a dot).
    expect(await u.search.names('deniz', { sortBy: 'name', sortOrder: 'ASC' })).toEqual([
      'deniz kenarı.jpg',
      'Deniz.jpg',
      'denizaltı.pdf',
      'notes.txt',
    ]);
    expect(await u.search.names('deniz', { size: 2, page: 1 })).toEqual(['deniz kenarı.jpg', 'notes.txt']);
  });

  it('finds photos by month in every language, by year and by camera, and counts each kind', async () => {
    const u = await user();
    await addItem(t, u.accountId, 'IMG_0001.jpg', { kind: 'photo', takenDay: 20240315, camera: 'Apple iPhone 13' });
    await addItem(t, u.accountId, 'IMG_0002.mp4', { kind: 'video', takenDay: 20240402 });
    await addItem(t, u.accountId, 'mart raporu.pdf', { kind: 'pdf' });
    for (const q of ['Mart 2024', 'March 2024', 'март 2024', 'березень 2024', 'März 2024', 'marzo', 'მარტი 2024', 'مارس 2024']) {
      expect(await u.search.names(q), q).toEqual(q === 'Mart 2024' || q === 'marzo' ? expect.arrayContaining(['IMG_0001.jpg']) : ['IMG_0001.jpg']);
    }
    expect(await u.search.names('mart')).toEqual(['mart raporu.pdf', 'IMG_0001.jpg']);
    expect((await u.search.names('2024')).sort()).toEqual(['IMG_0001.jpg', 'IMG_0002.mp4']);
    expect(await u.search.names('april 2024')).toEqual(['IMG_0002.mp4']);
    expect(await u.search.names('May 2024')).toEqual([]);
    const camera = (await u.search.unified({ text: 'iphone' })).json();
    expect(camera.items.map((h: Hit) => [h.kind, h.matchedField])).toEqual([['PHOTO', 'camera']]);

    const all = (await u.search.unified({ text: 'img' })).json();
    expect(all.counts).toEqual({ PHOTO: 1, VIDEO: 1, DOCUMENT: 0, FOLDER: 0, ALBUM: 0, OTHER: 0 });
    const videos = (await u.search.unified({ text: 'img', kind: 'VIDEO' })).json();
    expect(videos.items.map((h: Hit) => h.file!.name)).toEqual(['IMG_0002.mp4']);
    expect(videos.totalCount).toBe(1);
    expect(videos.counts).toEqual(all.counts);
    const pdfs = (await u.search.unified({ text: 'rapor', kind: 'DOCUMENT', documentType: 'PDF' })).json();
    expect([pdfs.totalCount, pdfs.items[0].kind]).toEqual([1, 'DOCUMENT']);
    expect((await u.search.unified({ text: 'rapor', kind: 'DOCUMENT', documentType: 'WORD' })).json().totalCount).toBe(0);
  });

  it('keeps the index current through rename, description, move, trash, recover and delete', async () => {
    const u = await user();
    const folder = await u.files.folder('Tatil');
    const id = await addItem(t, u.accountId, 'kumsal.jpg', { kind: 'photo' });
    expect(await u.search.names('tatil')).toEqual(['Tatil']);

    expect((await u.files.rename(id, 'Güneş batımı.jpg')).statusCode).toBe(200);
    expect(await u.search.names('gunes')).toEqual(['Güneş batımı.jpg']);
    expect(await u.search.names('kumsal')).toEqual([]);

    expect((await u.files.describe(id, { key: 'Description', value: 'Bodrum akşamı' })).statusCode).toBe(200);
    const described = (await u.search.unified({ text: 'aksam' })).json().items as Hit[];
    expect(described.map((h) => [h.file!.name, h.matchedField])).toEqual([['Güneş batımı.jpg', 'description']]);

    expect((await u.files.move([id], folder.uuid)).statusCode).toBe(200);
    const moved = (await u.search.unified({ text: 'gunes' })).json().items as Array<{ file: { parentFolderUuid: string } }>;
    expect(moved.map((h) => h.file.parentFolderUuid)).toEqual([folder.uuid]);

    // Trashing the folder takes the photo along: neither is found unless trashed items are asked for.
    expect((await u.files.trash([folder.uuid])).statusCode).toBe(200);
    expect(await u.search.names('gunes')).toEqual([]);
    expect(await u.search.names('tatil')).toEqual([]);
    expect(await u.search.names('gunes', { showTrashed: true })).toEqual(['Güneş batımı.jpg']);

    expect((await u.files.recover([folder.uuid])).statusCode).toBe(200);
    expect(await u.search.names('gunes')).toEqual(['Güneş batımı.jpg']);

    expect((await u.files.trash([folder.uuid])).statusCode).toBe(200);
    expect((await u.files.deleteForever([folder.uuid])).statusCode).toBe(200);
    expect(await u.search.names('gunes', { showTrashed: true })).toEqual([]);
    const left = await t.database.db.selectFrom('search_entry').select('subject_id').where('owner_id', '=', u.accountId).execute();
    expect(left).toEqual([]);
  });

  it('finds albums by name through create, rename, hide, trash and delete', async () => {
    const u = await user();
    const album = await u.albums.album('Düğün Fotoğrafları');
    const hits = (await u.search.unified({ text: 'dugun' })).json();
    expect(hits.items.map((h: Hit) => [h.kind, h.album!.label, h.file])).toEqual([['ALBUM', 'Düğün Fotoğrafları', null]]);
    expect(hits.counts.ALBUM).toBe(1);
    expect((await u.albums.rename(album.uuid, 'Nişan')).statusCode).toBe(200);
    expect(await u.search.names('nisan')).toEqual(['Nişan']);
    expect(await u.search.names('dugun')).toEqual([]);
    expect((await u.albums.hide([album.uuid])).statusCode).toBe(200);
    expect(await u.search.names('nisan')).toEqual([]);
    expect(await u.search.names('nisan', { showHidden: true })).toEqual(['Nişan']);
    expect((await u.albums.deleteForever([album.uuid])).statusCode).toBe(200);
    expect(await u.search.names('nisan', { showHidden: true, showTrashed: true })).toEqual([]);
  });

  it('shows hidden items only with showHidden', async () => {
    const u = await user();
    await addItem(t, u.accountId, 'gizli belge.txt', { hidden: true });
    expect(await u.search.names('gizli')).toEqual([]);
    expect(await u.search.names('gizli', { showHidden: true })).toEqual(['gizli belge.txt']);
  });

  it('suggests names, folders, albums, months and cameras for a prefix', async () => {
    const u = await user();
    const folder = await u.files.folder('Kapadokya');
    const file = await addItem(t, u.accountId, 'Kapadokya balon.jpg', { kind: 'photo', takenDay: 20230512, camera: 'Canon EOS R6' });
    const album = await u.albums.album('Kapadokya 2023');
    const res = await u.search.suggest({ text: 'kapa' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ text: string; kind: string; uuid: string | null }>;
    expect(items).toEqual(
      expect.arrayContaining([
        { text: 'Kapadokya', kind: 'FOLDER', uuid: folder.uuid },
        { text: 'Kapadokya balon.jpg', kind: 'NAME', uuid: file },
        { text: 'Kapadokya 2023', kind: 'ALBUM', uuid: album.uuid },
      ]),
    );
    // Newest first, an exact name before all others.
    expect(items[0]).toEqual({ text: 'Kapadokya 2023', kind: 'ALBUM', uuid: album.uuid });
    expect((await u.search.suggest({ text: 'KAPADOKYA' })).json().items[0]).toEqual({ text: 'Kapadokya', kind: 'FOLDER', uuid: folder.uuid });
    expect((await u.search.suggest({ text: 'mayıs' })).json().items).toEqual([{ text: 'Mayıs 2023', kind: 'MONTH', uuid: null }]);
    expect((await u.search.suggest({ text: 'may 2023' })).json().items).toEqual([{ text: 'May 2023', kind: 'MONTH', uuid: null }]);
    expect((await u.search.suggest({ text: 'can' })).json().items).toEqual([{ text: 'Canon EOS R6', kind: 'CAMERA', uuid: null }]);
    expect((await u.search.suggest({ text: 'kapa', size: 1 })).json().items).toHaveLength(1);
  });

  it("never shows another account's items, in results or suggestions", async () => {
    const a = await user();
    const b = await user();
    await addItem(t, a.accountId, 'Gizem özel.jpg', { kind: 'photo', takenDay: 20220101, camera: 'Nikon Z6' });
    await a.albums.album('Gizem albüm');
    expect(await a.search.names('gizem')).toHaveLength(2);
    const other = (await b.search.unified({ text: 'gizem', showHidden: true, showTrashed: true })).json();
    expect(other.items).toEqual([]);
    expect(other.totalCount).toBe(0);
    for (const text of ['gizem', 'ocak 2022', 'nikon']) expect((await b.search.suggest({ text })).json().items).toEqual([]);
  });

  it('refuses bad input with the product error shape', async () => {
    const u = await user();
    expectError(await u.search.unified({}), 400, 'VALIDATION_ERROR');
    expectError(await u.search.unified({ text: '' }), 400, 'VALIDATION_ERROR');
    expectError(await u.search.unified({ text: 'x'.repeat(201) }), 400, 'VALIDATION_ERROR');
    expectError(await u.search.unified({ text: 'a', size: 101 }), 400, 'VALIDATION_ERROR');
    expectError(await u.search.unified({ text: 'a', kind: 'CAT' }), 400, 'VALIDATION_ERROR');
    expectError(await u.search.unified({ text: 'a', sortBy: 'size' }), 400, 'VALIDATION_ERROR');
    expectError(await u.search.suggest({ text: 'x'.repeat(101) }), 400, 'VALIDATION_ERROR');
    expectError(await u.search.suggest({ text: 'a', size: 21 }), 400, 'VALIDATION_ERROR');
    // Quotes, operators and wildcards of the full-text syntaxes are just text.
    for (const text of ['"', "a' | b", 'a* OR b', 'NEAR(a b)', '%_\\', ':*', '-a']) {
      expect((await u.search.unified({ text })).statusCode, text).toBe(200);
      expect((await u.search.suggest({ text })).statusCode, text).toBe(200);
    }
  });

  it('indexes rows that existed before the index (backfill at start)', async () => {
    const u = await user();
    await addItem(t, u.accountId, 'eski dosya.txt');
    await t.database.db.deleteFrom('search_entry').where('owner_id', '=', u.accountId).execute();
    expect(await u.search.names('eski')).toEqual([]);
    expect(await indexMissing(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await u.search.names('eski')).toEqual(['eski dosya.txt']);
  });

  it('finds what live shares give the caller, with the owner\'s project id, and nothing once the share is removed', async () => {
    const [owner, invitee, stranger] = [await user(), await user(), await user()];
    const folder = await owner.files.folder('Tatil');
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: authed(owner.token),
      payload: { items: [folder.uuid], invitees: [invitee.user.email], type: 'VIEWER', duration: 'UNLIMITED' },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    // Moved in after the share was made: the grant covers everything under the folder, whenever it arrived.
    const plan = await addItem(t, owner.accountId, 'yelken planı.pdf', { kind: 'pdf' });
    await addItem(t, owner.accountId, 'yelken gizli.pdf', { kind: 'pdf' });
    expect((await owner.files.move([plan], folder.uuid)).statusCode).toBe(200);
    await addItem(t, invitee.accountId, 'yelken notlarım.txt');

    const res = await invitee.search.unified({ text: 'yelken' });
    expect(res.statusCode).toBe(200);
    const hits = res.json().items as Array<Hit & { file: { uuid: string; projectId: string } | null }>;
    expect(hits.map((h) => h.file?.name).sort()).toEqual(['yelken notlarım.txt', 'yelken planı.pdf']);
    expect(hits.find((h) => h.file?.uuid === plan)?.file?.projectId).toBe(await owner.files.projectId());
    expect((await invitee.search.suggest({ text: 'yelken pl' })).json().items.map((s: { text: string }) => s.text)).toEqual(['yelken planı.pdf']);
    // The owner's other files and other people's search stay apart.
    expect(await owner.search.names('yelken')).toEqual(expect.arrayContaining(['yelken planı.pdf', 'yelken gizli.pdf']));
    expect(await owner.search.names('notlarım')).toEqual([]);
    expect(await stranger.search.names('yelken')).toEqual([]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/files/${await owner.files.projectId()}/${folder.uuid}/acls?subjectType=USER&subjectId=${invitee.accountId}`,
      headers: authed(owner.token),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await invitee.search.names('yelken')).toEqual(['yelken notlarım.txt']);
    expect((await invitee.search.suggest({ text: 'yelken pl' })).json().items).toEqual([]);
  });
});
