// Shared by the benchmarks: start the built server on a fresh data dir and make a signed-in account.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// quiet: the server's stdout (its request log) goes nowhere, as a benchmark at the default log level needs.
// main: another checkout's built server (a before/after comparison in one run).
export async function startServer(extraEnv = {}, { quiet = false, main = new URL('../apps/server/dist/main.js', import.meta.url).pathname } = {}) {
  // A caller given a port range passes PORT; otherwise any port in 18000–18999.
  const port = Number(extraEnv.PORT ?? 18000 + Math.floor(Math.random() * 1000));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-'));
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under a benchmark's load.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      JOB_POLL_MS: '50',
      ...extraEnv,
    },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/auth/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  return {
    base,
    dataDir,
    pid: child.pid,
    readyMs: performance.now() - t0,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signUp(server, user = { email: 'bench@example.com', countryCode: '90', phoneNumber: '5320000000', password: 'Bulut2026!', language: 'en', eulaId: 1 }) {
  const post = (url, body) =>
    fetch(server.base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const ticket = await (await post('/api/v2/signup', user)).json();
  let otp;
  while (!otp) {
    await sleep(50);
    const dir = path.join(server.dataDir, 'outbox');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      otp = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).text.match(/\b(\d{6})\b/)?.[1];
    }
  }
  const v = await post('/api/v2/signup/validate', { referenceToken: ticket.referenceToken, otp });
  if (!v.ok) throw new Error(await v.text());
  return { user, token: v.headers.get('x-auth-token'), accountId: (await v.json()).userUuid };
}

/** The account's upload URL (`POST /api/container/baseUrl`). */
export async function uploadBase(server, token) {
  return (await (await fetch(`${server.base}/api/container/baseUrl`, { method: 'POST', headers: { 'x-auth-token': token } })).json()).value;
}

/** One whole-file upload to the root (`PUT <upload URL>/<uuid>`); its uuid. Throws unless 201. */
export async function uploadWhole(baseUrl, token, name, body, contentType) {
  const uuid = crypto.randomUUID();
  const r = await fetch(`${baseUrl}/${uuid}`, {
    method: 'PUT',
    headers: {
      'x-auth-token': token,
      'content-type': contentType,
      'content-length': String(body.length),
      'x-object-meta-parent-uuid': '',
      'x-object-meta-favourite': 'false',
      'x-meta-strategy': '0',
      'x-object-meta-file-name': encodeURIComponent(name),
      'x-object-meta-device-type': 'WEB',
    },
    body,
  });
  if (r.status !== 201) throw new Error(`upload ${r.status} ${await r.text()}`);
  return uuid;
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** Peak resident memory of a process in MiB, from the kernel's high-water mark. */
export function peakRssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * `count` file rows named IMG_… straight into the database (SQLite file or DATABASE_URL), then ANALYZE: benchmarks
 * of listings measure the listing, not `count` uploads.
 */
export async function seedFiles(server, accountId, folderId, count) {
  const at = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `IMG_${String(i).padStart(6, '0')}_${crypto.randomBytes(3).toString('hex')}.jpg`;
    return [crypto.randomUUID(), accountId, folderId, name, name.toLowerCase(), 0, 1000 + i, 'image/jpeg', null, `users/${accountId}/files/x`, null, 0, 0, null, 'ACTIVE', null, null, 'WEB', at - i, at - i];
  });
  const cols = 'id, account_id, parent_id, name, name_key, is_folder, bytes, content_type, document_type, blob_key, sha256, favourite, hidden, description, status, trashed_at, trash_root_id, device_type, created_at, last_modified_at';
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const c = new pg.Client(process.env.DATABASE_URL);
    await c.connect();
    for (let i = 0; i < rows.length; i += 1000) {
      const slice = rows.slice(i, i + 1000);
      const values = slice.map((_, r) => `(${Array.from({ length: 20 }, (_, k) => `$${r * 20 + k + 1}`).join(',')})`).join(',');
      await c.query(`INSERT INTO file (${cols}) VALUES ${values}`, slice.flat());
    }
    await c.query('ANALYZE file');
    await c.end();
  } else {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(path.join(server.dataDir, 'bulut.sqlite'));
    const insert = db.prepare(`INSERT INTO file (${cols}) VALUES (${Array(20).fill('?').join(',')})`);
    db.transaction(() => rows.forEach((row) => insert.run(row)))();
    db.exec('ANALYZE');
    db.close();
  }
}

/**
 * For transfer benchmarks of `total` bytes: a source of any length (one random MiB repeated, produced as it is read),
 * a run timed in MB/s, and a response body drained and checked to be `total` bytes.
 */
export function transfers(total) {
  const block = crypto.randomBytes(1024 * 1024);
  const source = (bytes) =>
    Readable.from(
      (function* () {
        for (let sent = 0; sent < bytes; sent += block.length) yield block.subarray(0, Math.min(block.length, bytes - sent));
      })(),
    );
  const timed = async (run) => {
    const t = performance.now();
    await run();
    return total / 1024 / 1024 / ((performance.now() - t) / 1000);
  };
  const drain = async (res, what) => {
    if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    let got = 0;
    for await (const chunk of res.body) got += chunk.length;
    if (got !== total) throw new Error(`${what}: ${got} of ${total} bytes`);
  };
  return { source, timed, drain };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Headers of the product's whole-file upload (`PUT <baseUrl>/<uuid>`) of `name` into the root, keeping both on a clash. */
export const wholeFileHeaders = (auth, name) => ({
  ...auth,
  'content-type': 'application/octet-stream',
  'x-object-meta-parent-uuid': '',
  'x-object-meta-favourite': 'false',
  'x-meta-strategy': '0',
  'x-object-meta-file-name': encodeURIComponent(name),
  'x-object-meta-device-type': 'WEB',
});
