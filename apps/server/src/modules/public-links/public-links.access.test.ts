import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile } from '../files/files.fixtures.js';
import { addFolder } from '../upload/upload.fixtures.js';
import { addPhoto, albumsApi } from '../albums/albums.fixtures.js';
import { readZip } from '../download/download.fixtures.js';
import { linkApi } from './public-links.fixtures.js';

const GONE = { status: 'NOT_FOUND', message: 'This link does not exist or has expired.' };

describe.each(DIALECTS)('public links: what a link reaches (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof linkApi>;
  let a: { token: string; accountId: string };
  let b: { token: string; accountId: string };
  // A's tree: Parent/Shared/{a.txt, Sub/{b.txt, hidden.txt (hidden)}, trashed.txt}, Parent/sibling.txt, Private/secret.txt
  const ids = {} as Record<'parent' | 'shared' | 'sub' | 'a' | 'b' | 'hidden' | 'trashed' | 'sibling' | 'private' | 'secret' | 'other', string>;
  const bytes = { a: Buffer.from('alpha '.repeat(1000)), b: Buffer.from('bravo') };

  beforeAll(async () => {
    t = await startTestApp(dialect, { SHARE_UNLOCK_RATE_LIMIT_PER_MINUTE: '5' });
    api = linkApi(t);
    a = await signUp(t);
    b = await signUp(t);
    ids.parent = await addFolder(t, a.accountId, 'Parent');
    ids.shared = await addFolder(t, a.accountId, 'Shared', ids.parent);
    ids.sub = await addFolder(t, a.accountId, 'Sub', ids.shared);
    ids.a = (await addFile(t, a.accountId, 'a.txt', { parentId: ids.shared, content: bytes.a, contentType: 'text/plain' })).id;
    ids.b = (await addFile(t, a.accountId, 'b.txt', { parentId: ids.sub, content: bytes.b, contentType: 'text/plain' })).id;
    ids.hidden = (await addFile(t, a.accountId, 'hidden.txt', { parentId: ids.sub, hidden: true })).id;
    ids.trashed = (await addFile(t, a.accountId, 'trashed.txt', { parentId: ids.shared })).id;
    ids.sibling = (await addFile(t, a.accountId, 'sibling.txt', { parentId: ids.parent })).id;
    ids.private = await addFolder(t, a.accountId, 'Private');
    ids.secret = (await addFile(t, a.accountId, 'secret.txt', { parentId: ids.private })).id;
    ids.other = (await addFile(t, b.accountId, 'b-own.txt')).id;
    const trashed = await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: authed(a.token), payload: [ids.trashed] });
    expect(trashed.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the shared folder and what is under it, never above it or beside it', async () => {
    const link = await api.owner(a.token).link({ fileUuidList: [ids.shared], isAlbum: false });
    expect(link.url).toMatch(/^\/sharedFiles\?token=[A-Za-z0-9_-]{43}$/);
    const v = api.visitor(link.token);

    const info = await v.info();
    expect(info.statusCode).toBe(200);
    expect(info.headers['referrer-policy']).toBe('no-referrer');
    expect(info.headers['x-content-type-options']).toBe('nosniff');
    // A link to one folder opens inside it: its content is the root, counted as the link's items.
    expect(info.json()).toMatchObject({ name: 'Shared', isAlbum: false, isFolder: true, itemCount: 2, hasPassword: false, expirationDate: null });

    const root = (await v.files()).json();
    expect(root.fileList.map((f: { name: string }) => f.name)).toEqual(['Sub', 'a.txt']);
    expect(root).toMatchObject({ totalCount: 2, folder: { uuid: ids.shared, name: 'Shared' }, path: [{ uuid: ids.shared, name: 'Shared' }] });
    expect((await v.count()).json()).toEqual({ count: 2 });

    const shared = (await v.files(`?parentFolderUuid=${ids.shared}`)).json();
    // The trashed file is gone for the visitor as well.
    expect(shared.fileList.map((f: { name: string }) => f.name)).toEqual(['Sub', 'a.txt']);
    expect(shared.path).toEqual([{ uuid: ids.shared, name: 'Shared' }]);
    expect((await v.count(ids.shared)).json()).toEqual({ count: 2 });

    const sub = (await v.files(`?parentFolderUuid=${ids.sub}&sortBy=name&sortOrder=DESC`)).json();
    expect(sub.fileList.map((f: { name: string }) => f.name)).toEqual(['b.txt']);
    expect(sub.folder).toEqual({ uuid: ids.sub, name: 'Sub' });
    expect(sub.path).toEqual([
      { uuid: ids.shared, name: 'Shared' },
      { uuid: ids.sub, name: 'Sub' },
    ]);

    // Above the shared root, beside it, another folder of the owner, another account's item, a made-up id: all 404.
    for (const id of [ids.parent, ids.private, ids.other, randomUUID()]) {
      expect((await v.files(`?parentFolderUuid=${id}`)).statusCode, id).toBe(404);
      expect((await v.count(id)).statusCode, id).toBe(404);
    }
    for (const id of [ids.parent, ids.sibling, ids.secret, ids.hidden, ids.trashed, ids.other, randomUUID()]) {
      expect((await v.download([id])).statusCode, id).toBe(404);
      expect((await v.download([ids.a, id])).statusCode, id).toBe(404);
    }
    // A file is not a folder to browse into.
    expect((await v.files(`?parentFolderUuid=${ids.a}`)).statusCode).toBe(404);
  });

  it('lists the named items at the root of a link to several items (or to one file)', async () => {
    const owner = api.owner(a.token);
    const several = api.visitor((await owner.link({ fileUuidList: [ids.shared, ids.sibling], isAlbum: false })).token);
    expect((await several.info()).json()).toMatchObject({ isFolder: false, itemCount: 2 });
    const root = (await several.files()).json();
    expect(root.fileList.map((f: { name: string }) => f.name)).toEqual(['Shared', 'sibling.txt']);
    expect(root).toMatchObject({ folder: null, path: [] });

    const one = api.visitor((await owner.link({ fileUuidList: [ids.sibling], isAlbum: false })).token);
    expect((await one.info()).json()).toMatchObject({ isFolder: false, itemCount: 1 });
    expect((await one.files()).json().fileList.map((f: { name: string }) => f.name)).toEqual(['sibling.txt']);
  });

  it('serves a single file as an attachment and a folder as a complete zip', async () => {
    const link = await api.owner(a.token).link({ fileUuidList: [ids.shared], isAlbum: false });
    const v = api.visitor(link.token);

    const one = await v.download([ids.a]);
    expect(one.statusCode).toBe(200);
    expect(one.json().fileName).toBe('a.txt');
    const file = await api.fetchUrl(one.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes.a)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe('sandbox');

    const all = await v.download();
    expect(all.json().fileName).toBe('Shared.zip');
    const zip = await api.fetchUrl(all.json().url);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toMatch(/^attachment;/);
    const entries = readZip(zip.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual(['Shared/', 'Shared/Sub/', 'Shared/Sub/b.txt', 'Shared/a.txt']);
    expect(entries.find((e) => e.name === 'Shared/a.txt')!.data.equals(bytes.a)).toBe(true);
    expect(entries.find((e) => e.name === 'Shared/Sub/b.txt')!.data.equals(bytes.b)).toBe(true);
  });

  it('answers a wrong, expired or revoked link identically, and expiry and revocation act at once', async () => {
    const owner = api.owner(a.token);
    const expiring = await owner.link({ fileUuidList: [ids.a], isAlbum: false, expirationDate: new Date(Date.now() + 1_800_000).toISOString() });
    const revoked = await owner.link({ fileUuidList: [ids.secret], isAlbum: false });
    expect((await api.visitor(expiring.token).info()).statusCode).toBe(200);
    expect((await api.visitor(revoked.token).info()).statusCode).toBe(200);

    expect((await owner.remove([revoked.uuid])).statusCode).toBe(204);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_800_001 });
    const answers = [
      await api.visitor(expiring.token).info(),
      await api.visitor(revoked.token).info(),
      await api.visitor(`${expiring.token.slice(0, -1)}x`).info(),
      await api.visitor('not-a-token').files(),
      await api.visitor(revoked.token).download(),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ...GONE, requestId: res.headers['x-request-id'] });
    }
    // The owner still sees the expired link, marked expired; the revoked one is gone.
    const listed = (await owner.list()).json().items as Array<{ uuid: string; expired: boolean }>;
    expect(listed.find((l) => l.uuid === expiring.uuid)?.expired).toBe(true);
    expect(listed.some((l) => l.uuid === revoked.uuid)).toBe(false);
  });

  it("gives one link per item set, keeps the token recoverable for the owner only, and refuses another's items", async () => {
    const owner = api.owner(a.token);
    const first = await owner.link({ fileUuidList: [ids.a, ids.sub], isAlbum: false });
    const again = await owner.link({ fileUuidList: [ids.sub, ids.a], isAlbum: false });
    expect(again.uuid).toBe(first.uuid);
    expect(again.url).toBe(first.url);
    // The list names what each link was made for, so the share dialog finds an item's link again (spec: fileUuidList).
    const listed = (await owner.list('?size=100')).json().items as Array<{ uuid: string; fileUuidList: string[]; isAlbum: boolean }>;
    expect(listed.find((l) => l.uuid === first.uuid)).toMatchObject({ fileUuidList: [ids.a, ids.sub], isAlbum: false });
    expect(JSON.stringify((await api.owner(b.token).list('?size=100')).json())).not.toContain(first.uuid);
    // The database holds no token: only its hash and a nonce.
    const row = await t.database.db.selectFrom('share_link').selectAll().where('id', '=', first.uuid).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(first.token);

    expect((await owner.create({ fileUuidList: [ids.other], isAlbum: false })).statusCode).toBe(404);
    expect((await owner.create({ fileUuidList: [ids.a, ids.other], isAlbum: false })).statusCode).toBe(404);
    expect((await owner.create({ fileUuidList: [ids.a], isAlbum: true })).statusCode).toBe(404);
    expect((await owner.create({ fileUuidList: [ids.trashed], isAlbum: false })).statusCode).toBe(404);
    // Bad dates are the caller's mistake, said clearly; nothing is created.
    for (const expirationDate of ['nonsense', new Date(Date.now() - 1000).toISOString()]) {
      const res = await owner.create({ fileUuidList: [ids.sibling], isAlbum: false, expirationDate });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'VALIDATION_ERROR', field: 'expirationDate' });
    }
    expect((await owner.create({ fileUuidList: [ids.a, ids.a], isAlbum: true })).statusCode).toBe(404);
    // B cannot change or delete A's link.
    expect((await api.owner(b.token).expire(first.uuid, null)).statusCode).toBe(404);
    expect((await api.owner(b.token).password(first.uuid, 'x')).statusCode).toBe(404);
    await api.owner(b.token).remove([first.uuid]);
    expect((await api.visitor(first.token).info()).statusCode).toBe(200);
  });

  it('asks for the password, limits attempts per IP, and a new password ends earlier unlocks', async () => {
    const owner = api.owner(a.token);
    const link = await owner.link({ fileUuidList: [ids.a], isAlbum: false, password: 'sesame 42' });
    expect(link.hasPassword).toBe(true);
    const v = api.visitor(link.token, { ip: '10.1.1.1' });
    const locked = await v.files();
    expect(locked.statusCode).toBe(403);
    expect(locked.json().status).toBe('SHARE_PASSWORD_REQUIRED');
    expect((await v.unlock('wrong')).statusCode).toBe(403);
    const unlocked = await v.unlock('sesame 42');
    expect(unlocked.statusCode).toBe(200);
    const proof = unlocked.json().unlock as string;
    const opened = api.visitor(link.token, { ip: '10.1.1.1', unlock: proof });
    expect((await opened.files()).json().fileList.map((f: { uuid: string }) => f.uuid)).toEqual([ids.a]);
    // A proof of one link opens no other.
    const other = await owner.link({ fileUuidList: [ids.sub], isAlbum: false, password: 'sesame 42' });
    expect((await api.visitor(other.token, { unlock: proof }).info()).statusCode).toBe(403);

    // Five attempts a minute per IP (this suite's setting): the sixth is refused, even with the right password.
    const guesser = api.visitor(link.token, { ip: '10.2.2.2' });
    for (let i = 0; i < 5; i++) expect((await guesser.unlock(`guess ${i}`)).statusCode).toBe(403);
    const limited = await guesser.unlock('sesame 42');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().status).toBe('TOO_MANY_REQUESTS');

    expect((await owner.password(link.uuid, 'another 7')).json().hasPassword).toBe(true);
    expect((await opened.files()).statusCode).toBe(403);
    expect((await owner.password(link.uuid, null)).json().hasPassword).toBe(false);
    expect((await api.visitor(link.token).files()).statusCode).toBe(200);
  });

  it('follows the album: photos added or removed later show up or vanish at once', async () => {
    const albums = albumsApi(t, a.token);
    const album = await albums.album('Yaz');
    const p1 = await addPhoto(t, a.accountId, 'p1.jpg');
    const p2 = await addPhoto(t, a.accountId, 'p2.jpg');
    expect((await albums.addFiles(album.uuid, [p1.id])).statusCode).toBe(200);
    const link = await api.owner(a.token).link({ fileUuidList: [album.uuid], isAlbum: true });
    expect(link.fileUuidList).toEqual([album.uuid]);
    const v = api.visitor(link.token);
    const names = async () => ((await v.files()).json().fileList as Array<{ name: string; thumbnailUrl: string | null }>).map((f) => f.name);
    expect(await names()).toEqual(['p1.jpg']);
    const thumb = (await v.files()).json().fileList[0].thumbnailUrl as string;
    expect(thumb).toMatch(/^\/api\/media\/thumb\//);

    await albums.addFiles(album.uuid, [p2.id]);
    expect(await names()).toEqual(['p1.jpg', 'p2.jpg']);
    await albums.removeFiles(album.uuid, [p1.id]);
    expect(await names()).toEqual(['p2.jpg']);
    expect((await v.download([p1.id])).statusCode).toBe(404);
    const one = await v.download([p2.id]);
    expect((await api.fetchUrl(one.json().url)).rawPayload.equals(p2.content)).toBe(true);
    // Another account's album cannot be linked; a trashed album's link is gone.
    expect((await api.owner(b.token).create({ fileUuidList: [album.uuid], isAlbum: true })).statusCode).toBe(404);
    await albums.trash([album.uuid]);
    expect((await v.info()).json()).toMatchObject(GONE);
  });
});
