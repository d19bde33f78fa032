// Animations: photos as frames of a looping animated WebP (sharp), or an MP4 clip (ffmpeg) where players want video.
import path from 'node:path';
import fs from 'node:fs';
import sharp from 'sharp';
import { coverCrop, orientedSize, type PixelSize } from './image.js';
import { encodeH264, heldStill, type EncodedVideo } from './video.js';

export interface AnimationOptions {
  frames: Buffer[];
  delayMs: number;
  /** The frame size, or its long side (the first frame's orientation gives the other side). */
  size: number | PixelSize;
  /** Always true: the animation loops forever. */
  loop?: true;
  quality?: number;
}

export interface AnimationResult {
  image: Buffer;
  width: number;
  height: number;
  frames: number;
}

export const ANIMATION_MAX_FRAMES = 60;
const MAX_SIDE = 2048;

/** The frame size: as asked, or the long side with the first frame's aspect ratio. */
async function frameSize(first: Buffer, size: number | PixelSize): Promise<PixelSize> {
  const even = (v: number) => Math.max(2, Math.min(MAX_SIDE, Math.round(v / 2) * 2)); // even: H.264 with yuv420p needs it
  if (typeof size !== 'number') return { w: even(size.w), h: even(size.h) };
  const src = await orientedSize(first);
  const long = Math.min(MAX_SIDE, size);
  return src.w >= src.h ? { w: even(long), h: even((long * src.h) / src.w) } : { w: even((long * src.w) / src.h), h: even(long) };
}

function checkFrames(frames: Buffer[], delayMs: number): void {
  if (frames.length < 1 || frames.length > ANIMATION_MAX_FRAMES) {
    throw new RangeError(`an animation takes 1–${ANIMATION_MAX_FRAMES} frames, not ${frames.length}`);
  }
  if (!(delayMs >= 20 && delayMs <= 60_000)) throw new RangeError(`delayMs must be 20–60000, not ${delayMs}`);
}

/** Every frame cover-cropped to one size, as raw RGB, one at a time to bound memory. */
async function uniformFrames(frames: Buffer[], size: PixelSize): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const frame of frames) out.push(await (await coverCrop(frame, size)).raw().toBuffer());
  return out;
}

export async function renderAnimation(opts: AnimationOptions): Promise<AnimationResult> {
  checkFrames(opts.frames, opts.delayMs);
  const size = await frameSize(opts.frames[0] as Buffer, opts.size);
  const raw = await uniformFrames(opts.frames, size);
  // Stacking the frames vertically and declaring the page height is how libvips represents an animation.
  const image = await sharp(Buffer.concat(raw), { raw: { width: size.w, height: size.h * raw.length, channels: 3, pageHeight: size.h } })
    .webp({ quality: opts.quality ?? 80, loop: 0, delay: raw.map(() => Math.round(opts.delayMs)), effort: 2 })
    .toBuffer();
  return { image, width: size.w, height: size.h, frames: raw.length };
}

export interface AnimationMp4Options extends AnimationOptions {
  /** Where the MP4 goes; the caller owns it. */
  output: string;
  fps?: number;
}

/** The same frames as an H.264 MP4 (each frame held for delayMs). Needs ffmpeg: see isVideoRenderingAvailable(). */
export async function renderAnimationMp4(opts: AnimationMp4Options): Promise<EncodedVideo> {
  checkFrames(opts.frames, opts.delayMs);
  const size = await frameSize(opts.frames[0] as Buffer, opts.size);
  const raw = await uniformFrames(opts.frames, size);
  const fps = opts.fps ?? 25;
  const hold = Math.max(1, Math.round((opts.delayMs / 1000) * fps));
  return encodeH264({
    output: opts.output,
    size,
    fps,
    frames: raw.length * hold,
    prepare: async (dir) => {
      const list = raw.map((_, i) => path.join(dir, `frame-${i}.rgb`));
      await Promise.all(raw.map((buf, i) => fs.promises.writeFile(list[i] as string, buf)));
      return list;
    },
    // Each frame is one raw RGB image held for `hold` frames, then all are concatenated.
    inputArgs: (files) => files.flatMap((f) => ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${size.w}x${size.h}`, '-framerate', String(fps), '-i', f]),
    filter: (files) =>
      `${files.map((_, i) => `${heldStill(i, hold)}[h${i}]`).join(';')};${files.map((_, i) => `[h${i}]`).join('')}concat=n=${files.length}:v=1:a=0[out]`,
  });
}
