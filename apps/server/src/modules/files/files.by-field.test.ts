import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile, items } from './files.fixtures.js';

describe.each(DIALECTS)('GET /api/search/byField (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const byField = (token: string, query: string) => t.app.inject({ url: `/api/search/byField?${query}`, headers: authed(token) });

  it('lists favourites and media kinds of the caller only, hidden ones only when asked', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const photo = await addFile(t, me.accountId, 'a.jpg', { contentType: 'image/jpeg' });
    await addFile(t, me.accountId, 'b.mp4', { contentType: 'video/mp4' });
    await addFile(t, me.accountId, 'c.pdf', { contentType: 'application/pdf' });
    await addFile(t, me.accountId, 'secret.png', { contentType: 'image/png', hidden: true });
    await addFile(t, other.accountId, 'theirs.jpg', { contentType: 'image/jpeg' });

    const media = await byField(me.token, 'fieldName=content_type&fieldValue=image%20OR%20video&sortBy=name');
    expect(media.statusCode).toBe(200);
    expect(items(media).map((f) => f.name)).toEqual(['a.jpg', 'b.mp4']);
    const withHidden = await byField(me.token, 'fieldName=content_type&fieldValue=image&showHidden=true&sortBy=name');
    expect(items(withHidden).map((f) => f.name)).toEqual(['a.jpg', 'secret.png']);

    const fav = await t.app.inject({
      method: 'POST',
      url: '/api/filesystem/metadata',
      headers: authed(me.token),
      payload: { uuids: [photo.id], favourite: true },
    });
    expect(fav.statusCode).toBe(200);
    const favourites = await byField(me.token, 'fieldName=favourite&fieldValue=true');
    expect(items(favourites).map((f) => f.uuid)).toEqual([photo.id]);
    expect(items(await byField(other.token, 'fieldName=favourite&fieldValue=true'))).toEqual([]);
  });

  it('pages with size and page', async () => {
    const me = await signUp(t);
    for (let i = 0; i < 5; i++) await addFile(t, me.accountId, `p${i}.jpg`, { contentType: 'image/jpeg' });
    const first = await byField(me.token, 'fieldName=content_type&fieldValue=image&sortBy=name&size=2&page=0');
    const third = await byField(me.token, 'fieldName=content_type&fieldValue=image&sortBy=name&size=2&page=2');
    expect(items(first).map((f) => f.name)).toEqual(['p0.jpg', 'p1.jpg']);
    expect(first.json().hasMore).toBe(true);
    expect(items(third).map((f) => f.name)).toEqual(['p4.jpg']);
    expect(third.json().hasMore).toBe(false);
  });

  it('lists generated video slideshows', async () => {
    const me = await signUp(t);
    const show = await addFile(t, me.accountId, 'Yaz 2026.mp4', { contentType: 'video/mp4' });
    await addFile(t, me.accountId, 'clip.mp4', { contentType: 'video/mp4' });
    await t.database.db.updateTable('file').set({ video_slideshow: 1 }).where('id', '=', show.id).execute();
    const res = await byField(me.token, 'fieldName=videoSlideshow&fieldValue=true');
    expect(res.statusCode).toBe(200);
    expect(items(res).map((f) => [f.name, f.videoSlideshow])).toEqual([['Yaz 2026.mp4', true]]);
    expectError(await byField(me.token, 'fieldName=videoSlideshow&fieldValue=false'), 400, 'VALIDATION_ERROR');
  });

  it('refuses unknown fields and values', async () => {
    const me = await signUp(t);
    expectError(await byField(me.token, 'fieldName=name&fieldValue=x'), 400, 'VALIDATION_ERROR');
    expectError(await byField(me.token, 'fieldName=favourite&fieldValue=maybe'), 400, 'VALIDATION_ERROR');
    expectError(await byField(me.token, 'fieldName=content_type&fieldValue=image%20OR%20%25'), 400, 'VALIDATION_ERROR');
    expectError(await byField(me.token, 'fieldName=content_type'), 400, 'VALIDATION_ERROR');
    expect((await t.app.inject({ url: '/api/search/byField?fieldName=favourite&fieldValue=true' })).statusCode).toBe(401);
  });
});
