// ffmpeg and ffprobe for the video renderers: presence checks, a bounded runner, private temp folders.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

/** Thrown when a renderer needs ffmpeg/ffprobe and the host has none: callers skip the work, not retry it. */
export class RenderUnavailableError extends Error {
  override readonly name = 'RenderUnavailableError';
}

/** ffmpeg ran and failed (bad input, timeout): the message carries the last line of its log. */
export class RenderFailedError extends Error {
  override readonly name = 'RenderFailedError';
}

export type Tool = 'ffmpeg' | 'ffprobe';
const found = new Map<Tool, boolean>();

/** Whether a tool is on PATH; checked once per process (pass `recheck` after installing one). */
export function hasTool(tool: Tool, recheck = false): boolean {
  let ok = recheck ? undefined : found.get(tool);
  if (ok === undefined) {
    const res = spawnSync(tool, ['-version'], { stdio: 'ignore', timeout: 10_000 });
    ok = !res.error && res.status === 0;
    found.set(tool, ok);
  }
  return ok;
}

/** Whether memory videos and MP4 animations can be made on this host. */
export function isVideoRenderingAvailable(): boolean {
  return hasTool('ffmpeg') && hasTool('ffprobe');
}

export function requireTool(tool: Tool): void {
  if (!hasTool(tool)) throw new RenderUnavailableError(`${tool} is not available on this host`);
}

export const DEFAULT_TOOL_TIMEOUT_MS = 10 * 60_000;
// Below the server's own priority, so uploads and thumbnails keep the CPU when both want it.
const BACKGROUND_NICE = 10;

export interface ToolRun {
  stdout: Buffer;
  /** CPU the tool itself used (user + system), from ffmpeg's -benchmark report; 0 when it gave none. */
  cpuMs: number;
}

/**
 * Runs a tool at background priority, killed after `timeoutMs`. For ffmpeg, `-benchmark` is added so the caller
 * learns the CPU it cost (for per-account budgets) without reading /proc.
 */
export function runTool(tool: Tool, args: string[], timeoutMs = DEFAULT_TOOL_TIMEOUT_MS): Promise<ToolRun> {
  requireTool(tool);
  // -benchmark reports only at log level info; -nostats keeps the progress lines out of that log.
  const fullArgs = tool === 'ffmpeg' ? ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-benchmark', ...args] : args;
  return new Promise((resolve, reject) => {
    const child = spawn(tool, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, BACKGROUND_NICE);
      } catch {
        // Not permitted on some hosts: the run still works, only at normal priority.
      }
    }
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      // Keep the tail only: ffmpeg's log of a long render is large and only the end explains a failure.
      err = (err + d.toString('utf8')).slice(-8000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new RenderFailedError(`${tool} could not start: ${e.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new RenderFailedError(`${tool} timed out after ${timeoutMs} ms`));
      if (code !== 0) {
        const last = err.trim().split('\n').filter((l) => !l.startsWith('bench:')).at(-1) ?? '';
        return reject(new RenderFailedError(`${tool} failed (exit ${code})${last ? `: ${last.slice(0, 300)}` : ''}`));
      }
      const bench = /bench: utime=([\d.]+)s stime=([\d.]+)s/.exec(err);
      const cpuMs = bench ? Math.round((Number(bench[1]) + Number(bench[2])) * 1000) : 0;
      resolve({ stdout: Buffer.concat(out), cpuMs });
    });
  });
}

/** Runs `use` with a private temp folder under os.tmpdir() and always removes it afterwards. */
export async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bulut-render-'));
  try {
    return await use(dir);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export interface VideoInfo {
  codec: string;
  pixFmt: string;
  width: number;
  height: number;
  durationMs: number;
  frames: number;
}

/** The first video stream of a file, frames counted by decoding (exact, unlike the container's estimate). */
export async function probeVideo(file: string): Promise<VideoInfo> {
  const { stdout } = await runTool('ffprobe', [
    '-v', 'error',
    '-select_streams', 'v:0',
    '-count_frames',
    '-show_entries', 'stream=codec_name,pix_fmt,width,height,nb_read_frames:format=duration',
    '-of', 'json',
    file,
  ]);
  const info = JSON.parse(stdout.toString('utf8')) as {
    streams?: Array<{ codec_name?: string; pix_fmt?: string; width?: number; height?: number; nb_read_frames?: string }>;
    format?: { duration?: string };
  };
  const s = info.streams?.[0];
  if (!s) throw new RenderFailedError('no video stream');
  return {
    codec: s.codec_name ?? '',
    pixFmt: s.pix_fmt ?? '',
    width: s.width ?? 0,
    height: s.height ?? 0,
    durationMs: Math.round(Number(info.format?.duration ?? 0) * 1000),
    frames: Number(s.nb_read_frames ?? 0),
  };
}

/** One frame of a video as PNG, at `atMs`. */
export async function extractFrame(file: string, atMs: number): Promise<Buffer> {
  const { stdout } = await runTool('ffmpeg', [
    '-ss', (atMs / 1000).toFixed(3), '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-',
  ]);
  if (stdout.length === 0) throw new RenderFailedError('ffmpeg produced no frame');
  return stdout;
}
