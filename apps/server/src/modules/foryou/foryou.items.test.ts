import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOURS } from '../../infra/render/render.fixtures.js';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { filesApi } from '../files/files.fixtures.js';
import type { FileItemDto } from '../files/files.public.js';
import { uploadJpeg } from '../places/places.discover.fixtures.js';
import { blobKeys, foryouApi, generate, photoAt, readBlob, TODAY } from './foryou.fixtures.js';
import type { ForyouItemDto, SaveResultDto } from './foryou.schemas.js';

/**
 * The flows every kind of item shares (list, open, keep, dismiss, signed result links), on generated animations: a
 * real item with a rendered result, made by the generation job from real photos.
 */
describe.each(DIALECTS)('for you: items (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => TODAY });
  });
  afterAll(() => t.close());

  /** An account with two bursts, so two offered animations (newest first). */
  async function withAnimations() {
    const me = await signUp(t);
    for (const [minute, colour] of [
      ['10', COLOURS.red!],
      ['11', COLOURS.blue!],
    ] as const) {
      for (let s = 0; s < 3; s++) await uploadJpeg(t, me.token, `${minute}-${s}.jpg`, await photoAt(colour, `2024:06:01 10:${minute}:0${s}`));
    }
    await generate(t, me.accountId);
    const api = foryouApi(t, me.token);
    const items = await api.list('/api/foryou/animations/generated');
    expect(items).toHaveLength(2);
    return { me, api, items };
  }

  const save = (api: ReturnType<typeof foryouApi>, id: string, body: object = {}) => api.call('POST', `/api/foryou/items/${id}/save`, body);
  const fileRow = (id: string) => t.database.db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirst();

  it('lists offered and kept items; opening marks seen; keeping makes a real file once, counted in the quota', async () => {
    const { me, api, items } = await withAnimations();
    const [item] = items as [ForyouItemDto, ForyouItemDto];
    expect(await api.list('/api/foryou/animations')).toEqual([]);
    expect(item.status).toBe('NEW');

    const opened = await api.detail(item.id);
    expect(opened.item.status).toBe('SEEN');
    expect(opened.fileList).toHaveLength(3);
    expect((await api.list('/api/foryou/animations/generated')).find((i) => i.id === item.id)!.status).toBe('SEEN');

    // The signed link serves the result to anyone holding it (an <img>), with its type; a changed token is unknown.
    const media = await api.media(item.media!.url);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    const bytes = media.rawPayload;
    expect(bytes.length).toBe(item.media!.bytes);
    const url = item.media!.url;
    const tampered = url.slice(0, -3) + (url.endsWith('AAA') ? 'BBB' : 'AAA');
    expectError(await api.media(tampered), 404);
    expectError(await api.media('/api/foryou/media/not-a-token'), 404);

    const files = filesApi(t, me.token);
    const usedBefore = await files.usage();
    const res = await save(api, item.id, { name: 'Our burst.webp' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<SaveResultDto>();
    expect(saved.item).toMatchObject({ id: item.id, status: 'SAVED', savedFileUuid: saved.savedFileUuid });
    const fileId = saved.savedFileUuid!;
    // A real file: in the listing, with the result's bytes, and its size on the quota.
    const listed = (await files.list()).json<{ fileList: FileItemDto[] }>().fileList;
    expect(listed.find((f) => f.uuid === fileId)).toMatchObject({ name: 'Our burst.webp' });
    const row = (await fileRow(fileId))!;
    expect(row).toMatchObject({ status: 'ACTIVE', content_type: 'image/webp', account_id: me.accountId });
    expect(readBlob(t, row.blob_key!).equals(bytes)).toBe(true);
    expect(await files.usage()).toBe(usedBefore + bytes.length);

    // Kept: on the kept shelf, off the offered one; saving again answers the same file and makes no other.
    expect((await api.list('/api/foryou/animations')).map((i) => i.id)).toEqual([item.id]);
    expect((await api.list('/api/foryou/animations/generated')).map((i) => i.id)).not.toContain(item.id);
    const again = await save(api, item.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<SaveResultDto>().savedFileUuid).toBe(fileId);
    expect(await files.usage()).toBe(usedBefore + bytes.length);
    const webps = await t.database.db.selectFrom('file').select('id').where('account_id', '=', me.accountId).where('content_type', '=', 'image/webp').execute();
    expect(webps).toEqual([{ id: fileId }]);
  });

  it('refuses to keep an item past the storage quota and leaves nothing behind', async () => {
    const { me, api, items } = await withAnimations();
    const db = t.database.db;
    const account = await db.selectFrom('account').select(['used_bytes', 'reserved_bytes']).where('id', '=', me.accountId).executeTakeFirstOrThrow();
    // Room for a few bytes, not for the animation.
    await db.updateTable('account').set({ quota_bytes: Number(account.used_bytes) + 10 }).where('id', '=', me.accountId).execute();
    const files = filesApi(t, me.token);
    const usedBefore = await files.usage();
    const blobsBefore = blobKeys(t);
    const countFiles = async () => (await db.selectFrom('file').select('id').where('account_id', '=', me.accountId).execute()).length;
    const filesBefore = await countFiles();

    expectError(await save(api, items[0]!.id), 413, 'QUOTA_EXCEEDED');
    expect(await countFiles()).toBe(filesBefore);
    expect(blobKeys(t)).toEqual(blobsBefore);
    expect(await files.usage()).toBe(usedBefore);
    const after = await db.selectFrom('account').select(['used_bytes', 'reserved_bytes']).where('id', '=', me.accountId).executeTakeFirstOrThrow();
    expect([Number(after.used_bytes), Number(after.reserved_bytes)]).toEqual([Number(account.used_bytes), Number(account.reserved_bytes)]);
    // Still offered, not kept.
    expect((await api.list('/api/foryou/animations/generated')).find((i) => i.id === items[0]!.id)!.status).toBe('NEW');
  });

  it('dismissing takes the item off every list and its link, and generation does not make it again', async () => {
    const { me, api, items } = await withAnimations();
    const [first, second] = items as [ForyouItemDto, ForyouItemDto];
    const del = await api.call('DELETE', `/api/foryou/items/${first.id}`);
    expect(del.statusCode).toBe(204);
    expect((await api.list('/api/foryou/animations/generated')).map((i) => i.id)).toEqual([second.id]);
    expect(await api.list('/api/foryou/animations')).toEqual([]);
    expectError(await api.media(first.media!.url), 404);
    expectError(await api.call('GET', `/api/foryou/items/${first.id}`), 404, 'NOT_FOUND');
    expectError(await save(api, first.id), 404, 'NOT_FOUND');
    expectError(await api.call('DELETE', `/api/foryou/items/${first.id}`), 404, 'NOT_FOUND');

    await generate(t, me.accountId);
    expect((await api.list('/api/foryou/animations/generated')).map((i) => i.id)).toEqual([second.id]);
    const rows = await t.database.db.selectFrom('foryou_item').select(['id', 'status']).where('account_id', '=', me.accountId).where('kind', '=', 'ANIMATION').execute();
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: first.id, status: 'DISMISSED' },
        { id: second.id, status: 'NEW' },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("answers 404 on every route for another account's item, and changes nothing", async () => {
    const { api, items } = await withAnimations();
    const stranger = await signUp(t);
    const theirs = foryouApi(t, stranger.token);
    const id = items[0]!.id;
    expectError(await theirs.call('GET', `/api/foryou/items/${id}`), 404, 'NOT_FOUND');
    expectError(await theirs.call('POST', `/api/foryou/items/${id}/save`, {}), 404, 'NOT_FOUND');
    expectError(await theirs.call('DELETE', `/api/foryou/items/${id}`), 404, 'NOT_FOUND');
    expectError(await theirs.call('GET', `/api/foryou/timeline/${id}`), 404, 'NOT_FOUND');
    expectError(await theirs.call('DELETE', `/api/assistant/v1/${id}`), 404, 'NOT_FOUND');
    expect(await theirs.list('/api/foryou/animations/generated')).toEqual([]);
    // The owner's item is as it was.
    expect((await api.list('/api/foryou/animations/generated')).find((i) => i.id === id)!.status).toBe('NEW');
  });
});
