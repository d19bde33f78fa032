import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { account, downloadUrls, sha256, uploadApi } from '../upload/upload.fixtures.js';
import { processUpload } from './fixtures/media.fixtures.js';

/** A 400×300 JPEG stored sideways (orientation 6), taken 2024-05-01 10:20:30 +03:00 in Istanbul with a Canon. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'Canon EOS R5' },
      IFD2: { DateTimeOriginal: '2024:05:01 10:20:30', OffsetTimeOriginal: '+03:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 1/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 58/1 0/1' },
    })
    .toBuffer();
}

describe.each(DIALECTS)('media (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const uploaded = (name: string, body: Buffer, contentType: string) => processUpload(t, name, body, contentType);
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const jobOf = (fileId: string) =>
    t.database.db.selectFrom('job').select(['status', 'attempts']).where('type', '=', 'media.process').where('payload', 'like', `%${fileId}%`).executeTakeFirstOrThrow();

  it('the test image carries the EXIF it was made with', async () => {
    const exif = await exifr.parse(await cameraJpeg(), { reviveValues: false, translateValues: false });
    expect(exif).toMatchObject({ Make: 'Canon', Orientation: 6, DateTimeOriginal: '2024:05:01 10:20:30', OffsetTimeOriginal: '+03:00' });
    expect(exif.latitude).toBeCloseTo(41.025, 4);
  });

  it('a camera JPEG gets facts, a placeholder and a signed WebP thumbnail and preview', async () => {
    const { item, token } = await uploaded('IMG_0001.jpg', await cameraJpeg(), 'image/jpeg');
    expect(item).toMatchObject({
      mediaStatus: 'READY',
      width: 300,
      height: 400,
      takenDate: Date.UTC(2024, 4, 1, 7, 20, 30),
      durationMs: null,
      placeholder: expect.any(String),
      thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\/[\w-]+\.[\w-]+$/),
      previewUrl: expect.stringMatching(/^\/api\/media\/preview\/[\w-]+\.[\w-]+$/),
    });
    expect(item.latitude).toBeCloseTo(41.025, 4);
    expect(item.longitude).toBeCloseTo(28.9667, 3);
    expect(Buffer.from(item.placeholder as string, 'base64').length).toBeGreaterThan(5);

    const thumb = await get(item.thumbnailUrl as string);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    const tm = await sharp(thumb.rawPayload).metadata();
    expect(tm.format).toBe('webp');
    expect(Math.min(tm.width!, tm.height!)).toBe(250);
    expect(tm.height! > tm.width!).toBe(true); // upright, not sideways
    const pm = await sharp((await get(item.previewUrl as string)).rawPayload).metadata();
    expect([pm.format, pm.width, pm.height]).toEqual(['webp', 300, 400]);

    // The same listing again signs the same URLs (browser-cacheable).
    const again = await t.app.inject({ method: 'GET', url: '/api/filesystem', headers: authed(token) });
    expect(again.json().fileList[0].thumbnailUrl).toBe(item.thumbnailUrl);

    // Tampered tokens, a thumb token used for a preview, and unsigned paths are all 404.
    const url = item.thumbnailUrl as string;
    const [body, sig] = url.slice('/api/media/thumb/'.length).split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const other = await signUp(t);
    const forged = Buffer.from(JSON.stringify({ ...claims, a: other.accountId })).toString('base64url');
    expect((await get(`/api/media/thumb/${forged}.${sig}`)).statusCode).toBe(404);
    expect((await get(`/api/media/thumb/${body}.${sig.slice(0, -2)}AA`)).statusCode).toBe(404);
    expect((await get(`/api/media/preview/${body}.${sig}`)).statusCode).toBe(404);
    expect((await get(`/api/download/${body}.${sig}`)).statusCode).toBe(404);

    // A trashed file's live thumbnail link is gone too; the trash listing hands out links of its own, which stop
    // working once the file is recovered.
    const trash = await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: authed(token), payload: [item.uuid] });
    expect(trash.statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    const [trashed] = (await t.app.inject({ method: 'GET', url: '/api/filesystem/trash', headers: authed(token) })).json().fileList;
    expect(trashed.uuid).toBe(item.uuid);
    expect((await get(trashed.thumbnailUrl)).statusCode).toBe(200);
    expect((await get(trashed.previewUrl)).statusCode).toBe(200);
    const recover = await t.app.inject({ method: 'POST', url: '/api/filesystem/recover', headers: authed(token), payload: [item.uuid] });
    expect(recover.statusCode).toBe(200);
    expect((await get(trashed.thumbnailUrl)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(200);
  });

  it('a truncated JPEG ends FAILED with a reason, is not retried, and stays downloadable', async () => {
    const whole = await cameraJpeg();
    const broken = whole.subarray(0, Math.floor(whole.length / 2));
    const { item, token, accountId } = await uploaded('broken.jpg', broken, 'image/jpeg');
    expect(item).toMatchObject({ mediaStatus: 'FAILED', thumbnailUrl: null, previewUrl: null, placeholder: null });
    const row = await t.database.db.selectFrom('file').select('media_error').where('id', '=', item.uuid as string).executeTakeFirstOrThrow();
    expect(row.media_error).toMatch(/decode/i);
    expect(await jobOf(item.uuid as string)).toEqual({ status: 'done', attempts: 1 });
    const [link] = await downloadUrls(t, token, (await account(t, accountId)).project_id, [item.uuid as string]);
    const res = await get(link!.url);
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(sha256(broken));
  });

  it('a PNG works; a non-media file is left alone', async () => {
    const png = await sharp({ create: { width: 800, height: 500, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const { item, token } = await uploaded('shot.png', png, 'image/png');
    expect(item).toMatchObject({ mediaStatus: 'READY', width: 800, height: 500, placeholder: expect.any(String) });
    expect(item.takenDate).toBe(item.createdDate);
    const tm = await sharp((await get(item.thumbnailUrl as string)).rawPayload).metadata();
    expect([tm.format, tm.width, tm.height]).toEqual(['webp', 400, 250]);

    const doc = await uploadApi(t, token).whole('notes.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    expect(doc.json()).toMatchObject({ mediaStatus: null, thumbnailUrl: null, width: null });
  });

  it('an image uploaded in pieces is processed too', async () => {
    const user = await signUp(t);
    const jpeg = await cameraJpeg();
    const api = uploadApi(t, user.token);
    const uuid = randomUUID();
    const half = Math.floor(jpeg.length / 2);
    expect((await api.piece(uuid, 'pieces.jpg', jpeg.subarray(0, half), 0, jpeg.length, { contentType: 'image/jpeg' })).statusCode).toBe(202);
    const last = await api.piece(uuid, 'pieces.jpg', jpeg.subarray(half), half, jpeg.length, { contentType: 'image/jpeg' });
    expect(last.json().mediaStatus).toBe('PENDING');
    await t.app.jobs.runDue();
    const row = await t.database.db.selectFrom('file').selectAll().where('id', '=', uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ media_status: 'READY', width: 300, height: 400, orientation: 6, camera: 'Canon EOS R5' });
  });
});
