import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dropbox, DropboxAuth } from 'dropbox';
import { ContentHasher, contentHashOf } from './dropbox-content-hash.js';
import { DropboxFakeServer, generatedBytes } from './dropbox-fake-server.js';
import { consent, freePortInRange, referenceContentHash } from './migration.fixtures.js';

// The local Dropbox server speaks the real protocol: Dropbox's own SDK (the `dropbox` package) signs in with PKCE,
// refreshes, lists with paging and downloads through it, with nothing but its hosts pointed here.

const MiB = 1024 * 1024;

describe('the local Dropbox server under the official SDK', () => {
  const fake = new DropboxFakeServer();
  /** The SDK always calls https://{api,content}.dropboxapi.com and www.dropbox.com; this sends those calls here. */
  const toFake: typeof fetch = async (input, init) => {
    const url = String(input).replace(/^https:\/\/(api|content|notify)\.dropboxapi\.com|^https:\/\/(www\.)?dropbox\.com/, fake.base);
    const res = await fetch(url, init);
    // The SDK reads download bodies with node-fetch's buffer().
    return Object.assign(res, { buffer: async () => Buffer.from(await res.clone().arrayBuffer()) });
  };
  const files = new Map<string, Buffer>();

  beforeAll(async () => {
    await fake.start(await freePortInRange());
    fake.pageSize = 2;
    for (const [path, bytes] of [
      ['/a.txt', Buffer.from('alpha')],
      ['/Folder/b.bin', randomBytes(4 * MiB)],
      ['/Folder/Sub/c.bin', randomBytes(4 * MiB + 1)],
      ['/Folder/Sub/ü ş.txt', Buffer.from('unicode')],
      ['/empty', Buffer.alloc(0)],
    ] as const) {
      fake.putFile(path, bytes);
      files.set(path, bytes);
    }
    fake.putPaper('/Plan.paper', Buffer.from('PK\u0003\u0004docx'), '<p>plan</p>');
  });
  afterAll(() => fake.stop());

  it('content_hash is Dropbox’s (4 MiB blocks), streaming or whole, generated content too', () => {
    for (const size of [0, 1, 4 * MiB - 1, 4 * MiB, 4 * MiB + 1, 9 * MiB]) {
      const bytes = generatedBytes(size, size);
      const streamed = new ContentHasher();
      for (let o = 0; o < bytes.length; o += 100_003) streamed.update(bytes.subarray(o, o + 100_003));
      expect(streamed.digest()).toBe(referenceContentHash(bytes));
      expect(contentHashOf(bytes)).toBe(referenceContentHash(bytes));
    }
    // SHA-256 of nothing: an empty file has no blocks.
    expect(contentHashOf(Buffer.alloc(0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('PKCE sign-in, refresh, account, paged recursive listing, downloads with content_hash, export, revoke', async () => {
    const auth = new DropboxAuth({ clientId: fake.appKey, fetch: toFake });
    const redirectUri = 'http://127.0.0.1/callback';
    const authUrl = String(await auth.getAuthenticationUrl(redirectUri, 'st4te', 'code', 'offline', undefined, undefined, true));
    const back = await consent(authUrl.replace(/^https:\/\/(www\.)?dropbox\.com/, fake.base));
    expect(back.state).toBe('st4te');
    const tokens = (await auth.getAccessTokenFromCode(redirectUri, back.code!)).result as { access_token: string; refresh_token: string; expires_in: number };
    expect(tokens.refresh_token).toBeTruthy();
    // A wrong verifier is refused (the PKCE check is real).
    const thief = new DropboxAuth({ clientId: fake.appKey, fetch: toFake });
    thief.setCodeVerifier('x'.repeat(64));
    const again = await consent(authUrl.replace(/^https:\/\/(www\.)?dropbox\.com/, fake.base));
    await expect(thief.getAccessTokenFromCode(redirectUri, again.code!)).rejects.toBeTruthy();

    // Refresh through the SDK once the access token has run out.
    auth.setAccessToken(tokens.access_token);
    auth.setRefreshToken(tokens.refresh_token);
    auth.setAccessTokenExpiresAt(new Date(Date.now() - 1000));
    fake.expireTokens();
    await auth.checkAndRefreshAccessToken();
    expect(auth.getAccessToken()).not.toBe(tokens.access_token);

    const dbx = new Dropbox({ auth, fetch: toFake });
    const me = await dbx.usersGetCurrentAccount();
    expect(me.result.email).toBe(fake.account.email);

    const entries: Array<{ '.tag': string; path_display?: string; content_hash?: string; size?: number }> = [];
    let page = await dbx.filesListFolder({ path: '', recursive: true });
    entries.push(...page.result.entries);
    let pages = 1;
    while (page.result.has_more) {
      page = await dbx.filesListFolderContinue({ cursor: page.result.cursor });
      entries.push(...page.result.entries);
      pages++;
    }
    expect(pages).toBeGreaterThan(3);
    const listed = entries.filter((e) => e['.tag'] === 'file');
    expect(listed.map((e) => e.path_display).sort()).toEqual([...files.keys(), '/Plan.paper'].sort());
    expect(entries.filter((e) => e['.tag'] === 'folder').map((e) => e.path_display).sort()).toEqual(['/Folder', '/Folder/Sub']);

    for (const [path, bytes] of files) {
      const meta = listed.find((e) => e.path_display === path)!;
      expect(meta.content_hash).toBe(referenceContentHash(bytes));
      expect(meta.size).toBe(bytes.length);
      const got = await dbx.filesDownload({ path });
      const result = got.result as unknown as { fileBinary: Buffer; content_hash: string; name: string };
      expect(Buffer.from(result.fileBinary).equals(bytes), path).toBe(true);
      expect(result.content_hash).toBe(referenceContentHash(bytes));
    }
    const exported = await dbx.filesExport({ path: '/Plan.paper', export_format: 'docx' });
    const exp = exported.result as unknown as { fileBinary: Buffer; export_metadata: { name: string } };
    expect(exp.export_metadata.name).toBe('Plan.docx');
    expect(Buffer.from(exp.fileBinary).toString()).toBe('PK\u0003\u0004docx');
    await expect(dbx.filesDownload({ path: '/missing.txt' })).rejects.toMatchObject({ status: 409 });

    await dbx.authTokenRevoke();
    expect(fake.revoked).toContain(auth.getAccessToken());
    await expect(dbx.usersGetCurrentAccount()).rejects.toMatchObject({ status: 401 });
  });
});
