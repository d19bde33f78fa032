import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAV_NS, parseXml, type XmlElement } from '../../infra/dav/dav-xml.js';
import { authed, DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { davUser, type DavUser } from './webdav.fixtures.js';

/** A page this small makes a folder of 43 members a PROPFIND of 7 pages. */
const PAGE = 7;
const FOLDERS = ['klasör-0', 'klasör-1', 'klasör-2'];
const DIR = `/${encodeURIComponent('Büyük')}`;
const FILES = Array.from({ length: 40 }, (_, i) => `dosya-${String(i).padStart(3, '0')}.txt`);

/** The members of a well-formed multistatus (parseXml throws on anything else), each with its href and 200 props. */
function responses(body: string): Array<{ href: string; ok: XmlElement | undefined }> {
  const root = parseXml(body);
  expect([root.ns, root.name]).toEqual([DAV_NS, 'multistatus']);
  return root.children.map((r) => {
    expect([r.ns, r.name]).toEqual([DAV_NS, 'response']);
    const href = r.children.find((c) => c.name === 'href')!.text;
    const ok = r.children.find((c) => c.name === 'propstat' && c.children.some((s) => s.name === 'status' && s.text.includes(' 200 ')));
    return { href: decodeURIComponent(href), ok };
  });
}

describe.each(DIALECTS)('webdav: PROPFIND streamed page by page (%s)', (dialect) => {
  let t: TestApp;
  let u: DavUser;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect, { DAV_PAGE_SIZE: String(PAGE) }, { onStatement: (sql) => statements.push(sql) });
    u = await davUser(t);
    expect((await u.dav('MKCOL', DIR)).statusCode).toBe(201);
    // Made out of order: the answer's order is the listing's (folders first, then names), not the order of creation.
    for (const name of [...FOLDERS].reverse()) expect((await u.dav('MKCOL', `${DIR}/${encodeURIComponent(name)}`)).statusCode).toBe(201);
    for (const name of [...FILES].reverse()) expect((await u.dav('PUT', `${DIR}/${name}`, { body: name })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  /** The statements a request sends that read one page of a folder's members (the listing's keyset query). */
  const pageReads = (from: number) => statements.slice(from).filter((s) => /"parent_id" = /.test(s) && /order by "name_key"/i.test(s));

  it('a folder of 43 members answers all of them, in order, complete, read in pages', async () => {
    const before = statements.length;
    const res = await u.dav('PROPFIND', `${DIR}/`, { headers: { depth: '1' } });
    expect(res.statusCode).toBe(207);
    const all = responses(res.body);
    expect(all.map((r) => r.href)).toEqual([
      '/dav/files/Büyük/',
      ...FOLDERS.map((n) => `/dav/files/Büyük/${n}/`),
      ...FILES.map((n) => `/dav/files/Büyük/${n}`),
    ]);
    // Every member carries its properties (allprop: an empty body, as Windows sends), the last page's too.
    for (const r of all) expect(r.ok, r.href).toBeDefined();
    expect(res.body).toContain(`<D:displayname>${FILES.at(-1)}</D:displayname>`);
    expect(res.body.trimEnd().endsWith('</D:multistatus>')).toBe(true);
    // 43 members in pages of 7: at least 7 reads of the folder, never one read of everything.
    expect(pageReads(before).length).toBeGreaterThanOrEqual(Math.ceil((FOLDERS.length + FILES.length) / PAGE));
  });

  it('dead properties of members on later pages are in the answer (one query a page)', async () => {
    const patch = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:bulut-test"><D:set><D:prop><Z:renk>mavi</Z:renk></D:prop></D:set></D:propertyupdate>`;
    expect((await u.dav('PROPPATCH', `${DIR}/${FILES.at(-2)}`, { body: patch })).statusCode).toBe(207);
    const res = await u.dav('PROPFIND', `${DIR}/`, { headers: { depth: '1' } });
    const tagged = responses(res.body).filter((r) => r.ok?.children.some((p) => p.name === 'prop' && p.children.some((c) => c.ns === 'urn:bulut-test' && c.text === 'mavi')));
    expect(tagged.map((r) => r.href)).toEqual([`/dav/files/Büyük/${FILES.at(-2)}`]);
  });

  it('"Shared with me" lists every share across pages, numbers a clash of names, and finds one on a later page', async () => {
    const [owner, other, invitee] = [await davUser(t), await davUser(t), await davUser(t)];
    const share = async (by: DavUser, name: string) => {
      expect((await by.dav('MKCOL', `/${encodeURIComponent(name)}`)).statusCode).toBe(201);
      const id = (await t.database.db.selectFrom('file').select('id').where('account_id', '=', by.accountId).where('name', '=', name).executeTakeFirstOrThrow()).id;
      const res = await t.app.inject({ method: 'POST', url: '/api/shares', headers: authed(by.token), payload: { items: [id], invitees: [invitee.email], type: 'VIEWER', duration: 'UNLIMITED' } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const names = Array.from({ length: 9 }, (_, i) => `paylaşım-${i}`);
    for (const name of names) await share(owner, name);
    // Another owner's item of a name already shared: both show, the second numbered.
    await share(other, 'paylaşım-4');
    const res = await invitee.dav('PROPFIND', '/Shared%20with%20me/', { headers: { depth: '1' } });
    expect(res.statusCode).toBe(207);
    const listed = responses(res.body).map((r) => r.href);
    expect(listed).toHaveLength(1 + names.length + 1);
    expect(listed.slice(1)).toEqual(expect.arrayContaining([...names, 'paylaşım-4 (2)'].map((n) => `/dav/files/Shared with me/${n}/`)));
    // The last by name lies on the second page of shares.
    expect((await invitee.dav('PROPFIND', `/Shared%20with%20me/${encodeURIComponent('paylaşım-8')}`, { headers: { depth: '0' } })).statusCode).toBe(207);
    expect((await invitee.dav('PROPFIND', `/Shared%20with%20me/${encodeURIComponent('paylaşım-9')}`, { headers: { depth: '0' } })).statusCode).toBe(404);
  });
});
