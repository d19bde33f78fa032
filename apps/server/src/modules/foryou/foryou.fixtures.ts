// Helpers for the For-you generator tests: photos with EXIF capture times, running the job queue, a generation run.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { authed, type TestApp } from '../../test/harness.js';
import { FORYOU_GENERATE_JOB } from './foryou.items.js';
import type { ForyouItemDetailDto, ForyouItemDto, ForyouItemListDto } from './foryou.schemas.js';

/** "Today" for the app in these tests: 26 November 2026, noon UTC. */
export const TODAY = Date.UTC(2026, 10, 26, 12);

/** A phone's JPEG of one colour (with a little texture) taken at an EXIF wall-clock time ("2024:05:01 10:00:00"). */
export async function photoAt(colour: string, dateTime: string, w = 640, h = 480): Promise<Buffer> {
  const dots = Array.from({ length: 24 }, (_, i) => `<circle cx="${((i % 6) + 0.5) * (w / 6)}" cy="${(Math.floor(i / 6) + 0.5) * (h / 4)}" r="${w / 60}" fill="#fff" fill-opacity="0.25"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${colour}"/>${dots}</svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 13' }, IFD2: { DateTimeOriginal: dateTime } })
    .toBuffer();
}

/** Runs due jobs until none is left; object and face detection are not under test and cost seconds a photo. */
export async function runJobs(t: TestApp): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await t.database.db.deleteFrom('job').where('type', 'in', ['things.tag', 'people.faces']).execute();
    if ((await t.app.jobs.runDue()) === 0) return;
  }
  throw new Error('jobs kept coming');
}

/** One generation run for the account now (as the daily schedule queues it), and every job it leads to. */
export async function generate(t: TestApp, accountId: string): Promise<void> {
  await runJobs(t);
  await t.app.jobs.enqueue(t.database.db, FORYOU_GENERATE_JOB, { accountId }, { fairKey: accountId });
  await runJobs(t);
}

/** Every blob key on disk (the test app stores blobs under dataDir/blobs). */
export function blobKeys(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((p) => !p.startsWith('.') && fs.statSync(path.join(root, p)).isFile())
    .map((p) => p.split(path.sep).join('/'))
    .sort();
}

export const readBlob = (t: TestApp, key: string) => fs.readFileSync(path.join(t.dataDir, 'blobs', key));

/** The For-you API as the web calls it. */
export function foryouApi(t: TestApp, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authed(token), ...(payload ? { payload } : {}) });
  return {
    call,
    async list(url: string): Promise<ForyouItemDto[]> {
      const res = await call('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ForyouItemListDto>().items;
    },
    async detail(id: string): Promise<ForyouItemDetailDto> {
      const res = await call('GET', `/api/foryou/items/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ForyouItemDetailDto>();
    },
    /** The signed result link, fetched without a session as an <img> would. */
    media: (url: string) => t.app.inject({ method: 'GET', url }),
  };
}
