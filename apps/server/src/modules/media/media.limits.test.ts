import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { fetchImage, greyJpegFile, mediaJobsOf, mediaOf, processUpload, uploadAll } from './fixtures/media.fixtures.js';

let dir: string;
let huge: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-media-limits-'));
  huge = path.join(dir, 'huge.jpg');
  greyJpegFile(huge, 20_000, 20_000);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('memory', () => {
  it('a 20,000 × 20,000 JPEG renders in a small, bounded amount of memory', () => {
    // Held whole, even as one grey channel, the picture would be 381 MiB; shrink-on-load keeps it far below that.
    const probe = path.join(import.meta.dirname, '../../test/children/render-probe.child.ts');
    const res = spawnSync(process.execPath, ['--import', 'tsx', probe, huge], { encoding: 'utf8' });
    expect(res.stderr).toBe('');
    const out = JSON.parse(res.stdout) as { width: number; height: number; thumbBytes: number; peakRssMiB: number };
    expect(out).toMatchObject({ width: 20_000, height: 20_000 });
    expect(out.thumbBytes).toBeGreaterThan(0);
    expect(out.peakRssMiB).toBeLessThan(256);
  });
});

describe.each(DIALECTS)('media limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a 20,000 × 20,000 photo gets its size, thumbnail and preview', async () => {
    const { item } = await processUpload(t, 'scan.jpg', fs.readFileSync(huge), 'image/jpeg');
    expect(item).toMatchObject({ mediaStatus: 'READY', width: 20_000, height: 20_000, placeholder: expect.any(String) });
    const thumb = await fetchImage(t, item.thumbnailUrl);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 250, 250]);
    const preview = await fetchImage(t, item.previewUrl);
    expect([preview.width, preview.height]).toEqual([1440, 1440]);
  });

  it('a decompression bomb over the pixel bound is FAILED with the reason, without being decoded', async () => {
    const bomb = path.join(dir, 'bomb.jpg');
    greyJpegFile(bomb, 30_000, 30_000); // 3.5 MB on disk, 900 MP decoded
    const { item, row } = await processUpload(t, 'bomb.jpg', fs.readFileSync(bomb), 'image/jpeg');
    expect(item).toMatchObject({ mediaStatus: 'FAILED', thumbnailUrl: null, width: null });
    expect(row.media_error).toBe('Image is too large: 30000 × 30000 pixels is over the limit of 500 megapixels');
  });

  it('a corrupt photo among good ones fails alone, once, and the good ones are all processed', async () => {
    const user = await signUp(t);
    const good = (shade: number) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade, g: 100, b: 50 } } }).jpeg().toBuffer();
    const corrupt = Buffer.concat([(await good(10)).subarray(0, 600), Buffer.alloc(2000, 0x5a)]);
    const uploads = [await good(20), corrupt, await good(30), await good(40), await good(50)];
    const ids = await uploadAll(t, user.token, uploads.map((body, i) => [`p${i}.jpg`, body, 'image/jpeg']));
    const states = await Promise.all(ids.map(async (id) => (await mediaOf(t, user.token, id)).item.mediaStatus));
    expect(states).toEqual(['READY', 'FAILED', 'READY', 'READY', 'READY']);
    const jobs = await mediaJobsOf(t, ids);
    expect(jobs).toHaveLength(5);
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });
});
