import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addPhoto } from '../albums/albums.fixtures.js';
import { MEDIA_KIND } from '../files/files.public.js';
import { days } from '../../shared/time.js';
import { faceOn, losePremium, makePremium, peopleService } from './people.fixtures.js';
import type { PeopleService } from './people.service.js';

describe.each(DIALECTS)('people (%s)', (dialect) => {
  let t: TestApp;
  let people: PeopleService;
  /** The retention schedule's clock (the service below runs it; the app's routes need no clock). */
  let at = Date.now();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    people = await peopleService(t, () => at);
  });
  afterAll(() => t.close());

  const api = (token: string) => {
    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({ method, url: `/api${url}`, headers: authed(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return {
      call,
      page: async (status = 'ACTIVE') => {
        const res = await call('GET', `/person/page?status=${status}`);
        expect(res.statusCode).toBe(200);
        return res.json() as { people: Array<{ personId: string; label: string | null; photoCount: number; thumbnailUuid: string | null; thumbnailUrl: string | null; status: string }>; total: number };
      },
    };
  };

  /** A premium account with photos: `who` per photo, one face each, stored as the faces job stores them. */
  const library = async (whos: number[], o: { premium?: boolean } = {}) => {
    const s = await signUp(t);
    if (o.premium ?? true) await makePremium(t, s.accountId);
    const photos: string[] = [];
    for (const [i, who] of whos.entries()) {
      const { id } = await addPhoto(t, s.accountId, `p${i}.jpg`, { takenAt: Date.UTC(2026, 0, 1 + i) });
      photos.push(id);
      // As the upload module writes it (the albums fixture leaves it out).
      await t.database.db.updateTable('file').set({ media_kind: MEDIA_KIND.image }).where('id', '=', id).execute();
      await people.record(s.accountId, id, [await faceOn(t, s.accountId, id, who, i, 0.8 + i / 100)]);
    }
    return { ...s, photos, api: api(s.token) };
  };
  const faceCount = async (accountId: string) =>
    Number((await t.database.db.selectFrom('face').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);

  it('groups photos of one person into one person and another person into another, and serves their face crops', async () => {
    const u = await library([0, 0, 0, 1, 1, 1, 1]);
    const { people: list, total } = await u.api.page();
    expect(total).toBe(2);
    expect(list.map((p) => p.photoCount)).toEqual([4, 3]);
    expect(list.every((p) => p.label === null && p.status === 'ACTIVE')).toBe(true);
    // The best-scoring face is the thumbnail until one is chosen.
    expect(list[0]!.thumbnailUuid).toBe(u.photos[6]);
    const crop = await t.app.inject({ method: 'GET', url: list[0]!.thumbnailUrl! });
    expect(crop.statusCode).toBe(200);
    expect(crop.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: `${list[0]!.thumbnailUrl!}x` })).statusCode).toBe(404);

    const inPhoto = await u.api.call('GET', `/person/photo/${u.photos[0]}`);
    expect(inPhoto.json()).toEqual({
      people: [{ personId: list[1]!.personId, label: null, thumbnailUrl: expect.stringMatching(/^\/api\/person\/face\//), box: { x: 0.25, y: 0.2, width: 0.1, height: 0.15 } }],
    });
    const progress = await u.api.call('GET', '/person/recognition');
    expect(progress.json()).toEqual({ premium: true, enabled: true, done: 7, total: 7 });
  });

  it('renames (PUT label, PATCH), chooses the thumbnail, and the named person is listed first on ties and found by search', async () => {
    const u = await library([0, 0, 0, 1, 1, 1]);
    // Equal photo counts: the order is the ids'; `first` is the person on the first three photos.
    const onFirst = (await u.api.call('GET', `/person/photo/${u.photos[0]}`)).json().people[0].personId as string;
    const listed = (await u.api.page()).people;
    const first = listed.find((p) => p.personId === onFirst);
    const second = listed.find((p) => p.personId !== onFirst);
    const renamed = await u.api.call('PUT', `/person/label/${second!.personId}`, { label: '  Ayşe  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ personId: second!.personId, label: 'Ayşe', photoCount: 3 });
    expect((await u.api.page()).people.map((p) => p.label)).toEqual(['Ayşe', null]);
    expectError(await u.api.call('PUT', `/person/label/${first!.personId}`, { label: '   ' }), 400);
    expectError(await u.api.call('PUT', `/person/label/${first!.personId}`, { label: 'a\u0007b' }), 400);
    const patched = await u.api.call('PATCH', `/person/${first!.personId}`, { label: 'Bora' });
    expect(patched.json()).toMatchObject({ label: 'Bora' });

    const chosen = await u.api.call('POST', `/person/thumbnail/${first!.personId}`, { uuid: u.photos[0] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const bora = (await u.api.page()).people.find((p) => p.personId === first!.personId)!;
    expect(bora.thumbnailUuid).toBe(u.photos[0]);
    expectError(await u.api.call('POST', `/person/thumbnail/${first!.personId}`, { uuid: u.photos[3] }), 400);

    const found = await u.api.call('GET', `/search/unified/suggest?text=${encodeURIComponent('ayş')}`);
    expect(JSON.stringify(found.json())).toContain(second!.personId);
  });

  it('merges one person into another', async () => {
    const u = await library([0, 0, 0, 1, 1, 1]);
    const [a, b] = (await u.api.page()).people;
    await u.api.call('PUT', `/person/label/${b!.personId}`, { label: 'Cem' });
    const merged = await u.api.call('PATCH', `/person/${a!.personId}`, { mergeInto: b!.personId });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ personId: b!.personId, label: 'Cem', photoCount: 6 });
    expect((await u.api.page()).people.map((p) => p.personId)).toEqual([b!.personId]);
    expectError(await u.api.call('PATCH', `/person/${b!.personId}`, { mergeInto: b!.personId }), 400);
  });

  it('"not this person": the photo leaves the person and does not come back when faces are regrouped', async () => {
    const u = await library([0, 0, 0, 0]);
    const [p] = (await u.api.page()).people;
    const removed = await u.api.call('POST', `/person/photo/delete/${p!.personId}`, [u.photos[1]]);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ photoCount: 3 });
    await people.recluster(u.accountId);
    await people.reclusterAll();
    expect((await u.api.page()).people).toMatchObject([{ personId: p!.personId, photoCount: 3 }]);
    const albumPhotos = await u.api.call('GET', `/album/${p!.personId}?contentType=album/person`);
    expect(albumPhotos.statusCode).toBe(200);
    expect(JSON.stringify(albumPhotos.json())).not.toContain(u.photos[1]);
    expect(JSON.stringify(albumPhotos.json())).toContain(u.photos[2]);
  });

  it('hides, trashes and recovers people; visibility sets both ways', async () => {
    const u = await library([0, 0, 0, 1, 1, 1]);
    const [a, b] = (await u.api.page()).people;
    expect((await u.api.call('DELETE', '/person/hide', [a!.personId])).statusCode).toBe(200);
    expect((await u.api.page('HIDDEN')).people.map((p) => p.personId)).toEqual([a!.personId]);
    expect((await u.api.call('DELETE', '/person/trash', [b!.personId])).statusCode).toBe(200);
    expect((await u.api.page('TRASHED')).people.map((p) => p.personId)).toEqual([b!.personId]);
    expect((await u.api.page()).total).toBe(0);
    expect((await u.api.call('POST', '/person/recover', [b!.personId])).statusCode).toBe(200);
    expect((await u.api.call('PUT', '/person/visibility/', { hidden: [b!.personId], visible: [a!.personId] })).statusCode).toBe(200);
    expect((await u.api.page()).people.map((p) => p.personId)).toEqual([a!.personId]);
    expect((await u.api.page('HIDDEN')).people.map((p) => p.personId)).toEqual([b!.personId]);
    const shown = await u.api.call('PATCH', `/person/${b!.personId}`, { hidden: false });
    expect(shown.json()).toMatchObject({ status: 'ACTIVE' });
  });

  it("another account gets 404 for these people and never sees them", async () => {
    const u = await library([0, 0, 0]);
    const [p] = (await u.api.page()).people;
    await u.api.call('PUT', `/person/label/${p!.personId}`, { label: 'Deniz' });
    const other = await library([]);
    expect((await other.api.page()).total).toBe(0);
    expectError(await other.api.call('PUT', `/person/label/${p!.personId}`, { label: 'X' }), 404);
    expectError(await other.api.call('PATCH', `/person/${p!.personId}`, { hidden: true }), 404);
    expectError(await other.api.call('DELETE', '/person/trash', [p!.personId]), 404);
    expectError(await other.api.call('POST', `/person/photo/delete/${p!.personId}`, [u.photos[0]]), 404);
    expectError(await other.api.call('GET', `/person/photo/${u.photos[0]}`), 404);
    expectError(await other.api.call('GET', `/album/${p!.personId}?contentType=album/person`), 404);
    const mine = await other.api.call('GET', '/album?contentType=album/person');
    expect(JSON.stringify(mine.json())).not.toContain(p!.personId);
    expect(JSON.stringify((await u.api.call('GET', '/search/unified/suggest?text=deniz')).json())).toContain(p!.personId);
    const search = await other.api.call('GET', '/search/unified/suggest?text=deniz');
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json())).not.toContain(p!.personId);
  });

  it('a non-premium account gets no face processing and 403 on PUT recognition', async () => {
    const u = await library([0, 0, 0], { premium: false });
    expect(await faceCount(u.accountId)).toBe(0);
    expect((await u.api.call('GET', '/person/recognition')).json()).toEqual({ premium: false, enabled: false, done: 0, total: 3 });
    expectError(await u.api.call('PUT', '/person/recognition', { enabled: true }), 403);
    expect(await people.backfill()).toBe(0);
  });

  it('recognition off deletes every face, person, crop and scan; on again lets the backfill queue the photos', async () => {
    const u = await library([0, 0, 0]);
    const [p] = (await u.api.page()).people;
    const crop = p!.thumbnailUrl!;
    const off = await u.api.call('PUT', '/person/recognition', { enabled: false });
    expect(off.json()).toEqual({ premium: true, enabled: false, done: 0, total: 3 });
    expect(await faceCount(u.accountId)).toBe(0);
    expect((await u.api.page()).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: crop })).statusCode).toBe(404);
    // While off, a photo analysed meanwhile is not kept.
    expect(await people.record(u.accountId, u.photos[0]!, [await faceOn(t, u.accountId, u.photos[0]!, 0, 9)])).toBe(false);
    expect((await u.api.call('PUT', '/person/recognition', { enabled: true })).json()).toMatchObject({ enabled: true, done: 0, total: 3 });
  });

  const stored = async (accountId: string) => {
    const db = t.database.db;
    const count = (table: 'face' | 'person' | 'face_scan') =>
      db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    const rejections = await db
      .selectFrom('face_rejection')
      .innerJoin('person', 'person.id', 'face_rejection.person_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('person.account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const entries = await db
      .selectFrom('search_entry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', accountId)
      .where('subject_kind', '=', 'person')
      .executeTakeFirstOrThrow();
    return {
      faces: Number((await count('face')).n),
      people: Number((await count('person')).n),
      scans: Number((await count('face_scan')).n),
      rejections: Number(rejections.n),
      searchEntries: Number(entries.n),
    };
  };
  const cropsOf = async (accountId: string) =>
    (await t.database.db.selectFrom('face').select('crop_key').where('account_id', '=', accountId).execute()).map((r) => r.crop_key!);
  const blobExists = (key: string) => t.app.blobs.get(key).then(
    () => true,
    () => false,
  );
  /** A named person on four photos, one of them rejected ("not this person"). */
  const namedLibrary = async () => {
    const u = await library([0, 0, 0, 0]);
    const [p] = (await u.api.page()).people;
    await u.api.call('PUT', `/person/label/${p!.personId}`, { label: 'Deniz' });
    await u.api.call('POST', `/person/photo/delete/${p!.personId}`, [u.photos[3]]);
    return { ...u, personId: p!.personId, crop: p!.thumbnailUrl! };
  };
  const found = async (token: string, personId: string) =>
    JSON.stringify((await api(token).call('GET', '/search/unified/suggest?text=deniz')).json()).includes(personId);

  it('premium lost: face data is not shown but kept 30 days; premium back within them brings it all back', async () => {
    at = Date.now();
    const u = await namedLibrary();
    const before = await stored(u.accountId);
    expect(before).toEqual({ faces: 4, people: 1, scans: 4, rejections: 1, searchEntries: 1 });

    await losePremium(t, u.accountId);
    await people.retention();
    // As for an account that never had premium: the teaser state, no people, no crops, not found by search.
    expect((await u.api.call('GET', '/person/recognition')).json()).toEqual({ premium: false, enabled: false, done: 0, total: 4 });
    expect(await u.api.page()).toMatchObject({ people: [], total: 0 });
    expect((await u.api.call('GET', `/person/photo/${u.photos[0]}`)).json()).toEqual({ people: [] });
    expectError(await u.api.call('GET', `/album/${u.personId}?contentType=album/person`), 404);
    expectError(await u.api.call('PUT', `/person/label/${u.personId}`, { label: 'X' }), 404);
    expect((await t.app.inject({ method: 'GET', url: u.crop })).statusCode).toBe(404);
    expect(await found(u.token, u.personId)).toBe(false);
    expect(await people.backfill()).toBe(0);

    at += days(29);
    await people.retention();
    expect(await stored(u.accountId)).toEqual(before);

    await makePremium(t, u.accountId);
    expect((await u.api.page()).people).toMatchObject([{ personId: u.personId, label: 'Deniz', photoCount: 3 }]);
    expect((await t.app.inject({ method: 'GET', url: u.crop })).statusCode).toBe(200);
    expect(await found(u.token, u.personId)).toBe(true);
    // The record of the lapse went with it: losing premium later starts a new 30 days.
    at += days(2);
    await people.retention();
    expect(await stored(u.accountId)).toEqual(before);
  });

  it('premium lost for over 30 days: faces, people, rejections, scans, crops and search entries are deleted', async () => {
    at = Date.now();
    const u = await namedLibrary();
    const crops = await cropsOf(u.accountId);
    expect(crops).toHaveLength(4);
    await losePremium(t, u.accountId);
    await people.retention();
    at += days(31);
    await people.retention();
    expect(await stored(u.accountId)).toEqual({ faces: 0, people: 0, scans: 0, rejections: 0, searchEntries: 0 });
    for (const key of crops) expect(await blobExists(key), key).toBe(false);

    // With premium again nothing is analysed: no scan is left, so the backfill queues every photo anew.
    await makePremium(t, u.accountId);
    expect((await u.api.call('GET', '/person/recognition')).json()).toEqual({ premium: true, enabled: true, done: 0, total: 4 });
  });

  it('a named person whose photos are all trashed is not found by search until one is recovered', async () => {
    at = Date.now();
    const u = await namedLibrary();
    const trash = await u.api.call('DELETE', '/filesystem/trash', u.photos.slice(0, 3));
    expect(trash.statusCode).toBe(200);
    expect(await found(u.token, u.personId)).toBe(false);
    const unified = (await u.api.call('GET', '/search/unified?text=deniz')).json();
    expect(unified).toMatchObject({ items: [], counts: { ALBUM: 0 } });
    expect((await u.api.call('POST', '/filesystem/recover', [u.photos[1]])).statusCode).toBe(200);
    expect(await found(u.token, u.personId)).toBe(true);
    expect((await u.api.call('GET', '/search/unified?text=deniz')).json()).toMatchObject({ items: [{ album: { uuid: u.personId } }], counts: { ALBUM: 1 } });
  });

  it('rejects bad input with 400', async () => {
    const u = await library([]);
    expectError(await u.api.call('GET', '/person/page?status=GONE'), 400);
    expectError(await u.api.call('PUT', '/person/label/not-a-uuid', { label: 'x' }), 400);
    expectError(await u.api.call('DELETE', '/person/hide', []), 400);
    expectError(await u.api.call('PUT', '/person/recognition', { enabled: 'yes' }), 400);
  });
});
