import { createHash } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness.js';
import { basic, listeningDavServer } from './webdav.fixtures.js';

/** A deterministic stream of `size` bytes, produced as it is read (never held whole in memory). */
function bytes(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(1 << 20, size - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i += 4096) chunk[i] = (sent + i) & 0xff;
      sent += n;
      this.push(chunk);
    },
  });
}

const sha = async (s: Readable) => {
  const h = createHash('sha256');
  for await (const c of s) h.update(c as Buffer);
  return h.digest('hex');
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  hash?: string;
}

describe.each(DIALECTS)('webdav over real HTTP, as a client drives it (%s)', (dialect) => {
  const server = listeningDavServer(dialect);

  function request(method: string, path: string, o: { headers?: Record<string, string>; body?: Readable | string; hash?: boolean } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: server.port, method, path: `/dav/files${path}`, headers: { authorization: basic(server.u.email, server.u.password), ...o.headers } },
        (res) => {
          if (o.hash) {
            sha(res).then((hash) => resolve({ status: res.statusCode!, headers: res.headers, body: '', hash }), reject);
            return;
          }
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }));
        },
      );
      req.on('error', reject);
      if (o.body instanceof Readable) o.body.pipe(req);
      else req.end(o.body);
    });
  }

  it('streams a 64 MiB PUT in and out; the bytes come back identical, also by range', async () => {
    const size = 64 * 1024 * 1024;
    const put = await request('PUT', '/big.bin', { body: bytes(size), headers: { 'content-length': String(size), 'content-type': 'application/octet-stream' } });
    expect(put.status, put.body).toBe(201);
    const got = await request('GET', '/big.bin', { hash: true });
    expect(got.status).toBe(200);
    expect(got.headers['content-length']).toBe(String(size));
    expect(got.hash).toBe(await sha(bytes(size)));
    const tail = await request('GET', '/big.bin', { headers: { range: `bytes=${size - 4096}-` }, hash: true });
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 4096}-${size - 1}/${size}`);
  });

  it('a chunked PUT of unknown size is refused with 411 (quota is reserved before any byte is stored)', async () => {
    const res = await request('PUT', '/chunked.bin', { body: bytes(10_000), headers: { 'transfer-encoding': 'chunked' } });
    expect(res.status).toBe(411);
    expect((await request('GET', '/chunked.bin')).status).toBe(404);
  });

  it("Windows' mini-redirector session: OPTIONS, PROPFIND without body, LOCK a new name, 0-byte PUT, real PUT, UNLOCK", async () => {
    const ua = { 'user-agent': 'Microsoft-WebDAV-MiniRedir/10.0.19045' };
    expect((await request('OPTIONS', '/', { headers: ua })).headers.dav).toBe('1, 2');
    const list = await request('PROPFIND', '/', { headers: { ...ua, depth: '1', 'content-length': '0' } });
    expect(list.status).toBe(207);
    expect(list.body).toContain('<D:href>/dav/files/big.bin</D:href>');
    const lock = await request('LOCK', '/Yeni%20Metin%20Belgesi.txt', {
      headers: { ...ua, depth: '0', timeout: 'Second-3600', 'content-type': 'text/xml' },
      body: '<?xml version="1.0" encoding="utf-8" ?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner><D:href>WIN\\ayse</D:href></D:owner></D:lockinfo>',
    });
    expect(lock.status).toBe(201);
    const token = String(lock.headers['lock-token']);
    expect((await request('PUT', '/Yeni%20Metin%20Belgesi.txt', { headers: { ...ua, if: `(${token})`, 'content-length': '0' }, body: '' })).status).toBe(204);
    expect((await request('PUT', '/Yeni%20Metin%20Belgesi.txt', { headers: { ...ua, if: `(${token})` }, body: 'merhaba dünya' })).status).toBe(204);
    expect((await request('UNLOCK', '/Yeni%20Metin%20Belgesi.txt', { headers: { ...ua, 'lock-token': token } })).status).toBe(204);
    expect((await request('GET', '/Yeni%20Metin%20Belgesi.txt')).body).toBe('merhaba dünya');
  });

  it('without credentials: 401 with a Basic challenge, in the DAV answer, not the JSON API', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) => http.request({ host: '127.0.0.1', port: server.port, method: 'PROPFIND', path: '/dav/files/' }, resolve).end());
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm="Bulut"/);
    res.resume();
  });
});
