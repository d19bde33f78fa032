import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, fileHelpers, type FilesApi, items } from './files.fixtures.js';
import type { FileItemDto } from './files.schemas.js';

describe.each(DIALECTS)('files and folders (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { user, row, many } = fileHelpers(() => t);

  describe('listing', () => {
    /** A folder with 3 subfolders and 4 files whose name, date and size orders all differ. */
    const populate = async (api: FilesApi, accountId: string) => {
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

      // A new folder sorts first: the scroll that was under way goes on after the end of its last page (nothing twice),
      await api.folder('0-first', parent);
      expect((await page(1)).fileList.map((i: FileItemDto) => i.name)).toEqual(['Alpha.txt', 'bravo.txt', 'charlie.txt']);
      expect((await page(2)).fileList.map((i: FileItemDto) => i.name)).toEqual(['delta.txt']);
      // while a scroll started afterwards sees every later page shift by one.
      expect((await page(0)).fileList.map((i: FileItemDto) => i.name)).toEqual(['0-first', ...folders.slice(0, 2)]);
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

    it('the hidden listing carries thumbnails, and unhide puts items back where they were', async () => {
      const { api, accountId } = await user();
      const photo = await addFile(t, accountId, 'IMG_1.jpg', { contentType: 'image/jpeg', hidden: true });
      await t.database.db.updateTable('file').set({ thumb_key: `${photo.blobKey}.thumb`, preview_key: `${photo.blobKey}.preview` }).where('id', '=', photo.id).execute();
      const [hidden] = items(await api.hidden());
      expect(hidden).toMatchObject({ uuid: photo.id, hidden: true, thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//) });
      expect(await api.names()).toEqual([]);
      expect((await api.unhide([photo.id])).statusCode).toBe(200);
      expect(items(await api.hidden())).toEqual([]);
      expect(await api.names()).toEqual(['IMG_1.jpg']);
    });

    it('GET /filesystem/item/{uuid} reads one live item of the caller, hidden ones too', async () => {
      const { api, accountId } = await user();
      const photo = await addFile(t, accountId, 'IMG_2.jpg', { contentType: 'image/jpeg', hidden: true });
      const res = await api.call('GET', `/api/filesystem/item/${photo.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ uuid: photo.id, name: 'IMG_2.jpg', hidden: true, contentType: 'image/jpeg' });
      const other = await user();
      expectError(await other.api.call('GET', `/api/filesystem/item/${photo.id}`), 404, 'NOT_FOUND');
      expectError(await api.call('GET', `/api/filesystem/item/${randomUUID()}`), 404, 'NOT_FOUND');
      expectError(await api.call('GET', '/api/filesystem/item/xyz'), 400, 'VALIDATION_ERROR');
      await api.trash([photo.id]);
      expectError(await api.call('GET', `/api/filesystem/item/${photo.id}`), 404, 'NOT_FOUND');
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
});
