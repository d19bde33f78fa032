import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { basic, withAppPassword } from '../webdav/webdav.fixtures.js';
import { GOOGLE_VCF, ICLOUD_VCF, listening, manyCards, phoneCard } from './contacts.fixtures.js';

const hrefsOf = (xml: string) => [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => m[1]!);
const etagsOf = (xml: string) => [...xml.matchAll(/<D:getetag>([^<]*)<\/D:getetag>/g)].map((m) => m[1]!.replace(/&quot;/g, '"'));


/** A phone's CardDAV client over real HTTP: fetch with the DAV methods and Basic credentials. */
interface Phone {
  accountId: string;
  token: string;
  email: string;
  password: string;
  dav(method: string, path: string, o?: { body?: string; headers?: Record<string, string>; as?: string }): Promise<{ status: number; headers: Headers; body: string }>;
}

describe.each(DIALECTS)('CardDAV over real HTTP (%s)', (dialect) => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await startTestApp(dialect);
    base = await listening(t);
  });
  afterAll(() => t.close());

  async function request(method: string, url: string, o: { body?: string; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${base}${url}`, { method, redirect: 'manual', headers: o.headers, body: o.body });
    return { status: res.status, headers: res.headers, body: await res.text() };
  }

  async function phone(scope: 'contacts' | 'files' = 'contacts'): Promise<Phone> {
    const { user, token, accountId, password } = await withAppPassword(t, scope);
    return {
      accountId,
      token,
      email: user.email,
      password,
      dav: (method, path, o = {}) =>
        request(method, `/dav/contacts${path}`, { body: o.body, headers: { authorization: o.as ?? basic(user.email, password), ...o.headers } }),
    };
  }

  const propfind = (p: Phone, path: string, depth: '0' | '1', props: string) =>
    p.dav('PROPFIND', path, {
      headers: { depth, 'content-type': 'application/xml' },
      body: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav" xmlns:cs="http://calendarserver.org/ns/"><d:prop>${props}</d:prop></d:propfind>`,
    });
  const report = (p: Phone, body: string) =>
    p.dav('REPORT', '/book/', {
      headers: { depth: '1', 'content-type': 'application/xml' },
      body: `<?xml version="1.0"?>${body}`,
    });
  const multiget = (p: Phone, hrefs: string[]) =>
    report(
      p,
      `<card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop>${hrefs.map((h) => `<d:href>${h}</d:href>`).join('')}</card:addressbook-multiget>`,
    );
  const versions = async (p: Phone) =>
    (await t.app.inject({ method: 'GET', url: '/api/contacts/backup_version', headers: authed(p.token) })).json().data.items as Array<{ id: string; count: number; source: string; current: boolean }>;
  const importVcf = (p: Phone, body: string) =>
    t.app.inject({ method: 'POST', url: '/api/contacts/backup_version/import', headers: { ...authed(p.token), 'content-type': 'text/vcard' }, payload: body });

  it('is discovered from /.well-known/carddav: principal, address-book home, one address book', async () => {
    const p = await phone();
    const wk = await request('PROPFIND', '/.well-known/carddav', { headers: { depth: '0' } });
    expect(wk.status).toBe(301);
    expect(wk.headers.get('location')).toBe('/dav/contacts/');

    const options = await p.dav('OPTIONS', '/');
    expect(options.headers.get('dav')).toContain('addressbook');

    const principal = await propfind(p, '/', '0', '<d:current-user-principal/><card:addressbook-home-set/><d:resourcetype/>');
    expect(principal.status).toBe(207);
    expect(hrefsOf(principal.body)).toEqual(['/dav/contacts/', '/dav/contacts/', '/dav/contacts/']);
    expect(principal.body).toContain('<D:principal/>');

    const home = await propfind(p, '/', '1', '<d:resourcetype/><d:displayname/>');
    expect(hrefsOf(home.body)).toEqual(['/dav/contacts/', '/dav/contacts/book/']);
    expect(home.body).toMatch(/<n\d:addressbook xmlns:n\d="urn:ietf:params:xml:ns:carddav"\/>/);

    const book = await propfind(p, '/book/', '0', '<cs:getctag/><d:sync-token/><card:supported-address-data/><d:supported-report-set/>');
    // The book's seq: no change yet.
    expect(book.body).toMatch(/getctag[^>]*>0</);
    expect(book.body).toContain('<D:sync-token>https://bulut.invalid/ns/contacts-sync/0</D:sync-token>');
    expect(book.body).toContain('addressbook-multiget');
    expect(book.body).toContain('version="3.0"');
  });

  it('lists the current version’s cards with ETags and serves them by multiget and by query', async () => {
    const p = await phone();
    expect((await importVcf(p, GOOGLE_VCF + ICLOUD_VCF)).statusCode).toBe(200);
    const listing = await propfind(p, '/book/', '1', '<d:getetag/><d:getcontenttype/><cs:getctag/>');
    // One change (the import) since the book was empty.
    expect(listing.body).toMatch(/getctag[^>]*>1</);
    const cards = hrefsOf(listing.body).filter((h) => h.endsWith('.vcf'));
    expect(cards).toHaveLength(2);
    expect(etagsOf(listing.body)).toHaveLength(2);
    expect(listing.body.match(/text\/vcard; charset=utf-8/g)).toHaveLength(2);

    const head = await p.dav('HEAD', cards[0]!.slice('/dav/contacts'.length));
    expect(head.status).toBe(200);
    expect(etagsOf(listing.body)).toContain(head.headers.get('etag'));
    expect(head.body).toBe('');
    // ETags guard phones' writes; address books are not locked (no DAV class 2).
    const lock = await p.dav('LOCK', '/book/', {
      headers: { 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockinfo>',
    });
    expect(lock.status).toBe(405);

    const got = await multiget(p, [...cards, '/dav/contacts/book/nobody.vcf']);
    expect(got.status).toBe(207);
    expect(got.body).toContain('FN:Ayşe Yılmaz');
    expect(got.body).toContain('FN:Çağla Öztürk');
    expect(got.body).toMatch(/<D:href>\/dav\/contacts\/book\/nobody\.vcf<\/D:href><D:status>HTTP\/1\.1 404 Not Found<\/D:status>/);

    const query = await report(
      p,
      '<card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop><card:filter><card:prop-filter name="FN"><card:text-match collation="i;unicode-casemap" match-type="contains">ÇAĞLA</card:text-match></card:prop-filter></card:filter></card:addressbook-query>',
    );
    expect(hrefsOf(query.body)).toHaveLength(1);
    const all = await report(p, '<card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop></card:addressbook-query>');
    expect(hrefsOf(all.body)).toHaveLength(2);
  });

  it('creates, updates and deletes cards with ETag preconditions; the changes roll into one SYNC version of the day', async () => {
    const p = await phone();
    expect((await importVcf(p, GOOGLE_VCF)).statusCode).toBe(200);
    const vcf = { 'content-type': 'text/vcard; charset=utf-8' };
    const name = '/book/6F1C2B9E-1D2A-4C3B-9E8F-0A1B2C3D4E5F.vcf';
    const ctag = async () => /getctag[^>]*>([^<]+)</.exec((await propfind(p, '/book/', '0', '<cs:getctag/>')).body)![1];
    const before = await ctag();

    const created = await p.dav('PUT', name, { headers: { ...vcf, 'if-none-match': '*' }, body: phoneCard('u-1', 'Emre Kaya', '+90 555 000 00 01') });
    expect(created.status).toBe(201);
    expect((await p.dav('PUT', name, { headers: { ...vcf, 'if-none-match': '*' }, body: phoneCard('u-1', 'Emre Kaya', '+90 555 000 00 01') })).status).toBe(412);
    // The phone sees at a glance that the address book changed.
    expect(await ctag()).not.toBe(before);

    const read = await p.dav('GET', name);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toContain('text/vcard');
    expect(read.body).toContain('FN:Emre Kaya');
    const etag = read.headers.get('etag')!;

    const updated = await p.dav('PUT', name, { headers: { ...vcf, 'if-match': etag }, body: phoneCard('u-1', 'Emre Kaya Yeni', '+90 555 000 00 02') });
    expect(updated.status).toBe(204);
    // Another phone still holding the first ETag is refused instead of overwriting the change.
    const stale = await p.dav('PUT', name, { headers: { ...vcf, 'if-match': etag }, body: phoneCard('u-1', 'Eski', '+90 555 000 00 03') });
    expect(stale.status).toBe(412);
    const now = await p.dav('GET', name);
    expect(now.body).toContain('FN:Emre Kaya Yeni');
    expect(now.headers.get('etag')).not.toBe(etag);

    expect((await p.dav('DELETE', name, { headers: { 'if-match': etag } })).status).toBe(412);
    expect((await p.dav('DELETE', name, { headers: { 'if-match': now.headers.get('etag')! } })).status).toBe(204);
    expect((await p.dav('GET', name)).status).toBe(404);
    expect((await p.dav('DELETE', name)).status).toBe(404);

    // A name the contacts table cannot hold, and a body that is not one card, are refused without a change.
    expect((await p.dav('PUT', `/book/${'x'.repeat(40)}.vcf`, { headers: vcf, body: phoneCard('u-2', 'A', '1') })).status).toBe(403);
    expect((await p.dav('PUT', '/book/two.vcf', { headers: vcf, body: phoneCard('a', 'A', '1') + phoneCard('b', 'B', '2') })).status).toBe(400);

    const list = await versions(p);
    expect(list.map((v) => v.source)).toEqual(['SYNC', 'IMPORT']);
    expect(list[0]).toMatchObject({ count: 1, current: true });
    const page = await t.app.inject({ method: 'GET', url: `/api/contacts/backup_version/${list[0]!.id}?sortField=firstname&sortOrder=ASC&currentPage=1&maxResult=100`, headers: authed(p.token) });
    expect(page.json().data.items.map((c: { name: string }) => c.name)).toEqual(['Ayşe Yılmaz']);
  });

  it('syncs only changes with a sync token, across the day’s SYNC version moving on; a token of a dropped state asks for a full sync', async () => {
    const p = await phone();
    const sync = (token: string) =>
      report(p, `<d:sync-collection xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/><card:address-data/></d:prop></d:sync-collection>`);
    const tokenOf = (xml: string) => /<D:sync-token>([^<]+)<\/D:sync-token>/.exec(xml)![1]!;
    const first = await sync('');
    expect(first.status).toBe(207);
    expect(hrefsOf(first.body)).toEqual([]);

    expect((await importVcf(p, GOOGLE_VCF)).statusCode).toBe(200);
    const full = await sync(tokenOf(first.body));
    expect(full.body).toContain('FN:Ayşe Yılmaz');
    const ayse = hrefsOf(full.body)[0]!;

    expect((await importVcf(p, ICLOUD_VCF)).statusCode).toBe(200);
    const afterImport = await sync(tokenOf(full.body));
    expect(afterImport.body).toContain('FN:Çağla Öztürk');
    expect(afterImport.body).not.toContain('Ayşe');

    const t2 = tokenOf(afterImport.body);
    expect((await p.dav('PUT', '/book/new-card.vcf', { headers: { 'content-type': 'text/vcard' }, body: phoneCard('n', 'Zeynep Ak', '+90 555 111 22 33') })).status).toBe(201);
    const t3 = tokenOf((await sync(t2)).body);
    expect((await p.dav('DELETE', ayse.slice('/dav/contacts'.length))).status).toBe(204);
    const changes = await sync(t2);
    expect(hrefsOf(changes.body)).toEqual(['/dav/contacts/book/new-card.vcf', ayse]);
    expect(changes.body).toContain('FN:Zeynep Ak');
    expect(changes.body).toContain(`<D:href>${ayse}</D:href><D:status>HTTP/1.1 404 Not Found</D:status>`);
    // The day's SYNC version took the deletion in place; the token from before it still names a state the book keeps.
    const sinceT3 = await sync(t3);
    expect(hrefsOf(sinceT3.body)).toEqual([ayse]);
    expect(sinceT3.body).toContain('404 Not Found');
    expect(tokenOf(sinceT3.body)).toBe(tokenOf(changes.body));
    // Once no version holds a state from before the deletion, those states' tokens ask for a full sync.
    expect((await importVcf(p, ICLOUD_VCF)).statusCode).toBe(200);
    for (const v of (await versions(p)).slice(1)) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/contacts/backup_version/${v.id}`, headers: authed(p.token) })).statusCode).toBe(200);
    }
    const expired = await sync(t3);
    expect(expired.status).toBe(403);
    expect(expired.body).toContain('valid-sync-token');
    expect((await sync(tokenOf(changes.body))).status).toBe(207);
    expect((await sync('https://elsewhere.example/token')).status).toBe(403);
    expect((await sync('https://bulut.invalid/ns/contacts-sync/999999')).status).toBe(403);
  });

  it('writes one entry for a phone’s one-card change in a 250-card book; older versions still page, export, restore and delete', async () => {
    const p = await phone();
    const entries = async () =>
      Number(
        (await t.database.db.selectFrom('contact_entry').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', p.accountId).executeTakeFirstOrThrow()).n,
      );
    const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/contacts/${url}`, headers: authed(p.token) });
    const names = async (id: string, order = 'ASC') =>
      ((await get(`backup_version/${id}?sortField=firstname&sortOrder=${order}&currentPage=1&maxResult=100`)).json().data.items as Array<{ name: string }>).map((c) => c.name);
    expect((await importVcf(p, manyCards(250))).statusCode).toBe(200);
    expect(await entries()).toBe(250);
    const [imported] = await versions(p);

    const first = hrefsOf((await propfind(p, '/book/', '1', '<d:getetag/>')).body).find((h) => h.endsWith('.vcf'))!.slice('/dav/contacts'.length);
    const etag = (await p.dav('GET', first)).headers.get('etag')!;
    const vcf = { 'content-type': 'text/vcard; charset=utf-8' };
    expect((await p.dav('PUT', first, { headers: { ...vcf, 'if-match': etag }, body: phoneCard('changed', 'Zübeyde Değişti', '+90 555 000 00 09') })).status).toBe(204);
    expect(await entries()).toBe(251);
    expect((await p.dav('PUT', '/book/added.vcf', { headers: { ...vcf, 'if-none-match': '*' }, body: phoneCard('added', 'Ahmet Yeni', '+90 555 000 00 10') })).status).toBe(201);
    expect(await entries()).toBe(252);
    const [sync] = await versions(p);
    expect(sync).toMatchObject({ source: 'SYNC', count: 251 });

    // Each version shows its own state, in first-name order.
    expect((await names(imported!.id)).slice(0, 2)).toEqual(['Kişi 0000', 'Kişi 0001']);
    expect((await names(sync!.id)).slice(0, 2)).toEqual(['Ahmet Yeni', 'Kişi 0001']);
    expect((await names(sync!.id, 'DESC'))[0]).toBe('Zübeyde Değişti');
    const exported = (await get(`backup_version/${imported!.id}/export`)).body;
    expect(exported).toContain('FN:Kişi 0000');
    expect(exported).not.toContain('Zübeyde');

    const restored = await t.app.inject({ method: 'POST', url: `/api/contacts/backup_version/${imported!.id}/restore`, headers: authed(p.token) });
    expect(restored.json().data).toMatchObject({ count: 250, source: 'RESTORE' });
    expect((await p.dav('GET', first)).body).toContain('FN:Kişi 0000');
    expect((await p.dav('GET', '/book/added.vcf')).status).toBe(404);
    // A restore writes only what differs from the book: the restored card again, nothing for the 249 unchanged.
    expect(await entries()).toBe(253);

    // Deleting the current version makes the SYNC version current again, for phones too.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/contacts/backup_version/${restored.json().data.id}`, headers: authed(p.token) })).statusCode).toBe(200);
    expect((await versions(p)).map((v) => [v.source, v.count, v.current])).toEqual([
      ['SYNC', 251, true],
      ['IMPORT', 250, false],
    ]);
    expect((await p.dav('GET', '/book/added.vcf')).body).toContain('FN:Ahmet Yeni');

    // Without the imported version, the entry only it showed (the first card before the phone changed it) is dropped;
    // the SYNC version keeps the states since it was made (phones' tokens name them).
    expect(await entries()).toBe(255);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/contacts/backup_version/${imported!.id}`, headers: authed(p.token) })).statusCode).toBe(200);
    expect(await entries()).toBe(254);
    expect((await names(sync!.id)).slice(0, 2)).toEqual(['Ahmet Yeni', 'Kişi 0001']);
  });

  it('keeps accounts apart and takes only a contacts-scoped app password', async () => {
    const owner = await phone();
    expect((await importVcf(owner, GOOGLE_VCF)).statusCode).toBe(200);
    const listing = await propfind(owner, '/book/', '1', '<d:getetag/>');
    const href = hrefsOf(listing.body).find((h) => h.endsWith('.vcf'))!;
    const path = href.slice('/dav/contacts'.length);

    const other = await phone();
    expect((await other.dav('GET', path)).status).toBe(404);
    expect((await other.dav('DELETE', path)).status).toBe(404);
    expect(await multiget(other, [href]).then((r) => r.body)).toContain('404 Not Found');
    expect((await propfind(other, '/book/', '1', '<d:getetag/>')).body).not.toContain(href);
    // A PUT on the same name writes the other account's own card, never the owner's.
    expect((await other.dav('PUT', path, { headers: { 'content-type': 'text/vcard' }, body: phoneCard('x', 'Başkası', '1') })).status).toBe(201);
    expect((await owner.dav('GET', path)).body).toContain('FN:Ayşe Yılmaz');

    const files = await phone('files');
    expect((await files.dav('PROPFIND', '/', { headers: { depth: '0' } })).status).toBe(401);
    expect((await files.dav('GET', path)).status).toBe(401);
    // The account password is not a device password.
    expect((await owner.dav('PROPFIND', '/', { headers: { depth: '0' }, as: basic(owner.email, 'not-an-app-password') })).status).toBe(401);
  });
  it('keeps every card when several phones add cards at the same moment', async () => {
    // Each change builds the next version from the current one: without the account's lock, two at once on PostgreSQL
    // both built on the same version and one card was lost.
    const p = await phone();
    const vcf = { 'content-type': 'text/vcard; charset=utf-8' };
    const ids = Array.from({ length: 8 }, (_, i) => `0C0FFEE0-0000-4000-8000-00000000000${i}`);
    const puts = await Promise.all(
      ids.map((id, i) => p.dav('PUT', `/book/${id}.vcf`, { headers: { ...vcf, 'if-none-match': '*' }, body: phoneCard(`same-${i}`, `Kişi ${i}`, `+90 555 100 00 0${i}`) })),
    );
    expect(puts.map((r) => r.status)).toEqual(ids.map(() => 201));
    const listing = await propfind(p, '/book/', '1', '<d:getetag/>');
    expect(hrefsOf(listing.body).filter((h) => h.endsWith('.vcf')).sort()).toEqual(ids.map((id) => `/dav/contacts/book/${id}.vcf`).sort());
  });
});
