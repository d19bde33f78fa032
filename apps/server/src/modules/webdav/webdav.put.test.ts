import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.js';
import { basic, listeningDavSuite, type DavUser } from './webdav.fixtures.js';

/** A PUT over real HTTP with a chunked body (no Content-Length), written in `pieces` of `size` bytes. */
function chunkedPut(port: number, u: DavUser, path: string, pieces: number, size: number): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'PUT', path: `/dav/files${path}`, headers: { authorization: basic(u.email, u.password), 'content-type': 'application/octet-stream' } });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    // The server may answer (507) and close before the whole body is written: that is the point of the test.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    let sent = 0;
    const next = () => {
      if (sent === pieces) return void req.end();
      sent++;
      if (req.write(Buffer.alloc(size, sent % 251))) setImmediate(next);
      else req.once('drain', next);
    };
    next();
  });
}

describe.each(DIALECTS)('webdav PUT: chunked bodies and client times (%s)', (dialect) => {
  const s = listeningDavSuite(dialect);
  const account = () => s.t.database.db.selectFrom('account').select(['used_bytes', 'reserved_bytes', 'quota_bytes']).where('id', '=', s.u.accountId).executeTakeFirstOrThrow();
  const setQuota = (bytes: number) => s.t.database.db.updateTable('account').set({ quota_bytes: bytes }).where('id', '=', s.u.accountId).execute();

  it('a chunked PUT that outgrows the quota stops with 507 mid-stream: nothing visible, the counters exact', async () => {
    const before = await account();
    await setQuota(Number(before.used_bytes) + 300 * 1024);
    const res = await chunkedPut(s.port, s.u, `/${encodeURIComponent('taşan.bin')}`, 64, 16 * 1024);
    expect(res.status).toBe(507);
    expect((await s.u.dav('GET', `/${encodeURIComponent('taşan.bin')}`)).statusCode).toBe(404);
    expect(await account()).toMatchObject({ used_bytes: before.used_bytes, reserved_bytes: 0 });
    const uploads = await s.t.database.db.selectFrom('upload').select('status').where('account_id', '=', s.u.accountId).where('name', '=', 'taşan.bin').execute();
    expect(uploads.map((x) => x.status)).toEqual(['ABORTED']);
    // Exactly the room left still fits, chunked too.
    expect((await chunkedPut(s.port, s.u, `/${encodeURIComponent('sığan.bin')}`, 20, 15 * 1024)).status).toBe(201);
    expect(Number((await account()).used_bytes)).toBe(Number(before.used_bytes) + 300 * 1024);
    await setQuota(Number(before.quota_bytes));
  });

  it('X-OC-Mtime (any case) sets the file time: answered "accepted", shown by PROPFIND and GET', async () => {
    const at = Date.UTC(2019, 4, 17, 8, 30, 15);
    const put = await s.u.dav('PUT', '/eski.txt', { body: 'eski', headers: { 'X-OC-Mtime': String(at / 1000) } });
    expect(put.statusCode).toBe(201);
    expect(put.headers['x-oc-mtime']).toBe('accepted');
    const found = await s.u.dav('PROPFIND', '/eski.txt', { headers: { depth: '0' } });
    expect(found.body).toContain(`<D:getlastmodified>${new Date(at).toUTCString()}</D:getlastmodified>`);
    expect((await s.u.dav('GET', '/eski.txt')).headers['last-modified']).toBe(new Date(at).toUTCString());
    // The replacing PUT's own time wins, with ownCloud's other spelling of the header.
    const later = at + 86_400_000;
    const again = await s.u.dav('PUT', '/eski.txt', { body: 'yeni', headers: { 'X-OC-MTime': String(later / 1000) } });
    expect(again.statusCode).toBe(204);
    expect(again.headers['x-oc-mtime']).toBe('accepted');
    expect((await s.u.dav('GET', '/eski.txt')).headers['last-modified']).toBe(new Date(later).toUTCString());
    // No header: the time of the upload, and no claim of acceptance.
    const plain = await s.u.dav('PUT', '/yeni.txt', { body: 'x' });
    expect(plain.headers['x-oc-mtime']).toBeUndefined();
    expect(Date.parse(String((await s.u.dav('GET', '/yeni.txt')).headers['last-modified']))).toBeGreaterThan(later);
  });

  it('PROPPATCH of DAV:lastmodified (ownCloud’s, as rclone sets a time) sets the file time; other properties stay dead', async () => {
    await s.u.dav('PUT', '/zaman.txt', { body: 'z' });
    const at = Date.UTC(2021, 0, 2, 3, 4, 5);
    const patch = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:lastmodified>${at / 1000}</D:lastmodified><Z:not xmlns:Z="urn:z">kalsın</Z:not></D:prop></D:set></D:propertyupdate>`;
    const res = await s.u.dav('PROPPATCH', '/zaman.txt', { body: patch });
    expect(res.statusCode).toBe(207);
    expect(res.body).toContain('HTTP/1.1 200 OK');
    expect((await s.u.dav('GET', '/zaman.txt')).headers['last-modified']).toBe(new Date(at).toUTCString());
    const read = await s.u.dav('PROPFIND', '/zaman.txt', { headers: { depth: '0' }, body: '<D:propfind xmlns:D="DAV:"><D:prop><Z:not xmlns:Z="urn:z"/><D:lastmodified/></D:prop></D:propfind>' });
    expect(read.body).toContain('>kalsın</');
    // Applied, not kept: the dead copy would shadow the file's own time.
    expect(read.body).toMatch(/<D:lastmodified\/><\/D:prop><D:status>HTTP\/1.1 404 Not Found/);
  });
});
