import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, fileHelpers, items } from './files.fixtures.js';

describe.each(DIALECTS)('files and folders (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { user, row, makeReadOnly, many } = fileHelpers(() => t);

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
        ['GET', `/api/filesystem/item/${randomUUID()}`],
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
