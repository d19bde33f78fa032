import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { runAllJobs, uploadJpeg } from '../places/places.discover.fixtures.js';
import { THINGS_BACKFILL } from './things.module.js';
import { THING_CLASSES, THING_LANGUAGES } from './things.classes.js';

// Real photographs (test/fixtures/vision/LICENSES.md), through the real media pipeline and the real detector.
const photo = (name: string) => fs.readFileSync(new URL(`../../test/fixtures/vision/${name}`, import.meta.url));

describe.each(DIALECTS)('things (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const runJobs = () => runAllJobs(t);
  const upload = (token: string, name: string) => uploadJpeg(t, token, name, photo(name));
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: authed(token) });
  const listed = async (token: string) =>
    ((await get(token, '/api/object/page')).json().things as Array<{ tag: string; photoCount: number }>).map((x) => [x.tag, x.photoCount]);

  it('names every class in all 11 languages', () => {
    expect(Object.keys(THING_CLASSES)).toHaveLength(79);
    for (const [tag, names] of Object.entries(THING_CLASSES)) {
      expect(tag).toMatch(/^[a-z]+(_[a-z]+)*$/);
      for (const l of THING_LANGUAGES) expect(names[l], `${tag}.${l}`).toMatch(/\S/);
    }
    expect(JSON.parse(JSON.stringify(THING_CLASSES))).toEqual(THING_CLASSES);
  });

  it('finds the cup and the motorcycle, lists them by photo count, shows them as albums and in search; trash drops them', async () => {
    const u = await signUp(t);
    const cup = await upload(u.token, 'coffee.jpg');
    const moto = await upload(u.token, 'motorcycle.jpg');
    await runJobs();
    expect((await get(u.token, '/api/object/progress')).json()).toEqual({ done: 2, total: 2 });
    const page = (await get(u.token, '/api/object/page?pageSize=50&pageNumber=0')).json();
    const tags = page.things.map((x: { tag: string }) => x.tag);
    expect(tags).toEqual(expect.arrayContaining(['cup', 'motorcycle']));
    expect(tags).not.toContain('person');
    const cupThing = page.things.find((x: { tag: string }) => x.tag === 'cup');
    expect(cupThing).toMatchObject({ photoCount: 1, coverPhoto: { uuid: cup } });

    const album = await get(u.token, `/api/album/${cupThing.id}?contentType=album/object`);
    expect(album.statusCode).toBe(200);
    expect(album.json().fileList.map((f: { uuid: string }) => f.uuid)).toEqual([cup]);
    for (const text of ['fincan', 'Tasse', 'чашка', 'cup']) {
      const found = (await get(u.token, `/api/search/unified?text=${encodeURIComponent(text)}`)).json();
      expect(found.items.map((h: { album: { uuid: string } | null }) => h.album?.uuid), text).toContain(cupThing.id);
    }

    const other = await signUp(t);
    expect((await get(other.token, '/api/object/page')).json()).toMatchObject({ things: [], total: 0 });
    expect((await get(other.token, `/api/album/${cupThing.id}?contentType=album/object`)).statusCode).toBe(404);

    await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: authed(u.token), payload: [cup] });
    expect((await listed(u.token)).map(([tag]) => tag)).not.toContain('cup');
    expect((await listed(u.token)).map(([tag]) => tag)).toContain('motorcycle');
    // Its only photo in the trash: search no longer finds the cup (its page would be empty).
    const gone = (await get(u.token, '/api/search/unified?text=fincan')).json();
    expect(gone.items.map((h: { album: { uuid: string } | null }) => h.album?.uuid)).not.toContain(cupThing.id);
    expect(JSON.stringify((await get(u.token, '/api/search/unified/suggest?text=cup')).json())).not.toContain(cupThing.id);
    await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash/forever', headers: authed(u.token), payload: [cup] });
    await runJobs();
    expect(await t.database.db.selectFrom('file_thing').select('file_id').where('file_id', '=', cup).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('thing_scan').select('file_id').where('file_id', '=', cup).execute()).toEqual([]);
    expect(moto).toBeTruthy();
  });

  it('the backfill queues photos processed before things existed', async () => {
    const u = await signUp(t);
    const id = await upload(u.token, 'motorcycle.jpg');
    await runJobs();
    await t.database.db.deleteFrom('file_thing').where('file_id', '=', id).execute();
    await t.database.db.deleteFrom('thing_scan').where('file_id', '=', id).execute();
    expect((await get(u.token, '/api/object/progress')).json()).toEqual({ done: 0, total: 1 });
    await t.database.db.updateTable('job').set({ run_at: 0 }).where('type', '=', THINGS_BACKFILL).where('status', '=', 'queued').execute();
    await runJobs();
    expect((await get(u.token, '/api/object/progress')).json()).toEqual({ done: 1, total: 1 });
  });
});

describe.each(DIALECTS)('things with THINGS_DETECTION=off (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { THINGS_DETECTION: 'off' });
  });
  afterAll(() => t.close());

  it('queues no photo, neither new ones nor by the backfill, and lists nothing', async () => {
    const u = await signUp(t);
    await uploadJpeg(t, u.token, 'coffee.jpg', photo('coffee.jpg'));
    await runAllJobs(t);
    await t.database.db.updateTable('job').set({ run_at: 0 }).where('type', '=', THINGS_BACKFILL).where('status', '=', 'queued').execute();
    await runAllJobs(t);
    expect(await t.database.db.selectFrom('job').select('id').where('type', '=', 'things.tag').execute()).toEqual([]);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authed(u.token) });
    expect((await get('/api/object/progress')).json()).toEqual({ done: 0, total: 1 });
    expect((await get('/api/object/page')).json()).toMatchObject({ things: [], total: 0 });
  });
});
