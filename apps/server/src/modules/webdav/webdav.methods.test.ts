import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { davUser, hrefs, type DavUser } from './webdav.fixtures.js';

const PROPS = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/><D:getcontentlength/><D:resourcetype/><D:quota-used-bytes/><D:quota-available-bytes/><Z:missing xmlns:Z="urn:z"/></D:prop></D:propfind>`;

describe.each(DIALECTS)('webdav methods (%s)', (dialect) => {
  let t: TestApp;
  let u: DavUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    u = await davUser(t);
  });
  afterAll(() => t.close());
  const row = (name: string) => t.database.db.selectFrom('file').selectAll().where('account_id', '=', u.accountId).where('name', '=', name).executeTakeFirst();

  it('OPTIONS announces class 1 and 2 without credentials', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/dav/files/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.dav).toBe('1, 2');
    expect(String(res.headers.allow)).toContain('PROPFIND');
  });

  it('PROPFIND: Depth 0 and 1, named properties with 404 for unknown ones, quota; Depth infinity refused', async () => {
    await u.dav('MKCOL', '/Belgeler');
    await u.dav('PUT', '/Belgeler/not.txt', { body: '12345' });
    const one = await u.dav('PROPFIND', '/Belgeler/', { headers: { depth: '1', 'content-type': 'application/xml' }, body: PROPS });
    expect(one.statusCode).toBe(207);
    expect(hrefs(one)).toEqual(['/dav/files/Belgeler/', '/dav/files/Belgeler/not.txt']);
    expect(one.body).toContain('<D:getcontentlength>5</D:getcontentlength>');
    expect(one.body).toMatch(/<D:quota-used-bytes>\d+<\/D:quota-used-bytes>/);
    expect(one.body).toContain('<D:collection/>');
    expect(one.body).toMatch(/<n0:missing xmlns:n0="urn:z"\/><\/D:prop><D:status>HTTP\/1.1 404 Not Found<\/D:status>/);
    const zero = await u.dav('PROPFIND', '/Belgeler', { headers: { depth: '0' } });
    expect(hrefs(zero)).toEqual(['/dav/files/Belgeler/']);
    // Windows' mini-redirector sends no body: allprop.
    expect(zero.body).toContain('<D:getlastmodified>');
    const infinite = await u.dav('PROPFIND', '/', { headers: { depth: 'infinity' } });
    expect(infinite.statusCode).toBe(403);
    expect(infinite.body).toContain('<D:propfind-finite-depth/>');
    expect((await u.dav('PROPFIND', '/nowhere', { headers: { depth: '0' } })).statusCode).toBe(404);
    expect((await u.dav('PROPFIND', '/', { headers: { depth: '0' }, body: '<not xml' })).statusCode).toBe(400);
  });

  it('refuses a DOCTYPE (no entity expansion)', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><D:propfind xmlns:D="DAV:"><D:prop><D:getetag>&b;</D:getetag></D:prop></D:propfind>`;
    expect((await u.dav('PROPFIND', '/', { headers: { depth: '0' }, body: bomb })).statusCode).toBe(400);
  });

  it('PROPPATCH keeps dead properties (namespaced, Unicode), removes them, refuses live ones all-or-nothing; they follow MOVE', async () => {
    await u.dav('PUT', '/p.txt', { body: 'x' });
    const set = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:bulut:test"><D:set><D:prop><Z:renk>kırmızı ي</Z:renk><Z:ek><Z:iç>1</Z:iç></Z:ek></D:prop></D:set></D:propertyupdate>`;
    const res = await u.dav('PROPPATCH', '/p.txt', { body: set });
    expect(res.statusCode).toBe(207);
    expect(res.body).toContain('HTTP/1.1 200 OK');
    await u.dav('MOVE', '/p.txt', { headers: { destination: '/dav/files/q.txt' } });
    const read = await u.dav('PROPFIND', '/q.txt', { headers: { depth: '0' }, body: `<D:propfind xmlns:D="DAV:"><D:prop><Z:renk xmlns:Z="urn:bulut:test"/><Z:ek xmlns:Z="urn:bulut:test"/></D:prop></D:propfind>` });
    expect(read.body).toContain('>kırmızı ي</n0:renk>');
    expect(read.body).toMatch(/<n0:iç xmlns:n0="urn:bulut:test">1<\/n0:iç>/);
    const bad = await u.dav('PROPPATCH', '/q.txt', {
      body: `<D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:bulut:test"><D:remove><D:prop><Z:renk/></D:prop></D:remove><D:set><D:prop><D:getetag>x</D:getetag></D:prop></D:set></D:propertyupdate>`,
    });
    expect(bad.body).toContain('HTTP/1.1 403 Forbidden');
    expect(bad.body).toContain('HTTP/1.1 424 Failed Dependency');
    expect((await u.dav('PROPFIND', '/q.txt', { headers: { depth: '0' } })).body).toContain('kırmızı');
    await u.dav('PROPPATCH', '/q.txt', { body: `<D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:bulut:test"><D:remove><D:prop><Z:renk/></D:prop></D:remove></D:propertyupdate>` });
    expect((await u.dav('PROPFIND', '/q.txt', { headers: { depth: '0' } })).body).not.toContain('kırmızı');
  });

  it('GET and HEAD with ETag, Range and conditional requests', async () => {
    await u.dav('PUT', '/r.txt', { body: '0123456789' });
    const head = await u.dav('HEAD', '/r.txt');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('10');
    const etag = String(head.headers.etag);
    const part = await u.dav('GET', '/r.txt', { headers: { range: 'bytes=2-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('234');
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    expect((await u.dav('GET', '/r.txt', { headers: { range: 'bytes=20-' } })).statusCode).toBe(416);
    expect((await u.dav('GET', '/r.txt', { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await u.dav('PUT', '/r.txt', { body: 'new', headers: { 'if-match': '"other"' } })).statusCode).toBe(412);
    expect((await u.dav('PUT', '/r.txt', { body: 'new', headers: { 'if-none-match': '*' } })).statusCode).toBe(412);
    const replaced = await u.dav('PUT', '/r.txt', { body: 'new', headers: { 'if-match': etag } });
    expect(replaced.statusCode).toBe(204);
    expect(replaced.headers.etag).not.toBe(etag);
    expect((await u.dav('GET', '/r.txt')).body).toBe('new');
  });

  it('PUT replacing a file keeps favourite and hidden state; an empty PUT then the real one works (Windows)', async () => {
    await u.dav('PUT', '/fav.txt', { body: 'a' });
    await t.database.db.updateTable('file').set({ favourite: 1, hidden: 1 }).where('id', '=', (await row('fav.txt'))!.id).execute();
    expect((await u.dav('PUT', '/fav.txt', { body: '' })).statusCode).toBe(204);
    expect((await u.dav('PUT', '/fav.txt', { body: 'final' })).statusCode).toBe(204);
    expect(await row('fav.txt')).toMatchObject({ favourite: 1, hidden: 1, bytes: 5, device_type: 'WEBDAV' });
  });

  it('MKCOL: 201, 405 when taken, 409 without parent, 415 with a body', async () => {
    expect((await u.dav('MKCOL', '/Yeni')).statusCode).toBe(201);
    expect((await u.dav('MKCOL', '/Yeni')).statusCode).toBe(405);
    expect((await u.dav('MKCOL', '/Yok/Alt')).statusCode).toBe(409);
    expect((await u.dav('MKCOL', '/Gövde', { body: '<x/>' })).statusCode).toBe(415);
    expect((await u.dav('PUT', '/Yok/a.txt', { body: 'x' })).statusCode).toBe(409);
  });

  it('resolves paths deeper than one statement walks (8 levels), by name key; a file in the middle or a missing level is 404', async () => {
    const names = Array.from({ length: 19 }, (_, i) => `Kat${i + 1}`);
    for (let i = 1; i <= names.length; i++) expect((await u.dav('MKCOL', `/${names.slice(0, i).join('/')}`)).statusCode).toBe(201);
    const deep = `/${names.join('/')}`;
    expect((await u.dav('PUT', `${deep}/son.txt`, { body: 'dip' })).statusCode).toBe(201);
    const get = await u.dav('GET', `${deep}/son.txt`);
    expect(get.statusCode).toBe(200);
    expect(get.body).toBe('dip');
    // Names match case-insensitively (their name keys), at every depth.
    expect((await u.dav('GET', `${deep.toUpperCase()}/SON.TXT`)).body).toBe('dip');
    for (const depth of [8, 9, 16, 17]) {
      const at = `/${names.slice(0, depth).join('/')}`;
      const found = await u.dav('PROPFIND', at, { headers: { depth: '0' } });
      expect(hrefs(found)).toEqual([`/dav/files/${names.slice(0, depth).join('/')}/`]);
      expect((await u.dav('PROPFIND', `${at}/yok/${names[depth]}`, { headers: { depth: '0' } })).statusCode).toBe(404);
    }
    expect((await u.dav('PROPFIND', `${deep}/son.txt/alt`, { headers: { depth: '0' } })).statusCode).toBe(404);
    expect((await u.dav('PUT', `/${names.slice(0, 8).join('/')}/dosya.txt`, { body: 'x' })).statusCode).toBe(201);
    expect((await u.dav('PROPFIND', `/${names.slice(0, 8).join('/')}/dosya.txt/${names[9]}`, { headers: { depth: '0' } })).statusCode).toBe(404);
  });

  it('DELETE moves to the trash (recoverable in the web)', async () => {
    await u.dav('MKCOL', '/Sil');
    await u.dav('PUT', '/Sil/a.txt', { body: 'x' });
    expect((await u.dav('DELETE', '/Sil')).statusCode).toBe(204);
    expect((await u.dav('PROPFIND', '/Sil', { headers: { depth: '0' } })).statusCode).toBe(404);
    expect(await row('Sil')).toMatchObject({ status: 'TRASHED' });
    expect(await row('a.txt')).toMatchObject({ status: 'TRASHED' });
    expect((await u.dav('DELETE', '/Sil')).statusCode).toBe(404);
  });

  it('COPY and MOVE with Overwrite and Destination', async () => {
    await u.dav('MKCOL', '/Kaynak');
    await u.dav('MKCOL', '/Kaynak/İç');
    await u.dav('PUT', '/Kaynak/İç/b.txt', { body: 'bbb' });
    const dest = (p: string) => `http://localhost:80/dav/files${p}`;
    expect((await u.dav('COPY', '/Kaynak', { headers: { destination: dest('/Kopya') } })).statusCode).toBe(201);
    expect((await u.dav('GET', '/Kopya/%C4%B0%C3%A7/b.txt')).body).toBe('bbb');
    expect((await u.dav('COPY', '/Kaynak', { headers: { destination: dest('/Kopya'), overwrite: 'F' } })).statusCode).toBe(412);
    expect((await u.dav('COPY', '/Kaynak', { headers: { destination: dest('/Kopya'), overwrite: 'T' } })).statusCode).toBe(204);
    const shallow = await u.dav('COPY', '/Kaynak', { headers: { destination: dest('/Sığ'), depth: '0' } });
    expect(shallow.statusCode).toBe(201);
    expect(hrefs(await u.dav('PROPFIND', '/Sığ', { headers: { depth: '1' } }))).toEqual(['/dav/files/Sığ/']);
    expect((await u.dav('MOVE', '/Kopya', { headers: { destination: dest('/Taşındı') } })).statusCode).toBe(201);
    expect((await u.dav('GET', '/Kopya/İç/b.txt')).statusCode).toBe(404);
    expect((await u.dav('GET', encodeURI('/Taşındı/İç/b.txt'))).body).toBe('bbb');
    // Move and rename at once; then over an existing file only with Overwrite: T.
    expect((await u.dav('MOVE', encodeURI('/Taşındı/İç/b.txt'), { headers: { destination: dest('/Kaynak/c.txt') } })).statusCode).toBe(201);
    await u.dav('PUT', '/d.txt', { body: 'd' });
    expect((await u.dav('MOVE', '/d.txt', { headers: { destination: dest('/Kaynak/c.txt'), overwrite: 'F' } })).statusCode).toBe(412);
    expect((await u.dav('MOVE', '/d.txt', { headers: { destination: dest('/Kaynak/c.txt') } })).statusCode).toBe(204);
    expect((await u.dav('GET', '/Kaynak/c.txt')).body).toBe('d');
    expect((await u.dav('MOVE', '/Kaynak', { headers: { destination: dest('/Kaynak/İç/x') } })).statusCode).toBe(403);
    expect((await u.dav('MOVE', '/Kaynak', { headers: { destination: 'http://elsewhere.example/dav/files/x' } })).statusCode).toBe(502);
    expect((await u.dav('MOVE', '/Kaynak', { headers: { destination: dest('/Yok/x') } })).statusCode).toBe(409);
  });
});
