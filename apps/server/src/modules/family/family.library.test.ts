import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { queryPlans } from '../../test/query-plan.js';
import { MEDIA_KIND } from '../files/files.public.js';
import type { NewFile } from '../files/files.table.js';
import { content, downloadUrls, uploadApi } from '../upload/upload.fixtures.js';
import * as libraryRepo from './family.library.repository.js';
import { EXPIRE_HELD_SCHEDULE } from './family.module.js';
import { familyPerson, planOf, familyOf } from './family.fixtures.js';

const FREE = 50_000;
const POOL = 1_000_000;
const PHOTO = 20_000;

interface LibraryItem {
  file: { uuid: string; projectId: string; bytes: number };
  addedBy: { accountId: string; name: string };
  mine: boolean;
  canRemove: boolean;
}

describe.each(DIALECTS)('family library (%s)', (dialect) => {
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
  const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: authed(who.token), ...(payload ? { payload } : {}) });

  /** An admin with a family package and members who joined by phone. */
  const family = (members = 2) => familyOf(t, plan, POOL, members);

  const photo = async (who: Person, name = 'beach.jpg', bytes = PHOTO) => {
    const res = await uploadApi(t, who.token).whole(name, content(bytes), { contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().uuid as string;
  };
  const add = (who: Person, uuids: string[], mode: 'MOVE' | 'COPY' = 'MOVE') => call(who, 'POST', '/family/library/add', { uuids, mode });
  const library = async (who: Person): Promise<LibraryItem[]> => {
    const res = await call(who, 'GET', '/family/library');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };
  const uuidsIn = async (who: Person) => (await library(who)).map((i) => i.file.uuid).sort();
  const myTimeline = async (who: Person) => (await call(who, 'GET', '/scroll/groups')).json().total as number;
  const used = async (who: Person) =>
    Number((await t.database.db.selectFrom('account').select('used_bytes').where('id', '=', who.accountId).executeTakeFirstOrThrow()).used_bytes);
  const trash = async (who: Person) => (await call(who, 'GET', '/filesystem/trash')).json().fileList as Array<{ uuid: string }>;

  it('any member moves or copies photos in; every member sees them with who added them; a moved photo leaves My photos', async () => {
    const { admin, members } = await family();
    const [ayse, mehmet] = members as [Person, Person];
    const moved = await photo(ayse, 'moved.jpg');
    const copied = await photo(ayse, 'copied.jpg');
    expect(await myTimeline(ayse)).toBe(2);
    const usedBefore = await used(ayse);

    const res = await add(ayse, [moved]);
    expect(res.statusCode, res.body).toBe(200);
    const copy = await add(ayse, [copied], 'COPY');
    expect(copy.statusCode, copy.body).toBe(200);
    const copyId = (copy.json().items as LibraryItem[])[0]!.file.uuid;
    expect(copyId).not.toBe(copied);

    // The move left her own timeline; the original of the copy stayed, and the copy is charged to her in full.
    expect(await myTimeline(ayse)).toBe(1);
    expect(await used(ayse)).toBe(usedBefore + PHOTO);
    // The same bytes, not copied: the copy names the original's blob.
    const keys = await t.database.db.selectFrom('file').select('blob_key').where('id', 'in', [copied, copyId]).execute();
    expect(new Set(keys.map((k) => k.blob_key)).size).toBe(1);

    for (const who of [admin, ayse, mehmet]) expect(await uuidsIn(who)).toEqual([moved, copyId].sort());
    const seenByMehmet = await library(mehmet);
    expect(seenByMehmet.every((i) => i.addedBy.accountId === ayse.accountId && i.addedBy.name === ayse.name && !i.mine && !i.canRemove)).toBe(true);
    expect((await library(admin)).every((i) => !i.mine && i.canRemove)).toBe(true);
    expect((await library(ayse)).every((i) => i.mine && i.canRemove)).toBe(true);
    // Adding again is harmless.
    expect((await add(ayse, [moved])).statusCode).toBe(200);
    expect(await uuidsIn(mehmet)).toHaveLength(2);

    // Another member downloads it from its adder's project.
    const [url] = await downloadUrls(t, mehmet.token, ayse.projectId, [moved]);
    expect((await t.app.inject({ method: 'GET', url: url!.url })).statusCode).toBe(200);
    // Only one's own photos go in; only photos and videos.
    const mine = await photo(mehmet, 'm.jpg');
    expectError(await add(ayse, [mine]), 404, 'NOT_FOUND');
    const doc = (await uploadApi(t, ayse.token).whole('notes.txt', content(10), { contentType: 'text/plain' })).json().uuid as string;
    expectError(await add(ayse, [doc]), 400, 'VALIDATION_ERROR');
    // Someone in no family has no library.
    const outsider = await person();
    expectError(await call(outsider, 'GET', '/family/library'), 404, 'NOT_FOUND');
    expectError(await add(outsider, [await photo(outsider)]), 404, 'NOT_FOUND');
  });

  it("a member removes what they added, the admin anything, into the remover's trash with the usual recover", async () => {
    const { admin, members } = await family();
    const [ayse, mehmet] = members as [Person, Person];
    const [a1, a2] = [await photo(ayse, 'a1.jpg'), await photo(ayse, 'a2.jpg')];
    expect((await add(ayse, [a1, a2])).statusCode).toBe(200);

    expectError(await call(mehmet, 'POST', '/family/library/remove', { uuids: [a1] }), 403, 'NOT_ADDED_BY_YOU');
    expect(await uuidsIn(mehmet)).toEqual([a1, a2].sort());

    // Her own removal: into her trash; recovering brings it back into the library.
    expect((await call(ayse, 'POST', '/family/library/remove', { uuids: [a1] })).json()).toEqual({ removed: 1 });
    expect(await uuidsIn(mehmet)).toEqual([a2]);
    expect((await trash(ayse)).map((i) => i.uuid)).toContain(a1);
    expect((await call(ayse, 'POST', '/filesystem/recover', [a1])).statusCode).toBe(200);
    expect(await uuidsIn(mehmet)).toEqual([a1, a2].sort());

    // The admin removes hers: into the admin's trash, with its bytes; the pool's use is unchanged.
    const [ayseBefore, adminBefore] = [await used(ayse), await used(admin)];
    expect((await call(admin, 'POST', '/family/library/remove', { uuids: [a2] })).statusCode).toBe(200);
    expect(await uuidsIn(ayse)).toEqual([a1]);
    expect((await trash(admin)).map((i) => i.uuid)).toContain(a2);
    expect((await trash(ayse)).map((i) => i.uuid)).not.toContain(a2);
    expect(await used(ayse)).toBe(ayseBefore - PHOTO);
    expect(await used(admin)).toBe(adminBefore + PHOTO);
    expect((await call(admin, 'POST', '/filesystem/recover', [a2])).statusCode).toBe(200);
    expect((await library(mehmet)).find((i) => i.file.uuid === a2)?.addedBy.accountId).toBe(admin.accountId);
  });

  it('leaving with room brings the items back; removed without room, the rest stay readable for 30 days, then go', async () => {
    const { admin, members } = await family();
    const [ayse, mehmet] = members as [Person, Person];
    const own = [await photo(ayse, 'a.jpg'), await photo(ayse, 'b.jpg')];
    expect((await add(ayse, own)).statusCode).toBe(200);
    expect((await call(ayse, 'POST', '/family/leave')).statusCode).toBe(200);
    // 40,000 bytes fit in her own 50,000: both are hers again, in her timeline, out of the family's.
    expect(await myTimeline(ayse)).toBe(2);
    expect(await uuidsIn(admin)).toEqual([]);
    expectError(await call(ayse, 'GET', '/family/library'), 404, 'NOT_FOUND');

    const three = [await photo(mehmet, '1.jpg'), await photo(mehmet, '2.jpg'), await photo(mehmet, '3.jpg')];
    expect((await add(mehmet, three)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/family/members/${mehmet.accountId}`)).statusCode).toBe(200);
    // 60,000 bytes, 50,000 of room: the two oldest come back, the third is held for him alone.
    expect(await myTimeline(mehmet)).toBe(2);
    const held = (await call(mehmet, 'GET', '/family/library/held')).json().items as Array<{ file: { uuid: string }; heldUntil: string }>;
    expect(held.map((h) => h.file.uuid)).toEqual([three[2]]);
    const days = (Date.parse(held[0]!.heldUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const [url] = await downloadUrls(t, mehmet.token, mehmet.projectId, [three[2]!]);
    expect((await t.app.inject({ method: 'GET', url: url!.url })).statusCode).toBe(200);
    // Nobody in the family sees it any more, nor reads it.
    expect(await uuidsIn(admin)).toEqual([]);
    expectError(await call(admin, 'POST', '/v2/files/_bulk/create-download-url', [{ projectId: mehmet.projectId, uuid: three[2] }]), 404, 'NOT_FOUND');

    // After 30 days (the schedule's next run) it is deleted for good, its bytes back.
    const before = await used(mehmet);
    await t.database.db.updateTable('file').set({ family_held_until: Date.now() - 1 }).where('id', '=', three[2]!).execute();
    await t.database.db.updateTable('job').set({ run_at: Date.now() - 1 }).where('schedule_key', '=', EXPIRE_HELD_SCHEDULE).where('status', '=', 'queued').execute();
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
    expect(await t.database.db.selectFrom('file').select('id').where('id', '=', three[2]!).executeTakeFirst()).toBeUndefined();
    expect(await used(mehmet)).toBe(before - PHOTO);
    expect((await call(mehmet, 'GET', '/family/library/held')).json().items).toEqual([]);
  });

  it('the admin ending the plan follows the same rule for everyone', async () => {
    const { admin, members } = await family(1);
    const [ayse] = members as [Person];
    const adminPhoto = await photo(admin, 'admin.jpg');
    const aysePhoto = await photo(ayse, 'ayse.jpg');
    expect((await add(admin, [adminPhoto])).statusCode).toBe(200);
    expect((await add(ayse, [aysePhoto])).statusCode).toBe(200);
    await plan.ends(admin.accountId);
    expect(await myTimeline(admin)).toBe(1);
    expect(await myTimeline(ayse)).toBe(1);
    expect((await call(ayse, 'GET', '/family/library/held')).json().items).toEqual([]);
  });

  it('reads a page of a 20,000-photo library in the order of an index, at any depth, without sorting the library', async () => {
    const { admin, members } = await family(2);
    const adders = [admin, ...members].map((p) => p.accountId);
    const familyId = (await t.database.db.selectFrom('family_member').select('family_id').where('account_id', '=', admin.accountId).executeTakeFirstOrThrow()).family_id;
    const rows = Array.from({ length: 20_000 }, (_, i) => {
      const takenAt = Date.UTC(2020, 0, 1) + i * 3_600_000 + (i % 7) * 1000;
      return {
        id: randomUUID(),
        account_id: adders[i % adders.length]!,
        parent_id: '',
        name: `IMG_${i}.jpg`,
        name_key: `img_${i}.jpg`,
        is_folder: 0,
        bytes: 1000,
        content_type: 'image/jpeg',
        favourite: 0,
        hidden: 0,
        status: 'ACTIVE',
        device_type: 'WEB',
        created_at: takenAt,
        last_modified_at: takenAt,
        media_kind: MEDIA_KIND.image,
        taken_at: takenAt,
        taken_day: Math.floor(takenAt / 86_400_000),
        family_id: familyId,
      } satisfies NewFile;
    });
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insertInto('file').values(rows.slice(i, i + 500)).execute();
    await sql`ANALYZE`.execute(t.database.db);
    const deep = rows[7_000]!;
    for (const after of [undefined, { takenAt: deep.taken_at, id: deep.id }]) {
      const plans = await queryPlans(t.database.db, dialect, (db) => libraryRepo.listPage(db, familyId, adders, 121, after));
      expect(plans).toHaveLength(1);
      const [p] = plans as [string];
      if (dialect === 'sqlite') {
        expect(p).toMatch(/^SEARCH file USING INDEX file_family_order \(family_id=\? AND status=\?/);
        expect(p).not.toMatch(/TEMP B-TREE|\bSCAN\b/);
      } else {
        expect(p).toMatch(/Index Scan Backward using file_family_order on file/);
        expect(p).not.toMatch(/(^|->\s+)Sort\b/m);
      }
    }
    const page = await libraryRepo.listPage(t.database.db, familyId, adders, 3, { takenAt: deep.taken_at, id: deep.id });
    expect(page.map((r) => r.id)).toEqual([rows[6_999]!.id, rows[6_998]!.id, rows[6_997]!.id]);
  });

  it("another family's member reaches nothing of this family's library (404)", async () => {
    const one = await family(1);
    const other = await family(1);
    const item = await photo(one.members[0]!, 'ours.jpg');
    expect((await add(one.members[0]!, [item])).statusCode).toBe(200);
    for (const stranger of [other.admin, other.members[0]!]) {
      expect(await uuidsIn(stranger)).toEqual([]);
      expectError(await call(stranger, 'POST', '/family/library/remove', { uuids: [item] }), 404, 'NOT_FOUND');
      expectError(await call(stranger, 'POST', '/v2/files/_bulk/create-download-url', [{ projectId: one.members[0]!.projectId, uuid: item }]), 404, 'NOT_FOUND');
      expectError(await call(stranger, 'GET', `/filesystem/item/${item}`), 404, 'NOT_FOUND');
    }
    expect(await uuidsIn(one.admin)).toEqual([item]);
  });
});
