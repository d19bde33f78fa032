import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from './test/harness.js';
import { account, addFolder, downloadUrls, uploadApi } from './modules/upload/upload.fixtures.js';
import { ROOT } from './modules/files/files.public.js';
import { negotiateEncoding } from './infra/http/compression.js';

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('Accept-Encoding negotiation', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0.2, gzip;q=0.8', 'gzip'],
    ['deflate', null],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe.each(DIALECTS)('compressed JSON (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let listing: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const user = await signUp(t);
    token = user.token;
    for (let i = 0; i < 12; i++) await addFolder(t, user.accountId, `A folder with a fairly long name, number ${i}`);
    listing = `/api/filesystem?parentFolderUuid=${ROOT}&sortBy=name&sortOrder=ASC&page=0&size=50`;
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...authed(token), ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('answers over 1 KB in brotli or gzip as the client accepts, the same JSON once decoded', async () => {
    const plain = await get(listing);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(listing, encoding === 'br' ? 'gzip, deflate, br' : 'gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(encoding, res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('leaves small answers alone', async () => {
    const res = await get('/api/account/usages', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('Bytes-Used');
  });

  it('never compresses a streamed download, whatever its type', async () => {
    const user = await signUp(t);
    const body = Buffer.from(JSON.stringify({ text: 'x'.repeat(8000) }));
    const item = (await uploadApi(t, user.token).whole('big.json', body, { contentType: 'application/json' })).json();
    const projectId = (await account(t, user.accountId)).project_id;
    const [link] = await downloadUrls(t, user.token, projectId, [item.uuid]);
    for (const url of [link!.url, link!.inlineUrl]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(body)).toBe(true);
    }
  });
});

describe('web app files', () => {
  let t: TestApp;
  let dist: string;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
  const page = `<!doctype html><html><head><title>Bulut</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  const consolePage = `<!doctype html><html><head><title>Bulut</title><meta name="robots" content="noindex"></head><body>${'<main></main>'.repeat(200)}</body></html>`;
  const chatPage = `<!doctype html><html><head><title>Bulut</title></head><body>${'<section></section>'.repeat(200)}</body></html>`;
  const write = (rel: string, text: string | Buffer, twins = true) => {
    const file = path.join(dist, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    if (twins) {
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    }
  };
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-dist-'));
    write('index.html', page);
    write('en/index.html', page);
    write('ops.html', consolePage);
    write('support-chat.html', chatPage);
    write('assets/index-Bx3k9a.js', script);
    write('assets/photo-Qz81ab.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), false);
    t = await startTestApp(DIALECTS[0]!, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('serves a hashed script precompressed as the client accepts, cached for a year', async () => {
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], [undefined, undefined]] as const) {
      const res = await get('/assets/index-Bx3k9a.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload).toString('utf8')).toBe(script);
    }
  });

  it('a binary asset goes out as it is, still immutable', async () => {
    const res = await get('/assets/photo-Qz81ab.png', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html, the client routes and the landing page are revalidated every time', async () => {
    for (const url of ['/index.html', '/main/photos/all', '/en/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(decode('br', res.rawPayload).toString('utf8'), url).toBe(page);
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it('/ops and every path below it get the console\'s page (its own entry), revalidated; look-alike paths do not', async () => {
    for (const url of ['/ops', '/ops/', '/ops/subscribers/0b7c3d9e-1f2a-4b5c-8d6e-7f8091a2b3c4', '/ops/setup/abc?x=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(decode(res.headers['content-encoding'] as string | undefined, res.rawPayload).toString('utf8'), url).toBe(consolePage);
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
    expect((await get('/main/ops')).body).toBe(page);
    // Look-alikes outside the app's pages are unknown paths.
    for (const url of ['/opsx', '/operations']) expect((await get(url)).statusCode, url).toBe(404);
    // The console's API paths are not pages: an error in the product's shape, never the console's HTML.
    const api = await get('/api/ops/unknown-route');
    expect(api.statusCode).toBeGreaterThanOrEqual(400);
    expect(api.headers['content-type']).toMatch(/json/);
    expect(api.json()).toHaveProperty('status');
  });

  it('/support-chat gets the chat page, which only our own origin may frame; every other page stays unframeable', async () => {
    for (const url of ['/support-chat', '/support-chat/', '/support-chat?userId=1&ticket=abc']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(decode(res.headers['content-encoding'] as string | undefined, res.rawPayload).toString('utf8'), url).toBe(chatPage);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).not.toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    for (const url of ['/main/photos', '/ops', '/support-chatx']) {
      const res = await get(url);
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it("frames only its own origin, or also the origin of an outside support chat when SUPPORT_CHAT_URL points there", async () => {
    expect(String((await get('/main/photos')).headers['content-security-policy'])).toContain("frame-src 'self';");
    const vendor = await startTestApp(DIALECTS[0]!, { WEB_DIST_DIR: dist, SUPPORT_CHAT_URL: 'https://chat.vendor.example/widget/' });
    try {
      const page = await vendor.app.inject({ method: 'GET', url: '/main/photos' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-src 'self' https://chat.vendor.example;");
      expect(csp).toContain("frame-ancestors 'none'");
      const config = await vendor.app.inject({ method: 'GET', url: '/api/support/config' });
      expect(config.json()).toEqual({ data: { chatUrl: 'https://chat.vendor.example/widget/' } });
    } finally {
      await vendor.close();
    }
  });

  it('the compressed twins are not files of their own', async () => {
    const res = await get('/assets/index-Bx3k9a.js.br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('answers an unknown path outside the app with 404 in the product\'s error shape, and every app route with the app', async () => {
    for (const url of ['/wp-login.php', '/.env', '/favicon.ico', '/assets/missing-Zz1.js', '/en', '/robots.txt/x', '/mainx?y=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toEqual({ status: 'NOT_FOUND', message: `Route GET ${url.split('?')[0]} not found.`, requestId: expect.any(String) });
    }
    const appRoutes = [
      '/',
      '/auth/login',
      '/auth/forgotmypassword/smsotp2',
      '/main/photos/all',
      '/MAIN/files',
      '/main/no-such-screen',
      '/view/packages?token=x',
      '/verify/email?token=x',
      '/update/eula',
      '/changemypasswordv2/ref/id',
      '/cekilis',
      '/cekilis-hakki',
    ];
    for (const url of appRoutes) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('keeps the shared-content pages out of search engines: X-Robots-Tag and the robots meta tag', async () => {
    for (const url of ['/sharedFiles?token=abc', '/sharedFiles/login', '/viewer/file/0b7c3d9e-1f2a-4b5c-8d6e-7f8091a2b3c4']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(page.replace('<head>', '<head><meta name="robots" content="noindex, nofollow">'));
    }
  });
});

describe('/robots.txt', () => {
  let t: TestApp;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-robots-'));
    file = path.join(dir, 'robots.txt');
    fs.writeFileSync(file, 'User-agent: *\nDisallow: /api/\n');
    // No web build: the crawl rules do not depend on one.
    t = await startTestApp(DIALECTS[0]!, { ROBOTS_TXT_FILE: file });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const get = () => t.app.inject({ method: 'GET', url: '/robots.txt' });

  it('is plain text with crawl rules, read from the operator\'s file on every request', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(first.body).toBe('User-agent: *\nDisallow: /api/\n');
    fs.writeFileSync(file, 'User-agent: *\nDisallow: /\n');
    expect((await get()).body).toBe('User-agent: *\nDisallow: /\n');
    // No file, no rules: a 404 (crawlers read it as "allowed"), in the product's error shape.
    fs.rmSync(file);
    const none = await get();
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ status: 'NOT_FOUND' });
  });

  it('ships rules that keep crawlers out of the API and the signed-in pages, but let them see the shared pages\' noindex', async () => {
    const shipped = await startTestApp(DIALECTS[0]!);
    try {
      const res = await shipped.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const rules = res.body.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(rules[0]).toBe('User-agent: *');
      expect(rules).toEqual(expect.arrayContaining(['Disallow: /api/', 'Disallow: /main/', 'Disallow: /ops']));
      expect(rules.filter((line) => /sharedFiles|viewer/i.test(line))).toEqual([]);
    } finally {
      await shipped.close();
    }
  });
});
