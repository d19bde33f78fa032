// Memory videos: a title card, then each photo with a slow pan, cross-faded, as an H.264 MP4 made by ffmpeg.
import fs from 'node:fs';
import path from 'node:path';
import { coverCrop, type FocusBox, type PixelSize } from './image.js';
import { renderTitleCard } from './title-card.js';
import { DEFAULT_TOOL_TIMEOUT_MS, requireTool, runTool, withTempDir } from './tools.js';

export interface EncodedVideo {
  /** The MP4 written (the caller's path; the caller removes it). */
  output: string;
  width: number;
  height: number;
  frames: number;
  durationMs: number;
  /** CPU ffmpeg used, for per-account budgets (sharp's share is the caller's to measure). */
  ffmpegCpuMs: number;
}

/**
 * Runs one ffmpeg encode to H.264 yuv420p with faststart: `prepare` writes the inputs into a private temp folder
 * (removed afterwards), `inputArgs` and `filter` (ending in [out]) turn them into the frames.
 */
export async function encodeH264(opts: {
  output: string;
  size: PixelSize;
  fps: number;
  frames: number;
  prepare: (dir: string) => Promise<string[]>;
  inputArgs: (files: string[]) => string[];
  filter: (files: string[]) => string;
  timeoutMs?: number;
}): Promise<EncodedVideo> {
  requireTool('ffmpeg');
  return withTempDir(async (dir) => {
    const files = await opts.prepare(dir);
    const run = await runTool(
      'ffmpeg',
      [
        // One thread everywhere: a background render must not take the cores uploads and thumbnails need.
        '-filter_complex_threads', '1',
        ...opts.inputArgs(files),
        '-filter_complex', opts.filter(files),
        '-map', '[out]',
        '-frames:v', String(opts.frames),
        '-r', String(opts.fps),
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
        '-threads', '1',
        '-movflags', '+faststart',
        '-an', '-y', opts.output,
      ],
      opts.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
    );
    return {
      output: opts.output,
      width: opts.size.w,
      height: opts.size.h,
      frames: opts.frames,
      durationMs: Math.round((opts.frames * 1000) / opts.fps),
      ffmpegCpuMs: run.cpuMs,
    };
  });
}

/**
 * Filter chain turning input `i` (one still image) into `frames` frames: converted to yuv420p once, then repeated
 * by the loop filter. Far cheaper than `-loop 1`, which decodes and converts the image again for every frame.
 * Inputs must be opened with `-framerate fps` so that pts N is frame N.
 */
export function heldStill(i: number, frames: number): string {
  return `[${i}:v]format=yuv420p,loop=loop=${Math.max(0, frames - 1)}:size=1:start=0,setpts=N,setsar=1`;
}

export type VideoPhoto = Buffer | { image: Buffer; focus?: FocusBox[] };

export interface MemoryVideoOptions {
  photos: VideoPhoto[];
  title: string;
  subtitle?: string;
  secondsPerPhoto?: number;
  /** Output size; 1280×720 by default, at most 1920×1080 (either orientation). */
  size?: PixelSize;
  fps?: number;
  /** Where the MP4 goes; the caller owns the file. */
  output: string;
  titleSeconds?: number;
  background?: string;
  timeoutMs?: number;
}

export const MEMORY_VIDEO_MAX_PHOTOS = 30;
const MAX_LONG = 1920;
const MAX_SHORT = 1080;
// The pan's travel: photos are rendered this much larger than the frame and the window slides across the margin.
const PAN_MARGIN = 1.12;
/** The cross-fade between two pictures (shortened to a third of a picture's time when that is shorter). */
export const MEMORY_VIDEO_FADE_SECONDS = 0.8;

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The output size, bounded (both sides even, as yuv420p needs). */
function boundedSize(size: PixelSize | undefined): PixelSize {
  const s = size ?? { w: 1280, h: 720 };
  const k = Math.min(1, MAX_LONG / Math.max(s.w, s.h), MAX_SHORT / Math.min(s.w, s.h));
  return { w: even(s.w * k), h: even(s.h * k) };
}

