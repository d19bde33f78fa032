import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { uploadApi } from '../../modules/upload/upload.fixtures.js';
import { inputGuard } from './input.js';

describe.each(DIALECTS)('bad input at the request boundary (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = (await signUp(t)).token;
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authed(token) });

  it('refuses non-finite and unsafe numbers as 400 VALIDATION_ERROR naming the field', async () => {
    for (const bad of ['Infinity', '-Infinity', '1e309', '-1e309', '99999999999999999999']) {
      const res = await get(`/api/filesystem/hidden?page=${bad}`);
      expect(expectError(res, 400, 'VALIDATION_ERROR').field).toBe('page');
      expect(expectError(await get(`/api/filesystem/trash?size=${bad}`), 400, 'VALIDATION_ERROR').field).toBe('size');
    }
    expect(expectError(await get('/api/scroll/position/Infinity?category=all'), 400, 'VALIDATION_ERROR').field).toBe('x');
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/scroll/groups/list?category=all',
      headers: { ...authed(token), 'content-type': 'application/json' },
      payload: '[1e309]',
    });
    expect(body.statusCode).toBe(400);
    expect(body.statusCode).toBeLessThan(500);
    expect((await get('/api/filesystem/hidden?page=0&size=10')).statusCode).toBe(200);
  });

  it('refuses NUL and lone surrogates in query, params and JSON bodies, naming the field', async () => {
    expect(expectError(await get('/api/notification/communication/fetch?type=%00'), 400, 'VALIDATION_ERROR').field).toBe('type');
    const name = await t.app.inject({
      method: 'POST',
      url: '/api/account/nameSurname',
      headers: { ...authed(token), 'content-type': 'application/json' },
      payload: '{"name":"A\\u0000","surname":"B"}',
    });
    expect(expectError(name, 400, 'VALIDATION_ERROR').field).toBe('name');
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/account/nameSurname',
      headers: { ...authed(token), 'content-type': 'application/json' },
      payload: '{"name":"A","surname":"\\ud800"}',
    });
    expect(expectError(surrogate, 400, 'VALIDATION_ERROR').field).toBe('surname');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { username: 'a\u0000@b.c', password: 'x' } });
    expect(expectError(login, 400, 'VALIDATION_ERROR').field).toBe('username');
    const settings = (payload: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/account/setting', headers: { ...authed(token), 'content-type': 'application/json' }, payload });
    const nulSetting = await settings('{"param":"a\\u0000b","value":"x"}');
    expect(expectError(nulSetting, 400, 'VALIDATION_ERROR')).toMatchObject({ field: 'param', message: 'body.param must not contain NUL characters' });
    const info = await get('/api/account/info');
    expect(info.json()).toMatchObject({ name: 'Ayşe', surname: 'Yılmaz' });
  });

  it('accepts only canonical uuids: urn:uuid:, braces and bare hex are 400', async () => {
    const id = randomUUID();
    for (const bad of [`urn:uuid:${id}`, `{${id}}`, id.replaceAll('-', '')]) {
      const res = await get(`/api/album/${encodeURIComponent(bad)}`);
      expect(expectError(res, 400, 'VALIDATION_ERROR').field).toBe('uuid');
    }
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/filesystem/createFolder',
      headers: { ...authed(token), 'folder-name': 'x', 'folder-uuid': `urn:uuid:${id}` },
    });
    expect(expectError(folder, 400, 'VALIDATION_ERROR').field).toBe('folder-uuid');
    expectError(await get(`/api/album/${id}`), 404, 'NOT_FOUND');
    expectError(await get(`/api/album/${id.toUpperCase()}`), 404, 'NOT_FOUND');
  });

  it('answers framework errors in the documented shape with a 4xx status name', async () => {
    const shape = (res: Awaited<ReturnType<typeof get>>) => {
      const body = res.json();
      expect(Object.keys(body).every((k) => ['status', 'message', 'field', 'requestId'].includes(k))).toBe(true);
      expect(body.requestId).toBe(res.headers['x-request-id']);
      expect(typeof body.message).toBe('string');
      expect(String(body.status)).not.toMatch(/^FST_/);
      return body;
    };
    const post = (payload: string, contentType: string) =>
      t.app.inject({ method: 'POST', url: '/api/album', headers: { ...authed(token), 'content-type': contentType }, payload });
    const malformed = await post('{"label":', 'application/json');
    expect(malformed.statusCode).toBe(400);
    expect(shape(malformed)).toMatchObject({ status: 'VALIDATION_ERROR', message: 'body is not valid JSON', field: 'body' });
    const mediaType = await post('<label/>', 'application/xml');
    expect(mediaType.statusCode).toBe(415);
    expect(shape(mediaType).status).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await post(JSON.stringify({ label: 'x'.repeat(1024 * 1024 + 1) }), 'application/json');
    expect(huge.statusCode).toBe(413);
    expect(shape(huge).status).toBe('PAYLOAD_TOO_LARGE');
    const empty = await post('', 'application/json');
    expect(empty.statusCode).toBe(400);
    expect(shape(empty)).toMatchObject({ status: 'VALIDATION_ERROR', field: 'body' });
    const badUrl = await get('/api/album/%E0%A4%A');
    expect(badUrl.statusCode).toBe(400);
    expect(shape(badUrl).status).toBe('BAD_REQUEST');
    const unknown = await get('/api/no/such/route');
    expect(unknown.statusCode).toBe(404);
    expect(shape(unknown).status).toBe('NOT_FOUND');
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/account/info' });
    expect(signedOut.statusCode).toBe(401);
    expect(shape(signedOut).status).toBe('UNAUTHORIZED');
  });

  it('answers a request the HTTP parser refuses in the documented shape, on a real socket', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/auth/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ status: 'BAD_REQUEST', message: 'Bad Request' });
  });

  it('refuses bidi overrides and invisible characters in file, folder, album and person names', async () => {
    const sneaky = ['\u202Egnp.exe', 'a\u2066b\u2069', 'zero\u200Bwidth', 'b\uFEFFom', 'line\u2028break', 'mark\u200F'];
    const up = uploadApi(t, token);
    for (const name of sneaky) {
      expect(expectError(await up.whole(name, Buffer.from('x')), 400, 'VALIDATION_ERROR').message).toMatch(/invisible/);
      const folder = await t.app.inject({
        method: 'POST',
        url: '/api/filesystem/createFolder',
        headers: { ...authed(token), 'folder-name': encodeURIComponent(name), 'folder-uuid': randomUUID() },
      });
      expect(expectError(folder, 400, 'VALIDATION_ERROR').field).toBe('Folder-Name');
      const album = await t.app.inject({
        method: 'POST',
        url: '/api/album',
        headers: authed(token),
        payload: { contentType: 'album/photo', icon: 'playlist-2', label: name },
      });
      expect(expectError(album, 400, 'VALIDATION_ERROR').message).toMatch(/invisible/);
      const person = await t.app.inject({
        method: 'POST',
        url: '/api/account/nameSurname',
        headers: authed(token),
        payload: { name: 'Ayşe', surname: name },
      });
      expect(expectError(person, 400, 'VALIDATION_ERROR').field).toBe('surname');
    }
    // Joiners are part of emoji sequences and some scripts; they stay allowed.
    const family = await up.whole('👨\u200D👩\u200D👧 notes.txt', Buffer.from('x'));
    expect(family.statusCode).toBeLessThan(300);
    const files = await get('/api/filesystem');
    expect(files.json().fileList.map((f: { name: string }) => f.name)).toEqual(['👨\u200D👩\u200D👧 notes.txt']);
  });
});

