import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { decodeHeif } from './media.heif.js';
import { fetchImage, hasCommand, heicFrom, isBlue, isRed, phoneJpeg, pixelAt, processUpload, videoClip, withIrot } from './fixtures/media.fixtures.js';

const hasFfmpeg = hasCommand('ffmpeg') && hasCommand('ffprobe');
const hasHeifEnc = hasCommand('heif-enc');

/** 600×400: red left half, blue right half, so a wrong orientation or frame shows in the thumbnail's colours. */
const halves = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 220, g: 30, b: 30 } } }).composite([
    { input: { create: { width: 300, height: 400, channels: 3, background: { r: 0, g: 0, b: 255 } } }, left: 300, top: 0 },
  ]);

describe.each(DIALECTS)('media formats (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it.each([
    ['photo.webp', 'image/webp', () => halves().webp().toBuffer()],
    ['photo.avif', 'image/avif', () => halves().avif().toBuffer()],
    ['scan.tiff', 'image/tiff', () => halves().tiff().toBuffer()],
    ['scan16.png', 'image/png', () => halves().png().toColourspace('rgb16').toBuffer()],
  ])('%s (%s) gets its size, a placeholder and a WebP thumbnail and preview', async (name, type, make) => {
    const { item } = await processUpload(t, name, await make(), type);
    expect(item).toMatchObject({ mediaStatus: 'READY', width: 600, height: 400, placeholder: expect.any(String) });
    const thumb = await fetchImage(t, item.thumbnailUrl);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 375, 250]);
    expect(isRed(await pixelAt(thumb.bytes, 0.1, 0.5))).toBe(true);
    expect(isBlue(await pixelAt(thumb.bytes, 0.9, 0.5))).toBe(true);
    const preview = await fetchImage(t, item.previewUrl);
    expect([preview.format, preview.width, preview.height]).toEqual(['webp', 600, 400]);
  });

  it('an animated GIF is shown by its first frame', async () => {
    const frame = (r: number, b: number) =>
      sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g: 0, b } } }).png().toBuffer();
    const gif = await sharp([await frame(255, 0), await frame(0, 255)], { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const { item } = await processUpload(t, 'loop.gif', gif, 'image/gif');
    expect(item).toMatchObject({ mediaStatus: 'READY', width: 300, height: 200 });
    const thumb = await fetchImage(t, item.thumbnailUrl);
    expect([thumb.width, thumb.height]).toEqual([300, 200]); // never enlarged; one frame, not the strip of both
    expect(isRed(await pixelAt(thumb.bytes, 0.5, 0.5))).toBe(true);
  });

  it('a JPEG named .heic is still read', async () => {
    const { item } = await processUpload(t, 'IMG_2.HEIC', await phoneJpeg(), 'image/heic');
    expect(item).toMatchObject({ mediaStatus: 'READY', width: 300, height: 400, takenDate: Date.UTC(2023, 7, 14, 15, 5, 9) });
  });

  it('a corrupt HEIC is FAILED with the decoder’s reason and not retried', async () => {
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    const { item, row } = await processUpload(t, 'IMG_1.HEIC', fake, 'image/heic');
    expect(item).toMatchObject({ mediaStatus: 'FAILED', thumbnailUrl: null });
    expect(row.media_error).toMatch(/^Could not decode HEIC: /);
    const job = await t.database.db.selectFrom('job').select(['status', 'attempts']).where('payload', 'like', `%${item.uuid as string}%`).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'done', attempts: 1 });
  });

  it.skipIf(!hasHeifEnc)('a real HEIC (HEVC) gets its taken date, camera, size and an upright thumbnail', async () => {
    const heic = heicFrom(await phoneJpeg());
    expect(heic.toString('latin1', 4, 12)).toBe('ftypheic');
    // sharp's own build cannot read it: this is the case the WASM decoder exists for.
    await expect(sharp(heic).raw().toBuffer()).rejects.toThrow();

    const { item, row } = await processUpload(t, 'IMG_0042.HEIC', heic, 'image/heic');
    expect(item).toMatchObject({
      mediaStatus: 'READY',
      // libheif's encoder stores the pixels as given and no irot transform; HEIF says the EXIF orientation tag is not
      // applied on top, so the picture stays 400×300 with the blue square top-left.
      width: 400,
      height: 300,
      takenDate: Date.UTC(2023, 7, 14, 15, 5, 9),
      placeholder: expect.any(String),
    });
    expect(row).toMatchObject({ camera: 'Apple iPhone 15 Pro', orientation: null });
    const thumb = await fetchImage(t, item.thumbnailUrl);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 333, 250]);
    expect(isBlue(await pixelAt(thumb.bytes, 0.05, 0.05))).toBe(true);
    expect(isRed(await pixelAt(thumb.bytes, 0.9, 0.9))).toBe(true);
    const preview = await fetchImage(t, item.previewUrl);
    expect([preview.width, preview.height]).toEqual([400, 300]);
  });

  it.skipIf(!hasHeifEnc)('a HEIC over the decoder’s pixel bound is refused before its pixels are decoded', async () => {
    const heic = heicFrom(await phoneJpeg());
    await expect(decodeHeif(heic, 100_000)).rejects.toThrow('Image is too large: 400 × 300 pixels is over the limit of 0.1 megapixels');
    expect((await decodeHeif(heic)).data.length).toBe(400 * 300 * 4);
  });

  it.skipIf(!hasHeifEnc)('a HEIC stored sideways with an irot transform is turned once, by the transform only', async () => {
    // 90° anticlockwise: the stored 400×300 becomes 300×400 and the top-left blue square lands bottom-left. Its EXIF
    // still says orientation 6 (90° clockwise); applying that too would turn it back the other way.
    const { item } = await processUpload(t, 'IMG_0043.HEIC', withIrot(heicFrom(await phoneJpeg()), 1), 'image/heic');
    expect(item).toMatchObject({ mediaStatus: 'READY', width: 300, height: 400, takenDate: Date.UTC(2023, 7, 14, 15, 5, 9) });
    const thumb = await fetchImage(t, item.thumbnailUrl);
    expect([thumb.width, thumb.height]).toEqual([250, 333]);
    expect(isBlue(await pixelAt(thumb.bytes, 0.05, 0.95))).toBe(true);
    expect(isRed(await pixelAt(thumb.bytes, 0.05, 0.05))).toBe(true);
    expect(isRed(await pixelAt(thumb.bytes, 0.95, 0.95))).toBe(true);
  });

  // Without ffmpeg a video is READY with no poster: media.no-tools.test.ts.
  it.skipIf(!hasFfmpeg).each(['mp4', 'mov', 'webm'] as const)('a %s video gets its duration, size and a poster', async (ext) => {
    const type = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' }[ext];
    const { item } = await processUpload(t, `clip.${ext}`, videoClip(ext), type);
    expect(item).toMatchObject({ mediaStatus: 'READY', width: 320, height: 240, placeholder: expect.any(String) });
    expect(Math.abs((item.durationMs as number) - 2000)).toBeLessThanOrEqual(300);
    const thumb = await fetchImage(t, item.thumbnailUrl);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 240]);
  });
});
