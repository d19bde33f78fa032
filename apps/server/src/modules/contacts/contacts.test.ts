import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { ANDROID_VCF, GOOGLE_VCF, ICLOUD_VCF, manyCards, PNG_BASE64, V4_VCF, WINDOWS_1254_VCF } from './contacts.fixtures.js';

describe.each(DIALECTS)('contacts backup (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  // The contacts service takes the lowercase x-auth-token header, as spec'd (the harness's `authed` writes it so).
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url: `/api/contacts/${url}`, headers: authed(token) });
  const importVcf = (token: string, body: string | Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/contacts/backup_version/import', headers: { ...authed(token), 'content-type': 'text/vcard' }, payload: body });
  const versions = async (token: string) => (await get(token, 'backup_version')).json().data.items as Array<{ id: string; count: number; source: string; current: boolean }>;
  const page = async (token: string, id: string, currentPage = 1) =>
    (await get(token, `backup_version/${id}?sortField=firstname&sortOrder=ASC&currentPage=${currentPage}&maxResult=100`)).json().data.items as Array<{
      id: string;
      name: string;
      phones: string[];
      emails: string[];
    }>;
  const search = async (token: string, query: string, versionId?: string, currentPage = 1) => {
    const res = await get(token, `search?query=${encodeURIComponent(query)}&sortField=firstname&sortOrder=ASC&currentPage=${currentPage}&maxResult=100${versionId ? `&versionId=${versionId}` : ''}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: Array<{ name: string }>; totalCount: number };
  };

  it('imports each exporter’s file into a new version with every field, and finds names in any script', async () => {
    const { token } = await signUp(t);
    const file = Buffer.concat([Buffer.from(GOOGLE_VCF + ICLOUD_VCF + ANDROID_VCF + V4_VCF), WINDOWS_1254_VCF]);
    const res = await importVcf(token, file);
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ added: 7, merged: 0, skipped: [], warnings: [] });
    expect(result.version).toMatchObject({ count: 7, source: 'IMPORT', current: true });

    const items = await page(token, result.version.id);
    // First-name order under the root collation: Latin (accents second), then Georgian, then Arabic.
    expect(items.map((c) => c.name)).toEqual(['Ayşe Yılmaz', 'Çağla Öztürk', 'İlke Dığer', 'Işık Ağaoğlu', 'İsmail İnce', 'ნინო ბერიძე', 'محمد العلي']);
    const ayse = items[0]!;
    expect(ayse.phones).toEqual(['+90 532 123 45 67', '+90 212 555 00 11']);
    const card = (await get(token, `backup_version/${result.version.id}/contact/${ayse.id}`)).json().data;
    expect(card).toMatchObject({
      name: 'Ayşe Yılmaz',
      organization: 'Bulut A.Ş., Satış',
      birthday: '1990-05-17',
      note: 'Birinci satır\nİkinci satır, virgüllü; noktalı',
      addresses: [expect.objectContaining({ locality: 'İstanbul', street: 'Atatürk Cad. 5, Daire 3' })],
    });
    const cagla = (await get(token, `backup_version/${result.version.id}/contact/${items[1]!.id}`)).json().data;
    expect(cagla.photo).toBe(`data:image/png;base64,${PNG_BASE64}`);

    // Dotted and dotless I, accents, phones in national form, Arabic and Georgian.
    for (const q of ['ismail', 'İSMAİL', 'Ismail', 'ısmail']) expect((await search(token, q)).items.map((c) => c.name)).toEqual(['İsmail İnce']);
    for (const q of ['ışık', 'isik', 'IŞIK']) expect((await search(token, q)).items.map((c) => c.name)).toEqual(['Işık Ağaoğlu']);
    expect((await search(token, '0532 123')).items.map((c) => c.name)).toEqual(['Ayşe Yılmaz']);
    expect((await search(token, 'محمد')).totalCount).toBe(1);
    expect((await search(token, 'ნინო')).totalCount).toBe(1);
    expect((await search(token, 'cagla@icloud')).items.map((c) => c.name)).toEqual(['Çağla Öztürk']);
    expectError(await get(token, 'search?query=a'), 400, 'VALIDATION_ERROR');
  });

  it('pages 250 contacts 100 at a time and searches with a total, scoped to the version viewed', async () => {
    const { token } = await signUp(t);
    const first = (await importVcf(token, manyCards(250))).json().data.version;
    const pages = [await page(token, first.id, 1), await page(token, first.id, 2), await page(token, first.id, 3), await page(token, first.id, 4)];
    expect(pages.map((p) => p.length)).toEqual([100, 100, 50, 0]);
    const names = pages.flat().map((c) => c.name);
    expect(new Set(names).size).toBe(250);
    expect(names[0]).toBe('Kişi 0000');
    expect(names[249]).toBe('Kişi 0249');
    const desc = (await get(token, `backup_version/${first.id}?sortOrder=DESC&currentPage=1&maxResult=100`)).json().data.items;
    expect(desc[0].name).toBe('Kişi 0249');

    const all = await search(token, 'kisi');
    expect(all.totalCount).toBe(250);
    expect(all.items).toHaveLength(100);
    expect((await search(token, 'kisi', first.id, 3)).items).toHaveLength(50);
    expect((await search(token, 'Kişi 012')).totalCount).toBe(10);

    // A second import adds a version; searching the first still finds only its own contacts.
    const second = (await importVcf(token, manyCards(3, [], 'Zeynep'))).json().data.version;
    expect(second.count).toBe(253);
    expect((await search(token, 'zeynep', first.id)).totalCount).toBe(0);
    expect((await search(token, 'zeynep', second.id)).totalCount).toBe(3);
    expect((await search(token, 'zeynep')).totalCount).toBe(3);
  });

  it('skips 2 broken cards of 500 with their lines; a file with no good card changes nothing', async () => {
    const { token, accountId } = await signUp(t);
    const res = await importVcf(token, manyCards(500, [17, 401]));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.added).toBe(498);
    // Texts in the account's language (Turkish, the product's default, for this one), as every server text.
    expect(data.skipped).toEqual([
      { line: 108, reason: 'NO_VALUE', message: 'Satır 108: değeri olmayan bir alan.' },
      { line: expect.any(Number), reason: 'NO_VALUE', message: expect.stringMatching(/^Satır \d+: /) },
    ]);
    await t.database.db.updateTable('account').set({ language: 'en' }).where('id', '=', accountId).execute();
    expect((await importVcf(token, manyCards(3, [1]))).json().data.skipped).toEqual([
      { line: expect.any(Number), reason: 'NO_VALUE', message: expect.stringMatching(/^Line \d+: a property without a value\.$/) },
    ]);
    await t.database.db.updateTable('account').set({ language: 'de' }).where('id', '=', accountId).execute();
    expect((await get(token, 'search?query=a')).json()).toMatchObject({ status: 'VALIDATION_ERROR', message: 'Die Suche braucht mindestens 2 Zeichen.' });
    expect(expectError(await importVcf(token, 'BEGIN:VCARD\r\nFN:Never ends\r\n'), 400, 'VALIDATION_ERROR').message).toBe(
      'Kein Kontakt konnte gelesen werden. Zeile 1: der Karte fehlt END:VCARD.',
    );
    for (const bad of ['not a vcard at all', 'BEGIN:VCARD\r\nFN:Never ends\r\n', '', 'BEGIN:VCARD\r\nNO VALUE HERE\r\nEND:VCARD\r\n', Buffer.from([0, 1, 2, 255, 254])]) {
      expectError(await importVcf(token, bad), 400, 'VALIDATION_ERROR');
    }
    expect(await versions(token)).toHaveLength(2);
  });

  it('exports a version that re-imports equal, and a second import of the same file merges instead of doubling', async () => {
    const a = await signUp(t);
    const v = (await importVcf(a.token, GOOGLE_VCF + ICLOUD_VCF + ANDROID_VCF + V4_VCF)).json().data.version;
    for (const format of ['3.0', '4.0']) {
      const exported = await get(a.token, `backup_version/${v.id}/export?version=${format}`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toBe('text/vcard; charset=utf-8');
      expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.vcf"$/);
      expect(exported.body).toContain(`VERSION:${format}`);
      for (const line of exported.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

      const b = await signUp(t);
      const again = (await importVcf(b.token, exported.rawPayload)).json().data.version;
      const cardsOf = async (token: string, id: string) => {
        const list = await page(token, id);
        const cards = await Promise.all(list.map(async (c) => (await get(token, `backup_version/${id}/contact/${c.id}`)).json().data));
        return cards.map(({ id: _id, ...rest }) => rest);
      };
      expect(await cardsOf(b.token, again.id)).toEqual(await cardsOf(a.token, v.id));
    }

    const twice = (await importVcf(a.token, GOOGLE_VCF + ICLOUD_VCF + ANDROID_VCF + V4_VCF)).json().data;
    expect(twice).toMatchObject({ added: 0, merged: 5 });
    expect(twice.version.count).toBe(5);
  });

  it('restores an older version as a new current version, and deletes a version', async () => {
    const { token } = await signUp(t);
    const older = (await importVcf(token, GOOGLE_VCF)).json().data.version;
    const newer = (await importVcf(token, ICLOUD_VCF)).json().data.version;
    expect(newer.count).toBe(2);
    const restored = await t.app.inject({ method: 'POST', url: `/api/contacts/backup_version/${older.id}/restore`, headers: authed(token) });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ count: 1, source: 'RESTORE', current: true });
    const list = await versions(token);
    expect(list.map((v) => [v.source, v.count, v.current])).toEqual([
      ['RESTORE', 1, true],
      ['IMPORT', 2, false],
      ['IMPORT', 1, false],
    ]);
    // The restored contact is the same resource (same id) as in the version it came from.
    expect((await page(token, restored.json().data.id))[0]!.id).toBe((await page(token, older.id))[0]!.id);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/contacts/backup_version/${newer.id}`, headers: authed(token) });
    expect(del.statusCode).toBe(200);
    expect((await versions(token)).map((v) => v.id)).not.toContain(newer.id);
    expectError(await get(token, `backup_version/${newer.id}`), 404);
  });

  it('answers 404 for another account’s version and contact, and 401 without a session', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const v = (await importVcf(owner.token, GOOGLE_VCF)).json().data.version;
    const contactId = (await page(owner.token, v.id))[0]!.id;
    await importVcf(other.token, ICLOUD_VCF);
    expectError(await get(other.token, `backup_version/${v.id}`), 404, 'NOT_FOUND');
    expectError(await get(other.token, `backup_version/${v.id}/contact/${contactId}`), 404, 'NOT_FOUND');
    expectError(await get(other.token, `backup_version/${v.id}/export`), 404, 'NOT_FOUND');
    expectError(await get(other.token, `search?query=ayse&versionId=${v.id}`), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'POST', url: `/api/contacts/backup_version/${v.id}/restore`, headers: authed(other.token) }), 404);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/contacts/backup_version/${v.id}`, headers: authed(other.token) }), 404);
    expect((await versions(other.token)).map((x) => x.id)).not.toContain(v.id);
    expect(await versions(owner.token)).toHaveLength(1);
    expectError(await t.app.inject({ method: 'GET', url: '/api/contacts/backup_version' }), 401);
    expectError(await get(owner.token, 'backup_version/not-a-uuid'), 400);
  });
});
