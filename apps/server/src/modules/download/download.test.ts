import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { account, content, downloadUrls, sha256, uploadApi } from '../upload/upload.fixtures.js';
import { UrlSigner } from '../../infra/signing/url-signer.js';

describe.each(DIALECTS)('download (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A signed-up user with one uploaded file and its download links. */
  async function withFile(name: string, body: Buffer, contentType = 'application/octet-stream') {
    const user = await signUp(t);
    const item = (await uploadApi(t, user.token).whole(name, body, { contentType })).json();
    const projectId = (await account(t, user.accountId)).project_id;
    const [link] = await downloadUrls(t, user.token, projectId, [item.uuid]);
    return { ...user, item, projectId, link: link! };
  }
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('create-download-url', () => {
    it('signs a URL and an inline URL per item, valid at least an hour', async () => {
      const { token, item, projectId } = await withFile('a.txt', content(10));
      const before = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/files/_bulk/create-download-url',
        headers: authed(token),
        payload: [{ projectId, uuid: item.uuid }],
      });
      expect(res.statusCode).toBe(200);
      const [entry] = res.json();
      expect(entry).toEqual({ uuid: item.uuid, url: expect.any(String), inlineUrl: expect.any(String), expiresAt: expect.any(Number) });
      expect(entry.url).toMatch(/^\/api\/download\/[\w-]+\.[\w-]+$/);
      // The inline URL ends with the file's name, which a PDF viewer shows as the title instead of the token.
      expect(entry.inlineUrl).toMatch(/^\/api\/download\/[\w-]+\.[\w-]+\/a\.txt\?inline=1$/);
      expect(entry.expiresAt).toBeGreaterThanOrEqual(before + 60 * 60_000);
      expect(entry.expiresAt).toBeLessThanOrEqual(Date.now() + 75 * 60_000);
    });

    it("ends the inline URL with the file's name, which does not change what it serves", async () => {
      const { link } = await withFile('Yıllık rapor #1.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
      expect(link.inlineUrl).toContain(`/${encodeURIComponent('Yıllık rapor #1.pdf')}?inline=1`);
      const res = await t.app.inject({ method: 'GET', url: link.inlineUrl });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('%PDF-1.4');
      expect(String(res.headers['content-disposition']).split(';')[0]).toBe('inline');
      // Another label after the same token is the same file; the token alone still decides.
      const relabelled = link.inlineUrl.replace(/\/[^/?]+\?inline=1$/, '/other.pdf?inline=1');
      expect((await t.app.inject({ method: 'GET', url: relabelled })).body).toBe('%PDF-1.4');
    });

    it("another user's file, another projectId, a folder or a trashed file → 404", async () => {
      const a = await withFile('mine.txt', content(10));
      const b = await signUp(t);
      const bProject = (await account(t, b.accountId)).project_id;
      const call = (token: string, payload: unknown) =>
        t.app.inject({ method: 'POST', url: '/api/v2/files/_bulk/create-download-url', headers: authed(token), payload: payload as object });
      expectError(await call(b.token, [{ projectId: bProject, uuid: a.item.uuid }]), 404);
      expectError(await call(b.token, [{ projectId: a.projectId, uuid: a.item.uuid }]), 404);
      expectError(await call(a.token, [{ projectId: bProject, uuid: a.item.uuid }]), 404);
      expectError(await call(a.token, [{ projectId: a.projectId, uuid: randomUUID() }]), 404);
      await t.database.db.updateTable('file').set({ status: 'TRASHED' }).where('id', '=', a.item.uuid).execute();
      expectError(await call(a.token, [{ projectId: a.projectId, uuid: a.item.uuid }]), 404);
      expectError(await call(a.token, []), 400);
      const tooMany = Array.from({ length: 501 }, () => ({ projectId: a.projectId, uuid: randomUUID() }));
      expectError(await call(a.token, tooMany), 400);
    });
  });

  describe('GET /api/download/<token>', () => {
    it('answers POST the same as GET, with or without a body (the spec client posts and reads a blob)', async () => {
      const body = content(2048);
      const { link } = await withFile('IMG_0001.jpg', body, 'image/jpeg');
      const got = await get(link.url);
      const bodies = [{}, { payload: {} }, { payload: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, { payload: 'not json', headers: { 'content-type': 'application/json' } }];
      for (const extra of bodies) {
        const posted = await t.app.inject({ method: 'POST', url: link.url, ...extra });
        expect(posted.statusCode).toBe(200);
        expect(posted.rawPayload.equals(body)).toBe(true);
        for (const h of ['content-type', 'content-disposition', 'etag', 'cache-control']) expect(posted.headers[h]).toBe(got.headers[h]);
      }
      const tampered = await t.app.inject({ method: 'POST', url: `${link.url.slice(0, -2)}xx` });
      expect(tampered.statusCode).toBe(404);
    });

    it('streams the file with validators, type, disposition and caching headers; no session needed', async () => {
      const body = content(4096);
      const { link } = await withFile('rapor.pdf', body, 'application/pdf');
      const res = await get(link.url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(body)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': '4096',
        'accept-ranges': 'bytes',
        etag: `"${sha256(body)}"`,
        'cache-control': 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename="rapor.pdf"; filename*=UTF-8''rapor.pdf`,
        'content-security-policy': 'sandbox',
      });
    });

    it('Range → 206 with exactly those bytes; suffix and open ranges; past the end → 416', async () => {
      const body = content(1000);
      const { link } = await withFile('r.bin', body);
      const cases: Array<[string, number, number]> = [
        ['bytes=10-19', 10, 19],
        ['bytes=990-', 990, 999],
        ['bytes=-5', 995, 999],
        ['bytes=500-5000', 500, 999],
        ['bytes=0-0', 0, 0],
      ];
      for (const [range, start, end] of cases) {
        const res = await get(link.url, { range });
        expect(res.statusCode, range).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
        expect(res.headers['content-length']).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(body.subarray(start, end + 1)), range).toBe(true);
      }
      const unsatisfiable = await get(link.url, { range: 'bytes=1000-' });
      expect(unsatisfiable.statusCode).toBe(416);
      expect(unsatisfiable.headers['content-range']).toBe('bytes */1000');
      // Several ranges, or a malformed header, get the whole file.
      for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-3']) {
        const res = await get(link.url, { range });
        expect(res.statusCode, range).toBe(200);
        expect(res.rawPayload.length).toBe(1000);
      }
      // If-Range with another version's ETag: the whole (current) file.
      expect((await get(link.url, { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
      expect((await get(link.url, { range: 'bytes=0-9', 'if-range': `"${sha256(body)}"` })).statusCode).toBe(206);
    });

    it('If-None-Match with the ETag → 304 without a body', async () => {
      const body = content(100);
      const { link } = await withFile('e.bin', body);
      const etag = `"${sha256(body)}"`;
      const res = await get(link.url, { 'if-none-match': etag });
      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect((await get(link.url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await get(link.url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    });

    it('HEAD answers the headers without the body', async () => {
      const { link } = await withFile('h.bin', content(777));
      const res = await t.app.inject({ method: 'HEAD', url: link.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe('777');
      expect(res.rawPayload.length).toBe(0);
    });

    it('a Unicode name: exact in filename*, an ASCII fallback in filename', async () => {
      const name = 'Tatil fotoğrafı "Ağustos" 100% (1).jpg';
      const { link } = await withFile(name, content(10), 'image/jpeg');
      const disposition = String((await get(link.url)).headers['content-disposition']);
      const m = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(.+)$/.exec(disposition);
      expect(m).not.toBeNull();
      expect(m![1]).toMatch(/^[\x20-\x7e]+$/);
      expect(m![1]).toBe('Tatil fotografi _Agustos_ 100_ (1).jpg');
      expect(m![2]).not.toMatch(/[^A-Za-z0-9!#$&+.^_`|~%-]/);
      expect(decodeURIComponent(m![2]!)).toBe(name);
    });

    it('the ASCII fallback never reads as a path, even for look-alike slashes', async () => {
      const name = '..\uff0f..\uff0fevil.txt';
      const { link } = await withFile(name, content(10), 'text/plain');
      const disposition = String((await get(link.url)).headers['content-disposition']);
      const m = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(.+)$/.exec(disposition);
      expect(m![1]).toBe('.._.._evil.txt');
      expect(decodeURIComponent(m![2]!)).toBe(name);
    });

    it('inline only for safe types through the inline link; active content always attachment with a sandbox CSP', async () => {
      const user = await signUp(t);
      const api = uploadApi(t, user.token);
      const projectId = (await account(t, user.accountId)).project_id;
      const cases: Array<[string, string, 'inline' | 'attachment']> = [
        ['p.jpg', 'image/jpeg', 'inline'],
        ['v.mp4', 'video/mp4', 'inline'],
        ['s.mp3', 'audio/mpeg', 'inline'],
        ['d.pdf', 'application/pdf', 'inline'],
        ['t.txt', 'text/plain', 'inline'],
        ['x.html', 'text/html', 'attachment'],
        ['i.svg', 'image/svg+xml', 'attachment'],
        ['x.xml', 'application/xml', 'attachment'],
        ['j.js', 'text/javascript', 'attachment'],
      ];
      for (const [name, type, expected] of cases) {
        const item = (await api.whole(name, Buffer.from('<script>alert(1)</script>'), { contentType: type })).json();
        const [link] = await downloadUrls(t, user.token, projectId, [item.uuid]);
        const inline = await get(link!.inlineUrl);
        expect(inline.headers['content-type'], name).toBe(type);
        expect(String(inline.headers['content-disposition']).split(';')[0], name).toBe(expected);
        if (expected === 'attachment') expect(inline.headers['content-security-policy'], name).toBe('sandbox');
        else {
          // the preview frames PDFs from our own pages only
          expect(inline.headers['content-security-policy'], name).toMatch(/frame-ancestors 'self'/);
          expect(inline.headers['x-frame-options'], name).toBe('SAMEORIGIN');
        }
        const plain = await get(link!.url);
        expect(String(plain.headers['content-disposition']).split(';')[0], name).toBe('attachment');
        expect(plain.headers['content-security-policy'], name).toBe('sandbox');
        expect(plain.headers['x-content-type-options']).toBe('nosniff');
      }
      // ?inline=1 on the plain link changes nothing: only the signed claim counts.
      const png = (await api.whole('y.png', content(10), { contentType: 'image/png' })).json();
      const [link] = await downloadUrls(t, user.token, projectId, [png.uuid]);
      expect(String((await get(`${link!.url}?inline=1`)).headers['content-disposition'])).toMatch(/^attachment;/);
    });

    it('an unknown stored type is served as application/octet-stream', async () => {
      const { item, accountId, token, projectId } = await withFile('odd.bin', content(10));
      await t.database.db.updateTable('file').set({ content_type: 'not a type' }).where('id', '=', item.uuid).where('account_id', '=', accountId).execute();
      const [link] = await downloadUrls(t, token, projectId, [item.uuid]);
      expect((await get(link!.url)).headers['content-type']).toBe('application/octet-stream');
    });

    it('tampered, expired, foreign-purpose or dead tokens → 404, all alike', async () => {
      const { link, item, accountId } = await withFile('s.bin', content(10));
      const token = link.url.slice('/api/download/'.length);
      const [body, sig] = token.split('.') as [string, string];
      const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
      const other = (await withFile('other.bin', content(10))).item.uuid;
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), f: other })).toString('base64url');
      const signer = new UrlSigner(t.database.db);
      const expired = await signer.sign('file', { a: accountId, f: item.uuid, e: Date.now() - 1 });
      const zipPurpose = await signer.sign('zip', { a: accountId, f: item.uuid, e: Date.now() + 60_000 });
      for (const bad of [`${flip(body)}.${sig}`, `${body}.${flip(sig)}`, `${forged}.${sig}`, `${body}.${sig}x`, body, 'x', expired, zipPurpose]) {
        const res = await get(`/api/download/${bad}`);
        expect(res.statusCode, bad).toBe(404);
        expect(res.json().status).toBe('NOT_FOUND');
      }
      expect((await get(link.url)).statusCode).toBe(200);
      // Trashed after the link was made.
      await t.database.db.updateTable('file').set({ status: 'TRASHED' }).where('id', '=', item.uuid).execute();
      expectError(await get(link.url), 404);
    });

    it('a second instance verifies links signed by the first (the secret is shared through the database)', async () => {
      const { link, item, accountId } = await withFile('shared.bin', content(10));
      const a = new UrlSigner(t.database.db);
      const b = new UrlSigner(t.database.db);
      const token = await a.sign('file', { a: accountId, f: item.uuid, e: Date.now() + 60_000 });
      expect(await b.verify('file', token)).toMatchObject({ f: item.uuid });
      expect(await b.verify('file', link.url.slice('/api/download/'.length))).not.toBeNull();
    });
  });
});
