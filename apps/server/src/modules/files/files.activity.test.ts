import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, fileHelpers } from './files.fixtures.js';

describe.each(DIALECTS)('files and folders (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  const { user } = fileHelpers(() => t);

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
});
