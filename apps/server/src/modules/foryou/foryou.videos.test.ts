import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourDistance, hexToRgb, meanColour } from '../../infra/render/render.fixtures.js';
import { extractFrame, isVideoRenderingAvailable, MEMORY_VIDEO_FADE_SECONDS, probeVideo, TITLE_CARD_BACKGROUND } from '../../infra/render/index.js';
import { authed, DIALECTS, expectError, signUp, startTestApp, uniqueUser, type TestApp } from '../../test/harness.js';
import { filesApi } from '../files/files.fixtures.js';
import type { ForyouItemDto, ForyouItemListDto } from './foryou.schemas.js';
import { DAILY_CPU_MS } from './foryou.service.js';
import { leaveBudget, photoAt, runGeneration, runJobs } from './foryou.story.fixtures.js';
import { dateRange, VIDEO_LANGUAGES, VIDEO_TITLES, videoLanguage, videoTitle } from './foryou.video-titles.js';
import { VIDEO_FPS, VIDEO_MIN_BUDGET_MS, VIDEO_SECONDS_PER_PHOTO, VIDEO_SIZE, VIDEO_TITLE_SECONDS, videoSize } from './foryou.videos.js';

/** "Today" for the app: 10 December 2026, noon UTC. */
const DECEMBER = Date.UTC(2026, 11, 10, 12);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foryou-videos-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Frames of a memory video of n photos at `fps`, as renderMemoryVideo counts them. */
function expectedFrames(n: number, fps: number): number {
  const photo = Math.round(VIDEO_SECONDS_PER_PHOTO * fps);
  const title = Math.round(VIDEO_TITLE_SECONDS * fps);
  const fade = Math.min(Math.round(MEMORY_VIDEO_FADE_SECONDS * fps), Math.floor(Math.min(photo, title) / 3));
  return title + n * (photo - fade);
}

describe('memory video titles', () => {
  it("has both titles in each of the web's 11 languages, filled with the values", () => {
    expect([...VIDEO_LANGUAGES].sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'ka', 'ro', 'ru', 'sq', 'tr', 'uk']);
    for (const lang of VIDEO_LANGUAGES) {
      expect(VIDEO_TITLES[lang].yearInReview).toContain('{year}');
      expect(VIDEO_TITLES[lang].trip).toContain('{place}');
      expect(videoTitle(lang, 'trip', { place: 'Kapadokya' })).toContain('Kapadokya');
    }
    expect(videoTitle('tr', 'yearInReview', { year: 2026 })).toBe('2026 yılının özeti');
    expect(videoTitle('en', 'trip', { place: 'Kapadokya' })).toBe('Trip to Kapadokya');
    expect([videoLanguage(null), videoLanguage('de-AT'), videoLanguage('xx'), videoLanguage('KA')]).toEqual(['tr', 'de', 'en', 'ka']);
    expect(dateRange('en', '2026-07-01', '2026-07-05')).toMatch(/^July 1\s–\s5, 2026$/);
    expect(dateRange('de', '2026-07-01', '2026-07-01')).toBe('1. Juli 2026');
  });
});

