import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { filesApi } from '../files/files.fixtures.js';
import { makePremium } from '../people/people.fixtures.js';
import type { ForyouItemDetailDto, ForyouItemListDto } from './foryou.schemas.js';
import { DAILY_CPU_MS, FORYOU_DAILY_SCHEDULE } from './foryou.service.js';
import { lastSeason, spread, STORY_MAX_PAGES, yearInReview } from './foryou.stories.js';
import { leaveBudget, photoAt, runGeneration, runJobs } from './foryou.story.fixtures.js';
import { VIDEO_MIN_BUDGET_MS } from './foryou.videos.js';

/** "Today" for the app: 10 December 2026, noon UTC. */
const DECEMBER = Date.UTC(2026, 11, 10, 12);

describe('story periods', () => {
  it('offers the year in review in December and January, for the year ending', () => {
    expect(yearInReview(Date.UTC(2026, 10, 30))).toBeNull();
    expect(yearInReview(Date.UTC(2026, 11, 1))).toMatchObject({ key: 'year-in-review:2026', title: { params: { year: 2026 } }, expiresAt: Date.UTC(2027, 1, 1) });
    expect(yearInReview(Date.UTC(2027, 0, 31, 23))).toMatchObject({ key: 'year-in-review:2026', period: { first: 20260101, last: 20261231 } });
    expect(yearInReview(Date.UTC(2027, 1, 1))).toBeNull();
  });

  it('the season just over, by northern-hemisphere months, offered through the next season', () => {
    const s = (at: number) => {
      const story = lastSeason(at)!;
      return [story.title.params.season, story.title.params.year, story.period.first, story.period.last, new Date(story.expiresAt).toISOString().slice(0, 10)];
    };
    expect(s(Date.UTC(2026, 11, 10))).toEqual(['autumn', 2026, 20260901, 20261130, '2027-03-01']);
    expect(s(Date.UTC(2027, 1, 28))).toEqual(['autumn', 2026, 20260901, 20261130, '2027-03-01']);
    // Winter runs December to February and is named after the year of its December.
    expect(s(Date.UTC(2027, 2, 1))).toEqual(['winter', 2026, 20261201, 20270228, '2027-06-01']);
    expect(s(Date.UTC(2028, 3, 1))).toEqual(['winter', 2027, 20271201, 20280229, '2028-06-01']);
    expect(s(Date.UTC(2026, 6, 4))).toEqual(['spring', 2026, 20260301, 20260531, '2026-09-01']);
    expect(s(Date.UTC(2026, 9, 4))).toEqual(['summer', 2026, 20260601, 20260831, '2026-12-01']);
  });

  it('spreads the pages: the best of every month before the second best of any, one per burst, in time order', () => {
    // Two years' worth: 24 months × 3 photos, the first of each month a burst twin of the second.
    const photos = Array.from({ length: 72 }, (_, i) => {
      const month = Math.floor(i / 3);
      const day = (2025 + Math.floor(month / 12)) * 10_000 + ((month % 12) + 1) * 100 + 10;
      const at = Date.UTC(2025, month, 10, 10) + (i % 3 === 2 ? 3_600_000 : (i % 3) * 1_000);
      return { id: `p${String(i).padStart(2, '0')}`, taken_day: day, taken_at: at, score: i % 3 === 0 ? 0.9 : i % 3 === 1 ? 0.8 : 0.5 };
    });
    const pages = spread(photos, (d) => Math.floor(d / 100), (p) => p.score, STORY_MAX_PAGES);
    expect(pages).toHaveLength(STORY_MAX_PAGES);
    // Every month's best (the sharper burst twin), then the six best-ranked second pages (all 0.5, by id).
    expect(pages.filter((p) => p.score === 0.9)).toHaveLength(24);
    expect(pages.filter((p) => p.score === 0.8)).toHaveLength(0);
    expect(pages.map((p) => p.taken_at)).toEqual([...pages.map((p) => p.taken_at)].sort((a, b) => a - b));
  });
});

