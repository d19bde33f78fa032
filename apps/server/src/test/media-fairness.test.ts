import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadApi } from '../modules/upload/upload.fixtures.js';
import { DIALECTS, signUp, startTestApp, type TestApp } from './harness.js';

const BACKLOG = 40;

// One account's photo backlog must not delay another account's thumbnails: media jobs are served in rounds by account.
describe.each(DIALECTS)('media jobs are fair across accounts (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it(`A uploads ${BACKLOG} photos, then B one: B's photo is processed in the first batch of media jobs`, async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const jpeg = (n: number) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: { r: n % 256, g: 90, b: 160 } } }).jpeg().toBuffer();
    for (let n = 0; n < BACKLOG; n++) expect((await uploadApi(t, a.token).whole(`a${n}.jpg`, await jpeg(n), { contentType: 'image/jpeg' })).statusCode).toBe(201);
    // A colour none of A's has: the same bytes would be stored once, and the spare copy's deletion is a job of its own.
    const upload = await uploadApi(t, b.token).whole('b.jpg', await jpeg(BACKLOG + 7), { contentType: 'image/jpeg' });
    expect(upload.statusCode).toBe(201);
    const bFile = (upload.json() as { uuid: string }).uuid;

    // One batch fills the media slots (one per core) with the first jobs in claim order; without fairness those are
    // the oldest of A's backlog.
    await t.app.jobs.runDue();
    // The batch may also run other kinds (blob purges, for-you); the media jobs it ran are what fairness is about.
    const mediaDone = await t.database.db.selectFrom('job').select('id').where('type', '=', 'media.process').where('status', '=', 'done').execute();
    const ran = mediaDone.length;
    expect(ran).toBeGreaterThan(0);
    expect(ran).toBeLessThan(BACKLOG);
    const status = (accountId: string) =>
      t.database.db.selectFrom('file').select(['id', 'media_status']).where('account_id', '=', accountId).where('media_status', '=', 'READY').execute();
    expect((await status(b.accountId)).map((f) => f.id)).toEqual([bFile]);
    expect((await status(a.accountId)).length).toBe(ran - 1);
  });
});
