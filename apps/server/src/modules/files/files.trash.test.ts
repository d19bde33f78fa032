import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, fileHelpers, type FilesApi, items } from './files.fixtures.js';

describe.each(DIALECTS)('files and folders (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { user, row, many } = fileHelpers(() => t);

  describe('trash and recover', () => {
    /** Docs/{a.txt, Sub/{b.txt}} plus a hidden c.txt in Docs. */
    const tree = async (api: FilesApi, accountId: string) => {
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
});
