// The real engine (human + face-api models on tfjs WASM, in its worker) on real photographs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_PHOTOS, NO_FACE_PHOTOS, OBJECT_PHOTOS, visionFixture } from '../../test/fixtures/vision/vision-fixtures.js';
import {
  createVisionEngine,
  FACE_MATCH_DISTANCE,
  FACE_MIN_SCORE,
  OBJECT_MIN_SCORE,
  readVisionImage,
  type FaceFound,
  type VisionImage,
} from './vision-engine.js';

const distance = (a: number[], b: number[]) => Math.sqrt(a.reduce((s, x, i) => s + (x - b[i]!) ** 2, 0));

describe('vision engine on real photos', () => {
  const engine = createVisionEngine();
  const images = new Map<string, VisionImage>();
  const faces = new Map<string, FaceFound[]>();

  beforeAll(async () => {
    for (const name of [...Object.keys(FACE_PHOTOS), ...NO_FACE_PHOTOS]) {
      const image = await readVisionImage(visionFixture(name));
      images.set(name, image);
      // Left to right, the order FACE_PHOTOS names the people in.
      faces.set(name, (await engine.faces(image)).sort((a, b) => a.box.x + a.box.width / 2 - (b.box.x + b.box.width / 2)));
    }
  }, 300_000);
  afterAll(() => engine.close());

  it('finds every face with a box inside the picture and a unit-length descriptor', () => {
    for (const [name, people] of Object.entries(FACE_PHOTOS)) {
      const found = faces.get(name)!;
      const { width, height } = images.get(name)!;
      expect(found.length, name).toBe(people.length);
      for (const f of found) {
        expect(f.score).toBeGreaterThanOrEqual(FACE_MIN_SCORE);
        expect(f.box.x).toBeGreaterThanOrEqual(0);
        expect(f.box.y).toBeGreaterThanOrEqual(0);
        expect(f.box.width).toBeGreaterThan(20);
        expect(f.box.x + f.box.width).toBeLessThanOrEqual(width);
        expect(f.box.y + f.box.height).toBeLessThanOrEqual(height);
        expect(f.descriptor).toHaveLength(128);
        expect(Math.hypot(...f.descriptor)).toBeCloseTo(1, 5);
      }
    }
  });

  it('finds no face in photos without people (a cup, a cat, a motorcycle)', () => {
    for (const name of NO_FACE_PHOTOS) expect(faces.get(name), name).toEqual([]);
  });

  it('puts the same person under the match distance and different people over it', () => {
    const [obamaPortrait] = faces.get('obama-portrait.jpg')!;
    const [obamaPodium] = faces.get('obama-podium.jpg')!;
    const [bidenPortrait] = faces.get('biden-portrait.jpg')!;
    const [obamaInRoom, bidenInRoom] = faces.get('obama-biden-blue-room.jpg')!;
    expect(distance(obamaPortrait!.descriptor, obamaPodium!.descriptor)).toBeLessThan(FACE_MATCH_DISTANCE);
    expect(distance(obamaPortrait!.descriptor, obamaInRoom!.descriptor)).toBeLessThan(FACE_MATCH_DISTANCE);
    expect(distance(bidenPortrait!.descriptor, bidenInRoom!.descriptor)).toBeLessThan(FACE_MATCH_DISTANCE);
    expect(distance(obamaPortrait!.descriptor, bidenPortrait!.descriptor)).toBeGreaterThanOrEqual(FACE_MATCH_DISTANCE);
    expect(distance(obamaInRoom!.descriptor, bidenInRoom!.descriptor)).toBeGreaterThanOrEqual(FACE_MATCH_DISTANCE);
  });

  it('separates people over all face pairs of the set (pairwise precision and recall)', () => {
    const all = Object.entries(FACE_PHOTOS).flatMap(([name, people]) =>
      faces.get(name)!.map((f, i) => ({ who: people[i]!, id: `${name}#${i}`, descriptor: f.descriptor })),
    );
    let tp = 0, fp = 0, fn = 0, tn = 0;
    let worstSame = 0, closestOther = Infinity;
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        const d = distance(all[i]!.descriptor, all[j]!.descriptor);
        const same = all[i]!.who === all[j]!.who;
        const match = d < FACE_MATCH_DISTANCE;
        if (same) worstSame = Math.max(worstSame, d);
        else closestOther = Math.min(closestOther, d);
        if (same && match) tp++;
        else if (same) fn++;
        else if (match) fp++;
        else tn++;
      }
    }
    const precision = tp / Math.max(1, tp + fp);
    const recall = tp / Math.max(1, tp + fn);
    console.log(
      `vision pairs: ${all.length} faces, ${tp + fn} same-person pairs, ${fp + tn} other pairs; threshold ${FACE_MATCH_DISTANCE}: ` +
        `precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}; largest same-person distance ${worstSame.toFixed(3)}, ` +
        `smallest other-person distance ${closestOther.toFixed(3)}`,
    );
    expect(tp + fn).toBeGreaterThanOrEqual(10);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it('tags objects with their COCO class key', async () => {
    for (const [name, label] of Object.entries(OBJECT_PHOTOS)) {
      const objects = await engine.objects(images.get(name)!);
      expect(objects.map((o) => o.label), name).toContain(label);
      for (const o of objects) {
        expect(o.label).toMatch(/^[a-z]+(_[a-z]+)*$/);
        expect(o.score).toBeGreaterThanOrEqual(OBJECT_MIN_SCORE);
        expect(o.box.width).toBeGreaterThan(0);
      }
    }
    // People are objects too for the COCO detector.
    expect((await engine.objects(images.get('hopper.jpg')!)).map((o) => o.label)).toContain('person');
  });
});

describe('vision engine lifecycle and input', () => {
  it('reads a preview to upright RGB no longer than maxSide', async () => {
    const image = await readVisionImage(visionFixture('obama-briefing.jpg'), 720);
    expect(image).toMatchObject({ width: 720, height: 405, channels: 3 });
    expect(image.data.length).toBe(720 * 405 * 3);
  });

  it('rejects pixels that are not width × height RGB, and every request after close()', async () => {
    const engine = createVisionEngine();
    const bad = { data: Buffer.alloc(10), width: 4, height: 4, channels: 3 as const };
    await expect(engine.faces(bad)).rejects.toThrow(/raw RGB/);
    const image = await readVisionImage(visionFixture('hopper.jpg'), 256);
    // Requests queued together are all answered.
    const [a, b] = await Promise.all([engine.faces(image), engine.objects(image)]);
    expect(a).toHaveLength(1);
    expect(b.map((o) => o.label)).toContain('person');
    // Nothing a photo allocates in the worker outlives it (a backfill analyses every photo of an account).
    const tensors = engine.stats.tensors;
    await engine.faces(image);
    await engine.objects(image);
    expect(engine.stats.tensors).toBe(tensors);
    await engine.close();
    await expect(engine.faces(image)).rejects.toThrow(/closed/);
  });
});
