// Photos with EXIF dates and the job runs the story and video tests share.
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { uploadJpeg } from '../places/places.discover.fixtures.js';

/** A small textured scene (so sharpness means something), different per seed. */
export async function scene(seed: number, w = 480, h = 360): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = (((x >> 3) + (y >> 3) + seed) % 2) * 110 + 60 + ((x * 7 + y * 13 + seed * 17) % 40);
      const i = (y * w + x) * 3;
      raw[i] = v;
      raw[i + 1] = (v * (0.5 + ((seed * 37) % 50) / 100)) | 0;
      raw[i + 2] = (v * 0.6) | 0;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg().toBuffer();
}

/** A phone's JPEG taken at an EXIF wall-clock time ("2026:03:14 10:00:00"). */
export const taken = (image: Buffer, dateTime: string) =>
  sharp(image)
    .jpeg()
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 13' }, IFD2: { DateTimeOriginal: dateTime } })
    .toBuffer();

/** Uploads a scene taken at `when` (YYYY-MM-DD HH:MM:SS); returns the file id. */
export async function photoAt(t: TestApp, token: string, seed: number, when: string): Promise<string> {
  const exif = when.replace(/-/g, ':');
  return uploadJpeg(t, token, `p${seed}.jpg`, await taken(await scene(seed), exif));
}

/** Runs due jobs until none is left; object and face detection are not under test (seconds a photo), so they are dropped. */
export async function runJobs(t: TestApp): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await t.database.db.deleteFrom('job').where('type', 'in', ['things.tag', 'people.faces']).execute();
    if ((await t.app.jobs.runDue()) === 0) return;
  }
}

/** Runs the account's waiting For-you generation now (it otherwise waits for new photos to settle). */
export async function runGeneration(t: TestApp, accountId: string): Promise<void> {
  const db = t.database.db;
  const waiting = await db.selectFrom('job').select('id').where('type', '=', 'foryou.generate').where('fair_key', '=', accountId).where('status', '=', 'queued').execute();
  if (waiting.length === 0) {
    await t.app.jobs.enqueue(db, 'foryou.generate', { accountId }, { fairKey: accountId });
  } else {
    await db.updateTable('job').set({ run_at: Date.now() }).where('id', 'in', waiting.map((w) => w.id)).execute();
  }
  await runJobs(t);
  const failed = await db.selectFrom('job').select(['last_error']).where('type', '=', 'foryou.generate').where('last_error', 'is not', null).execute();
  expect(failed).toEqual([]);
}

/** Spends the account's budget for the day of `at` down to `leftMs` (a memory video needs more than a story). */
export async function leaveBudget(t: TestApp, accountId: string, at: number, dailyMs: number, leftMs: number): Promise<void> {
  const d = new Date(at);
  const day = d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  const db = t.database.db;
  await db.deleteFrom('foryou_budget').where('account_id', '=', accountId).where('day', '=', day).execute();
  await db.insertInto('foryou_budget').values({ account_id: accountId, day, cpu_ms: dailyMs - leftMs, generated_at: null }).execute();
}