/** The crop window's x/y over time: each photo pans along one of four diagonals in turn. */
function panExpressions(i: number, seconds: number): { x: string; y: string } {
  const p = `(t/${seconds.toFixed(3)})`;
  const forward = (axis: 'w' | 'h') => `(i${axis}-o${axis})*min(1,${p})`;
  const back = (axis: 'w' | 'h') => `(i${axis}-o${axis})*max(0,1-${p})`;
  return { x: i % 2 === 0 ? forward('w') : back('w'), y: Math.floor(i / 2) % 2 === 0 ? forward('h') : back('h') };
}

export async function renderMemoryVideo(opts: MemoryVideoOptions): Promise<EncodedVideo> {
  requireTool('ffmpeg');
  if (opts.photos.length > MEMORY_VIDEO_MAX_PHOTOS) {
    throw new RangeError(`a memory video takes at most ${MEMORY_VIDEO_MAX_PHOTOS} photos, not ${opts.photos.length}`);
  }
  const size = boundedSize(opts.size);
  const fps = Math.round(clamp(opts.fps ?? 25, 10, 30));
  // Durations in whole frames, so the cross-fade offsets and the total are exact.
  const photoFrames = Math.round(clamp(opts.secondsPerPhoto ?? 3, 1, 10) * fps);
  const titleFrames = Math.round(clamp(opts.titleSeconds ?? 2.5, 1, 10) * fps);
  const fadeFrames = Math.min(Math.round(MEMORY_VIDEO_FADE_SECONDS * fps), Math.floor(Math.min(photoFrames, titleFrames) / 3));
  const segments = [titleFrames, ...opts.photos.map(() => photoFrames)];
  const frames = segments.reduce((a, b) => a + b, 0) - fadeFrames * opts.photos.length;
  const big = { w: even(size.w * PAN_MARGIN), h: even(size.h * PAN_MARGIN) };
  const secs = (n: number) => (n / fps).toFixed(4);

  return encodeH264({
    output: opts.output,
    size,
    fps,
    frames,
    timeoutMs: opts.timeoutMs,
    prepare: async (dir) => {
      const files = [path.join(dir, 'title.png')];
      await fs.promises.writeFile(files[0] as string, await renderTitleCard({ title: opts.title, subtitle: opts.subtitle, size, background: opts.background }));
      // One photo at a time: each is decoded at full size once, then kept as a small JPEG for ffmpeg.
      for (const [i, photo] of opts.photos.entries()) {
        const { image, focus } = Buffer.isBuffer(photo) ? { image: photo, focus: undefined } : photo;
        const file = path.join(dir, `photo-${i}.jpg`);
        await (await coverCrop(image, big, focus)).jpeg({ quality: 90 }).toFile(file);
        files.push(file);
      }
      return files;
    },
    inputArgs: (files) => files.flatMap((f) => ['-framerate', String(fps), '-i', f]),
    filter: (files) => {
      const chains = files.map((_, i) => {
        if (i === 0) return `${heldStill(0, titleFrames)}[s0]`;
        const pan = panExpressions(i - 1, photoFrames / fps);
        return `${heldStill(i, photoFrames)},crop=w=${size.w}:h=${size.h}:x='${pan.x}':y='${pan.y}'[s${i}]`;
      });
      let last = 's0';
      let length = titleFrames;
      for (let i = 1; i < files.length; i++) {
        const next = i === files.length - 1 ? 'out' : `x${i}`;
        chains.push(`[${last}][s${i}]xfade=transition=fade:duration=${secs(fadeFrames)}:offset=${secs(length - fadeFrames)}[${next}]`);
        length += photoFrames - fadeFrames;
        last = next;
      }
      if (files.length === 1) chains.push('[s0]null[out]');
      return chains.join(';');
    },
  });
}
