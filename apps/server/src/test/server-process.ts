import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { bundledScript } from './script-bundle.js';

// The real server as a child process for crash tests: started, SIGKILLed at seeded moments and restarted on the same
// port, data directory and database.

const serverDir = path.resolve(import.meta.dirname, '../..');

/** A small seeded PRNG, so a failing crash run can be replayed with its seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Runs a TypeScript script of the server (a path below apps/server) in a child process that is expected to die (a
 * crash flag SIGKILLs it at a chosen point); resolves with how it ended and the tail of its stderr.
 */
export function runUntilExit(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return bundledScript(script).then((entry) => new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', entry], {
      cwd: serverDir,
      env: { ...process.env, WEB_DIST_DIR: '', LOG_LEVEL: 'silent', ...LAZY_SCHEMAS, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.once('exit', (code, signal) => resolve({ code, signal, stderr }));
  }));
}

/**
 * Child servers compile a route's schemas on its first request instead of all ~600 at start: about half of a start's
 * CPU, paid dozens of times a run for the few routes these tests call (src/infra/http/schema-compilers.ts). The apps
 * tests build in-process still compile them all. BULUT_TEST_LAZY_SCHEMAS=0 in the test run's environment: children
 * compile at start, as before (to compare, or to rule this out).
 */
const LAZY_SCHEMAS = { BULUT_TEST_LAZY_SCHEMAS: process.env.BULUT_TEST_LAZY_SCHEMAS === '0' ? '0' : '1' };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A free port among those test servers may use on this machine (18100-18199, or the 100 from TEST_PORT_FROM when
 * several people share the machine), from a random start.
 */
export async function freePort(): Promise<number> {
  const base = Number(process.env.TEST_PORT_FROM ?? 18100);
  const first = base + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = base + ((first - base + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${base}-${base + 99}`);
}

/** The environment of a quiet API-only server on 127.0.0.1:`port` with its data in `dataDir`. */
export function serverEnv(dataDir: string, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    WEB_DIST_DIR: '',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...extra,
  };
}

/** Starts, kills and restarts `src/main.ts` under tsx on one port, data directory and database. */
export class ServerProcess {
  child: ChildProcess | null = null;
  starts = 0;
  readonly base: string;
  constructor(private readonly env: Record<string, string>) {
    this.base = `http://127.0.0.1:${env.PORT}`;
  }

  async start(): Promise<void> {
    // Plain node on a bundle of src/main.ts (built once per test process): the kill reaches the server itself, and a
    // start skips tsx's per-module loading, most of a start's CPU.
    const child = spawn(process.execPath, ['--enable-source-maps', await bundledScript('src/main.ts')], {
      cwd: serverDir,
      env: { ...process.env, ...LAZY_SCHEMAS, ...this.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    this.child = child;
    this.starts++;
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`server exited at start: ${stderr}`);
      const up = await fetch(`${this.base}/api/auth/health`).then((r) => r.ok, () => false);
      if (up) return;
      await sleep(100);
    }
    throw new Error(`server did not come up: ${stderr}`);
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }
}
