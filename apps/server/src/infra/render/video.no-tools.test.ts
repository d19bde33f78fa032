import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAnimationMp4 } from './animation.js';
import { block } from './render.fixtures.js';
import { hasTool, isVideoRenderingAvailable, RenderUnavailableError } from './tools.js';
import { renderMemoryVideo } from './video.js';

// A host without ffmpeg/ffprobe: this file runs in its own process, so hiding them from PATH is seen only here.
const realPath = process.env.PATH;
const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-no-tools-'));
beforeAll(() => {
  process.env.PATH = emptyDir;
  hasTool('ffmpeg', true);
  hasTool('ffprobe', true);
});
afterAll(() => {
  process.env.PATH = realPath;
  fs.rmSync(emptyDir, { recursive: true, force: true });
});

describe('video rendering without ffmpeg', () => {
  it('says it is not available, and the renderers refuse with RenderUnavailableError', async () => {
    expect(isVideoRenderingAvailable()).toBe(false);
    const output = path.join(emptyDir, 'never.mp4');
    await expect(renderMemoryVideo({ photos: [], title: 'x', output })).rejects.toThrow(RenderUnavailableError);
    await expect(renderMemoryVideo({ photos: [], title: 'x', output })).rejects.toThrow('ffmpeg is not available');
    const frame = await block('#808080', 32, 32);
    await expect(renderAnimationMp4({ frames: [frame], delayMs: 100, size: 32, output })).rejects.toThrow(RenderUnavailableError);
    expect(fs.existsSync(output)).toBe(false);
  });
});