describe('inputGuard', () => {
  /** What the guard throws for this body, or undefined when it lets it through. */
  const refusal = (body: unknown) => {
    try {
      inputGuard({ params: {}, query: {}, body });
      return undefined;
    } catch (err) {
      return err;
    }
  };
  it('refuses NUL in object keys and nesting deeper than 32 levels, naming the path', () => {
    expect(refusal({ list: [{ 'a\u0000': 1 }] })).toMatchObject({ field: 'list.0.a\u0000', status: 'VALIDATION_ERROR' });
    const deep = JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`);
    expect(refusal(deep)).toMatchObject({ status: 'VALIDATION_ERROR', message: expect.stringMatching(/nested/) });
    expect(refusal({ a: [1, 'two', { b: -0, c: 2 ** 53 - 1 }] })).toBeUndefined();
  });
});

describe('bad input to the web app\'s own files', () => {
  let t: TestApp;
  let dist = '';
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Bulut</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers odd paths with the page, a file, or an error in the documented shape — never 5xx', async () => {
    const paths = ['/assets/app.js', '/assets/%00', '/assets/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%E0%A4%A', '/a%00b', '/assets/app.js%00.png'];
    for (const url of paths) {
      for (const method of ['GET', 'HEAD', 'POST'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        if (res.statusCode >= 400 && method !== 'HEAD') {
          const body = res.json();
          expect(Object.keys(body).every((k) => ['status', 'message', 'field', 'requestId'].includes(k)), `${method} ${url}`).toBe(true);
          expect(String(body.status)).not.toMatch(/^FST_/);
        }
        if (res.statusCode === 200 && method === 'GET') expect(res.body).not.toMatch(/root:/);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/main/photos' })).body).toContain('<title>Bulut</title>');
  });
});
