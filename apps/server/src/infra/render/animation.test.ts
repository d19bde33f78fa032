import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderAnimation, renderAnimationMp4 } from './animation.js';
import { block, colourDistance, COLOURS, hexToRgb, meanColour } from './render.fixtures.js';
import { extractFrame, isVideoRenderingAvailable, probeVideo } from './tools.js';

const colours = [COLOURS.red, COLOURS.green, COLOURS.blue, COLOURS.yellow] as string[];

describe('renderAnimation', () => {
  it('makes a looping animated WebP whose frames are the sources, resized to one size', async () => {
    // Different sizes and orientations: every frame is cover-cropped to the first frame's shape.
    const frames = await Promise.all(colours.map((c, i) => block(c, 300 + i * 50, i % 2 ? 500 : 240)));
    const out = await renderAnimation({ frames, delayMs: 250, size: 320, loop: true });
    expect(out).toMatchObject({ width: 320, frames: 4 });
    expect(out.height).toBe(256); // 300×240 → long side 320

    const meta = await sharp(out.image).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(4);
    expect(meta.loop).toBe(0);
    expect(meta.delay).toEqual([250, 250, 250, 250]);
    expect([meta.width, meta.height]).toEqual([320, 256]);
    for (const [i, colour] of colours.entries()) {
      const frame = await sharp(out.image, { page: i }).png().toBuffer();
      expect(colourDistance(await meanColour(frame), hexToRgb(colour))).toBeLessThan(15);
    }
  });

  it('takes an explicit frame size', async () => {
    const frames = await Promise.all(colours.slice(0, 2).map((c) => block(c, 400, 300)));
    const out = await renderAnimation({ frames, delayMs: 100, size: { w: 200, h: 200 } });
    const meta = await sharp(out.image).metadata();
    expect([meta.width, meta.height]).toEqual([200, 200]); // without `animated`, sharp reports one page
    expect(meta.pages).toBe(2);
  });

  it('refuses no frames and absurd delays', async () => {
    const frame = await block('#808080', 50, 50);
    await expect(renderAnimation({ frames: [], delayMs: 100, size: 100 })).rejects.toThrow(RangeError);
    await expect(renderAnimation({ frames: [frame], delayMs: 0, size: 100 })).rejects.toThrow(RangeError);
  });
});

describe.skipIf(!isVideoRenderingAvailable())('renderAnimationMp4 (needs ffmpeg)', () => {
  it('holds each frame for delayMs in an H.264 clip', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-test-'));
    try {
      const frames = await Promise.all(colours.slice(0, 3).map((c) => block(c, 320, 240)));
      const output = path.join(dir, 'anim.mp4');
      const out = await renderAnimationMp4({ frames, delayMs: 400, size: 320, output, fps: 25 });
      expect(out).toMatchObject({ width: 320, height: 240, frames: 30, durationMs: 1200 });
      const info = await probeVideo(output);
      expect(info).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 320, height: 240, frames: 30 });
      // The middle of each hold is that frame's colour.
      for (const [i, colour] of colours.slice(0, 3).entries()) {
        const frame = await extractFrame(output, i * 400 + 200);
        expect(colourDistance(await meanColour(frame), hexToRgb(colour))).toBeLessThan(20);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
