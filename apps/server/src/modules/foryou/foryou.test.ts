import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { filesApi } from '../files/files.fixtures.js';
import { uploadJpeg } from '../places/places.discover.fixtures.js';
import { uploadApi } from '../upload/upload.fixtures.js';
import { DAILY_CPU_MS, FORYOU_BACKFILL_SCHEDULE, FORYOU_DAILY_SCHEDULE, FORYOU_QUALITY_JOB } from './foryou.service.js';
import { photoQuality } from '../../infra/render/index.js';
import type { YearsAgoDetailDto, YearsAgoListDto } from './foryou.schemas.js';

/** "Today" for the app: 26 November 2026, noon UTC. */
const TODAY = Date.UTC(2026, 10, 26, 12);

/** A textured 800×600 scene (so sharpness means something), different per seed. */
async function scene(seed: number): Promise<Buffer> {
  const w = 800;
  const h = 600;
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = (((x >> 3) + (y >> 3) + seed) % 2) * 110 + 60 + ((x * 7 + y * 13 + seed * 17) % 40);
      const i = (y * w + x) * 3;
      raw[i] = v;
      raw[i + 1] = (v * 0.8) | 0;
      raw[i + 2] = (v * 0.6) | 0;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg().toBuffer();
}

/** The image as a phone's JPEG taken at an EXIF wall-clock time ("2023:11:26 10:00:00"). */
const taken = (image: Buffer, dateTime: string) =>
  sharp(image)
    .jpeg()
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 13' }, IFD2: { DateTimeOriginal: dateTime } })
    .toBuffer();

const blurred = (image: Buffer) => sharp(image).blur(6).jpeg().toBuffer();

