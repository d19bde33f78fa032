// Photos the collage and album tests upload: one flat colour each (so regions of a collage can be told apart), an
// EXIF wall-clock date and, optionally, GPS, as a phone writes them.
import sharp from 'sharp';
import { expect } from 'vitest';
import { authed, type TestApp } from '../../test/harness.js';
import { uploadJpeg } from '../places/places.discover.fixtures.js';
import { FORYOU_GENERATE_JOB } from './foryou.items.js';
import type { ForyouItemDetailDto, ForyouItemDto, ForyouItemListDto } from './foryou.schemas.js';

/** "Now" for the app: 26 November 2026, noon UTC. */
export const TODAY = Date.UTC(2026, 10, 26, 12);

export const CITY = {
  istanbul: [40.9903, 29.0297],
  tbilisi: [41.7225, 44.7506],
} as const;

function dms(value: number): string {
  const abs = Math.abs(value);
  const deg = Math.floor(abs);
  const min = Math.floor((abs - deg) * 60);
  const sec = Math.round(((abs - deg) * 60 - min) * 60 * 10_000);
  return `${deg}/1 ${min}/1 ${sec}/10000`;
}

/** A 480×360 JPEG of one colour taken at `dateTime` ("2026:11:20 10:00:00", UTC wall clock), at `gps` when given. */
export function colourPhoto(colour: string, dateTime: string, gps?: readonly [number, number]): Promise<Buffer> {
  const gpsIfd = gps
    ? { IFD3: { GPSLatitudeRef: gps[0] >= 0 ? 'N' : 'S', GPSLatitude: dms(gps[0]), GPSLongitudeRef: gps[1] >= 0 ? 'E' : 'W', GPSLongitude: dms(gps[1]) } }
    : {};
  return sharp({ create: { width: 480, height: 360, channels: 3, background: colour } })
    .jpeg({ quality: 95 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 13' }, IFD2: { DateTimeOriginal: dateTime, OffsetTimeOriginal: '+00:00' }, ...gpsIfd })
    .toBuffer();
}

/** A distinct colour per index (hue steps, full saturation), as #rrggbb. */
export function colourOf(i: number): string {
  const hue = (i * 47) % 360;
  const f = (n: number) => {
    const k = (n + hue / 60) % 6;
    return Math.round(255 * (1 - Math.max(0, Math.min(k, 4 - k, 1))) * 0.85 + 20);
  };
  return `#${[f(5), f(3), f(1)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export function foryouApi(t: TestApp) {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: authed(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    call,
    upload: async (token: string, name: string, colour: string, dateTime: string, gps?: readonly [number, number]) =>
      uploadJpeg(t, token, name, await colourPhoto(colour, dateTime, gps)),
    /** Runs due jobs until none is left (object and face detection are not under test and cost seconds: dropped). */
    runJobs: async () => {
      for (let i = 0; i < 100; i++) {
        await t.database.db.deleteFrom('job').where('type', 'in', ['things.tag', 'people.faces']).execute();
        if ((await t.app.jobs.runDue()) === 0) return;
      }
    },
    /** The generation run new photos queued (after they settle), made due now. */
    generate: async (accountId: string) => {
      const db = t.database.db;
      const waiting = await db.selectFrom('job').select('id').where('type', '=', FORYOU_GENERATE_JOB).where('status', '=', 'queued').where('fair_key', '=', accountId).execute();
      expect(waiting.length).toBeLessThanOrEqual(1);
      if (waiting.length === 0) await t.app.jobs.enqueue(db, FORYOU_GENERATE_JOB, { accountId }, { fairKey: accountId });
      await db.updateTable('job').set({ run_at: Date.now() }).where('type', '=', FORYOU_GENERATE_JOB).where('status', '=', 'queued').execute();
    },
    list: async (token: string, path: string): Promise<ForyouItemDto[]> => {
      const res = await call(token, 'GET', path);
      expect(res.statusCode).toBe(200);
      return res.json<ForyouItemListDto>().items;
    },
    detail: async (token: string, id: string): Promise<ForyouItemDetailDto> => {
      const res = await call(token, 'GET', `/api/foryou/items/${id}`);
      expect(res.statusCode).toBe(200);
      return res.json<ForyouItemDetailDto>();
    },
  };
}
