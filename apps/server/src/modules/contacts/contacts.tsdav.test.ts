import { DAVClient, type DAVAddressBook, type DAVObject } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { withAppPassword } from '../webdav/webdav.fixtures.js';
import { GOOGLE_VCF, listening, phoneCard } from './contacts.fixtures.js';


/** The file name of an object URL ("…/book/abc.vcf" → "abc.vcf"). */
const nameOf = (o: { url: string }) => o.url.slice(o.url.lastIndexOf('/') + 1);

// tsdav is the CardDAV client of many web and Node apps: it finds the address book the way phones do (well-known URL,
// principal, home set) and syncs with sync-collection, so it checks the mount as a real client sees it.
describe.each(DIALECTS)('a real CardDAV client, tsdav, over HTTP (%s)', (dialect) => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await startTestApp(dialect);
    base = await listening(t);
  });
  afterAll(() => t.close());

  async function connect() {
    const { user, token, password } = await withAppPassword(t, 'contacts');
    const client = new DAVClient({ serverUrl: base, credentials: { username: user.email, password }, authMethod: 'Basic', defaultAccountType: 'carddav' });
    await client.login();
    return { client, token };
  }

  it('discovers the address book from /.well-known/carddav, creates, updates and deletes cards, and answers a stale ETag with 412', async () => {
    const { client, token } = await connect();
    expect(client.account?.rootUrl).toBe(`${base}/dav/contacts/`);
    expect(client.account?.homeUrl).toBe(`${base}/dav/contacts/`);
    const books = await client.fetchAddressBooks();
    expect(books.map((b) => b.url)).toEqual([`${base}/dav/contacts/book/`]);
    const book = books[0]!;
    expect(book.reports).toContain('syncCollection');

    const imported = await t.app.inject({ method: 'POST', url: '/api/contacts/backup_version/import', headers: { ...authed(token), 'content-type': 'text/vcard' }, payload: GOOGLE_VCF });
    expect(imported.statusCode).toBe(200);
    expect((await client.fetchVCards({ addressBook: book })).map((v) => v.data)).toEqual([expect.stringContaining('FN:Ayşe Yılmaz')]);

    const created = await client.createVCard({ addressBook: book, filename: 'tsdav-emre.vcf', vCardString: phoneCard('tsdav-1', 'Emre Kaya', '+90 555 000 00 01') });
    expect(created.status).toBe(201);
    const [emre] = await client.fetchVCards({ addressBook: book, objectUrls: [`${book.url}tsdav-emre.vcf`] });
    expect(emre!.data).toContain('FN:Emre Kaya');
    expect(emre!.etag).toMatch(/^"[\w-]+"$/);

    const updated = await client.updateVCard({ vCard: { url: emre!.url, etag: emre!.etag, data: phoneCard('tsdav-1', 'Emre Kaya Yeni', '+90 555 000 00 02') } });
    expect(updated.status).toBe(204);
    // The ETag the client read before its own update is stale now: the server refuses instead of overwriting.
    const stale = await client.updateVCard({ vCard: { url: emre!.url, etag: emre!.etag, data: phoneCard('tsdav-1', 'Eski', '+90 555 000 00 03') } });
    expect(stale.status).toBe(412);
    expect((await client.deleteVCard({ vCard: { url: emre!.url, etag: emre!.etag } })).status).toBe(412);
    const [fresh] = await client.fetchVCards({ addressBook: book, objectUrls: [emre!.url] });
    expect(fresh!.data).toContain('FN:Emre Kaya Yeni');

    expect((await client.deleteVCard({ vCard: { url: fresh!.url, etag: fresh!.etag } })).status).toBe(204);
    expect((await client.fetchVCards({ addressBook: book })).map(nameOf)).not.toContain('tsdav-emre.vcf');
  });

  it('syncs only what changed since its sync token', async () => {
    const { client } = await connect();
    let [book] = (await client.fetchAddressBooks()) as [DAVAddressBook];
    for (const [i, name] of ['Ali Veli', 'Zeynep Ak', 'Çağla Öz'].entries()) {
      expect((await client.createVCard({ addressBook: book, filename: `c${i}.vcf`, vCardString: phoneCard(`c${i}`, name, `+90 555 000 00 1${i}`) })).status).toBe(201);
    }
    // A first sync with the book's token from before the cards: all three arrive.
    const sync = async (collection: DAVAddressBook) =>
      (await client.smartCollectionSync({ collection: { ...collection, objectMultiGet: (params) => client.addressBookMultiGet(params) }, method: 'webdav', detailedResult: true })) as DAVAddressBook & {
        objects: { created: DAVObject[]; updated: DAVObject[]; deleted: DAVObject[] };
      };
    const first = await sync(book);
    expect(first.objects.created.map(nameOf).sort()).toEqual(['c0.vcf', 'c1.vcf', 'c2.vcf']);
    expect(first.syncToken).not.toBe(book.syncToken);
    book = { ...book, syncToken: first.syncToken, objects: first.objects.created };

    // Nothing changed: nothing comes back, the token stays.
    const idle = await client.syncCollection({ url: book.url, props: { 'd:getetag': {} }, syncLevel: 1, syncToken: book.syncToken as string });
    expect(idle.filter((r) => r.href?.endsWith('.vcf'))).toEqual([]);

    const c1 = first.objects.created.find((o) => nameOf(o) === 'c1.vcf')!;
    const c2 = first.objects.created.find((o) => nameOf(o) === 'c2.vcf')!;
    expect((await client.updateVCard({ vCard: { url: c1.url, etag: c1.etag, data: phoneCard('c1', 'Zeynep Ak Yılmaz', '+90 555 000 00 11') } })).status).toBe(204);
    expect((await client.deleteVCard({ vCard: { url: c2.url, etag: c2.etag } })).status).toBe(204);
    expect((await client.createVCard({ addressBook: book, filename: 'c3.vcf', vCardString: phoneCard('c3', 'İsmail İnce', '+90 555 000 00 13') })).status).toBe(201);

    // The phone's changes rolled into the day's SYNC version in place; its token still says what it has seen.
    const second = await sync(book);
    expect(second.objects.created.map(nameOf)).toEqual(['c3.vcf']);
    expect(second.objects.updated.map(nameOf)).toEqual(['c1.vcf']);
    expect(second.objects.updated[0]!.data).toContain('FN:Zeynep Ak Yılmaz');
    expect(second.objects.deleted.map(nameOf)).toEqual(['c2.vcf']);
    // c0 did not change and is not sent again.
    const raw = await client.syncCollection({ url: book.url, props: { 'd:getetag': {} }, syncLevel: 1, syncToken: book.syncToken as string });
    expect(raw.map((r) => nameOf({ url: r.href ?? '' })).filter((n) => n.endsWith('.vcf')).sort()).toEqual(['c1.vcf', 'c2.vcf', 'c3.vcf']);
  });
});
