import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { timelineApi } from '../timeline/timeline.fixtures.js';
import { dayKey, utcDay } from '../timeline/timeline.facts.js';
import { uploadApi } from './upload.fixtures.js';
import { takenHint } from './upload.taken.js';

const NOW = Date.UTC(2026, 10, 26, 12);

/** A small JPEG with the EXIF capture time given, or none. */
const jpeg = (dateTime?: string) => {
  const img = sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 90, g: 30, b: 160 } } }).jpeg();
  return (dateTime ? img.withExif({ IFD2: { DateTimeOriginal: dateTime } }) : img).toBuffer();
};

describe('takenHint', () => {
  it('reads ISO-8601 (wall-clock day kept, offset applied to the instant) and epoch ms', () => {
    expect(takenHint('2019-06-01T23:30:00+03:00', NOW)).toEqual({ at: Date.UTC(2019, 5, 1, 20, 30), day: 20190601 });
    expect(takenHint('2019-06-01T08:00:00.250Z', NOW)).toEqual({ at: Date.UTC(2019, 5, 1, 8), day: 20190601 });
    expect(takenHint('2019-06-01T08:00:00', NOW)).toEqual({ at: Date.UTC(2019, 5, 1, 8), day: 20190601 });
    expect(takenHint(String(Date.UTC(2020, 1, 29, 10)), NOW)).toEqual({ at: Date.UTC(2020, 1, 29, 10), day: 20200229 });
  });

  it('ignores what could break the timeline: unreadable, before 1900, more than a day ahead', () => {
    for (const bad of ['', 'yesterday', '2019-13-01T00:00:00', '1899-12-31T23:59:59Z', '-5', '2026-11-28T12:00:00Z', String(NOW + 2 * 86_400_000), '1e12']) {
      expect(takenHint(bad, NOW), bad).toBeNull();
    }
    expect(takenHint(undefined, NOW)).toBeNull();
    expect(takenHint('2026-11-27T11:00:00Z', NOW)).not.toBeNull();
  });
});

describe.each(DIALECTS)('upload capture date hint (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const groups = async (token: string) => (await timelineApi(t, token).groups()).groups.map((g) => [g.key, g.count]);

  it('a photo uploaded with x-object-meta-taken-at is under that day at once, and the job confirms it', async () => {
    const me = await signUp(t);
    const res = await uploadApi(t, me.token).whole('old.jpg', await jpeg('2019:06:01 23:30:00'), {
      contentType: 'image/jpeg',
      headers: { 'x-object-meta-taken-at': '2019-06-01T23:30:00+03:00' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mediaStatus: 'PENDING', takenDate: Date.UTC(2019, 5, 1, 20, 30) });
    expect(await groups(me.token)).toEqual([['2019-06-01', 1]]);
    while ((await t.app.jobs.runDue()) > 0);
    expect(await groups(me.token)).toEqual([['2019-06-01', 1]]);
  });

  it('a bad hint is ignored: the upload succeeds under today and the job moves it', async () => {
    const me = await signUp(t);
    const api = uploadApi(t, me.token);
    const bad = ['not a date', '1850-01-01T00:00:00Z', '2999-01-01T00:00:00Z'];
    for (const hint of bad) {
      const res = await api.whole(`${hint}.jpg`, await jpeg('2021:03:04 10:00:00'), { contentType: 'image/jpeg', headers: { 'x-object-meta-taken-at': hint } });
      expect(res.statusCode).toBe(201);
    }
    const today = dayKey(utcDay(Date.now()));
    expect(await groups(me.token)).toEqual([[today, bad.length]]);
    while ((await t.app.jobs.runDue()) > 0);
    expect(await groups(me.token)).toEqual([['2021-03-04', bad.length]]);
  });

  it("the file's own EXIF wins over a different hint, and the day counts follow exactly", async () => {
    const me = await signUp(t);
    const api = uploadApi(t, me.token);
    const wrong = { contentType: 'image/jpeg', headers: { 'x-object-meta-taken-at': '2018-02-03T10:00:00Z' } };
    await api.whole('a.jpg', await jpeg('2022:08:09 07:00:00'), wrong);
    await api.whole('b.jpg', await jpeg(), wrong);
    expect(await groups(me.token)).toEqual([['2018-02-03', 2]]);
    while ((await t.app.jobs.runDue()) > 0);
    // No EXIF date in the file: the server falls back to the upload time, as without a hint.
    const today = dayKey(utcDay(Date.now()));
    expect(await groups(me.token)).toEqual([
      [today, 1],
      ['2022-08-09', 1],
    ]);
    // The hint's day is left with no photos counted (a trigger moved both counts with the dates).
    const stale = await t.database.db.selectFrom('timeline_day').select('images').where('account_id', '=', me.accountId).where('day', '=', 20180203).execute();
    expect(stale.map((r) => Number(r.images))).toEqual(stale.length ? [0] : []);
  });
});