describe.each(DIALECTS)('for you: years ago (%s)', (dialect) => {
  let t: TestApp;
  let now = TODAY;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => now });
  });
  afterAll(() => t.close());

  /** Runs due jobs until none is left; object detection is not under test and costs seconds a photo, so it is dropped. */
  async function runJobs() {
    for (let i = 0; i < 50; i++) {
      await t.database.db.deleteFrom('job').where('type', 'in', ['things.tag', 'people.faces']).execute();
      if ((await t.app.jobs.runDue()) === 0) return;
    }
  }
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: authed(token) });
  const yearsAgo = async (token: string) => {
    const res = await get(token, '/api/foryou/years-ago');
    expect(res.statusCode).toBe(200);
    return res.json<YearsAgoListDto>().items;
  };
  const detail = async (token: string, id: string) => {
    const res = await get(token, `/api/foryou/years-ago/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json<YearsAgoDetailDto>();
  };

  it("shows this day's photos of earlier years, live ones only, never another account's", async () => {
    now = TODAY;
    const me = await signUp(t);
    const other = await signUp(t);
    const threeYears = await uploadJpeg(t, me.token, 'three.jpg', await taken(await scene(1), '2023:11:26 10:00:00'));
    const dayAfter = await uploadJpeg(t, me.token, 'two.jpg', await taken(await scene(2), '2024:11:27 18:00:00'));
    await uploadJpeg(t, me.token, 'june.jpg', await taken(await scene(3), '2023:06:01 10:00:00'));
    const toTrash = await uploadJpeg(t, me.token, 'trash.jpg', await taken(await scene(4), '2022:11:26 09:00:00'));
    const toHide = await uploadJpeg(t, me.token, 'hide.jpg', await taken(await scene(5), '2021:11:26 09:00:00'));
    const theirs = await uploadJpeg(t, other.token, 'theirs.jpg', await taken(await scene(6), '2020:11:26 09:00:00'));
    // A screenshot: a PNG no camera wrote, dated the same day.
    const png = await sharp(await scene(11)).png().withExif({ IFD2: { DateTimeOriginal: '2023:11:26 11:00:00' } }).toBuffer();
    const screenshot = await uploadApi(t, me.token).whole('screen.png', png, { contentType: 'image/png' });
    expect(screenshot.statusCode).toBe(201);
    await runJobs();

    const shot = await t.database.db.selectFrom('file').select(['taken_day', 'camera']).where('id', '=', screenshot.json().uuid).executeTakeFirstOrThrow();
    expect(shot).toEqual({ taken_day: 20231126, camera: null });
    const items = await yearsAgo(me.token);
    expect(items.map((i) => [i.yearsAgo, i.year, i.date, i.photoCount]).sort()).toEqual([
      [2, 2024, '2024-11-26', 1],
      [3, 2023, '2023-11-26', 1],
      [4, 2022, '2022-11-26', 1],
      [5, 2021, '2021-11-26', 1],
    ]);
    const three = items.find((i) => i.yearsAgo === 3)!;
    expect(three).toMatchObject({ kind: 'YEARS_AGO', status: 'NEW', titleParams: { yearsAgo: 3, year: 2023, date: '2023-11-26' } });
    expect(three.coverPhoto).toMatchObject({ uuid: threeYears, thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//) });
    expect(items.find((i) => i.yearsAgo === 2)!.coverPhoto!.uuid).toBe(dayAfter);

    const opened = await detail(me.token, three.id);
    expect(opened.item).toMatchObject({ id: three.id, yearsAgo: 3, status: 'SEEN' });
    expect(opened.fileList.map((f) => [f.uuid, f.name])).toEqual([[threeYears, 'three.jpg']]);

    // Trashed and hidden photos leave their memories at once; an item with no live photo is not listed.
    const files = filesApi(t, me.token);
    expect((await files.trash([toTrash])).statusCode).toBe(200);
    expect((await files.hide([toHide])).statusCode).toBe(200);
    expect((await yearsAgo(me.token)).map((i) => i.yearsAgo).sort()).toEqual([2, 3]);
    // Deleted for good, it leaves the item's photos too.
    expect((await files.deleteForever([toTrash])).statusCode).toBe(200);
    await runJobs();
    expect(await t.database.db.selectFrom('foryou_item_photo').select('item_id').where('file_id', '=', toTrash).execute()).toEqual([]);

    // The other account sees only its own, and my memory's id is unknown to it.
    const theirItems = await yearsAgo(other.token);
    expect(theirItems.map((i) => [i.yearsAgo, i.coverPhoto?.uuid])).toEqual([[6, theirs]]);
    expectError(await get(other.token, `/api/foryou/years-ago/${three.id}`), 404, 'NOT_FOUND');
    expectError(await get(me.token, `/api/foryou/years-ago/${theirItems[0]!.id}`), 404, 'NOT_FOUND');
    expectError(await get(me.token, '/api/foryou/years-ago/not-a-uuid'), 400, 'VALIDATION_ERROR');
  });

  it('scores a blurred copy below its sharp original, and keeps the sharp one of a burst', async () => {
    now = TODAY;
    const me = await signUp(t);
    const original = await scene(7);
    const sharpQ = await photoQuality(original);
    const blurQ = await photoQuality(await blurred(original));
    expect(blurQ.sharpness).toBeLessThan(sharpQ.sharpness);
    expect(blurQ.score).toBeLessThan(sharpQ.score);

    // Uploaded blurred first, one second apart: the same moment twice.
    const soft = await uploadJpeg(t, me.token, 'soft.jpg', await taken(await blurred(original), '2025:11:26 15:00:00'));
    const crisp = await uploadJpeg(t, me.token, 'crisp.jpg', await taken(original, '2025:11:26 15:00:01'));
    await runJobs();
    const scores = await t.database.db.selectFrom('photo_quality').select(['file_id', 'score']).where('account_id', '=', me.accountId).execute();
    const scoreOf = (id: string) => Number(scores.find((s) => s.file_id === id)!.score);
    expect(scoreOf(soft)).toBeLessThan(scoreOf(crisp));

    const [item] = await yearsAgo(me.token);
    expect(item).toMatchObject({ yearsAgo: 1, photoCount: 1, coverPhoto: { uuid: crisp } });
    expect((await detail(me.token, item!.id)).fileList.map((f) => f.uuid)).toEqual([crisp]);
  });

  it('defers scoring to the next day once the account has spent its daily CPU budget', async () => {
    now = TODAY;
    const me = await signUp(t);
    const db = t.database.db;
    await db.insertInto('foryou_budget').values({ account_id: me.accountId, day: 20261126, cpu_ms: DAILY_CPU_MS, generated_at: null }).execute();
    const photo = await uploadJpeg(t, me.token, 'late.jpg', await taken(await scene(8), '2024:01:01 10:00:00'));
    await runJobs();
    expect(await db.selectFrom('photo_quality').select('file_id').where('file_id', '=', photo).execute()).toEqual([]);
    const waiting = await db.selectFrom('job').select(['run_at', 'payload']).where('type', '=', FORYOU_QUALITY_JOB).where('status', '=', 'queued').execute();
    expect(waiting).toHaveLength(1);
    expect(JSON.parse(waiting[0]!.payload)).toEqual({ fileId: photo });
    // Due when the app's day ends (12 hours after its noon), not before.
    expect(Number(waiting[0]!.run_at)).toBeGreaterThan(Date.now() + 11 * 3_600_000);

    // The next day: the budget is fresh, the job runs and is charged.
    now = TODAY + 86_400_000;
    await db.updateTable('job').set({ run_at: Date.now() }).where('type', '=', FORYOU_QUALITY_JOB).where('status', '=', 'queued').execute();
    await runJobs();
    expect(await db.selectFrom('photo_quality').select('file_id').where('file_id', '=', photo).execute()).toHaveLength(1);
    const ledger = await db.selectFrom('foryou_budget').select('cpu_ms').where('account_id', '=', me.accountId).where('day', '=', 20261127).executeTakeFirstOrThrow();
    expect(Number(ledger.cpu_ms)).toBeGreaterThan(0);
  });

  it('the backfill scores photos processed before scoring existed, and waits while an account has scoring pending', async () => {
    now = TODAY;
    const me = await signUp(t);
    const db = t.database.db;
    const photo = await uploadJpeg(t, me.token, 'before.jpg', await taken(await scene(10), '2018:05:05 10:00:00'));
    await runJobs();
    // As if processed before this module: no score; and the account's budget is spent for today.
    await db.deleteFrom('photo_quality').where('file_id', '=', photo).execute();
    await db.deleteFrom('foryou_budget').where('account_id', '=', me.accountId).execute();
    await db.insertInto('foryou_budget').values({ account_id: me.accountId, day: 20261126, cpu_ms: DAILY_CPU_MS, generated_at: null }).execute();
    const backfill = async () => {
      await db.updateTable('job').set({ run_at: Date.now() }).where('schedule_key', '=', FORYOU_BACKFILL_SCHEDULE).where('status', '=', 'queued').execute();
      await runJobs();
    };
    const jobsOf = async () =>
      (await db.selectFrom('job').select('status').where('type', '=', FORYOU_QUALITY_JOB).where('payload', 'like', `%${photo}%`).execute()).map((j) => j.status).sort();
    await backfill();
    // Processed once, queued by the backfill once, deferred to tomorrow.
    expect(await jobsOf()).toEqual(['done', 'done', 'queued']);
    await backfill();
    expect(await jobsOf()).toEqual(['done', 'done', 'queued']);

    await db.deleteFrom('foryou_budget').where('account_id', '=', me.accountId).execute();
    await db.updateTable('job').set({ run_at: Date.now() }).where('type', '=', FORYOU_QUALITY_JOB).where('status', '=', 'queued').execute();
    await runJobs();
    expect(await db.selectFrom('photo_quality').select('file_id').where('file_id', '=', photo).execute()).toHaveLength(1);
    await backfill();
    expect(await jobsOf()).toEqual(['done', 'done', 'done']);
  });

  it('the daily schedule makes the memories once a day; they expire after a week', async () => {
    now = TODAY;
    const me = await signUp(t);
    const photo = await uploadJpeg(t, me.token, 'old.jpg', await taken(await scene(9), '2019:11:26 08:00:00'));
    await runJobs();
    const db = t.database.db;
    const runSchedule = async () => {
      await db.updateTable('job').set({ run_at: Date.now() }).where('schedule_key', '=', FORYOU_DAILY_SCHEDULE).where('status', '=', 'queued').execute();
      await runJobs();
    };
    await runSchedule();
    await runSchedule();
    const rows = await db.selectFrom('foryou_item').select(['id', 'key']).where('account_id', '=', me.accountId).execute();
    expect(rows.map((r) => r.key)).toEqual(['years-ago:2026-11-26:2019']);
    expect((await yearsAgo(me.token)).map((i) => [i.yearsAgo, i.coverPhoto?.uuid])).toEqual([[7, photo]]);

    // Eight days on: no photo of 4 December, and the old memory is gone from the list and, after the sweep, the table.
    now = TODAY + 8 * 86_400_000;
    expect(await yearsAgo(me.token)).toEqual([]);
    await runSchedule();
    expect(await db.selectFrom('foryou_item').select('id').where('account_id', '=', me.accountId).execute()).toEqual([]);
  });
});
