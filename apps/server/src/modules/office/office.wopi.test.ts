import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { fileRow, officeUser, share, wopiClient, type OfficeUser } from './office.fixtures.js';
import { docx } from './office.templates.js';
import { encodeUtf7 } from './office.utf7.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(DIALECTS)('office documents: the WOPI host (%s)', (dialect) => {
  let t: TestApp;
  let owner: OfficeUser;
  let editor: OfficeUser;
  let viewer: OfficeUser;
  let folder = '';
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [owner, editor, viewer] = [await officeUser(t), await officeUser(t), await officeUser(t)];
    folder = (await owner.files.folder('Ortak')).uuid;
    await share(t, owner, folder, editor, 'EDITOR');
    await share(t, owner, folder, viewer, 'VIEWER');
  });
  afterAll(() => t.close());

  async function newDocument(who: OfficeUser = owner, name = 'Mektup') {
    const file = (await who.create({ documentType: 'WORD', parentFolderUuid: folder, name }, owner.projectId)).json();
    const token = (await who.open(file.uuid, owner.projectId)).json().accessToken as string;
    return { file, token, wopi: wopiClient(t, file.uuid, token) };
  }

  it('a client’s sequence: CheckFileInfo → GetFile → Lock → PutFile → Unlock; the save replaces the content in place', async () => {
    const { file, wopi } = await newDocument();
    const info = await wopi.checkFileInfo();
    expect(info.statusCode, info.body).toBe(200);
    const before = await fileRow(t, file.uuid);
    expect(info.json()).toMatchObject({
      BaseFileName: 'Mektup.docx',
      OwnerId: owner.accountId,
      UserId: owner.accountId,
      Size: Number(before.bytes),
      Version: before.sha256,
      UserCanWrite: true,
      ReadOnly: false,
      SupportsLocks: true,
      SupportsUpdate: true,
      SupportsGetLock: true,
      SHA256: Buffer.from(before.sha256!, 'hex').toString('base64'),
    });
    expect(info.json().UserFriendlyName).toBe(`${owner.user.name} ${owner.user.surname}`);

    const got = await wopi.getFile();
    expect(got.statusCode).toBe(200);
    expect(got.headers['x-wopi-itemversion']).toBe(before.sha256);
    expect(sha(got.rawPayload)).toBe(before.sha256);
    expect(got.rawPayload.length).toBe(Number(before.bytes));

    expect((await wopi.lock('kilit-1')).statusCode).toBe(200);
    expect((await wopi.getLock()).headers['x-wopi-lock']).toBe('kilit-1');
    const usage = await owner.usage();
    const edited = await docx(['Sayın yetkili,', 'Bu mektup WOPI üzerinden düzenlendi.']);
    const put = await wopi.putFile(edited, 'kilit-1');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.headers['x-wopi-itemversion']).toBe(sha(edited));
    const after = await fileRow(t, file.uuid);
    expect(after).toMatchObject({ id: file.uuid, name: 'Mektup.docx', parent_id: folder, sha256: sha(edited), status: 'ACTIVE' });
    expect(Number(after.bytes)).toBe(edited.length);
    expect(after.blob_key).not.toBe(before.blob_key);
    // The new bytes are charged; the old ones stay charged as the file's version (issue 33).
    expect(await owner.usage()).toBe(usage + edited.length);
    const reread = await wopi.getFile();
    expect(Buffer.compare(reread.rawPayload, edited)).toBe(0);
    expect((await wopi.checkFileInfo()).json()).toMatchObject({ Size: edited.length, Version: sha(edited) });

    expect((await wopi.refreshLock('kilit-1')).statusCode).toBe(200);
    expect((await wopi.unlock('kilit-1')).statusCode).toBe(200);
    expect((await wopi.getLock()).headers['x-wopi-lock']).toBe('');
    // The old content is kept as a version of the file (issue 33), not purged.
    const versions = await t.database.db.selectFrom('file_version').select(['blob_key', 'bytes']).where('file_id', '=', before.id).execute();
    expect(versions.map((v) => [v.blob_key, Number(v.bytes)])).toEqual([[before.blob_key, Number(before.bytes)]]);
    const purge = await t.database.db.selectFrom('job').select('payload').where('type', '=', 'file.purge-blobs').execute();
    expect(purge.some((j) => String(j.payload).includes(before.blob_key!))).toBe(false);
  });

  it('lock conflicts answer 409 with the current lock in X-WOPI-Lock', async () => {
    const { wopi, file } = await newDocument(owner, 'Çakışma');
    const original = await fileRow(t, file.uuid);
    // Unlocked and not empty: a save without the lock is refused.
    const unlocked = await wopi.putFile(await docx(['x']));
    expect(unlocked.statusCode).toBe(409);
    expect(unlocked.headers['x-wopi-lock']).toBe('');
    expect((await wopi.lock('A')).statusCode).toBe(200);
    // The same lock again refreshes it; another one conflicts.
    expect((await wopi.lock('A')).statusCode).toBe(200);
    const other = await wopi.lock('B');
    expect(other.statusCode).toBe(409);
    expect(other.headers['x-wopi-lock']).toBe('A');
    const wrong = await wopi.putFile(await docx(['yanlış kilit']), 'B');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.headers['x-wopi-lock']).toBe('A');
    expectError(wrong, 409, 'LOCK_CONFLICT');
    expect((await fileRow(t, file.uuid)).sha256).toBe(original.sha256);
    const refresh = await wopi.refreshLock('B');
    expect([refresh.statusCode, refresh.headers['x-wopi-lock']]).toEqual([409, 'A']);
    expect((await wopi.unlock('B')).statusCode).toBe(409);
    // UnlockAndRelock: from the lock named only.
    const relockWrong = await wopi.lock('C', 'B');
    expect([relockWrong.statusCode, relockWrong.headers['x-wopi-lock']]).toEqual([409, 'A']);
    expect((await wopi.lock('C', 'A')).statusCode).toBe(200);
    expect((await wopi.getLock()).headers['x-wopi-lock']).toBe('C');
    // A lock left behind expires after 30 minutes: then anyone may lock.
    await t.database.db.updateTable('office_lock').set({ expires_at: Date.now() - 1 }).where('file_id', '=', file.uuid).execute();
    expect((await wopi.getLock()).headers['x-wopi-lock']).toBe('');
    expect((await wopi.lock('D')).statusCode).toBe(200);
    const unlockNone = await wopi.unlock('D');
    expect(unlockNone.statusCode).toBe(200);
    const again = await wopi.unlock('D');
    expect([again.statusCode, again.headers['x-wopi-lock']]).toEqual([409, '']);
    expectError(await wopi.lock(''), 400);
  });

  it('one editor at a time in the embedded editor: a second opener gets view, named who edits', async () => {
    const { file, wopi } = await newDocument(owner, 'Tek');
    expect((await wopi.lock('owner-session')).statusCode).toBe(200);
    expect((await editor.open(file.uuid, owner.projectId)).json()).toMatchObject({ mode: 'view', lockedBy: `${owner.user.name} ${owner.user.surname}` });
    // The holder reopens for edit.
    expect((await owner.open(file.uuid)).json()).toMatchObject({ mode: 'edit', lockedBy: null });
    expect((await wopi.unlock('owner-session')).statusCode).toBe(200);
    expect((await editor.open(file.uuid, owner.projectId)).json().mode).toBe('edit');
  });

  it('tokens: an expired, unknown, other file’s or read-only token is refused; a trashed file is gone', async () => {
    const { file, token, wopi } = await newDocument(owner, 'Jeton');
    const second = await newDocument(owner, 'Başka');
    expectError(await wopiClient(t, second.file.uuid, token).checkFileInfo(), 401, 'INVALID_ACCESS_TOKEN');
    expectError(await wopiClient(t, file.uuid, 'x'.repeat(43)).checkFileInfo(), 401);
    expectError(await t.app.inject({ method: 'GET', url: `/api/wopi/files/${file.uuid}` }), 401);
    // The viewer reads but cannot lock or save.
    const viewerToken = (await viewer.open(file.uuid, owner.projectId)).json().accessToken;
    const asViewer = wopiClient(t, file.uuid, viewerToken);
    expect((await asViewer.checkFileInfo()).json()).toMatchObject({ UserCanWrite: false, ReadOnly: true, UserCanNotWriteRelative: true, UserId: viewer.accountId });
    expect((await asViewer.getFile()).statusCode).toBe(200);
    expectError(await asViewer.lock('v'), 401, 'READ_ONLY_ACCESS_TOKEN');
    expectError(await asViewer.putFile(await docx(['v'])), 401, 'READ_ONLY_ACCESS_TOKEN');
    // The editor's token works until the share is stopped.
    const editorToken = (await editor.open(file.uuid, owner.projectId)).json().accessToken;
    const asEditor = wopiClient(t, file.uuid, editorToken);
    expect((await asEditor.checkFileInfo()).json()).toMatchObject({ UserCanWrite: true, UserId: editor.accountId, OwnerId: owner.accountId });
    // Expired.
    expect((await wopi.checkFileInfo()).statusCode).toBe(200);
    await t.database.db.updateTable('office_token').set({ expires_at: Date.now() - 1 }).where('file_id', '=', file.uuid).where('account_id', '=', owner.accountId).execute();
    expectError(await wopi.checkFileInfo(), 401, 'INVALID_ACCESS_TOKEN');
    expectError(await wopi.getFile(), 401, 'INVALID_ACCESS_TOKEN');
    expectError(await wopi.lock('late'), 401, 'INVALID_ACCESS_TOKEN');
    // Trashed: gone for the owner's editor, and the share no longer reaches it for the editor's.
    const ownerAgain = wopiClient(t, file.uuid, (await owner.open(file.uuid)).json().accessToken);
    await owner.files.trash([file.uuid]);
    expectError(await ownerAgain.checkFileInfo(), 404, 'NOT_FOUND');
    expectError(await asEditor.checkFileInfo(), 401, 'INVALID_ACCESS_TOKEN');
  });

  it('an editor’s save through WOPI changes the owner’s file and quota', async () => {
    const { file, wopi } = await newDocument(editor, 'Ortak not');
    const before = await fileRow(t, file.uuid);
    const [ownerUsage, editorUsage] = [await owner.usage(), await editor.usage()];
    expect((await wopi.lock('e')).statusCode).toBe(200);
    const edited = await docx(['Editörün eklediği satır', 've bir tane daha']);
    expect((await wopi.putFile(edited, 'e')).statusCode).toBe(200);
    // The owner pays for the new content; the old stays charged as the file's version (issue 33).
    expect(await owner.usage()).toBe(ownerUsage + edited.length);
    expect(await editor.usage()).toBe(editorUsage);
    expect(Number(before.bytes)).toBeGreaterThan(0);
  });

  it('PutRelativeFile saves a copy beside the file; RenameFile renames keeping the extension', async () => {
    const { file, wopi } = await newDocument(owner, 'Asıl');
    const copy = await docx(['kopya']);
    const res = await wopi.putRelative({ 'x-wopi-suggestedtarget': encodeUtf7('Asıl kopya.docx'), 'x-wopi-size': String(copy.length) }, copy);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Name).toBe('Asıl kopya.docx');
    const url = new URL(res.json().Url);
    const newId = url.pathname.split('/').at(-1)!;
    const viaUrl = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(viaUrl.json()).toMatchObject({ BaseFileName: 'Asıl kopya.docx', Size: copy.length });
    expect(await fileRow(t, newId)).toMatchObject({ parent_id: folder, account_id: owner.accountId, sha256: sha(copy) });
    // An extension only: this file's name with it; taken names get a number.
    const ext = await wopi.putRelative({ 'x-wopi-suggestedtarget': '.docx' }, copy);
    expect(ext.json().Name).toBe('Asıl (2).docx');
    // An exact name that is taken: 409 and a free one to use.
    const taken = await wopi.putRelative({ 'x-wopi-relativetarget': encodeUtf7('Asıl kopya.docx') }, copy);
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['x-wopi-validrelativetarget']).toBe(encodeUtf7('Asıl kopya (2).docx'));
    expect((await wopi.putRelative({}, copy)).statusCode).toBe(501);

    const renamed = await wopi.rename(encodeUtf7('Yeni ad'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ Name: 'Yeni ad' });
    expect((await fileRow(t, file.uuid)).name).toBe('Yeni ad.docx');
    // Locked by someone else: renaming needs the lock.
    expect((await wopi.lock('r')).statusCode).toBe(200);
    const locked = await wopi.rename('Olmaz', 'other');
    expect([locked.statusCode, locked.headers['x-wopi-lock']]).toEqual([409, 'r']);
  });

  it('with OFFICE_WOPI_URL set, opening gives the editor URL from the server’s discovery document', async () => {
    // A Collabora Online-shaped discovery document, served the way Collabora serves it.
    const discovery = `<?xml version="1.0" encoding="utf-8"?>
<wopi-discovery><net-zone name="external-http">
<app favIconUrl="http://127.0.0.1/browser/abc/images/x-office-document.svg" name="writer">
<action default="true" ext="docx" name="edit" urlsrc="http://127.0.0.1:19601/browser/abc/cool.html?"/>
<action ext="odt" name="edit" urlsrc="http://127.0.0.1:19601/browser/abc/cool.html?"/>
</app>
<app name="calc"><action ext="xlsx" name="edit" urlsrc="http://127.0.0.1:19601/browser/abc/cool.html?"/></app>
<app name="application/pdf"><action ext="" name="view" urlsrc="http://127.0.0.1:19601/browser/abc/cool.html?&lt;ui=UI_LLCC&amp;&gt;"/></app>
<app name="Capabilities"><action ext="" name="getinfo" urlsrc="http://127.0.0.1:19601/hosting/capabilities"/></app>
</net-zone><proof-key exponent="AQAB" modulus="x" oldexponent="AQAB" oldmodulus="x" oldvalue="x" value="x"/></wopi-discovery>`;
    let asked = 0;
    const server = http.createServer((req, res) => {
      if (req.url === '/hosting/discovery') {
        asked++;
        res.writeHead(200, { 'content-type': 'text/xml' }).end(discovery);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const t2 = await startTestApp(dialect, { OFFICE_WOPI_URL: `http://127.0.0.1:${port}`, PUBLIC_URL: 'https://bulut.example.com' });
    try {
      const me = await officeUser(t2);
      const doc = (await me.create({ documentType: 'WORD' })).json();
      const config = (await me.open(doc.uuid)).json();
      const wopiSrc = `https://bulut.example.com/api/wopi/files/${doc.uuid}`;
      expect(config).toMatchObject({ mode: 'edit', wopiSrc, editor: { kind: 'wopi', url: `http://127.0.0.1:19601/browser/abc/cool.html?WOPISrc=${encodeURIComponent(wopiSrc)}` } });
      const sheet = (await me.create({ documentType: 'CELL' })).json();
      expect((await me.open(sheet.uuid)).json().editor.kind).toBe('wopi');
      // A type the server does not list: the embedded editor.
      const slides = (await me.create({ documentType: 'SLIDE' })).json();
      expect((await me.open(slides.uuid)).json().editor).toEqual({ kind: 'embedded', url: null });
      // Read once, then from memory.
      expect(asked).toBe(1);
      // The editor's origin may be framed by the app's pages.
      const page = await t2.app.inject({ method: 'GET', url: '/' });
      expect(String(page.headers['content-security-policy'])).toContain(`frame-src 'self' http://127.0.0.1:${port}`);
    } finally {
      await t2.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('isolation: no office call reaches another account’s file', async () => {
    // The owner's own top folder is not shared with the viewer.
    const [a, b] = [owner, viewer];
    const doc = (await a.create({ documentType: 'WORD' })).json();
    const folderOfA = (await a.files.folder('Gizli')).uuid;
    expectError(await b.open(doc.uuid), 404, 'NOT_FOUND');
    expectError(await b.open(doc.uuid, a.projectId), 404, 'NOT_FOUND');
    expectError(await b.create({ documentType: 'WORD', parentFolderUuid: folderOfA }), 404, 'NOT_FOUND');
    expectError(await b.create({ documentType: 'WORD', parentFolderUuid: folderOfA }, a.projectId), 404, 'NOT_FOUND');
    // B's token for B's own file names only that file.
    const own = (await b.create({ documentType: 'WORD' })).json();
    const token = (await b.open(own.uuid)).json().accessToken;
    const stolen = wopiClient(t, doc.uuid, token);
    expectError(await stolen.checkFileInfo(), 401);
    expectError(await stolen.getFile(), 401);
    expectError(await stolen.putFile(Buffer.from('x')), 401);
    expectError(await stolen.lock('x'), 401);
  });
});
