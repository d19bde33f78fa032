import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { content, uploadApi } from '../upload/upload.fixtures.js';
import { familyPerson, planOf, familyOf } from './family.fixtures.js';
import { EXPIRE_HELD_SCHEDULE } from './family.module.js';

const FREE = 200_000;
const POOL = 2_000_000;
const PHOTO = 10_000;

interface Album {
  id: string;
  name: string;
  itemCount: number;
  cover: { uuid: string } | null;
  coverFileId: string | null;
  createdBy: { accountId: string; name: string | null };
  canDelete: boolean;
}

describe.each(DIALECTS)('family albums (%s)', (dialect) => {
  let t: TestApp;
  let plan: ReturnType<typeof planOf>;
  beforeAll(async () => {
    t = await startTestApp(dialect, { FREE_QUOTA_BYTES: String(FREE) });
    plan = planOf(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const person = () => familyPerson(t);
  type Person = Awaited<ReturnType<typeof person>>;
  const call = (who: Person, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: authed(who.token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  const family = (members = 2) => familyOf(t, plan, POOL, members);

  const photo = async (who: Person, name = 'beach.jpg') => {
    const res = await uploadApi(t, who.token).whole(name, content(PHOTO), { contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().uuid as string;
  };
  /** Photos uploaded and moved into the family library. */
  const inLibrary = async (who: Person, n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await photo(who, `p${i}.jpg`));
    const res = await call(who, 'POST', '/family/library/add', { uuids: ids, mode: 'MOVE' });
    expect(res.statusCode, res.body).toBe(200);
    return ids;
  };
  const create = async (who: Person, name: string, uuids?: string[]): Promise<Album> => {
    const res = await call(who, 'POST', '/family/albums', { name, ...(uuids ? { uuids } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const albums = async (who: Person): Promise<Album[]> => {
    const res = await call(who, 'GET', '/family/albums');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().albums;
  };
  const itemsOf = async (who: Person, albumId: string) => {
    const res = await call(who, 'GET', `/family/albums/${albumId}/items`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Array<{ file: { uuid: string }; addedBy: { accountId: string; name: string }; mine: boolean }>);
  };
  const uuidsOf = async (who: Person, albumId: string) => (await itemsOf(who, albumId)).map((i) => i.file.uuid).sort();
  const rows = async (albumId: string) =>
    (await t.database.db.selectFrom('family_album_file').select('file_id').where('album_id', '=', albumId).execute()).map((r) => r.file_id).sort();

  it('a member creates an album of library photos; every member sees it with its cover, count and "Added by"', async () => {
    const { admin, members } = await family();
    const [ayse, mehmet] = members as [Person, Person];
    const [a1, a2] = await inLibrary(ayse, 2);
    const [m1] = await inLibrary(mehmet, 1);

    const album = await create(ayse, '  Bayram 2026 ', [a1!, m1!]);
    expect(album).toMatchObject({ name: 'Bayram 2026', itemCount: 2, coverFileId: null, createdBy: { accountId: ayse.accountId, name: ayse.name }, canDelete: true });
    expect(album.cover).not.toBeNull();

    for (const who of [admin, mehmet]) {
      const list = await albums(who);
      expect(list.map((a) => a.id)).toEqual([album.id]);
      expect(list[0]).toMatchObject({ name: 'Bayram 2026', itemCount: 2 });
      expect(await uuidsOf(who, album.id)).toEqual([a1, m1].sort());
    }
    expect((await albums(admin))[0]!.canDelete).toBe(true);
    expect((await albums(mehmet))[0]!.canDelete).toBe(false);
    const items = await itemsOf(mehmet, album.id);
    expect(items.find((i) => i.file.uuid === a1)).toMatchObject({ addedBy: { accountId: ayse.accountId, name: ayse.name }, mine: false });
    expect(items.find((i) => i.file.uuid === m1)).toMatchObject({ mine: true });

    // Another member adds, removes and renames; adding twice changes nothing.
    const added = await call(mehmet, 'POST', `/family/albums/${album.id}/add`, { uuids: [a2, a2, a1] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().itemCount).toBe(3);
    expect((await call(mehmet, 'POST', `/family/albums/${album.id}/remove`, { uuids: [a1] })).json()).toEqual({ removed: 1 });
    expect(await uuidsOf(admin, album.id)).toEqual([a2, m1].sort());
    const renamed = await call(mehmet, 'PATCH', `/family/albums/${album.id}`, { name: 'Bayram' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Bayram');
    // A chosen cover, then back to the newest.
    const covered = await call(admin, 'PATCH', `/family/albums/${album.id}`, { coverFileId: m1 });
    expect(covered.json()).toMatchObject({ coverFileId: m1, cover: { uuid: m1 } });
    expect((await call(admin, 'PATCH', `/family/albums/${album.id}`, { coverFileId: null })).json().coverFileId).toBeNull();
    // Removing from the album never touches the photo: still in the library.
    const library = (await call(admin, 'GET', '/family/library')).json().items as Array<{ file: { uuid: string } }>;
    expect(library.map((i) => i.file.uuid)).toContain(a1);
  });

  it('only its creator or the family admin deletes an album, and its photos stay in the library', async () => {
    const { admin, members } = await family();
    const [ayse, mehmet] = members as [Person, Person];
    const ids = await inLibrary(ayse, 2);
    const first = await create(ayse, 'Yaz', ids);
    const second = await create(ayse, 'Kış', ids);

    expectError(await call(mehmet, 'DELETE', `/family/albums/${first.id}`), 403, 'NOT_ALBUM_CREATOR');
    expect(await albums(mehmet)).toHaveLength(2);
    expect((await call(ayse, 'DELETE', `/family/albums/${first.id}`)).json()).toEqual({ ok: true });
    expect((await call(admin, 'DELETE', `/family/albums/${second.id}`)).statusCode).toBe(200);
    expect(await albums(mehmet)).toEqual([]);
    expectError(await call(mehmet, 'GET', `/family/albums/${first.id}`), 404, 'NOT_FOUND');
    const library = (await call(mehmet, 'GET', '/family/library')).json().items as Array<{ file: { uuid: string } }>;
    expect(library.map((i) => i.file.uuid).sort()).toEqual([...ids].sort());
  });

  it("another family's member and someone in no family get 404 and change nothing", async () => {
    const mine = await family(1);
    const other = await family(1);
    const loner = await person();
    const [ayse] = mine.members as [Person];
    const [stranger] = other.members as [Person];
    const ids = await inLibrary(ayse, 1);
    const album = await create(ayse, 'Aile', ids);
    const theirs = await inLibrary(stranger, 1);

    for (const who of [stranger, other.admin, loner]) {
      expectError(await call(who, 'GET', `/family/albums/${album.id}`), 404, 'NOT_FOUND');
      expectError(await call(who, 'GET', `/family/albums/${album.id}/items`), 404, 'NOT_FOUND');
      expectError(await call(who, 'PATCH', `/family/albums/${album.id}`, { name: 'x' }), 404, 'NOT_FOUND');
      expectError(await call(who, 'POST', `/family/albums/${album.id}/remove`, { uuids: ids }), 404, 'NOT_FOUND');
      expectError(await call(who, 'DELETE', `/family/albums/${album.id}`), 404, 'NOT_FOUND');
    }
    // Nor can they put their family's photo in it, nor ours in an album of theirs.
    expectError(await call(stranger, 'POST', `/family/albums/${album.id}/add`, { uuids: theirs }), 404, 'NOT_FOUND');
    expectError(await call(stranger, 'POST', '/family/albums', { name: 'x', uuids: ids }), 404, 'NOT_FOUND');
    expect(await albums(stranger)).toEqual([]);
    expectError(await call(loner, 'GET', '/family/albums'), 404, 'NOT_FOUND');
    expectError(await call(loner, 'POST', '/family/albums', { name: 'x' }), 404, 'NOT_FOUND');
    expect(await albums(ayse)).toMatchObject([{ name: 'Aile', itemCount: 1 }]);
    expect(await rows(album.id)).toEqual(ids);
  });

  it('an item that leaves the library leaves every album at once; the schedule then deletes its rows', async () => {
    const { admin, members } = await family();
    const [ayse, mehmet] = members as [Person, Person];
    const [a1, a2, a3] = await inLibrary(ayse, 3);
    const one = await create(mehmet, 'Bir', [a1!, a2!, a3!]);
    const two = await create(admin, 'İki', [a1!, a2!]);
    const pick = await call(mehmet, 'PATCH', `/family/albums/${one.id}`, { coverFileId: a1 });
    expect(pick.statusCode, pick.body).toBe(200);

    // Removed from the library (into her trash): out of both albums, count and cover, before any clean-up.
    expect((await call(ayse, 'POST', '/family/library/remove', { uuids: [a1] })).statusCode).toBe(200);
    expect(await uuidsOf(mehmet, one.id)).toEqual([a2, a3].sort());
    expect(await uuidsOf(mehmet, two.id)).toEqual([a2]);
    const [listed] = (await albums(mehmet)).filter((a) => a.id === one.id);
    expect(listed!.itemCount).toBe(2);
    expect(listed!.cover?.uuid).not.toBe(a1);

    // Trashed from My files by its owner: the same.
    expect((await call(ayse, 'DELETE', '/filesystem/trash', [a2])).statusCode).toBe(200);
    expect(await uuidsOf(admin, one.id)).toEqual([a3]);
    expect((await albums(admin)).find((a) => a.id === two.id)!.itemCount).toBe(0);
    expect((await albums(admin)).find((a) => a.id === two.id)!.cover).toBeNull();

    // The stale rows stay until the hourly schedule, which deletes them and the stale cover.
    expect(await rows(one.id)).toEqual([a1, a2, a3].sort());
    await t.database.db.updateTable('job').set({ run_at: Date.now() - 1 }).where('schedule_key', '=', EXPIRE_HELD_SCHEDULE).where('status', '=', 'queued').execute();
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
    expect(await rows(one.id)).toEqual([a3]);
    expect(await rows(two.id)).toEqual([]);
    expect((await albums(admin)).find((a) => a.id === one.id)!.coverFileId).toBeNull();
  });

  it("the adder leaving takes their photos out of every album, not the albums they made", async () => {
    const { admin, members } = await family();
    const [ayse, mehmet] = members as [Person, Person];
    const ours = await inLibrary(ayse, 2);
    const his = await inLibrary(mehmet, 1);
    const album = await create(ayse, 'Hepsi', [...ours, ...his]);
    expect((await call(ayse, 'POST', '/family/leave')).statusCode).toBe(200);

    const [left] = await albums(mehmet);
    expect(left).toMatchObject({ id: album.id, name: 'Hepsi', itemCount: 1, canDelete: false });
    expect(await uuidsOf(admin, album.id)).toEqual(his);
    expectError(await call(ayse, 'GET', `/family/albums/${album.id}`), 404, 'NOT_FOUND');
    // Writing prunes the album's stale rows.
    expect((await call(mehmet, 'POST', `/family/albums/${album.id}/add`, { uuids: his })).statusCode).toBe(200);
    expect(await rows(album.id)).toEqual(his);
  });

  it('the family going deletes its albums', async () => {
    const { admin, members } = await family(1);
    const [ayse] = members as [Person];
    const album = await create(ayse, 'Son', await inLibrary(ayse, 1));
    await plan.ends(admin.accountId);
    expect(await t.database.db.selectFrom('family_album').select('id').where('id', '=', album.id).execute()).toEqual([]);
    expect(await rows(album.id)).toEqual([]);
  });

  it('bad input answers 400 and changes nothing', async () => {
    const { members } = await family(1);
    const [ayse] = members as [Person];
    const ids = await inLibrary(ayse, 1);
    const personal = await photo(ayse, 'mine.jpg');
    const album = await create(ayse, 'Doğru', ids);
    const before = JSON.stringify({ albums: await albums(ayse), rows: await rows(album.id) });

    const bad: Array<[string, string, unknown]> = [
      ['POST', '/family/albums', { name: '   ' }],
      ['POST', '/family/albums', { name: 'x'.repeat(256) }],
      ['POST', '/family/albums', { name: 'a\u202eb' }],
      ['POST', '/family/albums', { name: 'ok', uuids: ['not-a-uuid'] }],
      ['POST', '/family/albums', {}],
      // A photo of her own that is not in the library.
      ['POST', '/family/albums', { name: 'ok', uuids: [personal] }],
      ['POST', `/family/albums/${album.id}/add`, { uuids: [personal] }],
      ['POST', `/family/albums/${album.id}/add`, { uuids: [] }],
      ['POST', `/family/albums/${album.id}/remove`, { uuids: 'x' }],
      ['PATCH', `/family/albums/${album.id}`, {}],
      ['PATCH', `/family/albums/${album.id}`, { name: '' }],
      ['PATCH', `/family/albums/${album.id}`, { coverFileId: personal }],
      ['GET', `/family/albums/${album.id}/items?limit=0`, undefined],
      ['GET', `/family/albums/${album.id}/items?after=abc`, undefined],
      ['GET', '/family/albums/not-a-uuid', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call(ayse, method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expectError(res, 400);
    }
    expect(JSON.stringify({ albums: await albums(ayse), rows: await rows(album.id) })).toBe(before);
  });

  it('pages of an album follow the library order', async () => {
    const { members } = await family(1);
    const [ayse] = members as [Person];
    const ids = await inLibrary(ayse, 5);
    const album = await create(ayse, 'Sayfalar', ids);
    const seen: string[] = [];
    let after: string | null = '';
    while (after !== null) {
      const res = await call(ayse, 'GET', `/family/albums/${album.id}/items?limit=2${after ? `&after=${after}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: Array<{ file: { uuid: string } }>; next: string | null };
      seen.push(...page.items.map((i) => i.file.uuid));
      after = page.next;
    }
    expect(seen.sort()).toEqual([...ids].sort());
    expect(new Set(seen).size).toBe(5);
  });
});
