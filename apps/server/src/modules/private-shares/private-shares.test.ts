import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, readOutbox, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';
import { addPhoto } from '../albums/albums.fixtures.js';
import { addFile, filesApi, items } from '../files/files.fixtures.js';
import { uploadApi } from '../upload/upload.fixtures.js';
import { smtpSink } from '../../test/smtp-sink.js';

describe.each(DIALECTS)('private shares (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpSink>>;
  beforeAll(async () => {
    smtp = await smtpSink();
    t = await startTestApp(dialect, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const person = async () => {
    const s = await signUp(t);
    const files = filesApi(t, s.token);
    return { ...s, files, uploads: uploadApi(t, s.token), projectId: await files.projectId() };
  };
  type Person = Awaited<ReturnType<typeof person>>;
  const call = (who: { token: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authed(who.token), ...(payload ? { payload } : {}) });
  const share = (owner: Person, body: object) =>
    call(owner, 'POST', '/api/shares', { type: 'VIEWER', duration: 'UNLIMITED', ...body });
  const list = (who: Person, q: string) => call(who, 'GET', `/api/shares?${q}`);
  const acls = (who: Person, projectId: string, uuid: string, q = '') => call(who, 'GET', `/api/v2/files/${projectId}/${uuid}/acls${q}`);
  const removeAcl = (who: Person, projectId: string, uuid: string, type: string, id: string) =>
    call(who, 'DELETE', `/api/v2/files/${projectId}/${uuid}/acls?subjectType=${type}&subjectId=${id}`);
  const browse = (who: Person, owner: Person, folder: string) => who.files.v2(owner.projectId, { parentFolderUuid: folder });
  const view = (who: Person, uuid: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url: `/api/viewer/file/${uuid}?lang=${lang}`, headers: authed(who.token) });
  /** A mail's text as a reader sees it (quoted-printable undone; enough for ASCII links). */
  const plain = (mail: string | undefined) =>
    (mail ?? '').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const runJobs = async () => {
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
  };
  const expireAll = (fileId: string) =>
    t.database.db.updateTable('share').set({ expires_at: Date.now() - 1000 }).where('file_id', '=', fileId).execute();

  /** The owner's folder "Holiday" with one file in it, shared with the invitee. */
  async function sharedFolder(type: 'VIEWER' | 'EDITOR' = 'VIEWER') {
    const [owner, invitee, stranger] = [await person(), await person(), await person()];
    const folder = await owner.files.folder('Holiday');
    const file = await addFile(t, owner.accountId, 'notes.txt', { parentId: folder.uuid, contentType: 'text/plain', content: Buffer.from('hi') });
    const res = await share(owner, { items: [folder.uuid], invitees: [invitee.user.email], type });
    expect(res.statusCode).toBe(200);
    return { owner, invitee, stranger, folder, file };
  }

  it('an invitee sees the share under sharedWith=me and the owner under sharedBy=me; both browse it, nobody else', async () => {
    const { owner, invitee, stranger, folder, file } = await sharedFolder();
    const mine = await list(owner, 'sharedBy=me');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ totalCount: 1, items: [{ uuid: folder.uuid, projectId: owner.projectId, share: { role: 'OWNER', inviteeCount: 1, expirationDate: null } }] });
    const theirs = await list(invitee, 'sharedWith=me');
    expect(theirs.json()).toMatchObject({
      totalCount: 1,
      items: [{ uuid: folder.uuid, name: 'Holiday', folder: true, projectId: owner.projectId, share: { role: 'VIEWER', ownerName: 'Ayşe Yılmaz' } }],
    });
    expect((await list(stranger, 'sharedWith=me')).json()).toEqual({ items: [], totalCount: 0 });
    expectError(await list(owner, 'sharedBy=me&sharedWith=me'), 400, 'VALIDATION_ERROR');

    // The files listing of the owner's project works for the shared folder, never for the owner's root.
    const inside = await browse(invitee, owner, folder.uuid);
    expect(inside.statusCode).toBe(200);
    expect(items(inside).map((i) => [i.uuid, i.projectId])).toEqual([[file.id, owner.projectId]]);
    expectError(await invitee.files.v2(owner.projectId), 404);
    expectError(await browse(stranger, owner, folder.uuid), 404);
    // Reading an item inside: download URL of a file under the shared folder.
    const urls = await call(invitee, 'POST', '/api/v2/files/_bulk/create-download-url', [{ projectId: owner.projectId, uuid: file.id }]);
    expect(urls.statusCode, urls.body).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: urls.json()[0].url });
    expect(got.body).toBe('hi');
    expectError(await call(stranger, 'POST', '/api/v2/files/_bulk/create-download-url', [{ projectId: owner.projectId, uuid: file.id }]), 404);
    // Only the owner shares it on.
    expectError(await share(invitee, { items: [folder.uuid], invitees: [stranger.user.email] }), 404);
  });

  it('tells invitees: an in-app notification, an e-mail over SMTP, an SMS to a phone', async () => {
    const [owner, invitee] = [await person(), await person()];
    const folder = await owner.files.folder('Holiday2026');
    const phone = `+90555${String(Date.now()).slice(-7)}`;
    const res = await share(owner, { items: [folder.uuid], invitees: [invitee.user.email.toUpperCase(), phone], invitationMessage: 'Look at these' });
    expect(res.statusCode).toBe(200);
    expect(res.json().shares.map((s: { subjectType: string; identifier: string }) => [s.subjectType, s.identifier]).sort()).toEqual(
      [['INVITATION', phone], ['USER', invitee.user.email]].sort(),
    );
    await runJobs();
    // The latest to the invitee (the first was the link confirming their e-mail, sent at sign-up).
    const mail = smtp.received.filter((m) => m.includes(`To: ${invitee.user.email}`)).at(-1);
    expect(mail).toBeDefined();
    expect(mail).toContain('Holiday2026');
    expect(mail).toContain('Look at these');
    // The account holder's link opens "Shared with me"; the newcomer's opens sign-up, the code going to the invited number.
    expect(plain(mail)).toContain('http://localhost:80/main/shares?tab=withMe');
    const sms = readOutbox(t.dataDir).find((m) => m.channel === 'sms' && m.to === phone);
    expect(sms?.text).toContain('Holiday2026');
    expect(sms?.text).toContain('http://localhost:80/auth/signup?channel=PHONE&next=%2Fmain%2Fshares%3Ftab%3DwithMe');
    const notes = await call(invitee, 'GET', '/api/notification/communication/fetch?language=tr&type=IN_APP');
    expect(JSON.stringify(notes.json())).toContain('Holiday2026');

    expectError(await share(owner, { items: [folder.uuid], invitees: ['not a contact'] }), 400, 'VALIDATION_ERROR');
    expectError(await share(owner, { items: [folder.uuid], invitees: [owner.user.email] }), 400, 'VALIDATION_ERROR');
  });

  it('a viewer cannot write (404, as for anything not granted); an editor can, and the upload counts against the owner', async () => {
    const { owner, invitee, folder, file } = await sharedFolder('VIEWER');
    expectError(await invitee.files.createFolder('new', folder.uuid), 404);
    expectError(await invitee.files.rename(file.id, 'x.txt'), 404);
    expectError(await invitee.uploads.whole('up.bin', Buffer.alloc(10), { parent: folder.uuid }), 404);

    // Re-inviting the same person updates the role.
    expect((await share(owner, { items: [folder.uuid], invitees: [invitee.user.email], type: 'EDITOR' })).statusCode).toBe(200);
    expect((await list(invitee, 'sharedWith=me')).json().items[0].share.role).toBe('EDITOR');
    const created = await invitee.files.createFolder('From invitee', folder.uuid);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().projectId).toBe(owner.projectId);
    expect((await invitee.files.rename(file.id, 'renamed.txt')).statusCode).toBe(200);
    const [ownerBefore, inviteeBefore] = [await owner.files.usage(), await invitee.files.usage()];
    const up = await invitee.uploads.whole('up.bin', Buffer.alloc(1000, 7), { parent: folder.uuid });
    expect(up.statusCode, up.body).toBe(201);
    expect(await owner.files.usage()).toBe(ownerBefore + 1000);
    expect(await invitee.files.usage()).toBe(inviteeBefore);
    expect(await owner.files.names(folder.uuid)).toEqual(['From invitee', 'renamed.txt', 'up.bin']);
    // The editor's own root stays the editor's.
    expect((await invitee.files.createFolder('mine', '')).json().projectId).toBe(invitee.projectId);
  });

  it('leaving and the owner removing someone end access at once; the acls list who has access, owner first', async () => {
    const { owner, invitee, stranger, folder } = await sharedFolder();
    await share(owner, { items: [folder.uuid], invitees: [stranger.user.email, 'later@example.com'], type: 'EDITOR', duration: 'P7D' });
    const all = await acls(owner, owner.projectId, folder.uuid);
    expect(all.statusCode).toBe(200);
    type AclItem = { subjectType: string; subjectId: string; identifier: string; role: string; expirationDate: string | null };
    const [first, ...others] = (all.json().items as AclItem[]).map((a) => [a.subjectType, a.identifier, a.role]);
    expect(first).toEqual(['USER', owner.user.email, 'OWNER']);
    expect(others.sort()).toEqual(
      [
        ['USER', invitee.user.email, 'VIEWER'],
        ['USER', stranger.user.email, 'EDITOR'],
        ['INVITATION', 'later@example.com', 'EDITOR'],
      ].sort(),
    );
    const pending = (all.json().items as AclItem[]).find((a) => a.subjectType === 'INVITATION')!;
    expect(pending.expirationDate).not.toBeNull();
    // An invitee may read the list too (its project is the owner's); filtered by subject.
    const one = await acls(invitee, owner.projectId, folder.uuid, `?subjectType=USER&subjectId=${invitee.accountId}`);
    expect(one.json().items).toHaveLength(1);

    // An invitee cannot remove someone else.
    expectError(await removeAcl(invitee, owner.projectId, folder.uuid, 'USER', stranger.accountId), 404);
    // Leaving.
    expect((await removeAcl(invitee, owner.projectId, folder.uuid, 'USER', invitee.accountId)).statusCode).toBe(204);
    expectError(await browse(invitee, owner, folder.uuid), 404);
    expect((await list(invitee, 'sharedWith=me')).json().totalCount).toBe(0);
    // The owner removes the other.
    expect((await browse(stranger, owner, folder.uuid)).statusCode).toBe(200);
    expect((await removeAcl(owner, owner.projectId, folder.uuid, 'USER', stranger.accountId)).statusCode).toBe(204);
    expectError(await browse(stranger, owner, folder.uuid), 404);
    expectError(await stranger.files.createFolder('x', folder.uuid), 404);
    expect((await removeAcl(owner, owner.projectId, folder.uuid, 'INVITATION', pending.subjectId)).statusCode).toBe(204);
    expect((await acls(owner, owner.projectId, folder.uuid)).json().items).toHaveLength(1);
    expect((await list(owner, 'sharedBy=me')).json().totalCount).toBe(0);
  });

  it('a duration ends access by itself', async () => {
    const { owner, invitee, folder } = await sharedFolder();
    await share(owner, { items: [folder.uuid], invitees: [invitee.user.email], duration: 'P1D' });
    const granted = (await list(invitee, 'sharedWith=me')).json().items[0].share.expirationDate;
    expect(Date.parse(granted) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((await browse(invitee, owner, folder.uuid)).statusCode).toBe(200);
    await expireAll(folder.uuid);
    expectError(await browse(invitee, owner, folder.uuid), 404);
    expect((await list(invitee, 'sharedWith=me')).json().totalCount).toBe(0);
  });

  it('a pending invitation becomes the new account’s share at sign-up, through the contact the sign-up proved', async () => {
    const owner = await person();
    const folder = await owner.files.folder('For newcomer');
    const newcomer = { ...uniqueUser(), sendOtpTo: 'EMAIL' as const };
    await share(owner, { items: [folder.uuid], invitees: [newcomer.email] });
    expect((await acls(owner, owner.projectId, folder.uuid)).json().items[1]).toMatchObject({ subjectType: 'INVITATION', identifier: newcomer.email, name: null });
    await runJobs();
    expect(plain(smtp.received.find((m) => m.includes(`To: ${newcomer.email}`)))).toContain(
      '/auth/signup?channel=EMAIL&next=%2Fmain%2Fshares%3Ftab%3DwithMe',
    );

    // Someone else signing up with the invited address but proving only a phone gets nothing.
    const impostorOwner = await person();
    const other = await impostorOwner.files.folder('Not theirs');
    const target = uniqueUser();
    await share(impostorOwner, { items: [other.uuid], invitees: [target.email] });
    const impostor = await signUp(t, target);
    expect((await call(impostor, 'GET', '/api/shares?sharedWith=me')).json().totalCount).toBe(0);
    expect((await acls(impostorOwner, impostorOwner.projectId, other.uuid)).json().items[1]).toMatchObject({ subjectType: 'INVITATION' });

    // Sign-up with the code sent to the invited address (this app mails over SMTP, so the code is read there).
    const start = await t.app.inject({ method: 'POST', url: '/api/v2/signup', payload: newcomer });
    expect(start.statusCode).toBe(200);
    await runJobs();
    const codeMail = plain(smtp.received.filter((m) => m.includes(`To: ${newcomer.email}`)).at(-1));
    const otp = codeMail.match(/\b(\d{6})\b/)?.[1];
    const done = await t.app.inject({ method: 'POST', url: '/api/v2/signup/validate', payload: { referenceToken: start.json().referenceToken, otp } });
    expect(done.statusCode).toBe(200);
    const s = { token: String(done.headers['x-auth-token']), accountId: done.json().userUuid as string };
    const theirs = await call(s, 'GET', '/api/shares?sharedWith=me');
    expect(theirs.json().items.map((i: { uuid: string }) => i.uuid)).toEqual([folder.uuid]);
    expect((await acls(owner, owner.projectId, folder.uuid)).json().items[1]).toMatchObject({ subjectType: 'USER', subjectId: s.accountId });
  });

  it('an invitation to an address an existing account proves later becomes its share when the link is opened', async () => {
    const owner = await person();
    const folder = await owner.files.folder('For the new address');
    const holder = await person();
    const address = `later.${uniqueUser().email}`;
    await share(owner, { items: [folder.uuid], invitees: [address] });
    expect((await call(holder, 'POST', '/api/account/email', { email: address })).statusCode).toBe(200);
    // Asking for the change proves nothing: the invitation waits for the link.
    expect((await call(holder, 'GET', '/api/shares?sharedWith=me')).json().totalCount).toBe(0);
    await runJobs();
    const link = smtp.received
      .filter((m) => m.includes(`To: ${address}`))
      .map((m) => plain(m).match(/\/verify\/email\?token=([A-Za-z0-9_-]+)/)?.[1])
      .find(Boolean);
    expect(link).toBeTruthy();
    expect((await t.app.inject({ method: 'POST', url: '/api/verify/emailAddress', payload: { token: link } })).statusCode).toBe(200);
    const theirs = await call(holder, 'GET', '/api/shares?sharedWith=me');
    expect(theirs.json().items.map((i: { uuid: string }) => i.uuid)).toEqual([folder.uuid]);
    expect((await acls(owner, owner.projectId, folder.uuid)).json().items[1]).toMatchObject({ subjectType: 'USER', subjectId: holder.accountId });
  });

  it('recent and suggested invitees', async () => {
    const { owner, invitee } = await sharedFolder();
    const recent = await call(owner, 'GET', '/api/invitees?size=5');
    expect(recent.json().items).toEqual([{ identifier: invitee.user.email, name: 'Ayşe Yılmaz', lastSharedDate: expect.any(String) }]);
    const suggested = await call(invitee, 'GET', '/api/share/private/invite/suggested-invitees');
    expect(suggested.json().items.map((i: { identifier: string }) => i.identifier)).toEqual([owner.user.email]);
  });

  describe('the shared-content viewer', () => {
    const headersOf = (res: { headers: Record<string, unknown> }) => ({
      csp: String(res.headers['content-security-policy']),
      nosniff: res.headers['x-content-type-options'],
      referrer: res.headers['referrer-policy'],
      robots: res.headers['x-robots-tag'],
      type: String(res.headers['content-type']),
    });

    it('renders a shared photo as a sandboxed HTML page with a signed preview URL', async () => {
      const { owner, invitee, stranger, folder } = await sharedFolder();
      const photo = await addPhoto(t, owner.accountId, 'beach.jpg', { parentId: folder.uuid });
      for (const who of [owner, invitee]) {
        const res = await view(who, photo.id);
        expect(res.statusCode).toBe(200);
        const h = headersOf(res);
        expect(h.type).toContain('text/html');
        expect(h.csp).toMatch(/^sandbox;/);
        expect(h.csp).not.toContain('allow-same-origin');
        expect(h).toMatchObject({ nosniff: 'nosniff', referrer: 'no-referrer', robots: 'noindex, nofollow' });
        // Never indexed: the header, and the meta tag for whoever reads the page itself.
        expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
        expect(res.body).toMatch(/<img src="\/api\/media\/preview\/[^"]+" alt="beach.jpg">/);
        expect(res.body).not.toContain('<script');
      }
      const inProject = await t.app.inject({ method: 'GET', url: `/api/viewer/file/${owner.projectId}/${photo.id}`, headers: authed(invitee.token) });
      expect(inProject.statusCode).toBe(200);
      // Someone with no share: the not-found page, in their language.
      const denied = await view(stranger, photo.id, 'ar');
      expect(denied.statusCode).toBe(404);
      expect(denied.body).toContain('dir="rtl"');
      expect(denied.body).toContain('غير موجود');
      expect(headersOf(denied)).toMatchObject({ nosniff: 'nosniff', referrer: 'no-referrer', robots: 'noindex, nofollow' });
      expect((await view(stranger, randomUUID())).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/viewer/file/${photo.id}` })).statusCode).toBe(401);
    });

    it('answers 410 "expired" after the duration and 410 "no longer shared" after removal', async () => {
      const { owner, invitee, stranger, folder } = await sharedFolder();
      await share(owner, { items: [folder.uuid], invitees: [stranger.user.email], duration: 'P1D' });
      const photo = await addPhoto(t, owner.accountId, 'beach.jpg', { parentId: folder.uuid });
      await t.database.db.updateTable('share').set({ expires_at: Date.now() - 1000 }).where('file_id', '=', folder.uuid).where('invitee_id', '=', stranger.accountId).execute();
      const expired = await view(stranger, photo.id);
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('Sharing has expired');
      expect((await removeAcl(owner, owner.projectId, folder.uuid, 'USER', invitee.accountId)).statusCode).toBe(204);
      const removed = await view(invitee, photo.id, 'tr');
      expect(removed.statusCode).toBe(410);
      expect(removed.body).toContain('Artık paylaşılmıyor');
    });
  });
});
