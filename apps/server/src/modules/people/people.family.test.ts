import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { familyPerson, planOf } from '../family/family.fixtures.js';
import { PlacesService } from '../places/places.service.js';
import { content, uploadApi } from '../upload/upload.fixtures.js';
import { GPS } from '../../test/gps-photo.js';
import { encodeDescriptor } from './people.cluster.js';
import { faceOn, makePremium, peopleService } from './people.fixtures.js';
import { PEOPLE_FAMILY_GROUP_SCHEDULE, PEOPLE_RETENTION_SCHEDULE } from './people.pipeline.js';
import type { PeopleService } from './people.service.js';

const POOL = 10_000_000;

interface FamilyPersonBody {
  personId: string;
  label: string | null;
  thumbnailUuid: string | null;
  thumbnailUrl: string | null;
  photoCount: number;
}

/**
 * People and places of the family library (issue 35): the family's own grouping of the faces on its library's photos,
 * names any member gives and all see, faces leaving with their photo or their adder, and 404 to anyone else.
 */
describe.each(DIALECTS)('family people and places (%s)', (dialect) => {
  let t: TestApp;
  let plan: ReturnType<typeof planOf>;
  let people: PeopleService;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    plan = planOf(t);
    people = await peopleService(t);
  });
  afterAll(async () => {
    await t.close();
  });

  type Person = Awaited<ReturnType<typeof familyPerson>>;
  const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: authed(who.token), ...(payload ? { payload } : {}) });

  /**
   * An admin with a family package (premium, as the package gives it) and members who joined by phone; members have
   * premium of their own unless `ownPremium` is false.
   */
  async function family(members = 1, { ownPremium = true, familyPremium = true } = {}) {
    const admin = await familyPerson(t);
    await plan.familyPackage(admin.accountId, POOL);
    if (familyPremium) await makePremium(t, admin.accountId);
    const joined: Person[] = [];
    for (let i = 0; i < members; i++) {
      const m = await familyPerson(t);
      const inv = await call(admin, 'POST', '/family/invitations', { countryCode: m.user.countryCode, phoneNumber: m.user.phoneNumber });
      expect(inv.statusCode, inv.body).toBe(200);
      expect((await call(m, 'POST', `/family/invitations/${inv.json().id}/accept`)).statusCode).toBe(200);
      if (ownPremium) await makePremium(t, m.accountId);
      joined.push(m);
    }
    return { admin, members: joined };
  }

  let n = 0;
  /** A photo of `who` with a face of each of `faces` on it (as the faces job leaves it). */
  async function photo(who: Person, faces: number[]) {
    const uuid = await uploaded(who);
    const rows = [];
    for (const [i, who_] of faces.entries()) rows.push(await faceOn(t, who.accountId, uuid, who_, n * 10 + i));
    if (rows.length > 0) expect(await people.record(who.accountId, uuid, rows)).toBe(true);
    return uuid;
  }
  /** A photo of `who`, processed, no face recorded yet. */
  async function uploaded(who: Person) {
    const res = await uploadApi(t, who.token).whole(`p${++n}.jpg`, content(2_000), { contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const uuid = res.json().uuid as string;
    await t.database.db.updateTable('file').set({ media_kind: 1, media_status: 'READY', taken_at: 1_700_000_000_000 + n * 1000 }).where('id', '=', uuid).execute();
    return uuid;
  }
  const add = async (who: Person, uuids: string[]) => expect((await call(who, 'POST', '/family/library/add', { uuids, mode: 'MOVE' })).statusCode).toBe(200);

  /** The grouping schedule's next run, as the job loop does it (the schedule is a job row in the database). */
  async function grouped() {
    await t.database.db.updateTable('job').set({ run_at: Date.now() - 1 }).where('schedule_key', '=', PEOPLE_FAMILY_GROUP_SCHEDULE).where('status', '=', 'queued').execute();
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
  }
  const familyPeople = async (who: Person): Promise<FamilyPersonBody[]> => {
    const res = await call(who, 'GET', '/family/people');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().people;
  };
  const libraryOf = async (who: Person, query: string) => {
    const res = await call(who, 'GET', `/family/library?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Array<{ file: { uuid: string } }>).map((i) => i.file.uuid).sort();
  };

  it("groups the faces of every member's library photos into the family's people, seen by all members", async () => {
    const { admin, members } = await family(1);
    const ayse = members[0]!;
    // Person 3 on a photo of each member, person 5 on two of Ayşe's; a photo outside the library counts for nothing.
    const a1 = await photo(admin, [3]);
    const y1 = await photo(ayse, [3, 5]);
    const y2 = await photo(ayse, [5]);
    const own = await photo(ayse, [3]);
    await add(admin, [a1]);
    await add(ayse, [y1, y2]);
    await grouped();

    const seen = await familyPeople(admin);
    expect(seen.map((p) => p.photoCount).sort()).toEqual([2, 2]);
    expect(await familyPeople(ayse)).toEqual(seen);
    const three = seen.find((p) => p.thumbnailUuid === a1 || p.thumbnailUuid === y1)!;
    const photosOf = async (p: FamilyPersonBody) => libraryOf(ayse, `person=${p.personId}`);
    const groups = await Promise.all(seen.map(photosOf));
    expect(groups).toContainEqual([a1, y1].sort());
    expect(groups).toContainEqual([y1, y2].sort());
    expect(groups.flat()).not.toContain(own);
    // The face crop opens for a member who is not its adder.
    expect((await t.app.inject({ method: 'GET', url: three.thumbnailUrl! })).statusCode).toBe(200);

    // Ayşe names a person: every member sees the family's name; her private people keep theirs.
    const [first] = seen;
    const named = await call(ayse, 'PUT', `/family/people/${first!.personId}/label`, { label: 'Dede' });
    expect(named.statusCode, named.body).toBe(200);
    expect((await call(admin, 'GET', `/family/people/${first!.personId}`)).json().label).toBe('Dede');
    const mine = (await call(ayse, 'GET', '/person/page')).json().people as Array<{ label: string | null }>;
    expect(mine.every((p) => p.label === null)).toBe(true);
    const namer = () => t.database.db.selectFrom('family_person').select('labelled_by').where('id', '=', first!.personId).executeTakeFirstOrThrow();
    expect((await namer()).labelled_by).toBe(ayse.accountId);
    // Her account deleted (the people module's purge): the name stays the family's, no longer tied to her.
    await people.purgeAccount(ayse.accountId);
    expect((await namer()).labelled_by).toBeNull();
  });

  it("a member's private names never reach the family", async () => {
    const { admin, members } = await family(1);
    const ayse = members[0]!;
    const y1 = await photo(ayse, [7]);
    const y2 = await photo(ayse, [7]);
    const mine = (await call(ayse, 'GET', '/person/page')).json().people as Array<{ personId: string }>;
    expect(mine).toHaveLength(1);
    expect((await call(ayse, 'PUT', `/person/label/${mine[0]!.personId}`, { label: 'Gizli isim' })).statusCode).toBe(200);
    await add(ayse, [y1, y2]);
    await grouped();
    const seen = await familyPeople(admin);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.label).toBeNull();
    expect(JSON.stringify(await familyPeople(ayse))).not.toContain('Gizli');
  });

  it('faces leave the family people when their photo leaves the library or their adder leaves the family', async () => {
    const { admin, members } = await family(2);
    const [ayse, mehmet] = members as [Person, Person];
    const y1 = await photo(ayse, [9]);
    const y2 = await photo(ayse, [9]);
    const m1 = await photo(mehmet, [9]);
    await add(ayse, [y1, y2]);
    await add(mehmet, [m1]);
    await grouped();
    const [nine] = await familyPeople(admin);
    expect(nine!.photoCount).toBe(3);

    // Removed from the library (to Ayşe's trash): gone from the person at once, before any regrouping.
    expect((await call(ayse, 'POST', '/family/library/remove', { uuids: [y2] })).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/family/people/${nine!.personId}`)).json().photoCount).toBe(2);
    // Mehmet leaves: his photo goes back to his own library, and its face leaves the family person.
    expect((await call(mehmet, 'POST', '/family/leave')).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/family/people/${nine!.personId}`)).json().photoCount).toBe(1);
    expect(await libraryOf(admin, `person=${nine!.personId}`)).toEqual([y1]);
    // Regrouping drops the stale rows; a person of one face is no longer listed (as on the personal page).
    await grouped();
    const rows = await t.database.db.selectFrom('family_face').select('face_id').where('person_id', '=', nine!.personId).execute();
    expect(rows).toHaveLength(1);
    expect(await familyPeople(admin)).toEqual([]);
    // Someone who left reads nothing of the family's people any more.
    expectError(await call(mehmet, 'GET', `/family/people/${nine!.personId}`), 404, 'NOT_FOUND');
    expectError(await call(mehmet, 'GET', '/family/people'), 404, 'NOT_FOUND');
  });

  it('merging keeps a name; another family, or no family, gets 404', async () => {
    const one = await family(1);
    const ayse = one.members[0]!;
    await add(ayse, [await photo(ayse, [11]), await photo(ayse, [11]), await photo(ayse, [12]), await photo(ayse, [12])]);
    await grouped();
    const [p, q] = await familyPeople(one.admin);
    expect((await call(one.admin, 'PUT', `/family/people/${p!.personId}/label`, { label: 'Anneanne' })).statusCode).toBe(200);
    const merged = await call(ayse, 'POST', `/family/people/${q!.personId}/merge`, { into: p!.personId });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ personId: p!.personId, label: 'Anneanne', photoCount: 4 });
    expect(await familyPeople(ayse)).toHaveLength(1);

    const other = await family(1);
    const loner = await familyPerson(t);
    for (const stranger of [other.admin, other.members[0]!, loner]) {
      expectError(await call(stranger, 'GET', `/family/people/${p!.personId}`), 404, 'NOT_FOUND');
      expectError(await call(stranger, 'PUT', `/family/people/${p!.personId}/label`, { label: 'x' }), 404, 'NOT_FOUND');
      expectError(await call(stranger, 'GET', `/family/library?person=${p!.personId}`), 404, 'NOT_FOUND');
    }
    expectError(await call(loner, 'GET', '/family/people'), 404, 'NOT_FOUND');
    expectError(await call(loner, 'GET', '/family/places'), 404, 'NOT_FOUND');
    expect((await call(other.admin, 'GET', '/family/people')).json().people).toEqual([]);
    expect((await call(ayse, 'GET', `/family/people/${p!.personId}`)).json().label).toBe('Anneanne');
  });

  it('"not this person" takes a photo out of a family person at once, and the grouping does not put it back', async () => {
    const { admin, members } = await family(1);
    const ayse = members[0]!;
    const y1 = await photo(ayse, [13]);
    const y2 = await photo(ayse, [13]);
    const y3 = await photo(ayse, [13]);
    const a1 = await photo(admin, [13]);
    await add(ayse, [y1, y2, y3]);
    await add(admin, [a1]);
    await grouped();
    const [p] = await familyPeople(admin);
    expect(p!.photoCount).toBe(4);
    // Her own People: one person of her three photos, which the family's "not this person" must leave alone.
    const mine = async () => {
      const page = (await call(ayse, 'GET', '/person/page')).json().people as Array<{ personId: string; photoCount: number }>;
      const faces = await t.database.db.selectFrom('face').select(['file_id', 'person_id']).where('account_id', '=', ayse.accountId).orderBy('file_id').execute();
      return { page: page.map((q) => [q.personId, q.photoCount]), faces };
    };
    const before = await mine();
    expect(before.page.map(([, count]) => count)).toEqual([3]);
    const rows = () => t.database.db.selectFrom('family_face').select(['face_id', 'person_id']).orderBy('face_id').execute();
    const snapshot = await rows();

    // Bad input changes nothing: not uuids, an empty list, a photo the person is not on, a photo of nobody's person.
    const own = await photo(ayse, []);
    await add(ayse, [own]);
    const url = `/family/people/${p!.personId}/not-this-person`;
    expectError(await call(admin, 'POST', url, { uuids: ['nope'] }), 400, 'VALIDATION_ERROR');
    expectError(await call(admin, 'POST', url, { uuids: [] }), 400, 'VALIDATION_ERROR');
    expectError(await call(admin, 'POST', url, {}), 400, 'VALIDATION_ERROR');
    expectError(await call(admin, 'POST', url, { uuids: [y2, own] }), 400, 'VALIDATION_ERROR');
    expect(await rows()).toEqual(snapshot);
    // Another family's member, or someone in no family: 404, nothing changed.
    const other = await family(1);
    const loner = await familyPerson(t);
    for (const stranger of [other.admin, other.members[0]!, loner]) expectError(await call(stranger, 'POST', url, { uuids: [y2] }), 404, 'NOT_FOUND');
    expect(await rows()).toEqual(snapshot);

    // The admin says y2 is not this person (a photo Ayşe added): it leaves the person at once.
    const res = await call(admin, 'POST', url, { uuids: [y2] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().person).toMatchObject({ personId: p!.personId, photoCount: 3 });
    expect(await libraryOf(ayse, `person=${p!.personId}`)).toEqual([y1, y3, a1].sort());
    expect((await familyPeople(ayse))[0]!.photoCount).toBe(3);
    // The next run of the grouping schedule does not put it back (nor makes a person of it alone).
    await grouped();
    expect(await libraryOf(admin, `person=${p!.personId}`)).toEqual([y1, y3, a1].sort());
    expect((await familyPeople(admin)).map((q) => [q.personId, q.photoCount])).toEqual([[p!.personId, 3]]);
    // Her own People are untouched.
    expect(await mine()).toEqual(before);
    expect(await libraryOf(ayse, '')).toContain(y2);

    // The rest taken out in one go: the person goes; the faces it lost do not come back together as a new person.
    const last = await call(ayse, 'POST', url, { uuids: [y1, y3, a1] });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().person).toBeNull();
    expectError(await call(admin, 'GET', `/family/people/${p!.personId}`), 404, 'NOT_FOUND');
    await grouped();
    expect(await familyPeople(admin)).toEqual([]);
    expect(await t.database.db.selectFrom('family_person').select('id').where('id', '=', p!.personId).executeTakeFirst()).toBeUndefined();
    expect(await mine()).toEqual(before);
  });

  it('a face joining a person made in the same grouping run is grouped (the person is written first)', async () => {
    const { admin, members } = await family(1);
    const ayse = members[0]!;
    // A chain: a–b and b–c within the match distance, a–c beyond it. a and b make a person; c then joins it, same run.
    const shots = [await photo(ayse, [17]), await photo(ayse, [17]), await photo(ayse, [17])];
    const theta = 0.3;
    for (const [i, file] of shots.entries()) {
      const v = Array.from({ length: 128 }, (_, k) => (k === 0 ? Math.cos(i * theta) : k === 1 ? Math.sin(i * theta) : 0));
      await t.database.db.updateTable('face').set({ descriptor: encodeDescriptor(v), created_at: 1_000 + i }).where('file_id', '=', file).execute();
    }
    await add(ayse, shots);
    await grouped();
    const seen = await familyPeople(admin);
    expect(seen.map((p) => p.photoCount)).toEqual([3]);
  });

  it('a merge keeps out of the survivor the faces rejected from it', async () => {
    const { admin, members } = await family(1);
    const ayse = members[0]!;
    const y1 = await photo(ayse, [15]);
    const y2 = await photo(ayse, [15]);
    const y3 = await photo(ayse, [15]);
    await add(ayse, [y1, y2, y3]);
    await grouped();
    const [p] = await familyPeople(admin);
    expect((await call(admin, 'POST', `/family/people/${p!.personId}/not-this-person`, { uuids: [y3] })).statusCode).toBe(200);
    // Another person holding y3's face (as an older grouping could have left it), merged into p: y3 stays out of p.
    const { family_id } = await t.database.db.selectFrom('family_person').select('family_id').where('id', '=', p!.personId).executeTakeFirstOrThrow();
    const q = '00000000-0000-4000-8000-00000000f015';
    await t.database.db.insertInto('family_person').values({ id: q, family_id, label: 'Teyze', label_key: 'teyze', labelled_by: null, created_at: 1, modified_at: 1 }).execute();
    const y3face = await t.database.db.selectFrom('face').select('id').where('file_id', '=', y3).executeTakeFirstOrThrow();
    await t.database.db.insertInto('family_face').values({ face_id: y3face.id, family_id, person_id: q }).execute();
    const merged = await call(ayse, 'POST', `/family/people/${q}/merge`, { into: p!.personId });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ personId: p!.personId, label: 'Teyze', photoCount: 2 });
    await grouped();
    expect(await libraryOf(admin, `person=${p!.personId}`)).toEqual([y1, y2].sort());
  });

  it("a member without premium of their own: what they add to a premium family's library is analysed and shown to all", async () => {
    const { admin, members } = await family(1, { ownPremium: false });
    const ayse = members[0]!;
    const y1 = await uploaded(ayse);
    const y2 = await uploaded(ayse);
    const own = await uploaded(ayse);
    // Her own photo: no premium, nothing analysed (the faces job records nothing).
    expect(await people.record(ayse.accountId, own, [await faceOn(t, ayse.accountId, own, 21, 1)])).toBe(false);
    await add(ayse, [y1, y2]);
    // In the family's library: analysed under the family's premium.
    expect(await people.record(ayse.accountId, y1, [await faceOn(t, ayse.accountId, y1, 21, 2)])).toBe(true);
    expect(await people.record(ayse.accountId, y2, [await faceOn(t, ayse.accountId, y2, 21, 3)])).toBe(true);
    await grouped();
    const [p] = await familyPeople(admin);
    expect(p).toMatchObject({ photoCount: 2 });
    // Her face crop opens for the admin (through the family), though her own People show nothing without premium.
    expect((await t.app.inject({ method: 'GET', url: p!.thumbnailUrl! })).statusCode).toBe(200);
    expect((await call(ayse, 'GET', '/person/page')).json().people).toEqual([]);
    // The retention schedule leaves her face data alone while she is in the premium family.
    await t.database.db.updateTable('job').set({ run_at: Date.now() - 1 }).where('schedule_key', '=', PEOPLE_RETENTION_SCHEDULE).where('status', '=', 'queued').execute();
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
    expect(await t.database.db.selectFrom('face_retention').select('account_id').where('account_id', '=', ayse.accountId).executeTakeFirst()).toBeUndefined();

    // A family whose plan gives no premium shows no people.
    const plain = await family(1, { familyPremium: false });
    const z1 = await uploaded(plain.members[0]!);
    const z2 = await uploaded(plain.members[0]!);
    await add(plain.members[0]!, [z1, z2]);
    for (const z of [z1, z2]) await people.record(plain.members[0]!.accountId, z, [await faceOn(t, plain.members[0]!.accountId, z, 22, 1)]);
    await grouped();
    expect(await familyPeople(plain.admin)).toEqual([]);
  });

  it("groups the library's photos by place across members, and the place opens the filtered library", async () => {
    const { admin, members } = await family(1);
    const ayse = members[0]!;
    const places = new PlacesService({ db: t.database.db, links: null });
    /** A photo placed as the media job's listener places it when it saves the photo's facts. */
    const at = async (who: Person, [latitude, longitude]: readonly [number, number]) => {
      const id = await photo(who, []);
      await t.database.db.transaction().execute((trx) =>
        places.onProcessed(trx, { fileId: id, accountId: who.accountId, status: 'READY', kind: 'image', previewKey: null, latitude, longitude, takenDay: null }),
      );
      return id;
    };
    const a1 = await at(admin, GPS.istanbul);
    const y1 = await at(ayse, GPS.istanbul);
    const y2 = await at(ayse, GPS.tbilisi);
    await at(ayse, GPS.tbilisi);
    await add(admin, [a1]);
    await add(ayse, [y1, y2]);

    const res = await t.app.inject({ method: 'GET', url: '/api/family/places', headers: { ...authed(ayse.token), 'x-client-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().places as Array<{ key: string; name: string; country: string; photoCount: number; coverPhoto: { uuid: string } | null }>;
    // The photo outside the library is not counted; Istanbul has one photo of each member.
    expect(found.map((p) => [p.name, p.country, p.photoCount])).toEqual([
      ['Istanbul', 'Türkiye', 2],
      ['Tbilisi', 'Georgia', 1],
    ]);
    // The newest photo is the cover.
    expect(found[0]!.coverPhoto?.uuid).toBe(y1);
    expect(await libraryOf(admin, `place=${found[0]!.key}`)).toEqual([a1, y1].sort());
    expect(await libraryOf(admin, `place=${found[1]!.key}`)).toEqual([y2]);
    // Removed from the library: no longer at the place for the family.
    expect((await call(ayse, 'POST', '/family/library/remove', { uuids: [y2] })).statusCode).toBe(200);
    const after = (await call(admin, 'GET', '/family/places')).json().places as Array<{ key: string }>;
    expect(after.map((p) => p.key)).toEqual([found[0]!.key]);
  });
});
