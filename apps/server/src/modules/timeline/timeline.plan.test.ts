import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { nameKey } from '../../shared/names.js';
import { MEDIA_KIND, type NewFile } from '../files/files.public.js';
import { CATEGORIES } from './timeline.schemas.js';
import * as repo from './timeline.repository.js';
import { queryPlans } from './timeline.fixtures.js';
import { utcDay } from './timeline.facts.js';

const PHOTOS = 30_000;
const DAY = 86_400_000;

describe.each(DIALECTS)('timeline queries read indexes, never the whole library (%s)', (dialect) => {
  let t: TestApp;
  let accountId: string;
  let busyDay: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    ({ accountId } = await signUp(t));
    const other = await signUp(t);
    const start = Date.UTC(2016, 0, 1);
    const rows: NewFile[] = [];
    for (let i = 0; i < PHOTOS; i++) {
      // About ten photos a day over eight years, every 7th a video, every 11th a favourite.
      const takenAt = start + Math.floor(i / 10) * DAY + (i % 10) * 60_000;
      const id = randomUUID();
      rows.push({
        id,
        account_id: i % 50 === 0 ? other.accountId : accountId,
        parent_id: '',
        name: `${id}.jpg`,
        name_key: nameKey(`${id}.jpg`),
        is_folder: 0,
        bytes: 1000,
        content_type: i % 7 === 0 ? 'video/mp4' : 'image/jpeg',
        favourite: i % 11 === 0 ? 1 : 0,
        hidden: i % 97 === 0 ? 1 : 0,
        status: i % 89 === 0 ? 'TRASHED' : 'ACTIVE',
        device_type: 'WEB',
        created_at: takenAt,
        last_modified_at: takenAt,
        taken_at: takenAt,
        taken_day: utcDay(takenAt),
        media_kind: i % 7 === 0 ? MEDIA_KIND.video : MEDIA_KIND.image,
        media_status: 'READY',
      });
    }
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insertInto('file').values(rows.slice(i, i + 500)).execute();
    busyDay = utcDay(start + 100 * DAY);
    await sql`ANALYZE`.execute(t.database.db);
  });
  afterAll(() => t.close());

  it('the per-day counts kept by the database equal a recount of the file table', async () => {
    const recount = await t.database.db
      .selectFrom('file')
      .select((eb) => [
        'taken_day',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(eb.case().when('favourite', '=', 1).then(1).else(0).end()).as('f'),
      ])
      .where('account_id', '=', accountId)
      .where('status', '=', 'ACTIVE')
      .where('hidden', '=', 0)
      .where('taken_day', 'is not', null)
      .groupBy('taken_day')
      .orderBy('taken_day', 'desc')
      .execute();
    const kept = await repo.listDayCounts(t.database.db, accountId, 'all');
    expect(kept.map((d) => [Number(d.day), Number(d.n)])).toEqual(recount.map((r) => [Number(r.taken_day), Number(r.n)]));
    const favourites = await repo.listDayCounts(t.database.db, accountId, 'favourites');
    expect(favourites.map((d) => [Number(d.day), Number(d.n)])).toEqual(
      recount.filter((r) => Number(r.f) > 0).map((r) => [Number(r.taken_day), Number(r.f)]),
    );
  });

  it('the group list and position read the per-day counts, never the file table', async () => {
    const plans = await queryPlans(t, async (db) => {
      await repo.listDayCounts(db, accountId, 'videos');
      await repo.findDayAt(db, accountId, 'all', 12_345);
    });
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toMatch(/timeline_day/);
      expect(plan).not.toMatch(/\bfile\b/);
    }
    // The running totals agree with the day list.
    const days = await repo.listDayCounts(t.database.db, accountId, 'all');
    let before = 0;
    let index = 0;
    while (before + Number(days[index]!.n) <= 12_345) before += Number(days[index++]!.n);
    expect(await repo.findDayAt(t.database.db, accountId, 'all', 12_345)).toEqual({
      day: days[index]!.day,
      n: days[index]!.n,
      through: before + Number(days[index]!.n),
      ordinal: index + 1,
    });
    // SQLite seeks the account in the primary key; PostgreSQL may scan this small table when one account fills it.
    if (dialect === 'sqlite') expect(plans[0]).toMatch(/SEARCH timeline_day USING (PRIMARY KEY|INDEX sqlite_autoindex_timeline_day)/);
  });

  it.each(CATEGORIES)('day pages of category %s are read from the file_timeline index in order, in one query', async (category) => {
    const pages = [
      { day: busyDay, offset: 2, limit: 5 },
      { day: busyDay - 1, offset: 0, limit: 500 },
    ];
    const plans = await queryPlans(t, (db) => repo.listPageIds(db, accountId, category, pages));
    expect(plans).toHaveLength(1);
    if (dialect === 'sqlite') {
      expect(plans[0]!.match(/USING COVERING INDEX file_timeline/g)).toHaveLength(2);
      expect(plans[0]).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(plans[0]!.match(/Index Only Scan Backward using file_timeline/g)).toHaveLength(2);
      expect(plans[0]).not.toMatch(/(^|->\s+)Sort\b/m);
    }
    const hits = await repo.listPageIds(t.database.db, accountId, 'all', [{ day: busyDay, offset: 0, limit: 20 }]);
    expect(hits.length).toBeGreaterThan(5);
  });

  it('keyset pages inside a day seek the file_timeline index at their cursor (no walk over the rows before it, no sort)', async () => {
    const [first] = await repo.listPageIds(t.database.db, accountId, 'all', [{ day: busyDay, offset: 4, limit: 1 }]);
    const cursor = { takenAt: Number(first!.taken_at), id: first!.id };
    const pages = [
      { day: busyDay, offset: 5, limit: 3, after: cursor },
      { day: busyDay, offset: 1, limit: 3, before: cursor },
    ];
    const plans = await queryPlans(t, (db) => repo.listPageIds(db, accountId, 'all', pages));
    expect(plans).toHaveLength(1);
    if (dialect === 'sqlite') {
      expect(plans[0]).toMatch(/USING COVERING INDEX file_timeline \(.*taken_day=\? AND taken_at<\?\)/);
      expect(plans[0]).toMatch(/USING COVERING INDEX file_timeline \(.*taken_day=\? AND taken_at>\?\)/);
      expect(plans[0]).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(plans[0]).toMatch(/Index Only Scan Backward using file_timeline[^\n]*\n[^\n]*Index Cond: .*taken_at <= /);
      expect(plans[0]).toMatch(/Index Only Scan using file_timeline[^\n]*\n[^\n]*Index Cond: .*taken_at >= /);
      expect(plans[0]).not.toMatch(/(^|->\s+)Sort\b/m);
    }
    const all = await repo.listPageIds(t.database.db, accountId, 'all', [{ day: busyDay, offset: 0, limit: 20 }]);
    const after = await repo.listPageIds(t.database.db, accountId, 'all', [pages[0]!]);
    expect(after.map((h) => h.id)).toEqual(all.slice(5, 8).map((h) => h.id));
  });
});
