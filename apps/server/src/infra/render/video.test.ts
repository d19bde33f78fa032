import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { colourDistance, COLOURS, hexToRgb, meanColour, block } from './render.fixtures.js';
import { extractFrame, isVideoRenderingAvailable, probeVideo, RenderFailedError } from './tools.js';
import { MEMORY_VIDEO_FADE_SECONDS, MEMORY_VIDEO_MAX_PHOTOS, renderMemoryVideo } from './video.js';
import { renderTitleCard, TITLE_CARD_BACKGROUND } from './title-card.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-video-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A left-to-right gradient, so a pan shows as a change of colour. */
function gradient(w: number, h: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

describe.skipIf(!isVideoRenderingAvailable())('renderMemoryVideo (needs ffmpeg; skipped only when it is absent)', () => {
  it('starts with the title card, then shows each photo, cross-faded, as H.264 yuv420p', async () => {
    const photos = [await block(COLOURS.red as string, 640, 480), await gradient(640, 360), await block(COLOURS.blue as string, 480, 640)];
    const output = path.join(dir, 'memory.mp4');
    const fps = 25;
    const out = await renderMemoryVideo({ photos, title: 'Summer 2024', subtitle: 'Ankara', secondsPerPhoto: 3, titleSeconds: 3, size: { w: 320, h: 180 }, fps, output });

    const fade = MEMORY_VIDEO_FADE_SECONDS * fps;
    const expectedFrames = 4 * 75 - 3 * fade;
    expect(out).toMatchObject({ width: 320, height: 180, frames: expectedFrames, durationMs: (expectedFrames * 1000) / fps });
    expect(out.ffmpegCpuMs).toBeGreaterThan(0);
    const info = await probeVideo(output);
    expect(info).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 320, height: 180, frames: expectedFrames });
    expect(Math.abs(info.durationMs - out.durationMs)).toBeLessThanOrEqual(1000 / fps);

    // faststart: the index (moov) comes before the media data (mdat).
    const head = fs.readFileSync(output);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));

    const first = await extractFrame(output, 0);
    expect(colourDistance(await meanColour(first, { x: 0, y: 0, w: 40, h: 40 }), hexToRgb(TITLE_CARD_BACKGROUND))).toBeLessThan(12);

    // Photo k (from 1) comes in at 75 − fade + (k − 1)(75 − fade) frames; its middle is shown alone.
    const middleMs = (k: number) => ((75 - fade + (k - 1) * (75 - fade) + 37) * 1000) / fps;
    expect(colourDistance(await meanColour(await extractFrame(output, middleMs(1))), hexToRgb(COLOURS.red as string))).toBeLessThan(20);
    expect(colourDistance(await meanColour(await extractFrame(output, middleMs(3))), hexToRgb(COLOURS.blue as string))).toBeLessThan(20);

    // The gradient pans: the same spot of the frame changes brightness while it is alone on screen.
    const soloStart = ((75 + (75 - fade)) * 1000) / fps;
    const soloEnd = soloStart + ((75 - 2 * fade) * 1000) / fps - 40;
    const spot = { x: 150, y: 80, w: 20, h: 20 };
    const before = (await meanColour(await extractFrame(output, soloStart), spot))[0];
    const after = (await meanColour(await extractFrame(output, soloEnd), spot))[0];
    expect(Math.abs(after - before)).toBeGreaterThan(3);
  });

  it('makes a title-only video when there are no photos', async () => {
    const output = path.join(dir, 'title-only.mp4');
    const out = await renderMemoryVideo({ photos: [], title: 'Yıl 2025', size: { w: 160, h: 90 }, fps: 10, titleSeconds: 2, output });
    expect(out.frames).toBe(20);
    expect(await probeVideo(output)).toMatchObject({ codec: 'h264', frames: 20, width: 160, height: 90 });
  });

  it('removes its temp files, after success and after failure, and stops ffmpeg at the timeout', async () => {
    // os.tmpdir() follows TMPDIR, so a private one shows exactly what the renderer leaves behind.
    const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
    const realTmp = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const photos = [await block(COLOURS.red as string, 200, 100)];
      await renderMemoryVideo({ photos, title: 'x', size: { w: 160, h: 90 }, fps: 10, output: path.join(dir, 'ok.mp4') });
      expect(fs.readdirSync(tmp)).toEqual([]);
      // ffmpeg cannot write into a folder that does not exist.
      await expect(renderMemoryVideo({ photos, title: 'x', size: { w: 160, h: 90 }, fps: 10, output: path.join(dir, 'missing', 'x.mp4') })).rejects.toThrow(RenderFailedError);
      expect(fs.readdirSync(tmp)).toEqual([]);
      await expect(renderMemoryVideo({ photos, title: 'x', size: { w: 160, h: 90 }, fps: 10, output: path.join(dir, 'late.mp4'), timeoutMs: 1 })).rejects.toThrow(/timed out/);
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      if (realTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = realTmp;
    }
  });

  it('bounds the photo count and the resolution', async () => {
    const photo = await block('#808080', 64, 64);
    await expect(
      renderMemoryVideo({ photos: Array.from({ length: MEMORY_VIDEO_MAX_PHOTOS + 1 }, () => photo), title: 'x', output: path.join(dir, 'too-many.mp4') }),
    ).rejects.toThrow(RangeError);
    const output = path.join(dir, 'big.mp4');
    const out = await renderMemoryVideo({ photos: [], title: 'Big', size: { w: 3840, h: 2160 }, fps: 10, titleSeconds: 1, output });
    expect([out.width, out.height]).toEqual([1920, 1080]);
    expect(await probeVideo(output)).toMatchObject({ width: 1920, height: 1080 });
  });
});

