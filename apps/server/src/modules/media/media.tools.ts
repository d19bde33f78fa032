// External decoders (ffmpeg, ffprobe) and the temp files they need. Kept here so the service stays free
// of fs and child processes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** A file the decoders cannot read (corrupt, truncated, unsupported): recorded as FAILED, never retried. */
export class MediaDecodeError extends Error {
  override readonly name = 'MediaDecodeError';
}

const TOOL_TIMEOUT_MS = 120_000;
const found = new Map<string, boolean>();

/** Whether a command is on PATH; checked once per process. */
export function hasTool(cmd: 'ffmpeg' | 'ffprobe'): boolean {
  let ok = found.get(cmd);
  if (ok === undefined) {
    const res = spawnSync(cmd, ['-version'], { stdio: 'ignore', timeout: 10_000 });
    ok = !(res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT');
    found.set(cmd, ok);
  }
  return ok;
}

function run(cmd: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024, timeout: TOOL_TIMEOUT_MS }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const detail = stderr.toString('utf8').trim().split('\n').at(-1) ?? '';
      reject(new MediaDecodeError(`${cmd} failed${detail ? `: ${detail.slice(0, 300)}` : ''}`));
    });
  });
}

/** Streams `body` into a private temp file, runs `use` on its path, and always removes it. */
export async function withTempFile<T>(body: Readable, ext: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bulut-media-'));
  try {
    const file = path.join(dir, `original${ext}`);
    await pipeline(body, fs.createWriteStream(file, { mode: 0o600 }));
    return await use(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export interface VideoProbe {
  durationMs: number | null;
  width: number | null;
  height: number | null;
}

export async function probeVideo(file: string): Promise<VideoProbe> {
  const out = await run('ffprobe', [
    '-v', 'error',
    '-select_streams', 'v:0',
    '-show_entries', 'stream=width,height:stream_tags=rotate:stream_side_data=rotation:format=duration',
    '-of', 'json',
    file,
  ]);
  let info: { streams?: Array<Record<string, unknown>>; format?: { duration?: string } };
  try {
    info = JSON.parse(out.toString('utf8'));
  } catch {
    throw new MediaDecodeError('ffprobe gave unreadable output');
  }
  const stream = info.streams?.[0];
  if (!stream) throw new MediaDecodeError('No video stream');
  const tags = stream.tags as { rotate?: string } | undefined;
  const side = (stream.side_data_list as Array<{ rotation?: number }> | undefined)?.find((s) => s.rotation !== undefined);
  const rotation = Math.abs(Number(side?.rotation ?? tags?.rotate ?? 0)) % 180;
  const w = typeof stream.width === 'number' ? stream.width : null;
  const h = typeof stream.height === 'number' ? stream.height : null;
  const seconds = Number(info.format?.duration);
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    width: rotation === 90 ? h : w,
    height: rotation === 90 ? w : h,
  };
}

/** One frame as PNG: at 1 s, or the first frame of a shorter clip. */
export async function posterFrame(file: string, durationMs: number | null): Promise<Buffer> {
  const at = durationMs !== null && durationMs <= 1000 ? '0' : '1';
  const frame = await run('ffmpeg', ['-v', 'error', '-ss', at, '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-']);
  if (frame.length === 0) throw new MediaDecodeError('ffmpeg produced no frame');
  return frame;
}
