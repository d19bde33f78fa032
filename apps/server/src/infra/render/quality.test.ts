import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoQuality } from './quality.js';
import { block, detailedPhoto } from './render.fixtures.js';

describe('photoQuality', () => {
  it('scores a blurred copy lower in sharpness than the sharp original', async () => {
    const photo = await detailedPhoto(1600, 1200);
    const blurred = await sharp(photo).blur(6).jpeg().toBuffer();
    const [crisp, soft] = await Promise.all([photoQuality(photo), photoQuality(blurred)]);
    expect(crisp.sharpness).toBeGreaterThan(0.5);
    expect(soft.sharpness).toBeLessThan(crisp.sharpness / 2);
    expect(soft.score).toBeLessThan(crisp.score);
    for (const v of [crisp, soft].flatMap((q) => [q.sharpness, q.exposure, q.score])) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });

  it('scores a nearly black and a nearly white picture lower in exposure than a normal one', async () => {
    const normal = await detailedPhoto(800, 600);
    const dark = await sharp(normal).linear(0.08, 0).jpeg().toBuffer();
    const bright = await sharp(normal).linear(0.1, 235).jpeg().toBuffer();
    const [n, d, b] = await Promise.all([normal, dark, bright].map(photoQuality));
    expect(n?.exposure).toBeGreaterThan(0.7);
    expect(d?.exposure).toBeLessThan((n?.exposure as number) / 2);
    expect(b?.exposure).toBeLessThan((n?.exposure as number) / 2);
  });

  it('penalises clipping: half pure black, half pure white is badly exposed though its mean is mid-grey', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="100" height="200" fill="#000"/><rect x="100" width="100" height="200" fill="#fff"/></svg>';
    const q = await photoQuality(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(q.clipped).toBeGreaterThan(0.9);
    expect(q.exposure).toBeLessThan(0.1);
  });

  it('gives a flat grey picture no sharpness', async () => {
    expect((await photoQuality(await block('#777777', 300, 200))).sharpness).toBeLessThan(0.05);
  });
});
