import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { GPS, gpsPhoto } from '../../test/gps-photo.js';
import { uploadJpeg } from '../places/places.discover.fixtures.js';
import { makePremium } from './people.fixtures.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/vision/', import.meta.url));

// The whole chain as the product runs it: HTTP upload → media.process → its onProcessed listeners → people.faces and
// things.tag, with the app's own vision engine (app-modules.ts builds it; closing the app closes its worker). Any broken link
// leaves no person, no place or an unfinished progress. One dialect: the engine is slow, storage is covered elsewhere.
describe.each(DIALECTS.slice(0, 1))('upload to faces (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { ownVision: true });
  });
  afterAll(() => t.close());

  /** Runs due jobs until none is left; bounded, so a job that keeps requeueing fails the test instead of hanging it. */
  const runUntilIdle = async () => {
    for (let round = 0; round < 50; round++) {
      if ((await t.app.jobs.runDue()) === 0) return;
    }
    throw new Error('the job queue did not become idle');
  };

  it('uploaded face photos become one person with a WebP face, and the GPS photo its city', { timeout: 300_000 }, async () => {
    const u = await signUp(t);
    await makePremium(t, u.accountId);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...authed(u.token), 'x-client-language': 'en' } });

    const photos = [
      await uploadJpeg(t, u.token, 'portrait.jpg', readFileSync(`${FIXTURES}obama-portrait.jpg`)),
      await uploadJpeg(t, u.token, 'podium.jpg', readFileSync(`${FIXTURES}obama-podium.jpg`)),
    ];
    const gps = await uploadJpeg(t, u.token, 'kadikoy.jpg', await gpsPhoto(...GPS.istanbul));
    await runUntilIdle();

    const people = (await get('/api/person/page')).json();
    expect(people.total).toBe(1);
    expect(people.people).toMatchObject([{ photoCount: 2, label: null, status: 'ACTIVE' }]);
    expect(photos).toContain(people.people[0].thumbnailUuid);
    const crop = await t.app.inject({ method: 'GET', url: people.people[0].thumbnailUrl });
    expect(crop.statusCode).toBe(200);
    expect(crop.headers['content-type']).toBe('image/webp');
    expect((await sharp(crop.rawPayload).metadata()).format).toBe('webp');

    const places = (await get('/api/location/page')).json();
    expect(places.places.map((p: { name: string; photoCount: number }) => [p.name, p.photoCount])).toEqual([['Istanbul', 1]]);
    expect((await get(`/api/location/photo/${gps}`)).json().place).toMatchObject({ name: 'Istanbul', countryCode: 'TR' });

    // All three photos were analysed for faces (the GPS one has none).
    expect((await get('/api/person/recognition')).json()).toEqual({ premium: true, enabled: true, done: 3, total: 3 });
  });
});