describe.each(DIALECTS)('for you: stories (%s)', (dialect) => {
  let t: TestApp;
  let now = DECEMBER;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => now });
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string) => t.app.inject({ method, url, headers: authed(token) });
  const list = async (token: string, url: string) => {
    const res = await call(token, 'GET', url);
    expect(res.statusCode).toBe(200);
    return res.json<ForyouItemListDto>().items;
  };
  // Memory videos are not under test here (foryou.videos.test.ts): the day's budget left is too short for one.
  const generate = async (accountId: string) => {
    await leaveBudget(t, accountId, now, DAILY_CPU_MS, VIDEO_MIN_BUDGET_MS - 5_000);
    await runGeneration(t, accountId);
  };
  const open = async (token: string, id: string) => {
    const res = await call(token, 'GET', `/api/foryou/timeline/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json<ForyouItemDetailDto>();
  };

  it("a year in review in December and the season just over: the period's live photos, spread, in time order; kept and dismissed", async () => {
    now = DECEMBER;
    const me = await signUp(t);
    const other = await signUp(t);
    let seed = 0;
    const at = (when: string) => photoAt(t, me.token, ++seed, when);
    const year: string[] = [];
    for (let m = 1; m <= 8; m++) year.push(await at(`2026-${String(m).padStart(2, '0')}-15 10:00:00`));
    // A burst: the same moment twice, one second apart.
    const twin = await at('2026-03-15 10:00:01');
    const autumn: string[] = [];
    for (const d of ['09-03', '09-13', '09-23', '10-03', '10-13', '10-23', '11-03', '11-13', '11-23', '11-28']) autumn.push(await at(`2026-${d} 18:00:00`));
    const lastYear = await at('2025-06-01 10:00:00');
    const trashed = await at('2026-04-20 10:00:00');
    const hidden = await at('2026-05-20 10:00:00');
    const theirs = await photoAt(t, other.token, ++seed, '2026-06-20 10:00:00');
    const files = filesApi(t, me.token);
    expect((await files.trash([trashed])).statusCode).toBe(200);
    expect((await files.hide([hidden])).statusCode).toBe(200);
    await runJobs(t);
    await generate(me.accountId);
    await generate(other.accountId);

    const offered = await list(me.token, '/api/foryou/timeline/themed');
    expect(offered.map((i) => [i.kind, i.title.key]).sort()).toEqual([
      ['STORY', 'season'],
      ['STORY', 'yearInReview'],
    ]);
    const review = offered.find((i) => i.title.key === 'yearInReview')!;
    const season = offered.find((i) => i.title.key === 'season')!;
    expect(review).toMatchObject({ status: 'NEW', title: { params: { year: 2026 } }, media: null, expiresDate: Date.UTC(2027, 1, 1) });
    expect(season.title).toEqual({ key: 'season', params: { season: 'autumn', year: 2026, date: '2026-09-01', endDate: '2026-11-30' } });

    // The pages: every live 2026 photo once (one of the burst), in the order they were taken.
    const pages = (await open(me.token, review.id)).fileList.map((f) => f.uuid);
    expect(pages).toHaveLength(18);
    const wanted = [...year, ...autumn];
    expect(pages.filter((id) => id !== twin && !wanted.includes(id))).toEqual([]);
    expect(pages.includes(twin) !== pages.includes(year[2]!)).toBe(true);
    for (const gone of [lastYear, trashed, hidden, theirs]) expect(pages).not.toContain(gone);
    const takenAt = await t.database.db.selectFrom('file').select(['id', 'taken_at']).where('id', 'in', pages).execute();
    const when = new Map(takenAt.map((r) => [r.id, Number(r.taken_at)]));
    expect(pages.map((id) => when.get(id)!)).toEqual(pages.map((id) => when.get(id)!).sort((a, b) => a - b));
    expect((await open(me.token, review.id)).item.status).toBe('SEEN');
    expect((await open(me.token, season.id)).fileList.map((f) => f.uuid)).toEqual(autumn);

    // Never another account's: its lists are empty (one photo), and my story is unknown to it.
    expect(await list(other.token, '/api/foryou/timeline/themed')).toEqual([]);
    expectError(await call(other.token, 'GET', `/api/foryou/timeline/${review.id}`), 404, 'NOT_FOUND');
    expectError(await call(other.token, 'POST', `/api/foryou/timeline/${review.id}`), 404, 'NOT_FOUND');

    // POST keeps it: listed with the kept stories, no longer offered.
    const kept = await call(me.token, 'POST', `/api/foryou/timeline/${review.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().item).toMatchObject({ id: review.id, status: 'SAVED' });
    expect((await list(me.token, '/api/foryou/timeline')).map((i) => i.id)).toEqual([review.id]);
    // DELETE dismisses: gone everywhere, and generating again does not bring it back.
    expect((await call(me.token, 'DELETE', `/api/foryou/timeline/${season.id}`)).statusCode).toBe(204);
    expectError(await call(me.token, 'GET', `/api/foryou/timeline/${season.id}`), 404, 'NOT_FOUND');
    await generate(me.accountId);
    expect(await list(me.token, '/api/foryou/timeline/themed')).toEqual([]);
    expect(await t.database.db.selectFrom('foryou_item').select('key').where('account_id', '=', me.accountId).where('kind', '=', 'STORY').orderBy('key').execute()).toEqual([
      { key: 'season:2026-autumn' },
      { key: 'year-in-review:2026' },
    ]);

    // Past its expiry and the daily sweep, the kept story stays.
    now = Date.UTC(2027, 1, 2, 12);
    await t.database.db.updateTable('job').set({ run_at: Date.now() }).where('schedule_key', '=', FORYOU_DAILY_SCHEDULE).where('status', '=', 'queued').execute();
    await runJobs(t);
    expect((await list(me.token, '/api/foryou/timeline')).map((i) => [i.id, i.photoCount])).toEqual([[review.id, 18]]);
    await generate(me.accountId);
    expect(await list(me.token, '/api/foryou/timeline/themed')).toEqual([]);
    expect(await t.database.db.selectFrom('foryou_item').select('id').where('account_id', '=', me.accountId).where('kind', '=', 'VIDEO').execute()).toEqual([]);
  });

  it("a person's year: premium accounts only, the named person's photos of the last 12 months", async () => {
    now = DECEMBER;
    const me = await signUp(t);
    const ids: string[] = [];
    for (let m = 1; m <= 12; m++) ids.push(await photoAt(t, me.token, 100 + m, `2026-${String(m).padStart(2, '0')}-0${m < 12 ? 5 : 1} 09:00:00`));
    // Too old for the last 12 months.
    const old = await photoAt(t, me.token, 200, '2025-11-05 09:00:00');
    await runJobs(t);
    const db = t.database.db;
    const personId = randomUUID();
    await db.insertInto('person').values({ id: personId, account_id: me.accountId, label: 'Ayşe', label_key: 'ayşe', status: 'ACTIVE', thumbnail_face_id: null, created_at: now, modified_at: now }).execute();
    // Ayşe is on 11 of this year's photos and on the old one.
    for (const fileId of [...ids.slice(0, 11), old]) {
      await db
        .insertInto('face')
        .values({ id: randomUUID(), account_id: me.accountId, file_id: fileId, person_id: personId, box_x: 0.4, box_y: 0.2, box_w: 0.2, box_h: 0.3, score: 0.9, descriptor: Buffer.alloc(512), crop_key: null, created_at: now })
        .execute();
    }
    await generate(me.accountId);
    const titles = async () => (await list(me.token, '/api/foryou/timeline/themed')).map((i) => i.title.key).sort();
    expect(await titles()).toEqual(['yearInReview']);

    await makePremium(t, me.accountId);
    await generate(me.accountId);
    expect(await titles()).toEqual(['personYear', 'yearInReview']);
    const story = (await list(me.token, '/api/foryou/timeline/themed')).find((i) => i.title.key === 'personYear')!;
    expect(story.title).toEqual({ key: 'personYear', params: { name: 'Ayşe', year: 2026, date: '2025-12-10', endDate: '2026-12-10' } });
    expect((await open(me.token, story.id)).fileList.map((f) => f.uuid)).toEqual(ids.slice(0, 11));
    // Made once: another run adds nothing.
    await generate(me.accountId);
    expect(await titles()).toEqual(['personYear', 'yearInReview']);
  });
});
