import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { queryPlans } from '../../test/query-plan.js';
import { nameKey } from '../../shared/names.js';
import type { Boundary } from './files.listing-cache.js';
import { ListingCache } from './files.listing-cache.js';
import * as repo from './files.repository.js';
import type { FileItemDto, SortByValue } from './files.schemas.js';
import type { NewFile } from './files.table.js';

const SORTS: Array<[SortByValue, boolean]> = [
  ['name', false],
  ['name', true],
  ['date', false],
  ['date', true],
  ['size', false],
  ['size', true],
];

const fileRow = (accountId: string, parentId: string, name: string, o: Partial<NewFile> = {}): NewFile => ({
  id: randomUUID(),
  account_id: accountId,
  parent_id: parentId,
  name,
  name_key: nameKey(name),
  is_folder: 0,
  bytes: 0,
  content_type: 'application/octet-stream',
  favourite: 0,
  hidden: 0,
  status: 'ACTIVE',
  device_type: 'WEB',
  created_at: 1,
  last_modified_at: 1,
  ...o,
});

async function insertRows(t: TestApp, rows: NewFile[]) {
  for (let i = 0; i < rows.length; i += 500) await t.database.db.insertInto('file').values(rows.slice(i, i + 500)).execute();
}

describe.each(DIALECTS)('folder listing pagination (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let accountId: string;
  const folderId = randomUUID();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ token, accountId } = await signUp(t));
    const rows: NewFile[] = [fileRow(accountId, '', 'Big', { id: folderId, is_folder: 1 })];
    // 13 folders and 50 files; dates and sizes come from small sets so most keys tie and only the id breaks them.
    for (let i = 0; i < 13; i++) {
      rows.push(fileRow(accountId, folderId, `Folder ${(i * 7) % 13}`, { is_folder: 1, last_modified_at: 1 + (i % 3) }));
    }
    for (let i = 0; i < 50; i++) {
      rows.push(
        fileRow(accountId, folderId, `${i % 2 ? 'img' : 'IMG'}_${String((i * 17) % 50).padStart(2, '0')}.jpg`, {
          last_modified_at: 10 + (i % 4),
          bytes: 100 * (1 + (i % 3)),
        }),
      );
    }
    // Never listed: hidden, trashed, in another folder.
    rows.push(fileRow(accountId, folderId, 'hidden.jpg', { hidden: 1 }));
    rows.push(fileRow(accountId, folderId, 'trashed.jpg', { status: 'TRASHED', trash_root_id: randomUUID(), trashed_at: 5 }));
    rows.push(fileRow(accountId, '', 'elsewhere.jpg'));
    await insertRows(t, rows);
  });
  afterAll(() => t.close());

  /** The obvious query (one ORDER BY over everything, OFFSET): the reference every other path must equal. */
  const reference = async (sortBy: SortByValue, desc: boolean, page: number, size: number, foldersOnly = false) => {
    const dir = desc ? 'desc' : 'asc';
    const rows = await t.database.db
      .selectFrom('file')
      .select('id')
      .where('account_id', '=', accountId)
      .where('parent_id', '=', folderId)
      .where('status', '=', 'ACTIVE')
      .where('hidden', '=', 0)
      .$if(foldersOnly, (qb) => qb.where('is_folder', '=', 1))
      .orderBy('is_folder', 'desc')
      .orderBy(repo.KEY_COLUMN[sortBy], dir)
      .orderBy('id', dir)
      .limit(size)
      .offset(page * size)
      .execute();
    return rows.map((r) => r.id);
  };
  const positions = (sortBy: SortByValue, desc: boolean, after: Boundary | null, skip: number, limit: number, foldersOnly = false) =>
    repo.listChildPositions(t.database.db, {
      accountId,
      parentId: folderId,
      column: repo.KEY_COLUMN[sortBy],
      desc,
      foldersOnly,
      after,
      skip,
      limit,
    });

  it.each(SORTS)('keyset pages equal offset pages (sortBy=%s, desc=%s)', async (sortBy, desc) => {
    const size = 7;
    let after: Boundary | null = null;
    for (let page = 0; page < 11; page++) {
      const expected = await reference(sortBy, desc, page, size);
      const byOffset = await positions(sortBy, desc, null, page * size, size);
      const byKeyset = await positions(sortBy, desc, after, 0, size);
      expect(byOffset.map((p) => p.id)).toEqual(expected);
      expect(byKeyset.map((p) => p.id)).toEqual(expected);
      // The end of page p-3 plus a skip of two pages lands on the same page too.
      if (page >= 3) {
        const [back] = await positions(sortBy, desc, null, (page - 2) * size - 1, 1);
        expect((await positions(sortBy, desc, back!, 2 * size, size)).map((p) => p.id)).toEqual(expected);
      }
      after = byKeyset.at(-1) ?? after;
    }
    expect(await reference(sortBy, desc, 9, size)).toEqual([]);
  });

  it.each(SORTS)('folders-only keyset pages equal offset pages (sortBy=%s, desc=%s)', async (sortBy, desc) => {
    let after: Boundary | null = null;
    for (let page = 0; page < 4; page++) {
      const expected = await reference(sortBy, desc, page, 4, true);
      const byKeyset = await positions(sortBy, desc, after, 0, 4, true);
      expect(byKeyset.map((p) => p.id)).toEqual(expected);
      expect((await positions(sortBy, desc, null, page * 4, 4, true)).map((p) => p.id)).toEqual(expected);
      after = byKeyset.at(-1) ?? after;
    }
  });

  it.each(SORTS)('the API serves the same pages scrolling, jumping and after changes (sortBy=%s, desc=%s)', async (sortBy, desc) => {
    const size = 6;
    const sortOrder = desc ? 'DESC' : 'ASC';
    const get = async (page: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/filesystem?parentFolderUuid=${folderId}&sortBy=${sortBy}&sortOrder=${sortOrder}&page=${page}&size=${size}`,
        headers: authed(token),
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { fileList: FileItemDto[]; hasMore: boolean };
    };
    const check = async (page: number) => {
      const body = await get(page);
      expect(body.fileList.map((i) => i.uuid)).toEqual(await reference(sortBy, desc, page, size));
      expect(body.hasMore).toBe((await reference(sortBy, desc, page + 1, size)).length > 0);
    };
    for (let page = 0; page < 12; page++) await check(page);
    for (const page of [8, 3, 8, 9, 5, 11, 0, 1]) await check(page);
    const servedBefore = await get(8);
    // A change in the folder: a scroll that started before it continues right after the end of its last page.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/filesystem/createFolder?parentFolderUuid=${folderId}`,
      headers: { ...authed(token), 'folder-name': `new-${sortBy}-${sortOrder}`, 'folder-uuid': randomUUID() },
    });
    expect(res.statusCode).toBe(200);
    const all = await reference(sortBy, desc, 0, 10_000);
    const end = all.indexOf(servedBefore.fileList.at(-1)!.uuid);
    expect((await get(9)).fileList.map((i) => i.uuid)).toEqual(all.slice(end + 1, end + 1 + size));
    // A scroll started after the change serves the new order, page by page and when jumping.
    for (let page = 0; page < 12; page++) await check(page);
    for (const page of [1, 2, 9, 10, 11]) await check(page);
  });

  it('lists thousands of folders at once with folderOnly', async () => {
    const parent = randomUUID();
    const rows = [fileRow(accountId, '', 'Many', { id: parent, is_folder: 1 })];
    for (let i = 0; i < 2500; i++) rows.push(fileRow(accountId, parent, `F${String(i).padStart(4, '0')}`, { is_folder: 1 }));
    rows.push(fileRow(accountId, parent, 'file.txt'));
    await insertRows(t, rows);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/filesystem?parentFolderUuid=${parent}&folderOnly=true&sortBy=name&sortOrder=ASC&from=0&size=99999`,
      headers: authed(token),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().fileList as FileItemDto[];
    expect(list).toHaveLength(2500);
    expect(list[0]!.name).toBe('F0000');
    expect(list.at(-1)!.name).toBe('F2499');
    expect(res.json().hasMore).toBe(false);
  });

  it('boundaries live in the database: any instance continues from the end another one served', async () => {
    const one = new ListingCache(t.database.db);
    const other = new ListingCache(t.database.db);
    const listing = `${accountId}/boundary-test`;
    await one.remember(accountId, listing, 0, { folder: 1, key: 'x', id: '1' });
    await one.remember(accountId, listing, 4, { folder: 0, key: 17, id: '2' });
    expect(await other.nearest(listing, 1)).toEqual({ page: 0, boundary: { folder: 1, key: 'x', id: '1' } });
    expect(await other.nearest(listing, 7)).toEqual({ page: 4, boundary: { folder: 0, key: 17, id: '2' } });
    expect(await other.nearest(listing, 0)).toBeNull();
    // The page served last under a number is the one the next page continues from.
    await other.remember(accountId, listing, 0, { folder: 0, key: 'z', id: '3' });
    expect((await one.nearest(listing, 1))?.boundary).toEqual({ folder: 0, key: 'z', id: '3' });
  });
});

describe.each(DIALECTS)('listing a folder of 100,000 files (%s)', (dialect) => {
  const FILES = 100_000;
  let t: TestApp;
  let accountId: string;
  const folderId = randomUUID();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ accountId } = await signUp(t));
    const rows: NewFile[] = [fileRow(accountId, '', 'Big', { id: folderId, is_folder: 1 })];
    for (let i = 0; i < 20; i++) rows.push(fileRow(accountId, folderId, `Folder ${i}`, { is_folder: 1 }));
    for (let i = 0; i < FILES; i++) {
      rows.push(fileRow(accountId, folderId, `IMG_${String(i).padStart(6, '0')}.jpg`, { bytes: 1000 + (i % 977), last_modified_at: i }));
    }
    await insertRows(t, rows);
    await sql`ANALYZE`.execute(t.database.db);
  });
  afterAll(() => t.close());

  const plan = (run: (db: typeof t.database.db) => Promise<unknown>) => queryPlans(t.database.db, dialect, run);

  it.each(['name', 'date', 'size'] as const)('a keyset page by %s reads an index in order, without a full sort', async (sortBy) => {
    for (const desc of [false, true]) {
      const after: Boundary = { folder: 0, key: sortBy === 'name' ? 'img_099000.jpg' : 99_000, id: randomUUID() };
      const plans = await plan((db) =>
        repo.listChildPositions(db, {
          accountId,
          parentId: folderId,
          column: repo.KEY_COLUMN[sortBy],
          desc,
          foldersOnly: false,
          after,
          skip: 0,
          limit: 51,
        }),
      );
      for (const p of plans) {
        if (dialect === 'sqlite') {
          expect(p).not.toMatch(/TEMP B-TREE/);
          expect(p).toMatch(/USING COVERING INDEX file_list_/);
        } else {
          // No full sort; PostgreSQL may pick the (smaller) unique-name index and order ties of one key incrementally.
          expect(p).not.toMatch(/(^|->\s+)Sort\b/m);
          expect(p).toMatch(/Index (Only )?Scan( Backward)? using file_/);
        }
      }
    }
  });

  it('serves the last page of 100,000 files, then scrolls on from the learned boundary with the same results', async () => {
    const { FilesService } = await import('./files.service.js');
    const files = new FilesService({ db: t.database.db, jobs: t.app.jobs });
    const account = await t.database.db.selectFrom('account').select('project_id').where('id', '=', accountId).executeTakeFirstOrThrow();
    const auth = { accountId, status: 'ACTIVE' as const, projectId: account.project_id };
    const pages = Math.ceil((FILES + 20) / 50);
    // A jump to the last page walks the index once and learns the boundary of the page before it.
    const jump = await files.list(auth, { parentFolderUuid: folderId, page: pages - 1, size: 50 });
    expect(jump.fileList.at(-1)?.name).toBe('IMG_099999.jpg');
    expect(jump.hasMore).toBe(false);
    const again = await files.list(auth, { parentFolderUuid: folderId, page: pages - 1, size: 50 });
    expect(again.fileList.map((f) => f.uuid)).toEqual(jump.fileList.map((f) => f.uuid));
    const before = await files.list(auth, { parentFolderUuid: folderId, page: pages - 2, size: 50 });
    expect(before.fileList.at(-1)!.name < jump.fileList[0]!.name).toBe(true);
  });
});