describe('renderTitleCard', () => {
  // The product's scripts: Latin with Turkish letters, Cyrillic, Arabic (right to left, joined) and Georgian.
  const titles = ['Geçen yıl bugün İstanbul', 'Год назад сегодня', 'ذكريات من العام الماضي', 'ერთი წლის წინ დღეს', 'Vor einem Jahr'];

  for (const title of titles) {
    it(`draws "${title}" inside the card`, async () => {
      const card = await renderTitleCard({ title, size: { w: 640, h: 360 } });
      const meta = await sharp(card).metadata();
      expect([meta.width, meta.height]).toEqual([640, 360]);
      // Text is white on the dark background: the middle band gets brighter, the corners stay background.
      const band = await meanColour(card, { x: 40, y: 140, w: 560, h: 80 });
      expect(band[0]).toBeGreaterThan(hexToRgb(TITLE_CARD_BACKGROUND)[0] + 8);
      expect(colourDistance(await meanColour(card, { x: 0, y: 0, w: 30, h: 30 }), hexToRgb(TITLE_CARD_BACKGROUND))).toBeLessThan(2);
    });
  }

  it('draws different Georgian and Arabic words differently (real glyphs, not one missing-glyph box)', async () => {
    const size = { w: 400, h: 200 };
    const [a, b] = await Promise.all([renderTitleCard({ title: 'ა', size }), renderTitleCard({ title: 'ბ', size })]);
    expect(a.equals(b)).toBe(false);
    const [c, d] = await Promise.all([renderTitleCard({ title: 'ب', size }), renderTitleCard({ title: 'ت', size })]);
    expect(c.equals(d)).toBe(false);
  });

  it('shrinks a long title to fit and keeps markup characters as text', async () => {
    const card = await renderTitleCard({ title: '<b>Tom & Jerry</b> '.repeat(30), subtitle: 'a < b', size: { w: 320, h: 180 } });
    const meta = await sharp(card).metadata();
    expect([meta.width, meta.height]).toEqual([320, 180]);
  });
});
