import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, filesApi, items, NO_MEDIA } from './file.fixtures.js';
import type { FileItemDto } from './file.schemas.js';

type Api = ReturnType<typeof filesApi>;

describe.each(DIALECTS)('files and folders (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A fresh account with its API. */
  const user = async () => {
    const s = await signUp(t);
    return { ...s, api: filesApi(t, s.token) };
  };
  const row = (id: string) => t.database.db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirst();
  const makeReadOnly = (accountId: string) =>
    t.database.db.updateTable('account').set({ status: 'READ_ONLY' }).where('id', '=', accountId).execute();
  const many = (n: number) => Array.from({ length: n }, () => randomUUID());

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

  describe('listing', () => {
    /** A folder with 3 subfolders and 4 files whose name, date and size orders all differ. */
    const populate = async (api: Api, accountId: string) => {
      const parent = await api.folder('Parent');
      for (const n of ['b-folder', 'A-folder', 'c-folder']) await api.folder(n, parent.uuid);
      const base = 1_700_000_000_000;
      await addFile(t, accountId, 'delta.txt', { parentId: parent.uuid, bytes: 10, at: base + 3 });
      await addFile(t, accountId, 'Alpha.txt', { parentId: parent.uuid, bytes: 40, at: base + 1 });
      await addFile(t, accountId, 'charlie.txt', { parentId: parent.uuid, bytes: 30, at: base + 4 });
      await addFile(t, accountId, 'bravo.txt', { parentId: parent.uuid, bytes: 20, at: base + 2 });
      return parent.uuid;
    };
    const folders = ['A-folder', 'b-folder', 'c-folder'];

    it('lists folders first, then files, in the asked order', async () => {
      const { api, accountId } = await user();
      const parent = await populate(api, accountId);
      const names = async (q: Record<string, string>) =>
        items(await api.list({ parentFolderUuid: parent, ...q })).map((i) => i.name);
      expect(await names({})).toEqual([...folders, 'Alpha.txt', 'bravo.txt', 'charlie.txt', 'delta.txt']);
      expect(await names({ sortBy: 'name', sortOrder: 'DESC' })).toEqual([
        ...[...folders].reverse(),
        'delta.txt',
        'charlie.txt',
        'bravo.txt',
        'Alpha.txt',
      ]);
      expect((await names({ sortBy: 'date', sortOrder: 'ASC' })).slice(3)).toEqual([
        'Alpha.txt',
        'bravo.txt',
        'delta.txt',
        'charlie.txt',
      ]);
      expect((await names({ sortBy: 'size', sortOrder: 'DESC' })).slice(3)).toEqual([
        'Alpha.txt',
        'charlie.txt',
        'bravo.txt',
        'delta.txt',
      ]);
      const res = await api.list({ parentFolderUuid: parent });
      expect(res.json()).toMatchObject({ page: 0, size: 50, hasMore: false });
    });

    it('pages with page/size/hasMore and sees changes between pages', async () => {
      const { api, accountId } = await user();
      const parent = await populate(api, accountId);
      const page = async (p: number) => (await api.list({ parentFolderUuid: parent, page: p, size: 3 })).json();
      const p0 = await page(0);
      const p1 = await page(1);
      const p2 = await page(2);
      expect(p0.fileList.map((i: FileItemDto) => i.name)).toEqual(folders);
      expect(p1.fileList.map((i: FileItemDto) => i.name)).toEqual(['Alpha.txt', 'bravo.txt', 'charlie.txt']);
      expect(p2.fileList.map((i: FileItemDto) => i.name)).toEqual(['delta.txt']);
      expect([p0.hasMore, p1.hasMore, p2.hasMore]).toEqual([true, true, false]);
      expect(p1).toMatchObject({ page: 1, size: 3 });
      expect((await page(9)).fileList).toEqual([]);

      // A new folder sorts first: every later page shifts by one (no stale page boundaries).
      await api.folder('0-first', parent);
      expect((await page(1)).fileList.map((i: FileItemDto) => i.name)).toEqual(['c-folder', 'Alpha.txt', 'bravo.txt']);
      expect((await page(2)).fileList.map((i: FileItemDto) => i.name)).toEqual(['charlie.txt', 'delta.txt']);
    });

    it('leaves hidden and trashed items out', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      const b = await addFile(t, accountId, 'b.txt');
      await addFile(t, accountId, 'c.txt');
      await api.hide([a.id]);
      await api.trash([b.id]);
      expect(await api.names()).toEqual(['c.txt']);
    });

    it('lists folders only with folderOnly, up to 99999 at once, from an offset', async () => {
      const { api, accountId } = await user();
      const parent = await populate(api, accountId);
      const res = await api.list({ parentFolderUuid: parent, folderOnly: true, sortBy: 'name', sortOrder: 'ASC', from: 0, size: 99999 });
      expect(res.statusCode).toBe(200);
      expect(items(res).map((i) => i.name)).toEqual(folders);
      expect(items(res).every((i) => i.folder)).toBe(true);
      const from1 = await api.list({ parentFolderUuid: parent, folderOnly: true, from: 1, size: 99999 });
      expect(items(from1).map((i) => i.name)).toEqual(['b-folder', 'c-folder']);
      const pageBySize = await api.list({ parentFolderUuid: parent, folderOnly: true, from: 2, size: 2 });
      expect(pageBySize.json()).toMatchObject({ page: 1, size: 2, hasMore: false });
      expect(items(pageBySize).map((i) => i.name)).toEqual(['c-folder']);
    });

    it('validates the query', async () => {
      const { api } = await user();
      for (const q of [
        { size: 501 },
        { size: 0 },
        { size: 100000, folderOnly: true },
        { page: -1 },
        { page: 'x' },
        { sortBy: 'owner' },
        { sortOrder: 'asc' },
        { parentFolderUuid: 'not-a-uuid' },
        { folderOnly: 'maybe' },
      ]) {
        expectError(await api.list(q), 400, 'VALIDATION_ERROR');
      }
      expect((await api.list({ size: 99999, folderOnly: true })).statusCode).toBe(200);
      expect((await api.list({ parentFolderUuid: '' })).statusCode).toBe(200);
    });

    it('lists another account’s folder as not found', async () => {
      const { api } = await user();
      const other = await user();
      const theirs = await other.api.folder('Theirs');
      expectError(await api.list({ parentFolderUuid: theirs.uuid }), 404, 'NOT_FOUND');
      expectError(await api.list({ parentFolderUuid: randomUUID() }), 404, 'NOT_FOUND');
    });

    it('GET /v2/files/{projectId} lists the same, only for the own project', async () => {
      const { api, accountId } = await user();
      const parent = await populate(api, accountId);
      const projectId = await api.projectId();
      const res = await api.v2(projectId, { parentFolderUuid: parent, language: 'tr', size: 2, page: 1 });
      expect(res.statusCode).toBe(200);
      expect(items(res).map((i) => i.name)).toEqual(['c-folder', 'Alpha.txt']);
      expect(res.json()).toMatchObject({ page: 1, size: 2, hasMore: true });
      const other = await user();
      expectError(await api.v2(await other.api.projectId()), 404, 'NOT_FOUND');
      expectError(await api.v2(projectId, { sortBy: 'x' }), 400, 'VALIDATION_ERROR');
    });

    it('GET /filesystem/hidden lists hidden items of the whole account', async () => {
      const { api, accountId } = await user();
      const folder = await api.folder('F');
      const a = await addFile(t, accountId, 'a.txt', { parentId: folder.uuid });
      const b = await addFile(t, accountId, 'b.txt');
      await addFile(t, accountId, 'c.txt');
      await api.hide([b.id, a.id, folder.uuid]);
      const res = await api.hidden();
      expect(res.statusCode).toBe(200);
      expect(items(res).map((i) => i.name)).toEqual(['F', 'a.txt', 'b.txt']);
      expect(items(res).every((i) => i.hidden)).toBe(true);
      const page1 = await api.hidden({ size: 2, page: 1 });
      expect(items(page1).map((i) => i.name)).toEqual(['b.txt']);
      expect(page1.json()).toMatchObject({ page: 1, size: 2, hasMore: false });
      expectError(await api.hidden({ size: 501 }), 400, 'VALIDATION_ERROR');
      // The contents of a hidden folder can still be opened.
      expect(await api.names(folder.uuid)).toEqual([]);
    });

    it('GET /search/byDocumentType finds documents in the account or one folder', async () => {
      const { api, accountId } = await user();
      const folder = await api.folder('Docs');
      await addFile(t, accountId, 'b.pdf', { documentType: 'PDF' });
      await addFile(t, accountId, 'a.pdf', { documentType: 'PDF', parentId: folder.uuid });
      await addFile(t, accountId, 'c.docx', { documentType: 'WORD' });
      const pdfs = await api.byDocumentType({ documentType: 'PDF' });
      expect(pdfs.statusCode).toBe(200);
      expect(items(pdfs).map((i) => i.name)).toEqual(['a.pdf', 'b.pdf']);
      expect(items(pdfs)[0]!.documentType).toBe('PDF');
      const inFolder = await api.byDocumentType({ documentType: 'PDF', parentFolderUuid: folder.uuid });
      expect(items(inFolder).map((i) => i.name)).toEqual(['a.pdf']);
      expectError(await api.byDocumentType({ documentType: 'EXE' }), 400, 'VALIDATION_ERROR');
      expectError(await api.byDocumentType({}), 400, 'VALIDATION_ERROR');
      const other = await user();
      expectError(await other.api.byDocumentType({ documentType: 'PDF', parentFolderUuid: folder.uuid }), 404, 'NOT_FOUND');
      expect(items(await other.api.byDocumentType({ documentType: 'PDF' }))).toEqual([]);
    });
  });

  describe('favourite and description', () => {
    it('sets and clears favourite in bulk', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      const f = await api.folder('F');
      const res = await api.favourite([a.id, f.uuid], true);
      expect(res.statusCode).toBe(200);
      expect(items(res).map((i) => [i.uuid, i.favourite])).toEqual([
        [a.id, true],
        [f.uuid, true],
      ]);
      expect(items(await api.list()).every((i) => i.favourite)).toBe(true);
      expect(items(await api.favourite([a.id], false))[0]!.favourite).toBe(false);
      expect((await row(a.id))?.favourite).toBe(0);
    });

    it('validates the favourite body', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      expectError(await api.favourite([a.id], 'yes'), 400, 'VALIDATION_ERROR');
      expectError(await api.favourite([], true), 400, 'VALIDATION_ERROR');
      expectError(await api.favourite(['nope'], true), 400, 'VALIDATION_ERROR');
      expectError(await api.favourite(many(501), true), 400, 'VALIDATION_ERROR');
      expectError(await api.call('POST', '/api/filesystem/metadata', { favourite: true }), 400, 'VALIDATION_ERROR');
    });

    it('sets, replaces and removes the description', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      const res = await api.describe(a.id, { key: 'Description', value: 'Yaz tatili' });
      expect(res.statusCode).toBe(200);
      expect(res.json().metadata).toEqual({ Description: 'Yaz tatili' });
      expect(items(await api.list())[0]!.metadata).toEqual({ Description: 'Yaz tatili' });
      expect((await api.describe(a.id, { key: 'Description', value: 'x'.repeat(1000) })).statusCode).toBe(200);
      expect((await api.describe(a.id, { key: 'Description', value: '' })).json().metadata).toEqual({});
      expect((await row(a.id))?.description).toBeNull();
    });

    it('validates the description', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      expectError(await api.describe(a.id, { key: 'Title', value: 'x' }), 400, 'VALIDATION_ERROR');
      expectError(await api.describe(a.id, { key: 'Description', value: 'x'.repeat(1001) }), 400, 'VALIDATION_ERROR');
      expectError(await api.describe(a.id, { key: 'Description' }), 400, 'VALIDATION_ERROR');
      expectError(await api.describe('nope', { key: 'Description', value: 'x' }), 400, 'VALIDATION_ERROR');
      expectError(await api.describe(randomUUID(), { key: 'Description', value: 'x' }), 404, 'NOT_FOUND');
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

  describe('hide and unhide', () => {
    it('hides from the listing and brings back', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt');
      const b = await addFile(t, accountId, 'b.txt');
      const res = await api.hide([a.id, b.id]);
      expect(res.statusCode).toBe(200);
      expect(items(res).map((i) => i.hidden)).toEqual([true, true]);
      expect(await api.names()).toEqual([]);
      const back = await api.unhide([a.id]);
      expect(items(back)[0]!.hidden).toBe(false);
      expect(await api.names()).toEqual(['a.txt']);
      // Hidden items keep their name: another item cannot take it.
      expectError(await api.rename(a.id, 'b.txt'), 409, 'NAME_ALREADY_EXISTS');
    });
  });

  describe('trash and recover', () => {
    /** Docs/{a.txt, Sub/{b.txt}} plus a hidden c.txt in Docs. */
    const tree = async (api: Api, accountId: string) => {
      const docs = await api.folder('Docs');
      const sub = await api.folder('Sub', docs.uuid);
      const a = await addFile(t, accountId, 'a.txt', { parentId: docs.uuid });
      const b = await addFile(t, accountId, 'b.txt', { parentId: sub.uuid });
      const c = await addFile(t, accountId, 'c.txt', { parentId: docs.uuid, hidden: true });
      return { docs: docs.uuid, sub: sub.uuid, a: a.id, b: b.id, c: c.id };
    };

    it('trashes a folder with its subtree; the trash lists only what was trashed; recover brings it all back', async () => {
      const { api, accountId } = await user();
      const ids = await tree(api, accountId);
      const res = await api.trash([ids.docs]);
      expect(res.statusCode).toBe(200);
      const [trashed] = items(res);
      expect(trashed).toMatchObject({ uuid: ids.docs, status: 'TRASHED', trashedDate: expect.any(Number) });
      for (const id of Object.values(ids)) {
        expect(await row(id)).toMatchObject({ status: 'TRASHED', trash_root_id: ids.docs });
      }
      expect(await api.names()).toEqual([]);
      expectError(await api.list({ parentFolderUuid: ids.docs }), 404, 'NOT_FOUND');
      const trash = await api.trashList();
      expect(trash.statusCode).toBe(200);
      expect(items(trash).map((i) => i.uuid)).toEqual([ids.docs]);
      expect(trash.json()).toMatchObject({ page: 0, size: 50, hasMore: false });

      const back = await api.recover([ids.docs]);
      expect(back.statusCode).toBe(200);
      expect(items(back)[0]).toMatchObject({ uuid: ids.docs, status: 'ACTIVE', trashedDate: null, parentFolderUuid: null });
      for (const id of Object.values(ids)) {
        expect(await row(id)).toMatchObject({ status: 'ACTIVE', trash_root_id: null, trashed_at: null });
      }
      expect(await api.names(ids.docs)).toEqual(['Sub', 'a.txt']);
      expect(await api.names(ids.sub)).toEqual(['b.txt']);
      expect((await row(ids.c))?.hidden).toBe(1);
      expect(items(await api.trashList())).toEqual([]);
    });

    it('keeps what was trashed before as its own trash item', async () => {
      const { api, accountId } = await user();
      const ids = await tree(api, accountId);
      await api.trash([ids.a]);
      await api.trash([ids.docs]);
      expect((await row(ids.a))?.trash_root_id).toBe(ids.a);
      expect(items(await api.trashList({ sortBy: 'name' })).map((i) => i.name)).toEqual(['Docs', 'a.txt']);
      await api.recover([ids.docs]);
      expect(await api.names(ids.docs)).toEqual(['Sub']);
      await api.recover([ids.a]);
      expect(await api.names(ids.docs)).toEqual(['Sub', 'a.txt']);
    });

    it('trashing is harmless to repeat, also for a folder and its content together', async () => {
      const { api, accountId } = await user();
      const ids = await tree(api, accountId);
      const res = await api.trash([ids.docs, ids.a]);
      expect(res.statusCode).toBe(200);
      expect(items(res).map((i) => i.status)).toEqual(['TRASHED', 'TRASHED']);
      expect((await row(ids.a))?.trash_root_id).toBe(ids.docs);
      expect((await api.trash([ids.docs])).statusCode).toBe(200);
      expect(items(await api.trashList()).map((i) => i.uuid)).toEqual([ids.docs]);
    });

    it('recovers into the root when the folder it came from is gone', async () => {
      const { api, accountId } = await user();
      const ids = await tree(api, accountId);
      await api.trash([ids.a]);
      await api.trash([ids.docs]);
      // Docs is deleted for good; a.txt's folder no longer exists.
      await api.deleteForever([ids.docs]);
      const res = await api.recover([ids.a]);
      expect(items(res)[0]).toMatchObject({ name: 'a.txt', parentFolderUuid: null, status: 'ACTIVE' });
      expect(await api.names()).toEqual(['a.txt']);
    });

    it('recovers into the root when the folder it came from is itself in the trash', async () => {
      const { api, accountId } = await user();
      const ids = await tree(api, accountId);
      await api.trash([ids.a]);
      await api.trash([ids.docs]);
      expect(items(await api.recover([ids.a]))[0]!.parentFolderUuid).toBeNull();
    });

    it('gives a recovered item the lowest free numbered name on a clash', async () => {
      const { api, accountId } = await user();
      const first = await addFile(t, accountId, 'Rapor.pdf');
      await api.trash([first.id]);
      const second = await addFile(t, accountId, 'rapor.pdf');
      await api.trash([second.id]);
      await addFile(t, accountId, 'RAPOR.pdf');
      await addFile(t, accountId, 'Rapor (3).pdf');
      const res = await api.recover([first.id, second.id]);
      expect(items(res).map((i) => i.name)).toEqual(['Rapor (2).pdf', 'rapor (4).pdf']);
      const docs = await api.folder('Docs');
      await api.trash([docs.uuid]);
      await api.folder('docs');
      expect(items(await api.recover([docs.uuid]))[0]!.name).toBe('Docs (2)');
    });

    it('numbers a recovered 255-character name within 255 characters, keeping the extension', async () => {
      const { api, accountId } = await user();
      const long = `${'a'.repeat(251)}.txt`;
      const first = await addFile(t, accountId, long);
      await api.trash([first.id]);
      await addFile(t, accountId, long);
      const folderName = 'F'.repeat(255);
      const folder = await api.folder(folderName);
      await api.trash([folder.uuid]);
      await api.folder(folderName);
      const res = await api.recover([first.id, folder.uuid]);
      expect(res.statusCode).toBe(200);
      expect(items(res).map((i) => i.name)).toEqual([`${'a'.repeat(247)} (2).txt`, `${'F'.repeat(251)} (2)`]);
      expect((await row(first.id))?.name).toBe(`${'a'.repeat(247)} (2).txt`);
      expect((await api.names()).sort()).toEqual([long, `${'a'.repeat(247)} (2).txt`, folderName, `${'F'.repeat(251)} (2)`].sort());
    });

    it('recover refuses what is not a trash item', async () => {
      const { api, accountId } = await user();
      const ids = await tree(api, accountId);
      await api.trash([ids.docs]);
      expectError(await api.recover([ids.a]), 404, 'NOT_FOUND');
      expectError(await api.recover([randomUUID()]), 404, 'NOT_FOUND');
      expect((await row(ids.docs))?.status).toBe('TRASHED');
    });

    it('POST /v2/files/_bulk/trash trashes by project and uuid', async () => {
      const { api, accountId } = await user();
      const projectId = await api.projectId();
      const a = await addFile(t, accountId, 'a.txt');
      const res = await api.bulkTrash([{ projectId, uuid: a.id }]);
      expect(res.statusCode).toBe(200);
      expect(items(res)[0]).toMatchObject({ uuid: a.id, status: 'TRASHED' });
      const b = await addFile(t, accountId, 'b.txt');
      const other = await user();
      expectError(await api.bulkTrash([{ projectId: await other.api.projectId(), uuid: b.id }]), 404, 'NOT_FOUND');
      expectError(await api.bulkTrash([{ uuid: b.id }]), 400, 'VALIDATION_ERROR');
      expectError(await api.bulkTrash([]), 400, 'VALIDATION_ERROR');
      expect((await row(b.id))?.status).toBe('ACTIVE');
    });

    it('the trash listing pages and sorts by trashed date', async () => {
      const { api, accountId } = await user();
      const ids = [];
      for (const n of ['x.txt', 'y.txt', 'z.txt']) {
        const { id } = await addFile(t, accountId, n);
        await api.trash([id]);
        ids.push(id);
        await new Promise((r) => setTimeout(r, 3));
      }
      const newest = await api.trashList({ sortBy: 'date', sortOrder: 'DESC', size: 2 });
      expect(items(newest).map((i) => i.name)).toEqual(['z.txt', 'y.txt']);
      expect(newest.json().hasMore).toBe(true);
      expect(items(await api.trashList({ sortBy: 'date', sortOrder: 'DESC', size: 2, page: 1 })).map((i) => i.name)).toEqual([
        'x.txt',
      ]);
      expectError(await api.trashList({ sortBy: 'trashed' }), 400, 'VALIDATION_ERROR');
    });
  });

  describe('delete forever', () => {
    it('frees exactly the deleted bytes and purges the blobs through a job', async () => {
      const { api, accountId } = await user();
      const docs = await api.folder('Docs');
      const a = await addFile(t, accountId, 'a.txt', { parentId: docs.uuid, content: Buffer.alloc(1234, 1) });
      const b = await addFile(t, accountId, 'b.txt', { content: Buffer.alloc(4321, 2) });
      const keep = await addFile(t, accountId, 'keep.txt', { content: Buffer.alloc(777, 3) });
      expect(await api.usage()).toBe(1234 + 4321 + 777);
      await api.trash([docs.uuid, b.id]);
      // In the trash the bytes still count.
      expect(await api.usage()).toBe(1234 + 4321 + 777);
      const res = await api.deleteForever([docs.uuid, b.id]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: 2 });
      expect(await api.usage()).toBe(777);
      expect(await row(a.id)).toBeUndefined();
      expect(await row(docs.uuid)).toBeUndefined();
      expect(await t.app.blobs.stat(a.blobKey)).not.toBeNull();
      // A blob already gone (a retried job) is no failure.
      await t.app.blobs.delete(b.blobKey);
      await t.app.jobs.runDue();
      const jobs = await t.database.db.selectFrom('job').select(['status', 'payload']).where('type', '=', 'file.purge-blobs').execute();
      const mine = jobs.filter((j) => j.payload.includes(a.blobKey));
      expect(mine.map((j) => j.status)).toEqual(['done']);
      expect(JSON.parse(mine[0]!.payload).keys.sort()).toEqual([a.blobKey, b.blobKey].sort());
      expect(await t.app.blobs.stat(a.blobKey)).toBeNull();
      expect(await t.app.blobs.stat(b.blobKey)).toBeNull();
      expect(await t.app.blobs.stat(keep.blobKey)).not.toBeNull();
      expect(items(await api.trashList())).toEqual([]);
    });

    it('deletes only trash items; anything else → 404 and nothing changes', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt', { bytes: 50 });
      const b = await addFile(t, accountId, 'b.txt', { bytes: 60 });
      await api.trash([b.id]);
      expectError(await api.deleteForever([b.id, a.id]), 404, 'NOT_FOUND');
      expectError(await api.deleteForever([b.id, randomUUID()]), 404, 'NOT_FOUND');
      expect((await row(b.id))?.status).toBe('TRASHED');
      expect(await api.usage()).toBe(110);
      expectError(await api.deleteForever([]), 400, 'VALIDATION_ERROR');
      expectError(await api.deleteForever(many(501)), 400, 'VALIDATION_ERROR');
    });

    it('DELETE /filesystem/trash/all empties the trash and nothing else', async () => {
      const { api, accountId } = await user();
      const docs = await api.folder('Docs');
      const a = await addFile(t, accountId, 'a.txt', { parentId: docs.uuid, content: Buffer.from('aaaa') });
      const b = await addFile(t, accountId, 'b.txt', { content: Buffer.from('bbbbbb') });
      await addFile(t, accountId, 'c.txt', { bytes: 9 });
      await api.trash([docs.uuid, b.id]);
      const res = await api.emptyTrash();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: 2 });
      expect(await api.usage()).toBe(9);
      expect(await api.names()).toEqual(['c.txt']);
      await t.app.jobs.runDue();
      expect(await t.app.blobs.stat(a.blobKey)).toBeNull();
      expect(await t.app.blobs.stat(b.blobKey)).toBeNull();
      expect((await api.emptyTrash()).json()).toEqual({ deleted: 0 });
    });
  });

  describe('activity feed', () => {
    it('records every change, newest first by default', async () => {
      const { api, accountId } = await user();
      const folder = await api.folder('Docs');
      const a = await addFile(t, accountId, 'a.txt');
      await api.rename(a.id, 'b.txt');
      await api.move([a.id], folder.uuid);
      await api.favourite([a.id], true);
      await api.favourite([a.id], false);
      await api.describe(a.id, { key: 'Description', value: 'd' });
      await api.hide([a.id]);
      await api.unhide([a.id]);
      await api.trash([folder.uuid]);
      await api.recover([folder.uuid]);
      await api.trash([folder.uuid]);
      await api.deleteForever([folder.uuid]);
      const actions = [
        'CREATED_FOLDER',
        'RENAMED',
        'MOVED',
        'FAVOURITED',
        'UNFAVOURITED',
        'DESCRIBED',
        'HIDDEN',
        'UNHIDDEN',
        'TRASHED',
        'RECOVERED',
        'TRASHED',
        'DELETED',
      ];
      const asc = await api.activity({ sortBy: 'createdDate', sortOrder: 'ASC', page: 0, size: 200 });
      expect(asc.statusCode).toBe(200);
      const list = asc.json().activityList;
      expect(list.map((e: { action: string }) => e.action)).toEqual(actions);
      expect(list[0]).toEqual({
        id: expect.any(String),
        action: 'CREATED_FOLDER',
        fileUuid: folder.uuid,
        name: 'Docs',
        folder: true,
        createdDate: expect.any(Number),
      });
      expect(list[1]).toMatchObject({ action: 'RENAMED', fileUuid: a.id, name: 'b.txt', folder: false });
      const desc = (await api.activity()).json().activityList;
      expect(desc.map((e: { action: string }) => e.action)).toEqual([...actions].reverse());
      const page = (await api.activity({ sortOrder: 'ASC', size: 5, page: 1 })).json().activityList;
      expect(page.map((e: { action: string }) => e.action)).toEqual(actions.slice(5, 10));
    });

    it('validates the query and shows only the own account', async () => {
      const { api } = await user();
      expectError(await api.activity({ size: 201 }), 400, 'VALIDATION_ERROR');
      expectError(await api.activity({ sortBy: 'name' }), 400, 'VALIDATION_ERROR');
      expectError(await api.activity({ sortOrder: 'UP' }), 400, 'VALIDATION_ERROR');
      expectError(await api.activity({ page: -1 }), 400, 'VALIDATION_ERROR');
      const other = await user();
      await other.api.folder('Theirs');
      expect((await api.activity()).json().activityList).toEqual([]);
    });
  });

  describe('access and bulk rules', () => {
    it('another account’s uuid is not found on every route', async () => {
      const owner = await user();
      const { api } = await user();
      const folder = await owner.api.folder('Private');
      const file = await addFile(t, owner.accountId, 'secret.txt', { parentId: folder.uuid });
      const trashed = await addFile(t, owner.accountId, 'trashed.txt');
      await owner.api.trash([trashed.id]);
      const projectId = await api.projectId();
      const responses = [
        await api.list({ parentFolderUuid: folder.uuid }),
        await api.list({ parentFolderUuid: folder.uuid, folderOnly: true, size: 99999 }),
        await api.v2(projectId, { parentFolderUuid: folder.uuid }),
        await api.byDocumentType({ documentType: 'PDF', parentFolderUuid: folder.uuid }),
        await api.favourite([file.id], true),
        await api.describe(file.id, { key: 'Description', value: 'x' }),
        await api.rename(file.id, 'mine.txt'),
        await api.move([file.id], ''),
        await api.createFolder('x', folder.uuid),
        await api.hide([file.id]),
        await api.unhide([file.id]),
        await api.trash([file.id]),
        await api.bulkTrash([{ projectId, uuid: file.id }]),
        await api.bulkTrash([{ projectId: await owner.api.projectId(), uuid: file.id }]),
        await api.recover([trashed.id]),
        await api.deleteForever([trashed.id]),
      ];
      const own = await api.folder('Own');
      responses.push(await api.move([own.uuid], folder.uuid));
      for (const res of responses) expectError(res, 404, 'NOT_FOUND');
      // Their trash and feed are untouched and unseen.
      expect((await api.emptyTrash()).json()).toEqual({ deleted: 0 });
      expect(items(await api.trashList())).toEqual([]);
      expect(await row(file.id)).toMatchObject({ status: 'ACTIVE', name: 'secret.txt', favourite: 0, hidden: 0, description: null });
      expect(await row(trashed.id)).toMatchObject({ status: 'TRASHED' });
    });

    it('an unknown uuid in a bulk call changes nothing', async () => {
      const { api, accountId } = await user();
      const target = await api.folder('Target');
      const a = await addFile(t, accountId, 'a.txt');
      const b = await addFile(t, accountId, 'b.txt');
      const unknown = randomUUID();
      const calls = [
        () => api.favourite([a.id, unknown], true),
        () => api.hide([a.id, unknown]),
        () => api.trash([a.id, unknown]),
        () => api.move([a.id, unknown], target.uuid),
        async () => api.bulkTrash([{ projectId: await api.projectId(), uuid: a.id }, { projectId: await api.projectId(), uuid: unknown }]),
      ];
      for (const call of calls) expectError(await call(), 404, 'NOT_FOUND');
      expect(await row(a.id)).toMatchObject({ status: 'ACTIVE', favourite: 0, hidden: 0, parent_id: '' });
      await api.hide([b.id]);
      expectError(await api.unhide([b.id, unknown]), 404, 'NOT_FOUND');
      expect((await row(b.id))?.hidden).toBe(1);
      await api.trash([b.id]);
      expectError(await api.recover([b.id, unknown]), 404, 'NOT_FOUND');
      expectError(await api.deleteForever([b.id, unknown]), 404, 'NOT_FOUND');
      expect((await row(b.id))?.status).toBe('TRASHED');
      const feed = (await api.activity({ sortOrder: 'ASC' })).json().activityList.map((e: { action: string }) => e.action);
      expect(feed).toEqual(['CREATED_FOLDER', 'HIDDEN', 'TRASHED']);
    });

    it('a bulk call takes at most 500 uuids', async () => {
      const { api, accountId } = await user();
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await addFile(t, accountId, `f${i}.txt`)).id);
      const tooMany = [...ids, ...many(498)];
      const projectId = await api.projectId();
      for (const res of [
        await api.favourite(tooMany, true),
        await api.move(tooMany),
        await api.hide(tooMany),
        await api.unhide(tooMany),
        await api.trash(tooMany),
        await api.bulkTrash(tooMany.map((uuid) => ({ projectId, uuid }))),
        await api.recover(tooMany),
        await api.deleteForever(tooMany),
      ]) {
        expectError(res, 400, 'VALIDATION_ERROR');
      }
      // 500 is fine (and an unknown one among them is a 404, not a validation error).
      expectError(await api.favourite(tooMany.slice(0, 500), true), 404, 'NOT_FOUND');
      expect((await api.favourite(ids, true)).statusCode).toBe(200);
    });

    it('a read-only account may still read, favourite, trash and delete', async () => {
      const { api, accountId } = await user();
      const a = await addFile(t, accountId, 'a.txt', { bytes: 10 });
      await makeReadOnly(accountId);
      expect((await api.list()).statusCode).toBe(200);
      expect((await api.favourite([a.id], true)).statusCode).toBe(200);
      expect((await api.trash([a.id])).statusCode).toBe(200);
      expect((await api.deleteForever([a.id])).statusCode).toBe(200);
      expect(await api.usage()).toBe(0);
    });

    it('every route needs a session', async () => {
      for (const [method, url] of [
        ['GET', '/api/filesystem'],
        ['GET', '/api/filesystem/hidden'],
        ['GET', `/api/v2/files/${randomUUID()}`],
        ['GET', '/api/search/byDocumentType?documentType=PDF'],
        ['POST', '/api/filesystem/metadata'],
        ['PUT', `/api/filesystem/metadata/${randomUUID()}`],
        ['POST', `/api/filesystem/rename/${randomUUID()}`],
        ['POST', '/api/filesystem/move'],
        ['POST', '/api/filesystem/createFolder'],
        ['DELETE', '/api/filesystem/hide'],
        ['POST', '/api/filesystem/unhide'],
        ['DELETE', '/api/filesystem/trash'],
        ['POST', '/api/v2/files/_bulk/trash'],
        ['GET', '/api/filesystem/trash'],
        ['POST', '/api/filesystem/recover'],
        ['DELETE', '/api/filesystem/trash/forever'],
        ['DELETE', '/api/filesystem/trash/all'],
        ['GET', '/api/filesystem/activityFeed'],
      ] as const) {
        expectError(await t.app.inject({ method, url }), 401, 'UNAUTHORIZED');
      }
    });
  });
});
