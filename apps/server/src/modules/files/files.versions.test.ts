import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { days } from '../../shared/time.js';
import { account, addFolder, blobsOf, uploadApi, uploadHelpers } from '../upload/upload.fixtures.js';
import { davUser } from '../webdav/webdav.fixtures.js';
import { pruneVersions, MAX_VERSIONS } from './files.versions.writer.js';

type Version = { id: string; bytes: number; savedDate: number; replacedDate: number; savedBy: { owner: boolean; name: string | null } };

describe.each(DIALECTS)('file versions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { download } = uploadHelpers(() => t);

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: authed(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const versionsOf = async (token: string, uuid: string) => {
    const res = await call(token, 'GET', `/filesystem/item/${uuid}/versions`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { versionList: Version[]; totalBytes: number };
  };
  const used = async (accountId: string) => Number((await account(t, accountId)).used_bytes);
  const versionRows = (fileId: string) => t.database.db.selectFrom('file_version').selectAll().where('file_id', '=', fileId).execute();
  const drain = async () => {
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
  };
  /** Uploads `texts` one after the other under one name with "replace"; returns the last item's uuid. */
  const saveAll = async (token: string, name: string, texts: string[], parent?: string) => {
    let uuid = '';
    for (const text of texts) {
      const res = await uploadApi(t, token).whole(name, Buffer.from(text), { strategy: '1', contentType: 'text/plain', ...(parent ? { parent } : {}) });
      expect(res.statusCode, res.body).toBe(201);
      uuid = res.json().uuid;
    }
    return uuid;
  };

  it('a replace upload keeps the old content as a version: listed, downloadable, charged to the quota', async () => {
    const { token, accountId } = await signUp(t);
    const base = await used(accountId);
    const uuid = await saveAll(token, 'notes.txt', ['first draft', 'second draft!']);
    const { versionList, totalBytes } = await versionsOf(token, uuid);
    expect(versionList).toEqual([
      { id: expect.any(String), bytes: 11, contentType: 'text/plain', savedDate: expect.any(Number), replacedDate: expect.any(Number), savedBy: { owner: true, name: null } },
    ]);
    expect(totalBytes).toBe(11);
    expect(await used(accountId)).toBe(base + 11 + 13);
    const got = await call(token, 'GET', `/filesystem/item/${uuid}/versions/${versionList[0]!.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('first draft');
    expect(got.headers['content-disposition']).toContain('notes.txt');
    // The purge job keeps a blob a version names.
    await drain();
    expect((await call(token, 'GET', `/filesystem/item/${uuid}/versions/${versionList[0]!.id}`)).body).toBe('first draft');
  });

  it('restore makes the version current and keeps the replaced content as a new version; quota unchanged', async () => {
    const { token, accountId } = await signUp(t);
    const uuid = await saveAll(token, 'plan.txt', ['one', 'two two', 'three three three']);
    const before = await versionsOf(token, uuid);
    expect(before.versionList.map((v) => v.bytes)).toEqual([7, 3]);
    const usage = await used(accountId);
    const first = before.versionList.find((v) => v.bytes === 3)!;
    const res = await call(token, 'POST', `/filesystem/item/${uuid}/versions/${first.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ uuid, bytes: 3, name: 'plan.txt' });
    expect((await download(token, accountId, uuid)).toString()).toBe('one');
    const after = await versionsOf(token, uuid);
    expect(after.versionList.map((v) => v.bytes).sort()).toEqual([17, 7].sort());
    expect(await used(accountId)).toBe(usage);
    await drain();
    expect((await download(token, accountId, uuid)).toString()).toBe('one');
    expectError(await call(token, 'POST', `/filesystem/item/${uuid}/versions/${first.id}/restore`), 404);
  });

  it('deleting one version, then all, gives their bytes back and removes their blobs', async () => {
    const { token, accountId } = await signUp(t);
    const uuid = await saveAll(token, 'a.txt', ['aa', 'bbbb', 'cccccc', 'dddddddd']);
    const usage = await used(accountId);
    const { versionList } = await versionsOf(token, uuid);
    expect(versionList.map((v) => v.bytes)).toEqual([6, 4, 2]);
    const keys = async () => (await versionRows(uuid)).map((v) => v.blob_key);
    const gone = (await versionRows(uuid)).find((v) => v.id === versionList[1]!.id)!.blob_key;
    const one = await call(token, 'DELETE', `/filesystem/item/${uuid}/versions/${versionList[1]!.id}`);
    expect(one.json()).toEqual({ deleted: 1 });
    expect(await used(accountId)).toBe(usage - 4);
    await drain();
    expect(await t.app.blobs.stat(gone)).toBeNull();
    const left = await keys();
    expect(left).toHaveLength(2);
    expect((await call(token, 'DELETE', `/filesystem/item/${uuid}/versions`)).json()).toEqual({ deleted: 2 });
    expect(await used(accountId)).toBe(usage - 12);
    expect((await versionsOf(token, uuid)).versionList).toEqual([]);
    await drain();
    for (const key of left) expect(await t.app.blobs.stat(key)).toBeNull();
    expect(blobsOf(t, accountId)).toEqual([`users/${accountId}/files/${uuid}`]);
  });

  it('a WebDAV PUT over a file keeps a version (not of the 0-byte placeholder clients write first)', async () => {
    const u = await davUser(t);
    expect((await u.dav('PUT', '/rapor.txt', { body: '' })).statusCode).toBe(201);
    expect((await u.dav('PUT', '/rapor.txt', { body: 'ilk sürüm' })).statusCode).toBe(204);
    expect((await u.dav('PUT', '/rapor.txt', { body: 'ikinci sürüm' })).statusCode).toBe(204);
    const row = await t.database.db.selectFrom('file').select('id').where('account_id', '=', u.accountId).where('name', '=', 'rapor.txt').executeTakeFirstOrThrow();
    const { versionList } = await versionsOf(u.token, row.id);
    expect(versionList.map((v) => v.bytes)).toEqual([Buffer.byteLength('ilk sürüm')]);
    // Restored content is what the mount serves.
    expect((await call(u.token, 'POST', `/filesystem/item/${row.id}/versions/${versionList[0]!.id}/restore`)).statusCode).toBe(200);
    expect((await u.dav('GET', '/rapor.txt')).body).toBe('ilk sürüm');
    await drain();
    expect(blobsOf(t, u.accountId)).toHaveLength(2);
  });

  it('versions stay through trash and recover; deleting forever removes them, their bytes and blobs', async () => {
    const { token, accountId } = await signUp(t);
    const base = await used(accountId);
    const uuid = await saveAll(token, 'b.txt', ['x1', 'x22', 'x333']);
    expect((await call(token, 'DELETE', '/filesystem/trash', [uuid])).statusCode).toBe(200);
    expect(await versionRows(uuid)).toHaveLength(2);
    expectError(await call(token, 'GET', `/filesystem/item/${uuid}/versions`), 404);
    expect((await call(token, 'POST', '/filesystem/recover', [uuid])).statusCode).toBe(200);
    expect((await versionsOf(token, uuid)).versionList.map((v) => v.bytes)).toEqual([3, 2]);
    expect(await used(accountId)).toBe(base + 9);
    expect((await call(token, 'DELETE', '/filesystem/trash', [uuid])).statusCode).toBe(200);
    expect((await call(token, 'DELETE', '/filesystem/trash/forever', [uuid])).statusCode).toBe(200);
    expect(await versionRows(uuid)).toEqual([]);
    expect(await used(accountId)).toBe(base);
    await drain();
    expect(blobsOf(t, accountId)).toEqual([]);
  });

  it('retention by the clock: all for 30 days, then the newest of each day, at most 50', async () => {
    const { token, accountId } = await signUp(t);
    const uuid = await saveAll(token, 'r.txt', Array.from({ length: 8 }, (_, i) => `v${i}`));
    const rows = (await versionRows(uuid)).sort((a, b) => Number(a.created_at) - Number(b.created_at) || a.id.localeCompare(b.id));
    expect(rows).toHaveLength(7);
    const now = Date.UTC(2027, 0, 31, 12);
    // Two on day -40 (12:00 and 13:00), two on day -35, one on day -31, two within 30 days.
    const ages = [days(40) + 3_600_000, days(40), days(35) + 60_000, days(35), days(31), days(10), days(1)];
    for (const [i, r] of rows.entries()) {
      await t.database.db.updateTable('file_version').set({ created_at: now - ages[i]! }).where('id', '=', r.id).execute();
    }
    const usage = await used(accountId);
    // Earlier tests' versions (other accounts) are older than 30 days at this clock too: count this file's rows.
    expect(await pruneVersions(t.database.db, t.app.jobs, now)).toBeGreaterThanOrEqual(2);
    const left = (await versionRows(uuid)).map((v) => v.id).sort();
    expect(left).toEqual([rows[1]!.id, rows[3]!.id, rows[4]!.id, rows[5]!.id, rows[6]!.id].sort());
    expect(await used(accountId)).toBe(usage - 4);
    // Run again at the same time: nothing more goes.
    expect(await pruneVersions(t.database.db, t.app.jobs, now)).toBe(0);
    await drain();
    for (const r of rows.filter((r) => !left.includes(r.id))) expect(await t.app.blobs.stat(r.blob_key)).toBeNull();
    // More than 50 young versions: only the newest 50 stay.
    const many = (await versionRows(uuid)).length;
    const extra = MAX_VERSIONS + 2 - many;
    await saveAll(token, 'r.txt', Array.from({ length: extra }, (_, i) => `w${i}`));
    const file = await t.database.db.selectFrom('file').select('id').where('account_id', '=', accountId).where('name', '=', 'r.txt').executeTakeFirstOrThrow();
    expect(await versionRows(file.id)).toHaveLength(MAX_VERSIONS + 2);
    // At the real clock: every version is younger than 30 days, so only the count limit applies.
    expect(await pruneVersions(t.database.db, t.app.jobs, Date.now())).toBe(2);
    expect(await versionRows(file.id)).toHaveLength(MAX_VERSIONS);
  });

  it('isolation: another account gets 404; a share viewer is refused; an editor lists, restores and is named as saver', async () => {
    const owner = await signUp(t);
    const editor = await signUp(t);
    const viewer = await signUp(t);
    const stranger = await signUp(t);
    await t.database.db.updateTable('account').set({ name: 'Editör', surname: 'Kişi' }).where('id', '=', editor.accountId).execute();
    const folder = await addFolder(t, owner.accountId, 'Ortak');
    for (const [who, type] of [[editor, 'EDITOR'], [viewer, 'VIEWER']] as const) {
      const res = await call(owner.token, 'POST', '/shares', { items: [folder], invitees: [who.user.email], type, duration: 'UNLIMITED' });
      expect(res.statusCode, res.body).toBe(200);
    }
    await saveAll(owner.token, 'o.txt', ['owner one'], folder);
    await saveAll(editor.token, 'o.txt', ['editor two'], folder);
    const uuid = await saveAll(owner.token, 'o.txt', ['owner three'], folder);
    const { versionList } = await versionsOf(editor.token, uuid);
    expect(versionList.map((v) => [v.bytes, v.savedBy])).toEqual([
      [10, { owner: false, name: 'Editör Kişi' }],
      [9, { owner: true, name: null }],
    ]);
    for (const who of [stranger, viewer]) {
      expectError(await call(who.token, 'GET', `/filesystem/item/${uuid}/versions`), 404);
      expectError(await call(who.token, 'GET', `/filesystem/item/${uuid}/versions/${versionList[0]!.id}`), 404);
      expectError(await call(who.token, 'POST', `/filesystem/item/${uuid}/versions/${versionList[0]!.id}/restore`), 404);
      expectError(await call(who.token, 'DELETE', `/filesystem/item/${uuid}/versions/${versionList[0]!.id}`), 404);
      expectError(await call(who.token, 'DELETE', `/filesystem/item/${uuid}/versions`), 404);
    }
    // A version id of another file is not found under this one.
    const other = await saveAll(owner.token, 'p.txt', ['p1', 'p2']);
    const otherVersion = (await versionsOf(owner.token, other)).versionList[0]!;
    expectError(await call(owner.token, 'POST', `/filesystem/item/${uuid}/versions/${otherVersion.id}/restore`), 404);
    const ownerUsed = await used(owner.accountId);
    const editorUsed = await used(editor.accountId);

    const restored = await call(editor.token, 'POST', `/filesystem/item/${uuid}/versions/${versionList[1]!.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await download(owner.token, owner.accountId, uuid)).toString()).toBe('owner one');
    expect(await used(owner.accountId)).toBe(ownerUsed);
    expect(await used(editor.accountId)).toBe(editorUsed);
    // The content the editor's restore replaced was the owner's; the next replace shows the editor as its saver.
    const newest = await saveAll(owner.token, 'o.txt', ['owner four'], folder);
    const latest = (await versionsOf(owner.token, newest)).versionList;
    expect(latest[0]).toMatchObject({ bytes: 9, savedBy: { owner: false, name: 'Editör Kişi' } });
  });

  it('account purge removes versions and their blobs', async () => {
    const { token, accountId } = await signUp(t);
    await saveAll(token, 'z.txt', ['z1', 'z22']);
    const fileIds = (await t.database.db.selectFrom('file').select('id').where('account_id', '=', accountId).execute()).map((f) => f.id);
    expect(fileIds).toHaveLength(1);
    const { purgeAccountFiles } = await import('./files.purge-account.js');
    await purgeAccountFiles(t.database.db, t.app.blobs, accountId);
    expect(await t.database.db.selectFrom('file_version').select('id').where('account_id', '=', accountId).execute()).toEqual([]);
    expect(blobsOf(t, accountId)).toEqual([]);
  });
});
