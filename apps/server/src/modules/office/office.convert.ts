// LibreOffice (headless) and poppler's pdftoppm, the external tools behind document previews. Kept here so the
// service stays free of fs and child processes. Each run is a child process of its own with a timeout, and LibreOffice
// gets a fresh profile directory per run (two runs sharing one would wait on each other's lock, or fail).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';

/** A document the tools could not convert (corrupt, encrypted, unsupported, too slow): no preview, never retried. */
export class ConvertError extends Error {
  override readonly name = 'ConvertError';
}

export const CONVERT_TIMEOUT_MS = 120_000;
const found = new Map<string, boolean>();

/** Whether a command is on PATH; checked once per process. */
export function hasTool(cmd: 'soffice' | 'pdftoppm'): boolean {
  let ok = found.get(cmd);
  if (ok === undefined) {
    const res = spawnSync(cmd, ['--version'], { stdio: 'ignore', timeout: 30_000 });
    ok = !(res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT');
    found.set(cmd, ok);
  }
  return ok;
}

/** Runs a command in its own process group, killed (with every child it started) when the timeout passes. */
function run(cmd: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, HOME: os.tmpdir() } });
    let stderr = '';
    let timedOut = false;
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < 4000) stderr += c.toString('utf8');
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new ConvertError(`${cmd} could not start: ${err.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new ConvertError(`${cmd} took longer than ${Math.round(timeoutMs / 1000)} s`));
      if (code === 0) return resolve();
      const detail = stderr.trim().split('\n').at(-1) ?? '';
      reject(new ConvertError(`${cmd} failed (${code})${detail ? `: ${detail.slice(0, 300)}` : ''}`));
    });
  });
}

/** A private temp directory for one conversion, always removed afterwards. */
export async function withWorkDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bulut-office-'));
  try {
    return await use(dir);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Streams `body` into `dir/name`. */
export async function writeInput(dir: string, name: string, body: Readable): Promise<string> {
  const file = path.join(dir, name);
  await pipeline(body, fs.createWriteStream(file, { mode: 0o600 }));
  return file;
}

/**
 * `soffice --headless --convert-to <format>` of one file into `dir/out`; returns the converted file's path.
 * Formats: "pdf", "txt:Text (encoded):UTF8" (a document's text), "csv:Text - txt - csv (StarCalc):44,34,76" (a sheet), …
 */
export async function convert(input: string, format: string, dir: string, timeoutMs = CONVERT_TIMEOUT_MS): Promise<string> {
  const out = path.join(dir, 'out');
  const profile = path.join(dir, 'profile');
  await fs.promises.mkdir(out, { recursive: true });
  await run(
    'soffice',
    [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', '--nolockcheck', '--nodefault', '--nologo', '--convert-to', format, '--outdir', out, input],
    timeoutMs,
  );
  const ext = format.split(':')[0]!;
  const produced = path.join(out, `${path.parse(input).name}.${ext}`);
  // LibreOffice answers 0 even when it could not load the input: the missing output says so.
  if (!fs.existsSync(produced)) throw new ConvertError('LibreOffice produced nothing (unreadable or unsupported document)');
  return produced;
}

/** The first page of a PDF as a PNG, its long side `longSide` pixels. */
export async function firstPage(pdf: string, dir: string, longSide: number, timeoutMs = CONVERT_TIMEOUT_MS): Promise<Buffer> {
  const prefix = path.join(dir, 'page');
  await run('pdftoppm', ['-png', '-f', '1', '-l', '1', '-singlefile', '-scale-to', String(longSide), pdf, prefix], timeoutMs);
  const png = `${prefix}.png`;
  if (!fs.existsSync(png)) throw new ConvertError('pdftoppm produced no page');
  return fs.promises.readFile(png);
}

export const readText = (file: string): Promise<string> => fs.promises.readFile(file, 'utf8');
