import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addPhoto } from '../albums/albums.fixtures.js';
import { MEDIA_KIND } from '../files/files.public.js';
import { faceOn, makePremium, peopleService } from './people.fixtures.js';
import type { PeopleService } from './people.service.js';

// What Discover polls right after a plan with face grouping is bought: how many photos there are to analyse and how
// many are done (GET /person/recognition), until the first people appear.
describe.each(DIALECTS)('face analysis progress (%s)', (dialect) => {
  let t: TestApp;
  let people: PeopleService;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    people = await peopleService(t);
  });
  afterAll(() => t.close());

  const get = async (token: string, url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: authed(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const setKind = (id: string, kind: number, extra: { preview_key?: null; media_status?: 'PENDING' } = {}) =>
    t.database.db.updateTable('file').set({ media_kind: kind, ...extra }).where('id', '=', id).execute();

  it('counts the photos to analyse and those done, from the purchase until the last one, for the caller only', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const photos: string[] = [];
    for (const i of [0, 1, 2]) {
      const { id } = await addPhoto(t, me.accountId, `p${i}.jpg`, { takenAt: Date.UTC(2026, 0, 1 + i) });
      await setKind(id, MEDIA_KIND.image);
      photos.push(id);
    }
    // Not analysable (yet): a video without a poster (no ffmpeg) and a photo still being processed.
    const { id: video } = await addPhoto(t, me.accountId, 'clip.mp4', { video: true });
    await setKind(video, MEDIA_KIND.video, { preview_key: null });
    const { id: pending } = await addPhoto(t, me.accountId, 'new.jpg');
    await setKind(pending, MEDIA_KIND.image, { media_status: 'PENDING' });

    expect(await get(me.token, '/person/recognition')).toEqual({ premium: false, enabled: false, done: 0, total: 3 });
    // Buying the plan grants premium: everything is left to analyse.
    await makePremium(t, me.accountId);
    expect(await get(me.token, '/person/recognition')).toEqual({ premium: true, enabled: true, done: 0, total: 3 });

    await people.record(me.accountId, photos[0]!, [await faceOn(t, me.accountId, photos[0]!, 0, 0)]);
    expect(await get(me.token, '/person/recognition')).toEqual({ premium: true, enabled: true, done: 1, total: 3 });

    // A photo without faces counts as done too, so the progress reaches its end.
    await people.record(me.accountId, photos[1]!, []);
    await people.record(me.accountId, photos[2]!, [await faceOn(t, me.accountId, photos[2]!, 0, 1)]);
    expect(await get(me.token, '/person/recognition')).toEqual({ premium: true, enabled: true, done: 3, total: 3 });
    expect((await get(me.token, '/person/page')).people).toMatchObject([{ photoCount: 2 }]);
    expect(await get(other.token, '/person/recognition')).toEqual({ premium: false, enabled: false, done: 0, total: 0 });
  });
});
