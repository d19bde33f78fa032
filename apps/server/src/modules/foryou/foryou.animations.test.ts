import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourDistance, COLOURS, hexToRgb, type Rgb } from '../../infra/render/render.fixtures.js';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { filesApi } from '../files/files.fixtures.js';
import { uploadJpeg } from '../places/places.discover.fixtures.js';
import { ANIMATION_DELAY_MS, findBursts, thin } from './foryou.animations.js';
import { foryouApi, generate, photoAt, TODAY } from './foryou.fixtures.js';

/** Mean colour of each page of an animated WebP, in order. */
async function frameColours(webp: Buffer): Promise<Rgb[]> {
  const { pages } = await sharp(webp, { pages: -1 }).metadata();
  const out: Rgb[] = [];
  for (let page = 0; page < (pages ?? 1); page++) {
    const { channels } = await sharp(webp, { page }).stats();
    out.push([channels[0]!.mean, channels[1]!.mean, channels[2]!.mean]);
  }
  return out;
}

describe('bursts', () => {
  const at = (s: number, id = `p${s}`) => ({ id, taken_at: Date.UTC(2024, 4, 1, 10) + s * 1000 });

  it('are runs of three or more photos at most two seconds apart', () => {
    const photos = [at(0), at(1), at(3), at(10), at(11), at(20), at(21), at(22), at(22.5, 'p22b')].reverse();
    expect(findBursts(photos).map((b) => b.map((p) => p.id))).toEqual([['p0', 'p1', 'p3'], ['p20', 'p21', 'p22', 'p22b']]);
    expect(findBursts([at(0), at(2.5), at(5)])).toEqual([]);
  });

  it('are thinned evenly to at most 60 frames, first and last kept', () => {
    const frames = Array.from({ length: 119 }, (_, i) => i);
    const kept = thin(frames, 60);
    expect(kept).toHaveLength(60);
    expect(kept[0]).toBe(0);
    expect(kept[59]).toBe(118);
    expect(kept.every((v, i) => i === 0 || v - kept[i - 1]! === 2)).toBe(true);
    expect(thin([1, 2, 3], 60)).toEqual([1, 2, 3]);
  });
});

describe.each(DIALECTS)('for you: animations (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => TODAY });
  });
  afterAll(() => t.close());

  it('plays a burst as a looping WebP whose frames are its photos in time order; isolated photos make none', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const colours = [COLOURS.red!, COLOURS.green!, COLOURS.blue!, COLOURS.yellow!];
    // Uploaded out of order: the frames follow the capture times, not the uploads.
    const order = [2, 0, 3, 1];
    const ids: string[] = [];
    for (const i of order) ids[i] = await uploadJpeg(t, me.token, `burst-${i}.jpg`, await photoAt(colours[i]!, `2024:05:01 10:00:0${i}`));
    // Isolated: minutes apart, and a pair one second apart (a burst needs three).
    await uploadJpeg(t, me.token, 'alone-1.jpg', await photoAt(COLOURS.magenta!, '2024:05:01 10:05:00'));
    await uploadJpeg(t, me.token, 'pair-1.jpg', await photoAt(COLOURS.cyan!, '2024:05:01 10:10:00'));
    await uploadJpeg(t, me.token, 'pair-2.jpg', await photoAt(COLOURS.orange!, '2024:05:01 10:10:01'));
    // Another account's burst at the same time is its own.
    const theirIds: string[] = [];
    for (let i = 0; i < 3; i++) theirIds.push(await uploadJpeg(t, other.token, `theirs-${i}.jpg`, await photoAt(COLOURS.brown!, `2024:05:01 10:00:0${i}`)));
    await generate(t, me.accountId);

    const api = foryouApi(t, me.token);
    const offered = await api.list('/api/foryou/animations/generated');
    expect(offered).toHaveLength(1);
    const item = offered[0]!;
    expect(item).toMatchObject({
      kind: 'ANIMATION',
      status: 'NEW',
      title: { key: 'animation', params: { date: '2024-05-01' } },
      photoCount: 4,
      media: { contentType: 'image/webp', width: 640, height: 480, durationMs: 4 * ANIMATION_DELAY_MS },
      savedFileUuid: null,
    });
    expect(ids).toContain(item.coverPhoto!.uuid);
    expect((await api.detail(item.id)).fileList.map((f) => f.uuid)).toEqual(ids);

    const res = await api.media(item.media!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const webp = res.rawPayload;
    expect(webp.length).toBe(item.media!.bytes);
    const meta = await sharp(webp, { pages: -1 }).metadata();
    expect(meta).toMatchObject({ format: 'webp', pages: 4, loop: 0, width: 640, pageHeight: 480 });
    expect(meta.delay).toEqual([200, 200, 200, 200]);
    const frames = await frameColours(webp);
    // Each frame is its photo: closest to its own colour, far from every other.
    frames.forEach((frame, i) => {
      const distances = colours.map((c) => colourDistance(frame, hexToRgb(c)));
      expect(distances.indexOf(Math.min(...distances)), `frame ${i}`).toBe(i);
      expect(distances[i]!).toBeLessThan(40);
    });

    // Running again makes nothing twice.
    await generate(t, me.accountId);
    expect(await api.list('/api/foryou/animations/generated')).toHaveLength(1);
    await generate(t, other.accountId);
    const theirs = await foryouApi(t, other.token).list('/api/foryou/animations/generated');
    expect(theirs).toHaveLength(1);
    expect((await foryouApi(t, other.token).detail(theirs[0]!.id)).fileList.map((f) => f.uuid)).toEqual(theirIds);
  });

  it('leaves trashed and hidden photos out of bursts', async () => {
    const me = await signUp(t);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await uploadJpeg(t, me.token, `b-${i}.jpg`, await photoAt(COLOURS.red!, `2023:07:01 09:00:0${i}`)));
    const files = filesApi(t, me.token);
    expect((await files.trash([ids[1]])).statusCode).toBe(200);
    expect((await files.hide([ids[2]])).statusCode).toBe(200);
    // Two live photos left: no burst.
    await generate(t, me.accountId);
    expect(await foryouApi(t, me.token).list('/api/foryou/animations/generated')).toEqual([]);
    expect((await files.recover([ids[1]])).statusCode).toBe(200);
    await generate(t, me.accountId);
    const [item] = await foryouApi(t, me.token).list('/api/foryou/animations/generated');
    expect((await foryouApi(t, me.token).detail(item!.id)).fileList.map((f) => f.uuid)).toEqual([ids[0], ids[1], ids[3]]);
  });
});
