import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, authed, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { createVisionEngine, FACE_MATCH_DISTANCE, FACE_MIN_SCORE, readVisionImage } from '../../infra/vision/vision-engine.js';
import { UrlSigner } from '../../infra/signing/url-signer.js';
import { addPhoto } from '../albums/albums.fixtures.js';
import { MEDIA_KIND } from '../files/files.public.js';
import { previewKey } from '../media/media.public.js';
import { makePremium } from './people.fixtures.js';
import { PeopleService } from './people.service.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/vision/', import.meta.url));

// The real engine on real photographs (see test/fixtures/vision/LICENSES.md): the faces job as the queue runs it.
// One dialect is enough for what the engine decides; the storage paths are covered by people.test.ts on both.
describe.each(DIALECTS.slice(0, 1))('faces job on real photos (%s)', (dialect) => {
  let t: TestApp;
  let people: PeopleService;
  const engine = createVisionEngine();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const signer = new UrlSigner(t.database.db);
    await signer.load();
    people = new PeopleService({
      db: t.database.db,
      blobs: t.app.blobs,
      jobs: t.app.jobs,
      signer,
      logger: t.app.log,
      vision: { faces: (image) => engine.faces(image), readImage: (bytes) => readVisionImage(bytes), minScore: FACE_MIN_SCORE },
      matchDistance: FACE_MATCH_DISTANCE,
    });
  });
  afterAll(async () => {
    await engine.close();
    await t.close();
  });

  /** The photo as the media job leaves it: the row and its 1440 px WebP preview. */
  const photo = async (accountId: string, name: string) => {
    const { id } = await addPhoto(t, accountId, name);
    await t.database.db.updateTable('file').set({ media_kind: MEDIA_KIND.image }).where('id', '=', id).execute();
    const preview = await sharp(readFileSync(`${FIXTURES}${name}`)).rotate().resize(1440, 1440, { fit: 'inside', withoutEnlargement: true }).webp().toBuffer();
    await t.app.blobs.put(previewKey(accountId, id), Readable.from([preview]), { contentType: 'image/webp' });
    return id;
  };

  it('groups faces of the same person on real photos into one person and another person into another', { timeout: 300_000 }, async () => {
    const u = await signUp(t);
    await makePremium(t, u.accountId);
    const ids: Record<string, string> = {};
    const analyse = async (name: string) => {
      ids[name] = await photo(u.accountId, name);
      await people.analyse(ids[name]);
    };
    const call = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: authed(u.token) });
    const inPhoto = async (name: string) => ((await call(`/person/photo/${ids[name]}`)).json().people as Array<{ personId: string }>).map((p) => p.personId);
    const faces = async (name: string) =>
      (await t.database.db.selectFrom('face').select('person_id').where('file_id', '=', ids[name]!).execute()).length;

    for (const name of ['obama-portrait.jpg', 'obama-podium.jpg', 'obama-briefing.jpg', 'lacamoire-1.jpg', 'lacamoire-2.jpg', 'lacamoire-3.jpg', 'coffee.jpg']) {
      await analyse(name);
    }
    // Three photos of each man: one person each.
    const lacamoire = await inPhoto('lacamoire-1.jpg');
    const obama = await inPhoto('obama-portrait.jpg');
    expect(lacamoire).toHaveLength(1);
    expect(obama).toHaveLength(1);
    expect(obama[0]).not.toBe(lacamoire[0]);
    expect(await inPhoto('lacamoire-2.jpg')).toEqual(lacamoire);
    expect(await inPhoto('lacamoire-3.jpg')).toEqual(lacamoire);
    expect(await inPhoto('obama-podium.jpg')).toEqual(obama);
    expect(await inPhoto('obama-briefing.jpg')).toEqual(obama);
    expect(await faces('coffee.jpg')).toBe(0);

    // A later photo of a known person joins that person (incremental); Biden, alone so far, stays unassigned.
    await analyse('obama-biden-blue-room.jpg');
    await people.analyse(ids['obama-biden-blue-room.jpg']!);
    // Analysed once: the second run left the two faces as they were.
    expect(await faces('obama-biden-blue-room.jpg')).toBe(2);
    expect(await inPhoto('obama-biden-blue-room.jpg')).toEqual(obama);
    // Biden's second photo: his two faces make a person of their own.
    await analyse('biden-portrait.jpg');
    const biden = await inPhoto('biden-portrait.jpg');
    expect(biden).toHaveLength(1);
    expect([obama[0], lacamoire[0]]).not.toContain(biden[0]);
    expect((await inPhoto('obama-biden-blue-room.jpg')).sort()).toEqual([obama[0], biden[0]].sort());

    const page = (await call('/person/page')).json();
    expect(page.people.map((p: { personId: string; photoCount: number }) => [p.personId, p.photoCount])).toEqual([
      [obama[0], 4],
      [lacamoire[0], 3],
      [biden[0], 2],
    ]);
    const crop = await t.app.inject({ method: 'GET', url: page.people[0].thumbnailUrl });
    expect(crop.statusCode).toBe(200);
    expect(await sharp(crop.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await call('/person/recognition')).json()).toEqual({ premium: true, enabled: true, done: 9, total: 9 });
  });
});