describe.each(DIALECTS)('for you: memory videos (%s)', (dialect) => {
  let t: TestApp;
  let now = DECEMBER;
  // The renderer's output at the product's size and rate (1280×720, 25 fps: about 1,000 frames of H.264, most of this
  // file's CPU) is checked once, on SQLite. PostgreSQL runs the same generation and storage path with the operator's
  // smaller format (FORYOU_VIDEO_HEIGHT / FORYOU_VIDEO_FPS, as the harness sets for every other test), which it must
  // then honour: 320×180 at 10 fps.
  const format = dialect === 'sqlite' ? { fps: VIDEO_FPS, ...VIDEO_SIZE } : { fps: 10, ...videoSize(180) };
  beforeAll(async () => {
    const env = { FORYOU_VIDEO_HEIGHT: String(format.h), FORYOU_VIDEO_FPS: String(format.fps) };
    t = await startTestApp(dialect, env, { clock: () => now });
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: authed(token) });
  const videos = async (token: string): Promise<ForyouItemDto[]> => {
    const res = await get(token, '/api/foryou/videos/generated');
    expect(res.statusCode).toBe(200);
    return res.json<ForyouItemListDto>().items;
  };
  /** Fetches the whole video, checks it with ffprobe, and answers the bytes. */
  async function playable(item: ForyouItemDto, photos: number): Promise<Buffer> {
    const res = await t.app.inject({ method: 'GET', url: item.media!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const bytes = res.rawPayload;
    expect(bytes.length).toBe(item.media!.bytes);
    const file = path.join(dir, `${item.id}.mp4`);
    fs.writeFileSync(file, bytes);
    const info = await probeVideo(file);
    const frames = expectedFrames(photos, format.fps);
    expect(info).toMatchObject({ codec: 'h264', width: format.w, height: format.h, frames });
    expect(item.media).toMatchObject({ contentType: 'video/mp4', width: format.w, height: format.h, durationMs: (frames * 1000) / format.fps });
    expect(Math.abs(info.durationMs - item.media!.durationMs!)).toBeLessThanOrEqual(1000 / format.fps);
    // It opens with the title card.
    expect(colourDistance(await meanColour(await extractFrame(file, 0), { x: 0, y: 0, w: 40, h: 40 }), hexToRgb(TITLE_CARD_BACKGROUND))).toBeLessThan(12);
    return bytes;
  }

  it.skipIf(!isVideoRenderingAvailable())(
    "makes the year's and a trip's video from live photos only, when the budget allows; plays, seeks with ranges, saves as a file",
    async () => {
      now = DECEMBER;
      const me = await signUp(t, { ...uniqueUser(), language: 'de' });
      const other = await signUp(t);
      let seed = 300;
      const year: string[] = [];
      for (let m = 1; m <= 10; m++) year.push(await photoAt(t, me.token, ++seed, `2026-${String(m).padStart(2, '0')}-12 12:00:00`));
      const trip: string[] = [];
      for (const d of ['20 09', '21 10', '21 16', '22 11']) trip.push(await photoAt(t, me.token, ++seed, `2026-11-${d}:00:00`));
      const theirs = await photoAt(t, other.token, ++seed, '2026-11-21 12:00:00');
      await runJobs(t);
      const db = t.database.db;

      // Short of budget: the story is made, the video waits.
      await leaveBudget(t, me.accountId, now, DAILY_CPU_MS, VIDEO_MIN_BUDGET_MS - 1_000);
      await runGeneration(t, me.accountId);
      const stories = await db.selectFrom('foryou_item').select(['key']).where('account_id', '=', me.accountId).where('kind', '=', 'STORY').execute();
      expect(stories.map((s) => s.key)).toContain('year-in-review:2026');
      expect(await videos(me.token)).toEqual([]);

      // The trip album (the albums generator makes these): 4 photos, one of them trashed afterwards.
      const tripId = randomUUID();
      await db
        .insertInto('foryou_item')
        .values({
          id: tripId,
          account_id: me.accountId,
          kind: 'ALBUM',
          status: 'NEW',
          key: 'trip:2026-11-20:place-1',
          title_params: JSON.stringify({ key: 'trip', params: { place: 'Kapadokya', date: '2026-11-20', endDate: '2026-11-22' } }),
          cover_file_id: trip[0]!,
          result_key: null,
          result_meta: null,
          saved_ref: null,
          source_file_id: null,
          created_at: now,
          expires_at: null,
        })
        .execute();
      await db.insertInto('foryou_item_photo').values(trip.map((file_id, position) => ({ item_id: tripId, file_id, position }))).execute();
      expect((await filesApi(t, me.token).trash([trip[1]!])).statusCode).toBe(200);

      // A fresh budget: one video per run, the year's first (the story's 14 photos, the trashed one no longer).
      await db.deleteFrom('foryou_budget').where('account_id', '=', me.accountId).execute();
      await runGeneration(t, me.accountId);
      const [yearVideo] = await videos(me.token);
      expect(yearVideo).toMatchObject({ kind: 'VIDEO', title: { key: 'yearInReview', params: { year: 2026 } }, photoCount: 13 });
      const spent = await db.selectFrom('foryou_budget').select('cpu_ms').where('account_id', '=', me.accountId).executeTakeFirstOrThrow();
      expect(Number(spent.cpu_ms)).toBeGreaterThan(0);
      const bytes = await playable(yearVideo!, 13);

      // Ranges: a <video> seeks.
      const range = async (header: string) => t.app.inject({ method: 'GET', url: yearVideo!.media!.url, headers: { range: header } });
      const first = await range('bytes=0-99');
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
      expect(first.headers['content-length']).toBe('100');
      expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
      const tail = await range('bytes=-10');
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`);
      expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
      const middle = await range(`bytes=1000-`);
      expect(middle.rawPayload.equals(bytes.subarray(1000))).toBe(true);
      const beyond = await range(`bytes=${bytes.length}-`);
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(beyond.json()).toMatchObject({ status: 'RANGE_NOT_SATISFIABLE' });

      // The next run makes the trip's: its live photos only.
      await runGeneration(t, me.accountId);
      const tripVideo = (await videos(me.token)).find((v) => v.title.key === 'trip')!;
      expect(tripVideo.title).toEqual({ key: 'trip', params: { place: 'Kapadokya', date: '2026-11-20', endDate: '2026-11-22' } });
      const detail = await get(me.token, `/api/foryou/items/${tripVideo.id}`);
      expect(detail.json().fileList.map((f: { uuid: string }) => f.uuid)).toEqual([trip[0], trip[2], trip[3]]);
      await playable(tripVideo, 3);
      // None of my items holds the other account's photo (its own For you, made by a background run, may).
      const mine = db.selectFrom('foryou_item').select('id').where('account_id', '=', me.accountId);
      expect(await db.selectFrom('foryou_item_photo').select('file_id').where('file_id', '=', theirs).where('item_id', 'in', mine).execute()).toEqual([]);

      // Made once each: another run renders nothing.
      await runGeneration(t, me.accountId);
      expect((await videos(me.token)).length).toBe(2);
      // Not another account's to see.
      expect(await videos(other.token)).toEqual([]);
      expectError(await get(other.token, `/api/foryou/items/${tripVideo.id}`), 404, 'NOT_FOUND');

      // Saving copies the video into the user's files.
      const saved = await t.app.inject({ method: 'POST', url: `/api/foryou/items/${yearVideo!.id}/save`, headers: authed(me.token), payload: { name: 'Jahr 2026.mp4' } });
      expect(saved.statusCode).toBe(200);
      const fileId = saved.json().savedFileUuid as string;
      const file = await db.selectFrom('file').select(['name', 'content_type', 'bytes']).where('id', '=', fileId).executeTakeFirstOrThrow();
      expect({ ...file, bytes: Number(file.bytes) }).toEqual({ name: 'Jahr 2026.mp4', content_type: 'video/mp4', bytes: bytes.length });

      // Dismissed: the link stops working.
      expect((await t.app.inject({ method: 'DELETE', url: `/api/foryou/items/${tripVideo.id}`, headers: authed(me.token) })).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: tripVideo.media!.url })).statusCode).toBe(404);
    },
    600_000,
  );
});
