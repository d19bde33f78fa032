import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { ServerProcess } from './server-process.js';

// The scaffolding of a kill test: what it keeps, removed after it, and restarts that racing kills share.

/** What a crash suite keeps (its data directory, PostgreSQL database and server process), all removed after it. */
export interface CrashSuite {
  dataDir: string;
  pg: { url: string; drop(): Promise<void> } | null;
  server: ServerProcess | null;
}

export function crashSuite(prefix: string): CrashSuite {
  const suite: CrashSuite = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), prefix)), pg: null, server: null };
  afterAll(async () => {
    await suite.server?.kill();
    await suite.pg?.drop();
    fs.rmSync(suite.dataDir, { recursive: true, force: true });
  });
  return suite;
}

/** SIGKILLs the server and starts it again; crashes asked for during a restart share it. */
export function restarter(srv: ServerProcess): { crash: () => Promise<void>; readonly restarting: Promise<void> | null } {
  let restarting: Promise<void> | null = null;
  return {
    crash: () =>
      (restarting ??= (async () => {
        await srv.kill();
        await srv.start();
      })().finally(() => (restarting = null))),
    get restarting() {
      return restarting;
    },
  };
}
