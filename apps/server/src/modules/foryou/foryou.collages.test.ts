import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourDistance, hexToRgb, meanColour, type Rgb } from '../../infra/render/render.fixtures.js';
import { layoutCells } from '../../infra/render/index.js';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { filesApi, items as fileItems } from '../files/files.fixtures.js';
import { CITY, colourOf, foryouApi, TODAY } from './foryou.moments.fixtures.js';
import type { SaveResultDto } from './foryou.schemas.js';

describe.each(DIALECTS)('for you: collages (%s)', (dialect) => {
  let t: TestApp;
  let now = TODAY;
  let api: ReturnType<typeof foryouApi>;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => now });
    api = foryouApi(t);
  });
  afterAll(() => t.close());

  it("makes one collage per recent event from its live photos only, the cells showing the chosen photos; never twice, never another account's", async () => {
    now = TODAY;
    const me = await signUp(t);
    const other = await signUp(t);
    // An evening in Istanbul on 20 November: eight photos a minute apart, each its own colour.
    const colourOfFile = new Map<string, string>();
    const event: string[] = [];
    for (let i = 0; i < 8; i++) {
      const colour = colourOf(i);
      const id = await api.upload(me.token, `e${i}.jpg`, colour, `2026:11:20 18:0${i}:00`, CITY.istanbul);
      colourOfFile.set(id, colour);
      event.push(id);
    }
    // Two more of that evening go: one to the trash, one hidden.
    const trashed = await api.upload(me.token, 'trashed.jpg', colourOf(8), '2026:11:20 18:10:00', CITY.istanbul);
    const hidden = await api.upload(me.token, 'hidden.jpg', colourOf(9), '2026:11:20 18:11:00', CITY.istanbul);
    // Too few for an event (three photos of a morning), and an old event (more than 60 days ago).
    for (let i = 0; i < 3; i++) await api.upload(me.token, `m${i}.jpg`, colourOf(10 + i), `2026:11:22 08:0${i}:00`, CITY.istanbul);
    for (let i = 0; i < 4; i++) await api.upload(me.token, `old${i}.jpg`, colourOf(13 + i), `2026:05:02 12:0${i}:00`, CITY.istanbul);
    // The other account's photos of the same evening.
    const theirs: string[] = [];
    for (let i = 0; i < 4; i++) theirs.push(await api.upload(other.token, `t${i}.jpg`, colourOf(20 + i), `2026:11:20 18:0${i}:30`, CITY.istanbul));
    await api.runJobs();
    const files = filesApi(t, me.token);
    expect((await files.trash([trashed])).statusCode).toBe(200);
    expect((await files.hide([hidden])).statusCode).toBe(200);

    await api.generate(me.accountId);
    await api.runJobs();
    const offered = await api.list(me.token, '/api/foryou/collages/generated');
    expect(offered).toHaveLength(1);
    const collage = offered[0]!;
    expect(collage).toMatchObject({
      kind: 'COLLAGE',
      status: 'NEW',
      title: { key: 'collage', params: { date: '2026-11-20', place: 'Istanbul' } },
      photoCount: 8,
      savedFileUuid: null,
      media: { contentType: 'image/jpeg', width: 2048, height: 2048, durationMs: null },
    });
    expect(collage.title.params).not.toHaveProperty('endDate');

    const { item, fileList } = await api.detail(me.token, collage.id);
    expect(item.status).toBe('SEEN');
    expect(fileList.map((f) => f.uuid).sort()).toEqual([...event].sort());
    expect(item.coverPhoto!.uuid).toBe(fileList[0]!.uuid);
    // Made without the trashed and hidden photos (lists hide such photos anyway: look at what the item holds).
    const held = await t.database.db.selectFrom('foryou_item_photo').select('file_id').where('item_id', '=', collage.id).execute();
    expect(held.map((h) => h.file_id).sort()).toEqual([...event].sort());

    // The image behind the signed link: eight cells of the eight-photo mosaic, each the colour of one chosen photo.
    const media = await t.app.inject({ method: 'GET', url: item.media!.url });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    const image = media.rawPayload;
    expect(await sharp(image).metadata()).toMatchObject({ width: 2048, height: 2048, format: 'jpeg' });
    const cells = layoutCells('eight-mosaic', 2048, 2048, Math.round(2048 / 200));
    const sources: Array<[string, Rgb]> = fileList.map((f) => [f.uuid, hexToRgb(colourOfFile.get(f.uuid)!)]);
    const shown: string[] = [];
    for (const cell of cells) {
      const inner = { x: cell.x + cell.w / 4, y: cell.y + cell.h / 4, w: cell.w / 2, h: cell.h / 2 };
      const mean = await meanColour(image, { x: Math.round(inner.x), y: Math.round(inner.y), w: Math.round(inner.w), h: Math.round(inner.h) });
      const [uuid, rgb] = [...sources].sort((a, b) => colourDistance(mean, a[1]) - colourDistance(mean, b[1]))[0]!;
      expect(colourDistance(mean, rgb)).toBeLessThan(12);
      shown.push(uuid);
    }
    expect([...shown].sort()).toEqual([...event].sort());
    // The best photo (the cover) takes the first, largest cell.
    expect(shown[0]).toBe(item.coverPhoto!.uuid);

    // Running again makes nothing new; the other account has its own collage only.
    await api.generate(me.accountId);
    await api.runJobs();
    expect((await api.list(me.token, '/api/foryou/collages/generated')).map((c) => c.id)).toEqual([collage.id]);
    expect(await t.database.db.selectFrom('foryou_item').select('id').where('account_id', '=', me.accountId).where('kind', '=', 'COLLAGE').execute()).toHaveLength(1);
    await api.generate(other.accountId);
    await api.runJobs();
    const [their] = await api.list(other.token, '/api/foryou/collages/generated');
    expect((await api.detail(other.token, their!.id)).fileList.map((f) => f.uuid).sort()).toEqual([...theirs].sort());
    expectError(await api.call(other.token, 'GET', `/api/foryou/items/${collage.id}`), 404, 'NOT_FOUND');

    // Dismissed, it stays gone: its image too, and the next run does not make it again.
    expect((await api.call(me.token, 'DELETE', `/api/foryou/items/${collage.id}`)).statusCode).toBe(204);
    expect(await api.list(me.token, '/api/foryou/collages/generated')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: item.media!.url })).statusCode).toBe(404);
    await api.generate(me.accountId);
    await api.runJobs();
    expect(await api.list(me.token, '/api/foryou/collages/generated')).toEqual([]);
  });

  it('saving makes a real image file with a thumbnail, counted in the quota; over quota it answers 413 and leaves nothing', async () => {
    now = TODAY;
    const me = await signUp(t);
    for (let i = 0; i < 4; i++) await api.upload(me.token, `p${i}.jpg`, colourOf(30 + i), `2026:11:24 13:0${i}:00`);
    await api.runJobs();
    await api.generate(me.accountId);
    await api.runJobs();
    const [collage] = await api.list(me.token, '/api/foryou/collages/generated');
    expect(collage).toMatchObject({ photoCount: 4, title: { key: 'collage', params: { date: '2026-11-24' } }, media: { width: 2048, height: 2048 } });
    expect(collage!.title.params).not.toHaveProperty('place');
    const db = t.database.db;
    const files = filesApi(t, me.token);
    const fileCount = async () => Number((await db.selectFrom('file').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', me.accountId).executeTakeFirstOrThrow()).n);
    const usedBefore = await files.usage();
    const countBefore = await fileCount();

    // Room for less than the image: refused, nothing stored, nothing reserved, the item still offered.
    await db.updateTable('account').set({ quota_bytes: usedBefore + 1_000 }).where('id', '=', me.accountId).execute();
    expectError(await api.call(me.token, 'POST', `/api/foryou/items/${collage!.id}/save`, { name: 'Kolaj.jpg' }), 413, 'QUOTA_EXCEEDED');
    expect(await fileCount()).toBe(countBefore);
    expect(await files.usage()).toBe(usedBefore);
    expect(Number((await db.selectFrom('account').select('reserved_bytes').where('id', '=', me.accountId).executeTakeFirstOrThrow()).reserved_bytes)).toBe(0);
    expect((await api.list(me.token, '/api/foryou/collages/generated')).map((c) => c.id)).toEqual([collage!.id]);

    await db.updateTable('account').set({ quota_bytes: usedBefore + 100_000_000 }).where('id', '=', me.accountId).execute();
    const saved = await api.call(me.token, 'POST', `/api/foryou/items/${collage!.id}/save`, { name: 'Kolaj.jpg' });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<SaveResultDto>();
    expect(body).toMatchObject({ savedAlbumUuid: null, item: { status: 'SAVED' } });
    const fileId = body.savedFileUuid!;
    expect(await files.usage()).toBe(usedBefore + collage!.media!.bytes);
    // Saving again answers the same file.
    expect((await api.call(me.token, 'POST', `/api/foryou/items/${collage!.id}/save`, {})).json<SaveResultDto>().savedFileUuid).toBe(fileId);

    // A real image in the user's files: listed, processed like an upload (thumbnail, size).
    await api.runJobs();
    const listed = fileItems(await files.list()).find((f) => f.uuid === fileId);
    expect(listed).toMatchObject({ name: 'Kolaj.jpg', contentType: 'image/jpeg', thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//) });
    const row = await db.selectFrom('file').select(['media_status', 'thumb_key', 'width', 'height']).where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ media_status: 'READY', width: 2048, height: 2048 });
    expect(row.thumb_key).not.toBeNull();
    // Kept, it moves from the offered list to the kept one.
    expect(await api.list(me.token, '/api/foryou/collages/generated')).toEqual([]);
    expect((await api.list(me.token, '/api/foryou/collages')).map((c) => [c.id, c.savedFileUuid])).toEqual([[collage!.id, fileId]]);
  });
});
