import { Blob } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureDate } from './capture-date';

// Node's Blob: jsdom's has no arrayBuffer(), which every browser has. The e2e photos are real files (e2e/fixtures/make-photos.mjs):
// JPEGs written by sharp and a HEIC by heif-enc from such a JPEG, with EXIF DateTimeOriginal and OffsetTimeOriginal.
const bytesOf = (name: string) => fs.readFileSync(path.resolve(__dirname, '../../../../../e2e/fixtures', name));
const fixture = (name: string) => new Blob([bytesOf(name)]);

/** A file that records which byte ranges were read. */
function recording(bytes: Uint8Array) {
  const blob = new Blob([bytes]);
  const reads: [number, number][] = [];
  return {
    reads,
    file: {
      size: blob.size,
      slice(start: number, end: number) {
        reads.push([start, Math.min(end, blob.size)]);
        return blob.slice(start, end);
      },
    },
  };
}

describe('captureDate', () => {
  it("reads a JPEG's EXIF capture date with its offset", async () => {
    expect(await captureDate(fixture('forest-2021-07-14.jpg'))).toMatch(/^2021-07-14T\d{2}:\d{2}:\d{2}\+03:00$/);
    expect(await captureDate(fixture('snow-2023-12-25.jpg'))).toMatch(/^2023-12-25T/);
  });

  it("reads a HEIC's capture date from its Exif item, reading the start and the EXIF block only", async () => {
    const heic = bytesOf('harbor-2019-06-01.heic');
    const { file, reads } = recording(heic);
    expect(await captureDate(file)).toBe('2019-06-01T23:30:00+03:00');
    // heif-enc stores the item after the picture: a second, small read near the end instead of the whole file.
    const exifAt = heic.indexOf('2019:06:01');
    expect(reads.length).toBe(2);
    expect(reads[1]![0]).toBeGreaterThan(64 * 1024);
    expect(reads[1]![0]).toBeLessThan(exifAt);
    expect(reads[1]![1]).toBeGreaterThan(exifAt);
    const total = reads.reduce((sum, [start, end]) => sum + end - start, 0);
    expect(total).toBeLessThan(64 * 1024 + 1024);
    expect(total).toBeLessThan(heic.length);
  });

  it('answers null for a HEIC without an Exif item and for a truncated HEIC', async () => {
    const heic = bytesOf('harbor-2019-06-01.heic');
    const renamed = Buffer.from(heic);
    // The item's type in iinf, "Exif", becomes another type: no EXIF to find.
    const typeAt = renamed.indexOf('Exif');
    expect(typeAt).toBeGreaterThan(0);
    expect(typeAt).toBeLessThan(1024);
    renamed.write('Exiv', typeAt, 'latin1');
    expect(await captureDate(new Blob([renamed]))).toBeNull();
    expect(await captureDate(new Blob([heic.subarray(0, 2000)]))).toBeNull();
    expect(await captureDate(new Blob([heic.subarray(0, 100)]))).toBeNull();
  });

  it('answers null for files without EXIF, non-JPEGs and truncated files', async () => {
    const jpeg = fs.readFileSync(path.resolve(__dirname, '../../../../../e2e/fixtures/forest-2021-07-14.jpg'));
    expect(await captureDate(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])]))).toBeNull();
    expect(await captureDate(new Blob(['plain text, not a photo']))).toBeNull();
    expect(await captureDate(new Blob([jpeg.subarray(0, 40)]))).toBeNull();
    expect(await captureDate(new Blob([]))).toBeNull();
  });
});
