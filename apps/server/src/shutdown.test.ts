import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe('graceful shutdown', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-shutdown-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finishes a request that is in flight when the server is asked to close before closing', async () => {
    const app = await buildApp(loadConfig({ DATA_DIR: dir, WEB_DIST_DIR: '', LOG_LEVEL: 'silent' }));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    // A request that stays in the handler until the test lets it go, standing for a slow download.
    app.get('/api/test/slow', { config: { public: true } }, async () => {
      entered();
      await held;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const inflight = fetch(`${base}/api/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await inside;
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);
    release();
    expect(await inflight).toEqual({ status: 200, body: { done: true } });
    await closing;
    expect(closed).toBe(true);
  });
});
