import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { UrlSigner } from '../../infra/signing/url-signer.js';
import { linkApi } from '../public-links/public-links.fixtures.js';
import { blobsOf, uploadApi } from '../upload/upload.fixtures.js';
import { fetchImage, hasCommand, mediaOf, phoneJpeg, pixelAt, processUpload, videoClip } from './fixtures/media.fixtures.js';
import { SMALL_THUMBS_SCHEDULE, smallThumbKey } from './media.facts.js';
import { MediaService } from './media.service.js';

// Issue 36: list rows and icons get a 128 px square WebP instead of the ~250 px thumbnail.
describe.each(DIALECTS)('small thumbnails (%s)', (dialect) => {
  let t: TestApp;
  let media: MediaService;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const signer = new UrlSigner(t.database.db);
    await signer.load();
    // The service as the media module builds it, to drive the backfill one batch at a time.
    media = new MediaService({ db: t.database.db, blobs: t.app.blobs, signer, logger: t.app.log });
  });
  afterAll(() => t.close());

  const runJobs = async () => {
    for (let i = 0; i < 200 && (await t.app.jobs.runDue()) > 0; i++);
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const exists = async (key: string) => (await t.app.blobs.stat(key)) !== null;
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .png()
      .toBuffer();
  /** As if processed before issue 36: no small thumbnail, in the row or the store. */
  const forgetSmall = async (id: string, accountId: string) => {
    await t.database.db.updateTable('file').set({ small_thumb_key: null }).where('id', '=', id).execute();
    await t.app.blobs.delete(smallThumbKey(accountId, id));
  };

  it('a new photo gets a 128 px square WebP beside its thumbnail, signed like it and listed with it', async () => {
    const { item, row, accountId, token } = await processUpload(t, 'wide.png', await png(800, 500), 'image/png');
    expect(row.small_thumb_key).toBe(smallThumbKey(accountId, row.id));
    expect(item.smallThumbnailUrl).toMatch(/^\/api\/media\/thumb\/[\w-]+\.[\w-]+$/);
    expect(item.smallThumbnailUrl).not.toBe(item.thumbnailUrl);
    const small = await fetchImage(t, item.smallThumbnailUrl);
    const thumb = await fetchImage(t, item.thumbnailUrl);
    expect([small.format, small.width, small.height]).toEqual(['webp', 128, 128]);
    expect([thumb.width, thumb.height]).toEqual([400, 250]);
    expect(small.bytes.length).toBeLessThan(thumb.bytes.length);

    // Sideways camera photo: the small square is cut from the upright picture too.
    const sideways = await processUpload(t, 'IMG_0002.jpg', await phoneJpeg(), 'image/jpeg');
    expect(sideways.item.height as number).toBeGreaterThan(sideways.item.width as number);
    const upright = await fetchImage(t, sideways.item.smallThumbnailUrl);
    expect(upright).toMatchObject({ format: 'webp', width: 128, height: 128 });
    // The stored top-left blue square is at the top right once turned upright; the rest is red.
    const [r, , b] = await pixelAt(upright.bytes, 0.95, 0.05);
    expect(b).toBeGreaterThan(r);
    const [r2, , b2] = await pixelAt(upright.bytes, 0.05, 0.05);
    expect(r2).toBeGreaterThan(b2);

    // Like the thumbnail's, the live link stops at the trash and the trash listing signs its own.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: authed(token), payload: [row.id] })).statusCode).toBe(200);
    expect((await get(item.smallThumbnailUrl as string)).statusCode).toBe(404);
    const [trashed] = (await t.app.inject({ method: 'GET', url: '/api/filesystem/trash', headers: authed(token) })).json().fileList;
    expect(await fetchImage(t, trashed.smallThumbnailUrl)).toMatchObject({ width: 128, height: 128 });
  });

  it.skipIf(!hasCommand('ffmpeg'))('a video gets one from its poster frame', async () => {
    const { item } = await processUpload(t, 'clip.mp4', videoClip('mp4'), 'video/mp4');
    expect(await fetchImage(t, item.smallThumbnailUrl)).toMatchObject({ format: 'webp', width: 128, height: 128 });
  });

  it('the backfill schedule gives photos processed without one their small thumbnail, in batches, and is idempotent', async () => {
    const user = await signUp(t);
    const up = uploadApi(t, user.token);
    const ids: string[] = [];
    for (const [name, w, h] of [['a.png', 600, 400], ['b.png', 300, 900], ['c.png', 500, 500]] as const) {
      const res = await up.whole(name, await png(w, h), { contentType: 'image/png' });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().uuid as string);
    }
    await runJobs();
    for (const id of ids) await forgetSmall(id, user.accountId);
    expect((await mediaOf(t, user.token, ids[0]!)).item).toMatchObject({ smallThumbnailUrl: null, thumbnailUrl: expect.any(String) });

    // One batch at a time, each row once.
    expect(await media.backfillSmallThumbs(2)).toBe(2);
    expect(await media.backfillSmallThumbs(2)).toBe(1);
    expect(await media.backfillSmallThumbs(2)).toBe(0);
    for (const id of ids) {
      const { item, row } = await mediaOf(t, user.token, id);
      expect(row.small_thumb_key).toBe(smallThumbKey(user.accountId, id));
      expect(await fetchImage(t, item.smallThumbnailUrl)).toMatchObject({ format: 'webp', width: 128, height: 128 });
    }

    // A run that stopped between writing the picture and recording it: the next run writes the same key again.
    const first = (await t.app.blobs.stat(smallThumbKey(user.accountId, ids[0]!)))!;
    await t.database.db.updateTable('file').set({ small_thumb_key: null }).where('id', '=', ids[0]!).execute();
    expect(await media.backfillSmallThumbs()).toBe(1);
    expect(await media.backfillSmallThumbs()).toBe(0);
    expect((await t.app.blobs.stat(smallThumbKey(user.accountId, ids[0]!)))!.size).toBe(first.size);

    // Through the durable queue: the schedule's occurrence is a job; when due it does the work and books the next.
    await forgetSmall(ids[1]!, user.accountId);
    await t.database.db.updateTable('job').set({ run_at: 0 }).where('type', '=', SMALL_THUMBS_SCHEDULE).where('status', '=', 'queued').execute();
    await runJobs();
    expect((await mediaOf(t, user.token, ids[1]!)).row.small_thumb_key).toBe(smallThumbKey(user.accountId, ids[1]!));
    expect(await exists(smallThumbKey(user.accountId, ids[1]!))).toBe(true);
    const next = await t.database.db.selectFrom('job').select('run_at').where('type', '=', SMALL_THUMBS_SCHEDULE).where('status', '=', 'queued').execute();
    expect(next).toHaveLength(1);
    expect(Number(next[0]!.run_at)).toBeGreaterThan(Date.now());

    // A thumbnail lost from the store: the row falls back to it (so it is not picked forever) and the run goes on.
    const { row: lost } = await mediaOf(t, user.token, ids[2]!);
    await forgetSmall(lost.id, user.accountId);
    await t.app.blobs.delete(lost.thumb_key!);
    expect(await media.backfillSmallThumbs()).toBe(1);
    expect(await media.backfillSmallThumbs()).toBe(0);
    expect((await mediaOf(t, user.token, lost.id)).row.small_thumb_key).toBe(lost.thumb_key);
  });

  it('deleting forever purges the small thumbnail, once no copy names it', async () => {
    const { row, token, accountId } = await processUpload(t, 'gone.png', await png(640, 480), 'image/png');
    const small = row.small_thumb_key!;
    expect(await exists(small)).toBe(true);
    // A copy saved from a link shares the original's blobs, the small thumbnail too.
    const other = await signUp(t);
    const link = await linkApi(t).owner(token).link({ fileUuidList: [row.id], isAlbum: false });
    expect((await linkApi(t).visitor(link.token, { session: other.token }).save()).statusCode).toBe(200);
    const copy = await t.database.db.selectFrom('file').selectAll().where('account_id', '=', other.accountId).executeTakeFirstOrThrow();
    expect(copy.small_thumb_key).toBe(small);

    const deleteForever = async (owner: string, id: string) => {
      const h = authed(owner);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: h, payload: [id] })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash/forever', headers: h, payload: [id] })).statusCode).toBe(200);
      await runJobs();
    };
    await deleteForever(token, row.id);
    expect(await exists(small)).toBe(true);
    await deleteForever(other.token, copy.id);
    expect(await exists(small)).toBe(false);
    expect(await exists(row.thumb_key!)).toBe(false);
    expect(blobsOf(t, accountId)).toEqual([]);
  });

  it('account deletion removes the small thumbnail, and moves it under a copy that still uses it', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const res = await uploadApi(t, a.token).whole('kept.png', await png(700, 300), { contentType: 'image/png' });
    await runJobs();
    const id = res.json().uuid as string;
    const link = await linkApi(t).owner(a.token).link({ fileUuidList: [id], isAlbum: false });
    expect((await linkApi(t).visitor(link.token, { session: b.token }).save()).statusCode).toBe(200);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      headers: authed(a.token),
      payload: { password: a.user.password, confirmation: 'DELETE' },
    });
    expect(gone.statusCode).toBe(202);
    await runJobs();
    expect(blobsOf(t, a.accountId)).toEqual([]);
    const copy = await t.database.db.selectFrom('file').selectAll().where('account_id', '=', b.accountId).executeTakeFirstOrThrow();
    expect(copy.small_thumb_key).toMatch(new RegExp(`^users/${b.accountId}/`));
    const { item } = await mediaOf(t, b.token, copy.id);
    expect(await fetchImage(t, item.smallThumbnailUrl)).toMatchObject({ width: 128, height: 128 });
  });
});
