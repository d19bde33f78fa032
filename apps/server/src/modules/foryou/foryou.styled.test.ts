import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOURS, meanSaturation } from '../../infra/render/render.fixtures.js';
import { DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { PREMIUM_AUTHORITY } from '../account/account.plan.public.js';
import { filesApi } from '../files/files.fixtures.js';
import { uploadJpeg } from '../places/places.discover.fixtures.js';
import { uploadApi } from '../upload/upload.fixtures.js';
import { blobKeys, foryouApi, generate, photoAt, runJobs, TODAY } from './foryou.fixtures.js';
import type { StyledResultDto } from './foryou.styled.schemas.js';
import { STYLED_MONTHLY_LIMIT, STYLED_MONTHLY_LIMIT_PREMIUM, STYLED_OFFERS_PER_DAY } from './foryou.styled.js';

/** The first instant of December 2026 (UTC): when November's quota starts again. */
const RESET = Date.UTC(2026, 11, 1);

describe.each(DIALECTS)('for you: styled photos (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => TODAY });
  });
  afterAll(() => t.close());

  /** An account with photos taken long ago (so the generator offers none of them). */
  async function withPhotos(n: number) {
    const me = await signUp(t);
    const photos: string[] = [];
    for (let i = 0; i < n; i++) photos.push(await uploadJpeg(t, me.token, `p${i}.jpg`, await photoAt(COLOURS.red!, `2020:03:0${i + 1} 10:00:00`)));
    await runJobs(t);
    return { me, photos, api: foryouApi(t, me.token) };
  }
  const put = (api: ReturnType<typeof foryouApi>, photo: string, style: string) => api.call('PUT', `/api/assistant/v1/${photo}`, { style });
  const quota = async (api: ReturnType<typeof foryouApi>) => {
    const res = await api.call('GET', '/api/v1/ai/photo/quota');
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const styledRows = (accountId: string) =>
    t.database.db.selectFrom('foryou_item').select(['id', 'key', 'status']).where('account_id', '=', accountId).where('kind', '=', 'STYLED').execute();

  it('makes a styled version of a photo on request and counts it; the month limit is enforced with nothing made', async () => {
    const { me, photos, api } = await withPhotos(2);
    expect(await quota(api)).toEqual({ limit: STYLED_MONTHLY_LIMIT, used: 0, remaining: STYLED_MONTHLY_LIMIT, resetDate: RESET });

    const res = await put(api, photos[0]!, 'bw');
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json<StyledResultDto>();
    expect(made.quota).toEqual({ limit: STYLED_MONTHLY_LIMIT, used: 1, remaining: STYLED_MONTHLY_LIMIT - 1, resetDate: RESET });
    expect(made.item).toMatchObject({
      kind: 'STYLED',
      status: 'NEW',
      title: { key: 'styled', params: { style: 'bw' } },
      photoCount: 1,
      coverPhoto: { uuid: photos[0] },
      media: { contentType: 'image/jpeg', width: 640, height: 480, durationMs: null },
    });
    // The picture is the photo in black and white.
    const image = await api.media(made.item.media!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await meanSaturation(image.rawPayload)).toBeLessThan(0.02);
    expect(await meanSaturation(await sharp(await photoAt(COLOURS.red!, '2020:03:01 10:00:00')).toBuffer())).toBeGreaterThan(0.5);
    expect((await api.list('/api/foryou/aiphotos/generated')).map((i) => i.id)).toEqual([made.item.id]);

    // Making the same style again replaces it (a new id) and counts again.
    const again = (await put(api, photos[0]!, 'bw')).json<StyledResultDto>();
    expect(again.item.id).not.toBe(made.item.id);
    expect(again.quota.used).toBe(2);
    expect((await api.list('/api/foryou/aiphotos/generated')).map((i) => i.id)).toEqual([again.item.id]);
    expectError(await api.media(made.item.media!.url), 404);

    const styles = ['vintage', 'sketch', 'vivid', 'warm', 'cool'];
    for (let i = 2; i < STYLED_MONTHLY_LIMIT; i++) {
      const r = await put(api, photos[i % 2]!, styles[i % styles.length]!);
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(await quota(api)).toEqual({ limit: STYLED_MONTHLY_LIMIT, used: STYLED_MONTHLY_LIMIT, remaining: 0, resetDate: RESET });

    // Used up: the product's error shape, a Retry-After until the month ends, and nothing made or counted.
    const rowsBefore = await styledRows(me.accountId);
    const blobsBefore = blobKeys(t);
    const refused = await put(api, photos[1]!, 'bw');
    expectError(refused, 429, 'AI_QUOTA_EXCEEDED');
    expect(Number(refused.headers['retry-after'])).toBe((RESET - TODAY) / 1000);
    expect(await styledRows(me.accountId)).toEqual(rowsBefore);
    expect(blobKeys(t)).toEqual(blobsBefore);
    expect((await quota(api)).used).toBe(STYLED_MONTHLY_LIMIT);

    // A premium package gives more.
    await t.database.db.insertInto('authority').values({ account_id: me.accountId, type: PREMIUM_AUTHORITY }).execute();
    expect(await quota(api)).toEqual({ limit: STYLED_MONTHLY_LIMIT_PREMIUM, used: STYLED_MONTHLY_LIMIT, remaining: STYLED_MONTHLY_LIMIT_PREMIUM - STYLED_MONTHLY_LIMIT, resetDate: RESET });
    expect((await put(api, photos[1]!, 'bw')).statusCode).toBe(200);
  });

  it('deletes a styled item; bad input and other accounts are refused without counting', async () => {
    const { me, photos, api } = await withPhotos(1);
    const made = (await put(api, photos[0]!, 'warm')).json<StyledResultDto>();
    const stranger = await signUp(t);
    const theirs = foryouApi(t, stranger.token);

    expectError(await theirs.call('PUT', `/api/assistant/v1/${photos[0]}`, { style: 'bw' }), 404, 'NOT_FOUND');
    expectError(await theirs.call('DELETE', `/api/assistant/v1/${made.item.id}`), 404, 'NOT_FOUND');
    expect((await quota(theirs)).used).toBe(0);
    expectError(await put(api, photos[0]!, 'oil-painting'), 400, 'VALIDATION_ERROR');
    expectError(await put(api, 'not-a-uuid', 'bw'), 400, 'VALIDATION_ERROR');
    // A photo's id, not an item's; an item's id is not a photo.
    expectError(await put(api, made.item.id, 'bw'), 404, 'NOT_FOUND');
    const doc = await uploadApi(t, me.token).whole('notes.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    expect(doc.statusCode).toBe(201);
    expectError(await put(api, doc.json().uuid as string, 'bw'), 400, 'NOT_A_PHOTO');
    expect((await quota(api)).used).toBe(1);

    const del = await api.call('DELETE', `/api/assistant/v1/${made.item.id}`);
    expect(del.statusCode).toBe(204);
    expect(await api.list('/api/foryou/aiphotos/generated')).toEqual([]);
    expectError(await api.call('GET', `/api/foryou/items/${made.item.id}`), 404, 'NOT_FOUND');
    expectError(await api.media(made.item.media!.url), 404);
    // Deleting does not give the styled photo back.
    expect((await quota(api)).used).toBe(1);
  });

  it('does not list a styled photo while its photo is trashed or hidden, and drops it when the photo is deleted for good', async () => {
    const { me, photos, api } = await withPhotos(1);
    const made = (await put(api, photos[0]!, 'cool')).json<StyledResultDto>();
    const files = filesApi(t, me.token);
    const listed = async () => (await api.list('/api/foryou/aiphotos/generated')).map((i) => i.id);

    expect((await files.trash([photos[0]])).statusCode).toBe(200);
    expect(await listed()).toEqual([]);
    expectError(await put(api, photos[0]!, 'bw'), 404, 'NOT_FOUND');
    expect((await files.recover([photos[0]])).statusCode).toBe(200);
    expect(await listed()).toEqual([made.item.id]);

    expect((await files.hide([photos[0]])).statusCode).toBe(200);
    expect(await listed()).toEqual([]);
    expectError(await put(api, photos[0]!, 'bw'), 404, 'NOT_FOUND');
    expect((await files.unhide([photos[0]])).statusCode).toBe(200);
    expect(await listed()).toEqual([made.item.id]);

    expect((await files.trash([photos[0]])).statusCode).toBe(200);
    expect((await files.deleteForever([photos[0]])).statusCode).toBe(200);
    expect(await styledRows(me.accountId)).toEqual([]);
  });

  it("offers a few styled versions of the account's best recent photos a day, outside the quota", async () => {
    const me = await signUp(t);
    const api = foryouApi(t, me.token);
    const recent: string[] = [];
    // Taken over the last days, minutes apart (not a burst).
    for (let i = 0; i < 4; i++) recent.push(await uploadJpeg(t, me.token, `r${i}.jpg`, await photoAt(COLOURS.blue!, `2026:11:2${i} 1${i}:00:00`)));
    // Old photos are not offered.
    await uploadJpeg(t, me.token, 'old.jpg', await photoAt(COLOURS.green!, '2019:01:01 10:00:00'));
    await generate(t, me.accountId);
    const offers = await api.list('/api/foryou/aiphotos/generated');
    expect(offers).toHaveLength(STYLED_OFFERS_PER_DAY);
    for (const offer of offers) {
      expect(recent).toContain(offer.coverPhoto!.uuid);
      expect(offer).toMatchObject({ kind: 'STYLED', title: { key: 'styled' }, media: { contentType: 'image/jpeg' } });
    }
    expect(new Set(offers.map((o) => o.coverPhoto!.uuid)).size).toBe(STYLED_OFFERS_PER_DAY);
    expect((await quota(api)).used).toBe(0);
    // The day's offers are made: another run adds none.
    await generate(t, me.accountId);
    expect(await api.list('/api/foryou/aiphotos/generated')).toHaveLength(STYLED_OFFERS_PER_DAY);
  });
});
