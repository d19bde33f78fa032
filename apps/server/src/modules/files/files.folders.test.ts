import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, fileHelpers, items, NO_MEDIA } from './files.fixtures.js';

describe.each(DIALECTS)('files and folders (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { user, row, makeReadOnly, many } = fileHelpers(() => t);

  describe('createFolder', () => {
    it('creates a folder at the root and inside another, with the documented item shape', async () => {
      const { api, accountId } = await user();
      const projectId = await api.projectId();
      const uuid = randomUUID();
      const before = Date.now();
      const res = await api.createFolder('Tatil fotoğrafları', '', uuid);
      expect(res.statusCode).toBe(200);
      const item = res.json();
      expect(item).toEqual({
        uuid,
        name: 'Tatil fotoğrafları',
        folder: true,
        bytes: 0,
        contentType: 'application/x-directory',
        parentFolderUuid: null,
        projectId,
        createdDate: expect.any(Number),
        lastModifiedDate: expect.any(Number),
        favourite: false,
        hidden: false,
        status: 'ACTIVE',
        documentType: null,
        trashedDate: null,
        metadata: {},
        ...NO_MEDIA,
      });
      expect(item.createdDate).toBeGreaterThanOrEqual(before);

      const inner = await api.folder('2025', uuid);
      expect(inner.parentFolderUuid).toBe(uuid);
      expect(await api.names(uuid)).toEqual(['2025']);
      expect((await row(uuid))?.account_id).toBe(accountId);
    });

    it('is idempotent on Folder-Uuid', async () => {
      const { api } = await user();
      const uuid = randomUUID();
      const first = await api.createFolder('Belgeler', '', uuid);
      const again = await api.createFolder('Belgeler', '', uuid);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      // Even when the retry carries another name, the folder the uuid names is the answer.
      expect((await api.createFolder('Other', '', uuid)).json().name).toBe('Belgeler');
      expect(await api.names()).toEqual(['Belgeler']);
    });

    it('refuses a Folder-Uuid another account uses, without revealing it', async () => {
      const a = await user();
      const b = await user();
      const uuid = randomUUID();
      await a.api.createFolder('Mine', '', uuid);
      const err = expectError(await b.api.createFolder('Mine', '', uuid), 409, 'FOLDER_UUID_IN_USE');
      expect(err.message).not.toMatch(/Mine|account|another/i);
      expect(await b.api.names()).toEqual([]);
      // A file's uuid of the same account cannot become a folder either.
      const { id } = await addFile(t, a.accountId, 'x.txt');
      expectError(await a.api.createFolder('x', '', id), 409, 'FOLDER_UUID_IN_USE');
    });

    it('refuses a name that exists in the folder, case-insensitively', async () => {
      const { api, accountId } = await user();
      await api.folder('Belgeler');
      expectError(await api.createFolder('BELGELER'), 409, 'NAME_ALREADY_EXISTS');
      await addFile(t, accountId, 'Rapor.pdf');
      expectError(await api.createFolder('rapor.PDF'), 409, 'NAME_ALREADY_EXISTS');
      // The same name in another folder is fine.
      const other = await api.folder('Other');
      expect((await api.createFolder('Belgeler', other.uuid)).statusCode).toBe(200);
    });

    it('validates headers and query', async () => {
      const { api } = await user();
      const call = (headers: Record<string, string>, query = '') =>
        api.call('POST', `/api/filesystem/createFolder${query}`, undefined, headers);
      expectError(await call({ 'folder-uuid': randomUUID() }), 400, 'VALIDATION_ERROR');
      expectError(await call({ 'folder-name': 'a' }), 400, 'VALIDATION_ERROR');
      expectError(await call({ 'folder-name': 'a', 'folder-uuid': 'not-a-uuid' }), 400, 'VALIDATION_ERROR');
      expectError(await call({ 'folder-name': '%E0%A4%A', 'folder-uuid': randomUUID() }), 400, 'VALIDATION_ERROR');
      expectError(await call({ 'folder-name': 'a%2Fb', 'folder-uuid': randomUUID() }), 400, 'VALIDATION_ERROR');
      expectError(await call({ 'folder-name': '%20%20', 'folder-uuid': randomUUID() }), 400, 'VALIDATION_ERROR');
      expectError(await call({ 'folder-name': '..', 'folder-uuid': randomUUID() }), 400, 'VALIDATION_ERROR');
      expectError(await call({ 'folder-name': 'x'.repeat(256), 'folder-uuid': randomUUID() }), 400, 'VALIDATION_ERROR');
      expectError(await call({ 'folder-name': 'a', 'folder-uuid': randomUUID() }, '?parentFolderUuid=nope'), 400, 'VALIDATION_ERROR');
      expect(await api.names()).toEqual([]);
    });

    it('needs a live folder of the account as parent', async () => {
      const { api, accountId } = await user();
      const other = await user();
      const theirs = await other.api.folder('Theirs');
      expectError(await api.createFolder('a', theirs.uuid), 404, 'NOT_FOUND');
      expectError(await api.createFolder('a', randomUUID()), 404, 'NOT_FOUND');
      const { id: fileId } = await addFile(t, accountId, 'file.txt');
      expectError(await api.createFolder('a', fileId), 404, 'NOT_FOUND');
      const gone = await api.folder('Gone');
      await api.trash([gone.uuid]);
      expectError(await api.createFolder('a', gone.uuid), 404, 'NOT_FOUND');
    });

    it('is refused to a read-only account', async () => {
      const { api, accountId } = await user();
      await makeReadOnly(accountId);
      expectError(await api.createFolder('a'), 403, 'ACCOUNT_READ_ONLY');
      expect(await api.names()).toEqual([]);
    });

    it('needs a session', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/filesystem/createFolder',
        headers: { 'folder-name': 'a', 'folder-uuid': randomUUID() },
      });
      expectError(res, 401);
    });
  });

  describe('rename', () => {
    it('renames with a URL-encoded New-Name', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt', { at: 1000 });
      const res = await api.rename(a.id, 'Gün batımı + deniz.jpg');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ uuid: a.id, name: 'Gün batımı + deniz.jpg' });
      expect(res.json().lastModifiedDate).toBeGreaterThan(1000);
      expect(await api.names()).toEqual(['Gün batımı + deniz.jpg']);
      // Changing only the case is not a clash with itself; the same name is a no-op.
      expect((await api.rename(a.id, 'GÜN batımı + deniz.jpg')).json().name).toBe('GÜN batımı + deniz.jpg');
      expect((await api.rename(a.id, 'GÜN batımı + deniz.jpg')).statusCode).toBe(200);
    });

    it('refuses a name taken in the folder, case-insensitively', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      await addFile(t, accountId, 'B.txt');
      expectError(await api.rename(a.id, 'b.TXT'), 409, 'NAME_ALREADY_EXISTS');
      const f = await api.folder('Folder');
      expectError(await api.rename(f.uuid, 'A.TXT'), 409, 'NAME_ALREADY_EXISTS');
      expect(await api.names()).toEqual(['Folder', 'a.txt', 'B.txt']);
    });

    it('validates the header and the name', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      expectError(await api.rename(a.id, '%E0%A4%A', true), 400, 'VALIDATION_ERROR');
      expectError(await api.rename(a.id, 'a/b'), 400, 'VALIDATION_ERROR');
      expectError(await api.rename(a.id, '   '), 400, 'VALIDATION_ERROR');
      expectError(await api.rename(a.id, 'x'.repeat(256)), 400, 'VALIDATION_ERROR');
      expectError(await api.call('POST', `/api/filesystem/rename/${a.id}`, '', { 'content-type': 'text/plain' }), 400, 'VALIDATION_ERROR');
      expectError(await api.rename('nope', 'b.txt'), 400, 'VALIDATION_ERROR');
      expect(await api.names()).toEqual(['a.txt']);
    });

    it('cannot rename a trashed item, nor as a read-only account', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      const b = await addFile(t, accountId, 'b.txt');
      await api.trash([b.id]);
      expectError(await api.rename(b.id, 'c.txt'), 404, 'NOT_FOUND');
      await makeReadOnly(accountId);
      expectError(await api.rename(a.id, 'c.txt'), 403, 'ACCOUNT_READ_ONLY');
      expect((await row(a.id))?.name).toBe('a.txt');
    });
  });

  describe('move', () => {
    it('moves items into a folder and back to the root', async () => {
      const { api, accountId } = await user();
      const target = await api.folder('Target');
      const a = await addFile(t, accountId, 'a.txt');
      const f = await api.folder('F');
      const res = await api.move([a.id, f.uuid], target.uuid);
      expect(res.statusCode).toBe(200);
      expect(items(res).map((i) => [i.uuid, i.parentFolderUuid])).toEqual([
        [a.id, target.uuid],
        [f.uuid, target.uuid],
      ]);
      expect(await api.names(target.uuid)).toEqual(['F', 'a.txt']);
      expect(await api.names()).toEqual(['Target']);
      const back = await api.move([a.id], '');
      expect(items(back)[0]!.parentFolderUuid).toBeNull();
      expect(await api.names()).toEqual(['Target', 'a.txt']);
      // No target at all is the root too; moving to where it already is changes nothing.
      expect((await api.call('POST', '/api/filesystem/move', [a.id])).statusCode).toBe(200);
    });

    it('refuses to move a folder into itself or below itself', async () => {
      const { api } = await user();
      const a = await api.folder('A');
      const b = await api.folder('B', a.uuid);
      const c = await api.folder('C', b.uuid);
      expectError(await api.move([a.uuid], a.uuid), 400, 'INVALID_MOVE');
      expectError(await api.move([a.uuid], c.uuid), 400, 'INVALID_MOVE');
      expectError(await api.move([b.uuid], c.uuid), 400, 'INVALID_MOVE');
      expect(await api.names(c.uuid)).toEqual([]);
      // Sideways and upwards is fine.
      expect((await api.move([c.uuid], a.uuid)).statusCode).toBe(200);
      expect(await api.names(a.uuid)).toEqual(['B', 'C']);
    });

    it('refuses a name clash in the target, case-insensitively, and moves nothing', async () => {
      const { api, accountId } = await user();
      const target = await api.folder('Target');
      await addFile(t, accountId, 'REPORT.pdf', { parentId: target.uuid });
      const a = await addFile(t, accountId, 'a.txt');
      const r = await addFile(t, accountId, 'report.PDF');
      expectError(await api.move([a.id, r.id], target.uuid), 409, 'NAME_ALREADY_EXISTS');
      expect(await api.names()).toEqual(['Target', 'a.txt', 'report.PDF']);
      // Two moved items with one name clash with each other.
      const other = await api.folder('Other');
      await addFile(t, accountId, 'A.TXT', { parentId: other.uuid });
      const [copy] = items(await api.list({ parentFolderUuid: other.uuid }));
      expectError(await api.move([a.id, copy!.uuid], target.uuid), 409, 'NAME_ALREADY_EXISTS');
    });

    it('validates input and needs a live target folder of the account', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      const file = await addFile(t, accountId, 'b.txt');
      expectError(await api.move([a.id], 'nope'), 400, 'VALIDATION_ERROR');
      expectError(await api.move([]), 400, 'VALIDATION_ERROR');
      expectError(await api.move(many(501)), 400, 'VALIDATION_ERROR');
      expectError(await api.move({ uuids: [a.id] }), 400, 'VALIDATION_ERROR');
      expectError(await api.move([a.id], randomUUID()), 404, 'NOT_FOUND');
      expectError(await api.move([a.id], file.id), 404, 'NOT_FOUND');
      const gone = await api.folder('Gone');
      await api.trash([gone.uuid]);
      expectError(await api.move([a.id], gone.uuid), 404, 'NOT_FOUND');
      expect((await row(a.id))?.parent_id).toBe('');
    });

    it('is refused to a read-only account', async () => {
      const { api, accountId } = await user();
      const target = await api.folder('Target');
      const a = await addFile(t, accountId, 'a.txt');
      await makeReadOnly(accountId);
      expectError(await api.move([a.id], target.uuid), 403, 'ACCOUNT_READ_ONLY');
      expect((await row(a.id))?.parent_id).toBe('');
    });
  });
});
