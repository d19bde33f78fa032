import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { hasCommand, processUpload, videoClip } from './fixtures/media.fixtures.js';

// A server without ffmpeg/ffprobe on its PATH: this file runs in its own process, so hiding them is seen only here.
const clip = hasCommand('ffmpeg') ? videoClip('mp4') : null;
const realPath = process.env.PATH;
const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-no-tools-'));
beforeAll(() => {
  process.env.PATH = emptyDir;
});
afterAll(() => {
  process.env.PATH = realPath;
  fs.rmSync(emptyDir, { recursive: true, force: true });
});

describe.each(DIALECTS)('media without ffmpeg (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a video is READY with unknown duration and size and no poster (the client shows a generic one)', async () => {
    // Without ffmpeg to make one, any bytes do: the server does not look inside a video then.
    const body = clip ?? Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(512)]);
    const { item, row } = await processUpload(t, 'clip.mp4', body, 'video/mp4');
    expect(item).toMatchObject({
      mediaStatus: 'READY',
      durationMs: null,
      width: null,
      height: null,
      placeholder: null,
      thumbnailUrl: null,
      previewUrl: null,
      takenDate: item.createdDate,
    });
    expect(row.media_error).toBeNull();
  });
});
