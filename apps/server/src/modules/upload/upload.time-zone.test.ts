import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canonicalTimeZone, localDay } from '../../shared/days.js';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { foryouApi, generate } from '../foryou/foryou.fixtures.js';
import { timelineApi } from '../timeline/timeline.fixtures.js';
import { uploadApi } from './upload.fixtures.js';
import { takenHint } from './upload.taken.js';

/** 23:06 UTC on 28 November 2026: 02:06 on 29 November in Istanbul (UTC+3). */
const INSTANT = Date.UTC(2026, 10, 28, 23, 6);
const ISTANBUL = { 'x-object-meta-time-zone': 'Europe/Istanbul' };

/** A photo without any EXIF capture date, in one colour. */
const dateless = (format: 'png' | 'jpeg', r: number) => {
  const img = sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 40 } } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
};

describe('local days', () => {
  it('reads IANA names (any case) and UTC offsets; anything else is refused', () => {
    expect(canonicalTimeZone('Europe/Istanbul')).toBe('Europe/Istanbul');
    expect(canonicalTimeZone('europe/istanbul')).toBe('Europe/Istanbul');
    expect(canonicalTimeZone('+03:00')).toBe('+03:00');
    expect(canonicalTimeZone('UTC-0530')).toBe('-05:30');
    for (const bad of ['', 'Mars/Olympus', '+15:00', '+03:75', 'x'.repeat(65)]) expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it('is the wall-clock day of the zone, and the UTC day without one', () => {
    expect(localDay(INSTANT, 'Europe/Istanbul')).toBe(20261129);
    expect(localDay(INSTANT, '+03:00')).toBe(20261129);
    expect(localDay(INSTANT, 'America/New_York')).toBe(20261128);
    expect(localDay(Date.UTC(2026, 10, 29, 3), '-05:00')).toBe(20261128);
    expect(localDay(INSTANT, null)).toBe(20261128);
    // A capture instant sent as epoch ms is on its day in the uploader's zone too.
    expect(takenHint(String(INSTANT), INSTANT, 'Europe/Istanbul')).toEqual({ at: INSTANT, day: 20261129 });
  });
});

describe.each(DIALECTS)('dateless photos on the uploader\'s local day (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The For-you generator runs "now" at the same instant as the uploads.
    t = await startTestApp(dialect, {}, { clock: () => INSTANT });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const at = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });
  const groups = async (token: string) => (await timelineApi(t, token).groups()).groups.map((g) => [g.key, g.count]);
  const runJobs = async () => {
    for (let i = 0; i < 50; i++) if ((await t.app.jobs.runDue()) === 0) return;
    throw new Error('jobs kept coming');
  };

  it('an upload at 02:06 in Istanbul (23:06 UTC the day before) is on the Istanbul day, at once and after the media job', async () => {
    at(INSTANT);
    const me = await signUp(t);
    const api = uploadApi(t, me.token);
    const png = await api.whole('screenshot.png', await dateless('png', 10), { contentType: 'image/png', headers: ISTANBUL });
    const jpg = await api.whole('shared.jpg', await dateless('jpeg', 20), { contentType: 'image/jpeg', headers: ISTANBUL });
    expect(png.statusCode, png.body).toBe(201);
    expect(jpg.statusCode, jpg.body).toBe(201);
    expect(await groups(me.token)).toEqual([['2026-11-29', 2]]);
    await runJobs();
    expect(await groups(me.token)).toEqual([['2026-11-29', 2]]);
    const stored = await t.database.db.selectFrom('file').select(['taken_day', 'time_zone']).where('account_id', '=', me.accountId).execute();
    expect(stored.map((f) => [Number(f.taken_day), f.time_zone])).toEqual([
      [20261129, 'Europe/Istanbul'],
      [20261129, 'Europe/Istanbul'],
    ]);
  });

  it('a UTC offset works as a zone; without a zone (older clients, files from before) the UTC day stays', async () => {
    at(INSTANT);
    const me = await signUp(t);
    const api = uploadApi(t, me.token);
    await api.whole('offset.png', await dateless('png', 30), { contentType: 'image/png', headers: { 'x-object-meta-time-zone': '+03:00' } });
    await api.whole('nozone.png', await dateless('png', 40), { contentType: 'image/png' });
    await runJobs();
    expect(await groups(me.token)).toEqual([
      ['2026-11-29', 1],
      ['2026-11-28', 1],
    ]);
  });

  it("a photo's EXIF date is its day whatever the uploader's zone", async () => {
    at(INSTANT);
    const me = await signUp(t);
    const exif = await sharp(await dateless('jpeg', 50)).withExif({ IFD2: { DateTimeOriginal: '2024:05:01 23:30:00' } }).toBuffer();
    await uploadApi(t, me.token).whole('camera.jpg', exif, { contentType: 'image/jpeg', headers: ISTANBUL });
    await runJobs();
    expect(await groups(me.token)).toEqual([['2024-05-01', 1]]);
  });

  it('an unknown zone is a 400 naming the header, and nothing is stored', async () => {
    const me = await signUp(t);
    const res = await uploadApi(t, me.token).whole('bad.png', await dateless('png', 60), { contentType: 'image/png', headers: { 'x-object-meta-time-zone': 'Mars/Olympus' } });
    expect(expectError(res, 400)).toMatchObject({ field: 'X-Object-Meta-Time-Zone' });
    expect(await groups(me.token)).toEqual([]);
  });

  it("a For-you animation of dateless photos is titled with the uploader's local day", async () => {
    at(INSTANT);
    const me = await signUp(t);
    const api = uploadApi(t, me.token);
    // Three photos in the same second (JPEGs: For-you leaves PNG screenshots out): a burst, played as an animation titled with its day.
    for (const [i, r] of [200, 120, 60].entries()) {
      const res = await api.whole(`burst-${i}.jpg`, await dateless('jpeg', r), { contentType: 'image/jpeg', headers: ISTANBUL });
      expect(res.statusCode, res.body).toBe(201);
    }
    await generate(t, me.accountId);
    const items = await foryouApi(t, me.token).list('/api/foryou/animations/generated');
    expect(items).toHaveLength(1);
    expect(items[0]!.title).toEqual({ key: 'animation', params: { date: '2026-11-29' } });
  });
});
