import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { authed, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { uploadHeaders } from '../upload/upload.fixtures.js';
import { readAll } from './migration.fixtures.js';

// A Takeout archive over 2 GB, in the zip64 format: a 2.1 GB video of zeros stored uncompressed, then a photo and its
// sidecar that sit past the 2^31 byte offset, so every byte of the path (upload of the archive, the ranged reads of
// its directory and entries, the video's own upload) goes through offsets and sizes a 32-bit integer cannot hold.
// Generated as a stream, never held in memory; its blobs live in the test app's temporary data dir, removed on close
// (about 6 GB at the peak: the archive, the video, and the media job's temporary copy of it).
// SQLite only: the database sees a dozen rows, and running 4 GB of disk writes twice would prove nothing more.

const BIG = 2 * 1024 ** 3 + 100 * 1024 ** 2;
const CHUNK = Buffer.alloc(1024 ** 2);
const DIR = 'Takeout/Google Photos/Photos from 2021';

/** `size` zero bytes as a stream of 1 MiB chunks (the same zero buffer each time: nothing is allocated per chunk). */
function zeros(size: number): Readable {
  let left = size;
  return new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const n = Math.min(left, CHUNK.length);
      left -= n;
      this.push(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n));
    },
  });
}

// The SHA-256 of BIG zero bytes, from outside this code: `head -c 2252341248 /dev/zero | sha256sum`. (Hashing 2.1 GB here
// again cost a CPU-second a run, issue 28.)
const SHA256_OF_BIG_ZEROS = '988f3dc430b740ea29c7780ed566cdda001a299585e7f410c3956a40e368c38f';

// yazl computes each entry's CRC-32 with buffer-crc32, in JavaScript: for the 2.1 GB entry 4.3 CPU-s of this test's 27
// (issue 28). Node's zlib.crc32 computes the same checksum natively, a fifteenth of that; yazl looks the function up at
// each call, so it is swapped in for this file and put back after. (The archive's checksums are the same either way.)
const bufferCrc32 = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as { unsigned: (buf: Buffer, previous?: number) => number };
const jsCrc32 = bufferCrc32.unsigned;

describe('a Takeout archive over 2 GB (zip64, sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    bufferCrc32.unsigned = (buf, previous) => zlib.crc32(buf, previous ?? 0);
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    bufferCrc32.unsigned = jsCrc32;
    await t?.close();
  });

  it('is uploaded and imported as a stream: the 2.1 GB video byte-exact, the photo past 2 GB with its sidecar', { timeout: 600_000 }, async () => {
    const me = await signUp(t);
    await t.database.db.updateTable('account').set({ quota_bytes: 10 * 1024 ** 3 }).where('id', '=', me.accountId).execute();
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();
    const takenAt = Date.UTC(2021, 8, 9, 8, 7);
    const sidecar = Buffer.from(JSON.stringify({ title: 'IMG_after.jpg', photoTakenTime: { timestamp: String(takenAt / 1000) }, geoData: { latitude: 36.8969, longitude: 30.7133 } }));

    const zip = new ZipFile();
    zip.addReadStream(zeros(BIG), `${DIR}/VID_20210909_big.mp4`, { compress: false, size: BIG, forceZip64Format: true });
    zip.addBuffer(photo, `${DIR}/IMG_after.jpg`, { compress: false, forceZip64Format: true });
    zip.addBuffer(sidecar, `${DIR}/IMG_after.jpg.json`, { compress: false, forceZip64Format: true });
    // yazl hands the callback the archive's final size (known: every entry is stored with its size); its types omit it.
    const size = await new Promise<number>((resolve) => zip.end({ forceZip64Format: true, comment: '' }, (...args: unknown[]) => resolve(args[0] as number)));
    expect(size).toBeGreaterThan(2 ** 31);

    const archiveId = randomUUID();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/upload/${archiveId}`,
      headers: { ...uploadHeaders(me.token, 'takeout-20210909T000000Z-001.zip', Buffer.alloc(0)), 'content-length': String(size) },
      payload: zip.outputStream as Readable,
    });
    expect(put.statusCode, put.body).toBe(201);

    const start = await t.app.inject({ method: 'POST', url: '/api/migration/takeout/start', headers: authed(me.token), payload: { uuid: archiveId } });
    expect(start.statusCode, start.body).toBe(200);
    let status: { status: string } | null = null;
    for (let i = 0; i < 100 && status?.status !== 'DONE' && status?.status !== 'FAILED'; i++) {
      await t.app.jobs.runDue();
      status = (await t.app.inject({ method: 'GET', url: '/api/migration/takeout/status', headers: authed(me.token) })).json().import;
    }
    expect(status).toMatchObject({ status: 'DONE', mediaTotal: 2, imported: 2, failed: 0 });

    const db = t.database.db;
    const rows = await db.selectFrom('file').selectAll().where('account_id', '=', me.accountId).where('is_folder', '=', 0).where('name', 'in', ['VID_20210909_big.mp4', 'IMG_after.jpg']).execute();
    const video = rows.find((r) => r.name === 'VID_20210909_big.mp4')!;
    const after = rows.find((r) => r.name === 'IMG_after.jpg')!;
    expect(Number(video.bytes)).toBe(BIG);
    const hash = createHash('sha256');
    for await (const chunk of (await t.app.blobs.get(video.blob_key!)).stream) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(SHA256_OF_BIG_ZEROS);
    expect((await readAll((await t.app.blobs.get(after.blob_key!)).stream)).equals(photo)).toBe(true);
    expect(Number(after.taken_at)).toBe(takenAt);
    expect({ lat: Number(after.latitude), lng: Number(after.longitude) }).toEqual({ lat: 36.8969, lng: 30.7133 });
  });
});
