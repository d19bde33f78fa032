import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { davUser, hrefs } from './webdav.fixtures.js';

describe.each(DIALECTS)('webdav smoke (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('puts, lists and gets a file', async () => {
    const u = await davUser(t);
    const opt = await u.dav('OPTIONS', '/');
    expect(opt.statusCode).toBe(200);
    expect(opt.headers.dav).toBe('1, 2');
    const put = await u.dav('PUT', '/hello.txt', { body: 'merhaba', headers: { 'content-type': 'text/plain' } });
    expect(put.statusCode, put.body).toBe(201);
    const list = await u.dav('PROPFIND', '/', { headers: { depth: '1' } });
    expect(list.statusCode, list.body).toBe(207);
    expect(hrefs(list)).toEqual(['/dav/files/', '/dav/files/hello.txt']);
    const get = await u.dav('GET', '/hello.txt');
    expect(get.statusCode).toBe(200);
    expect(get.body).toBe('merhaba');
  });
});
