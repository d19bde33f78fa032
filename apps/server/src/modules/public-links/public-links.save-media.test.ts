import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { phoneJpeg } from '../media/fixtures/media.fixtures.js';
import { uploadApi } from '../upload/upload.fixtures.js';
import { linkApi } from './public-links.fixtures.js';

describe.each(DIALECTS)('public links: saving a photo still being processed (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    // Tests start no job worker: jobs run when the test says, so the original is still PENDING when it is saved.
    t = await startTestApp(dialect);

  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the copy its own media job, so it does not stay PENDING', async () => {
    // Both sign up first: signing up runs due jobs (its code message), which would process the original too.
    const a = await signUp(t);
    const b = await signUp(t);
    const up = await uploadApi(t, a.token).whole('beach.jpg', await phoneJpeg(), { contentType: 'image/jpeg' });
    expect(up.json().mediaStatus).toBe('PENDING');
    const link = await linkApi(t).owner(a.token).link({ fileUuidList: [up.json().uuid], isAlbum: false });
    expect((await linkApi(t).visitor(link.token, { session: b.token }).save()).statusCode).toBe(200);
    const copy = await t.database.db.selectFrom('file').selectAll().where('account_id', '=', b.accountId).executeTakeFirstOrThrow();
    expect(copy.media_status).toBe('PENDING');

    while ((await t.app.jobs.runDue()) > 0) {
      // every due job, the original's and the copy's
    }
    const done = await t.database.db.selectFrom('file').selectAll().where('id', '=', copy.id).executeTakeFirstOrThrow();
    expect(done.media_status).toBe('READY');
    expect(done.thumb_key).toBeTruthy();
    expect(done.taken_at).not.toBeNull();
  });
});
