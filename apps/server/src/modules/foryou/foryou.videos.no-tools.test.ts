import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVideoRenderingAvailable } from '../../infra/render/index.js';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import type { ForyouItemListDto } from './foryou.schemas.js';
import { photoAt, runGeneration, runJobs } from './foryou.story.fixtures.js';

// A host without ffmpeg/ffprobe: this file runs in its own process, and PATH is emptied before anything looks for
// them (the presence check is made once per process), as infra/render/video.no-tools.test.ts does.
const realPath = process.env.PATH;
const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foryou-no-tools-'));
process.env.PATH = emptyDir;
afterAll(() => {
  process.env.PATH = realPath;
  fs.rmSync(emptyDir, { recursive: true, force: true });
});

describe.each(DIALECTS)('for you without ffmpeg (%s)', (dialect) => {
  let t: TestApp;
  const now = Date.UTC(2026, 11, 10, 12);
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock: () => now });
  });
  afterAll(() => t.close());

  it('offers no memory video, and the stories are made all the same', async () => {
    expect(isVideoRenderingAvailable()).toBe(false);
    const me = await signUp(t);
    for (let m = 1; m <= 10; m++) await photoAt(t, me.token, 500 + m, `2026-${String(m).padStart(2, '0')}-08 08:00:00`);
    await runJobs(t);
    await runGeneration(t, me.accountId);
    const list = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: authed(me.token) })).json<ForyouItemListDto>().items;
    expect((await list('/api/foryou/timeline/themed')).map((i) => i.title.key)).toEqual(['yearInReview']);
    expect(await list('/api/foryou/videos/generated')).toEqual([]);
    expect(await t.database.db.selectFrom('foryou_item').select('id').where('kind', '=', 'VIDEO').execute()).toEqual([]);
  });
});
