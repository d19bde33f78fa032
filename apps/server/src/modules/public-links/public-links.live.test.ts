import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { GPS, gpsPhoto } from '../../test/gps-photo.js';
import { addPhoto } from '../albums/albums.fixtures.js';
import { MEDIA_KIND } from '../files/files.public.js';
import { faceOn, losePremium, makePremium, peopleService } from '../people/people.fixtures.js';
import type { PeopleService } from '../people/people.service.js';
import { runAllJobs, uploadJpeg } from '../places/places.discover.fixtures.js';
import { linkApi } from './public-links.fixtures.js';

const GONE = { status: 'NOT_FOUND', message: 'This link does not exist or has expired.' };
type Listed = { fileList: Array<{ uuid: string; name: string; latitude: number | null; thumbnailUrl: string | null }>; totalCount: number };

// Live person and place links (issue 35): the link names the person or place; its photos are read at every visit.
describe.each(DIALECTS)('public links: live person and place links (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof linkApi>;
  /** Records faces as the faces job does (the app's own service groups them the same way). */
  let people: PeopleService;
  let day = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = linkApi(t);
    people = await peopleService(t);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: authed(token), ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A processed photo of the account with one face of `who` on it, recorded as the faces job records it. */
  const photoOf = async (accountId: string, who: number, name: string) => {
    day += 1;
    const { id } = await addPhoto(t, accountId, name, { takenAt: Date.UTC(2026, 0, day) });
    await t.database.db.updateTable('file').set({ media_kind: MEDIA_KIND.image }).where('id', '=', id).execute();
    await people.record(accountId, id, [await faceOn(t, accountId, id, who, day)]);
    return id;
  };
  const personOn = async (token: string, fileId: string) => (await call(token, 'GET', `/person/photo/${fileId}`)).json().people[0].personId as string;

  /** A premium account with `count` (≥ 2: one face makes no person yet) photos of person 0 and two of person 1. */
  const library = async (count: number) => {
    const u = await signUp(t);
    await makePremium(t, u.accountId);
    const photos: string[] = [];
    for (let i = 0; i < count; i++) photos.push(await photoOf(u.accountId, 0, `ayse-${i}.jpg`));
    const others = [await photoOf(u.accountId, 1, 'bora-0.jpg'), await photoOf(u.accountId, 1, 'bora-1.jpg')];
    const person = await personOn(u.token, photos[0]!);
    expect((await call(u.token, 'PUT', `/person/label/${person}`, { label: 'Ayşe' })).statusCode).toBe(200);
    return { ...u, photos, others, other: others[0]!, person, otherPerson: await personOn(u.token, others[0]!) };
  };
  const names = async (token: string) => {
    const res = await api.visitor(token).files();
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Listed;
  };

  it('a person link shows the person’s photos as they are now and as they come, never hidden, trashed or taken-away ones', async () => {
    const u = await library(3);
    const link = await api.owner(u.token).link({ fileUuidList: [u.person], isAlbum: true, contentType: 'album/person' });
    expect(link.url).toMatch(/^\/sharedAlbum\?token=[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ isAlbum: true, contentType: 'album/person', showName: true, name: 'Ayşe', itemCount: 3, fileUuidList: [u.person] });

    const v = api.visitor(link.token);
    const info = await v.info();
    expect(info.statusCode).toBe(200);
    expect(info.headers['referrer-policy']).toBe('no-referrer');
    expect(info.json()).toMatchObject({ name: 'Ayşe', nameShown: true, contentType: 'album/person', isAlbum: true, isFolder: false, itemCount: 3 });
    const first = await names(link.token);
    // Newest taken first, as on the person's page; the other person's photo is not in it.
    expect(first.fileList.map((f) => f.uuid)).toEqual([...u.photos].reverse());
    expect(first.totalCount).toBe(3);
    // A visitor gets the photos only: no face crops, no places, nothing about other people in them.
    expect(first.fileList[0]).toMatchObject({ latitude: null, longitude: null, thumbnailUrl: expect.stringMatching(/^\/api\/media\/thumb\//) });
    for (const item of first.fileList) expect(Object.keys(item).filter((key) => /person|people|face/i.test(key))).toEqual([]);
    expect((await v.count()).json()).toEqual({ count: 3 });
    expect((await v.files(`?parentFolderUuid=${u.photos[0]}`)).statusCode).toBe(404);

    // A photo recognised later appears at the next visit, with nothing done to the link.
    const later = await photoOf(u.accountId, 0, 'ayse-later.jpg');
    expect((await names(link.token)).fileList.map((f) => f.uuid)).toEqual([later, ...[...u.photos].reverse()]);

    // Hidden, trashed and "not this person" photos leave it at once, and cannot be fetched through it either.
    expect((await call(u.token, 'DELETE', '/filesystem/hide', [u.photos[0]])).statusCode).toBe(200);
    expect((await call(u.token, 'DELETE', '/filesystem/trash', [u.photos[1]])).statusCode).toBe(200);
    expect((await call(u.token, 'POST', `/person/photo/delete/${u.person}`, [u.photos[2]])).statusCode).toBe(200);
    const now = await names(link.token);
    expect(now.fileList.map((f) => f.uuid)).toEqual([later]);
    expect((await v.info()).json().itemCount).toBe(1);
    for (const gone of [u.photos[0]!, u.photos[1]!, u.photos[2]!, u.other]) expect((await v.download([gone])).statusCode, gone).toBe(404);
    const one = await v.download([later]);
    expect(one.statusCode).toBe(200);
    expect(one.json().fileName).toBe('ayse-later.jpg');

    // Download all and save all take what the link shows now.
    const all = await v.download();
    expect(all.statusCode).toBe(200);
    const visitor = await signUp(t);
    const saved = await api.visitor(link.token, { session: visitor.token }).save();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().savedCount).toBe(1);

    // The owner's list names the link as a live person link.
    const listed = (await api.owner(u.token).list()).json().items as Array<{ uuid: string; contentType: string; itemCount: number }>;
    expect(listed.find((l) => l.uuid === link.uuid)).toMatchObject({ contentType: 'album/person', itemCount: 1 });
  });

  it('survives a rename and a merge (it follows the surviving person), and goes while the person is hidden', async () => {
    const u = await library(2);
    const link = await api.owner(u.token).link({ fileUuidList: [u.otherPerson], isAlbum: true, contentType: 'album/person' });
    expect((await names(link.token)).fileList.map((f) => f.uuid)).toEqual([...u.others].reverse());

    expect((await call(u.token, 'PUT', `/person/label/${u.otherPerson}`, { label: 'Bora' })).statusCode).toBe(200);
    expect((await api.visitor(link.token).info()).json()).toMatchObject({ name: 'Bora', itemCount: 2 });

    // Bora turns out to be Ayşe: merged into her, the link keeps working and shows the survivor's photos.
    const merged = await call(u.token, 'PATCH', `/person/${u.otherPerson}`, { mergeInto: u.person });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await api.visitor(link.token).info()).json()).toMatchObject({ name: 'Ayşe', itemCount: 4 });
    expect((await names(link.token)).fileList.map((f) => f.uuid).sort()).toEqual([...u.photos, ...u.others].sort());
    const listed = (await api.owner(u.token).list()).json().items as Array<{ uuid: string; fileUuidList: string[]; name: string }>;
    expect(listed.find((l) => l.uuid === link.uuid)).toMatchObject({ fileUuidList: [u.person], name: 'Ayşe' });

    // Hidden: the link answers like a revoked one, and comes back with the person.
    expect((await call(u.token, 'DELETE', '/person/hide', [u.person])).statusCode).toBe(200);
    const hidden = await api.visitor(link.token).info();
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject(GONE);
    expectError(await api.owner(u.token).create({ fileUuidList: [u.person], isAlbum: true, contentType: 'album/person' }), 409, 'ENTITY_NOT_ACTIVE');
    expect((await call(u.token, 'PUT', '/person/visibility/', { hidden: [], visible: [u.person] })).statusCode).toBe(200);
    expect((await api.visitor(link.token).info()).statusCode).toBe(200);
  });

  it('keeps the name from the visitor when the owner chooses, and the owner can change that', async () => {
    const u = await library(2);
    // A name no other field of the answer could carry (the owner's own name is shown to visitors).
    expect((await call(u.token, 'PUT', `/person/label/${u.person}`, { label: 'Mira Kuzey' })).statusCode).toBe(200);
    const owner = api.owner(u.token);
    const link = await owner.link({ fileUuidList: [u.person], isAlbum: true, contentType: 'album/person', showName: false });
    expect(link).toMatchObject({ showName: false, name: 'Mira Kuzey' });
    const v = api.visitor(link.token);
    expect((await v.info()).json()).toMatchObject({ name: '', nameShown: false, itemCount: 2 });
    expect(JSON.stringify((await v.info()).json())).not.toContain('Mira');
    // Nor in the name of a zip of the link.
    expect((await v.download([u.photos[0]!, u.photos[1]!])).json().fileName).toBe('Photos.zip');

    const shown = await t.app.inject({ method: 'POST', url: '/api/share/public/showName', headers: authed(u.token), payload: { uuid: link.uuid, showName: true } });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ showName: true });
    expect((await v.info()).json()).toMatchObject({ name: 'Mira Kuzey', nameShown: true });
    // Another account cannot change it (404, like a link that does not exist).
    const other = await signUp(t);
    const denied = await t.app.inject({ method: 'POST', url: '/api/share/public/showName', headers: authed(other.token), payload: { uuid: link.uuid, showName: false } });
    expect(denied.statusCode).toBe(404);
  });

  it('answers revoked, expired and password-protected person links as other links do', async () => {
    const u = await library(2);
    const owner = api.owner(u.token);
    const revoked = await owner.link({ fileUuidList: [u.person], isAlbum: true, contentType: 'album/person' });
    const expiring = await owner.link({
      fileUuidList: [u.otherPerson],
      isAlbum: true,
      contentType: 'album/person',
      expirationDate: new Date(Date.now() + 1_800_000).toISOString(),
    });
    const locked = await owner.link({ fileUuidList: [u.person], isAlbum: true, contentType: 'album/person', password: 'grandma-2026' });
    expect(locked.uuid).not.toBe(revoked.uuid);

    // Password: nothing without the proof, the wrong password is refused, the right one opens it.
    const noProof = await api.visitor(locked.token).files();
    expect(noProof.statusCode).toBe(403);
    expect(noProof.json().status).toBe('SHARE_PASSWORD_REQUIRED');
    expect((await api.visitor(locked.token).unlock('wrong')).statusCode).toBe(403);
    const unlocked = await api.visitor(locked.token).unlock('grandma-2026');
    expect(unlocked.statusCode).toBe(200);
    expect((await api.visitor(locked.token, { unlock: unlocked.json().unlock }).files()).json().totalCount).toBe(2);

    // Revoked: gone at once.
    expect((await api.visitor(revoked.token).info()).statusCode).toBe(200);
    expect((await owner.remove([revoked.uuid])).statusCode).toBe(204);
    // Expired: gone when the date passes.
    expect((await api.visitor(expiring.token).info()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_800_001 });
    for (const res of [await api.visitor(revoked.token).info(), await api.visitor(expiring.token).files(), await api.visitor(revoked.token).download()]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(GONE);
    }
  });

  it('a place link shows the place’s photos live, for accounts without premium too', async () => {
    const u = await signUp(t);
    const a = await uploadJpeg(t, u.token, 'kadikoy-1.jpg', await gpsPhoto(...GPS.istanbul));
    await uploadJpeg(t, u.token, 'saburtalo.jpg', await gpsPhoto(...GPS.tbilisi));
    await runAllJobs(t);
    const places = (await call(u.token, 'GET', '/location/page?pageSize=10&pageNumber=0')).json().places as Array<{ id: string; nameEn: string }>;
    const istanbul = places.find((p) => p.nameEn === 'Istanbul')!;

    const link = await api.owner(u.token).link({ fileUuidList: [istanbul.id], isAlbum: true, contentType: 'album/location' });
    expect(link).toMatchObject({ contentType: 'album/location', itemCount: 1, url: expect.stringMatching(/^\/sharedAlbum\?token=/) });
    const info = await t.app.inject({ method: 'GET', url: '/api/share/visitor', headers: { 'x-share-token': link.token, 'x-client-language': 'tr' } });
    expect(info.json()).toMatchObject({ name: 'İstanbul', contentType: 'album/location', itemCount: 1 });
    expect((await names(link.token)).fileList.map((f) => f.uuid)).toEqual([a]);

    // A new photo taken there appears; a hidden one leaves.
    const b = await uploadJpeg(t, u.token, 'kadikoy-2.jpg', await gpsPhoto(...GPS.istanbul));
    await runAllJobs(t);
    expect((await names(link.token)).fileList.map((f) => f.uuid).sort()).toEqual([a, b].sort());
    expect((await call(u.token, 'DELETE', '/filesystem/hide', [a])).statusCode).toBe(200);
    expect((await names(link.token)).fileList.map((f) => f.uuid)).toEqual([b]);
    expect((await api.visitor(link.token).download([a])).statusCode).toBe(404);
    // Photos are given without their coordinates, even on a place link.
    expect((await names(link.token)).fileList[0]!.latitude).toBeNull();
  });

  it('no one links to another account’s person or place, nor to a person without premium', async () => {
    const u = await library(2);
    const place = await signUp(t);
    await uploadJpeg(t, place.token, 'kadikoy.jpg', await gpsPhoto(...GPS.istanbul));
    await runAllJobs(t);
    const placeId = (await call(place.token, 'GET', '/location/page')).json().places[0].id as string;
    const other = await signUp(t);
    await makePremium(t, other.accountId);

    const person = await api.owner(other.token).create({ fileUuidList: [u.person], isAlbum: true, contentType: 'album/person' });
    expect(person.statusCode).toBe(404);
    expect(person.json().message).toBe('Person not found.');
    const otherPlace = await api.owner(other.token).create({ fileUuidList: [placeId], isAlbum: true, contentType: 'album/location' });
    expect(otherPlace.statusCode).toBe(404);
    expect(otherPlace.json().message).toBe('Place not found.');
    // A person's id is no album, and a place's no file: the other kinds of link do not reach them either.
    expect((await api.owner(other.token).create({ fileUuidList: [u.person], isAlbum: true })).statusCode).toBe(404);
    expect((await api.owner(u.token).create({ fileUuidList: [u.person], isAlbum: false, contentType: 'album/person' })).statusCode).toBe(400);

    // People are a premium feature: an account whose premium ended has no person to share.
    const plain = await signUp(t);
    await makePremium(t, plain.accountId);
    const id = await photoOf(plain.accountId, 3, 'plain-0.jpg');
    await photoOf(plain.accountId, 3, 'plain-1.jpg');
    const personId = await personOn(plain.token, id);
    const before = await api.owner(plain.token).link({ fileUuidList: [personId], isAlbum: true, contentType: 'album/person' });
    await losePremium(t, plain.accountId);
    expect((await api.owner(plain.token).create({ fileUuidList: [personId], isAlbum: true, contentType: 'album/person' })).statusCode).toBe(404);
    // Its links rest with the people pages: gone until premium comes back.
    expect((await api.visitor(before.token).info()).statusCode).toBe(404);
    await makePremium(t, plain.accountId);
    expect((await api.visitor(before.token).info()).statusCode).toBe(200);
  });
});
