// Sign-in latency through the real HTTP stack: starts the built server on a fresh data dir, signs up one account
// (reading the code from the dev outbox), then times sequential POST /api/auth/token calls.
// Usage: npm run build && node bench/login-latency.mjs [count]   (DATABASE_URL=… for PostgreSQL)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const count = Number(process.argv[2] ?? 100);
const port = 18000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-'));
const server = spawn(process.execPath, [new URL('../apps/server/dist/main.js', import.meta.url).pathname], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: '', AUTH_RATE_LIMIT_PER_MINUTE: '100000', JOB_POLL_MS: '50' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/auth/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  const startMs = performance.now() - t0;
  const user = { email: 'bench@example.com', countryCode: '90', phoneNumber: '5320000000', password: 'Bulut2026!', language: 'en', eulaId: 1 };
  const post = (url, body, headers = {}) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const ticket = await (await post('/api/v2/signup', user)).json();
  let otp;
  while (!otp) {
    await sleep(50);
    const dir = path.join(dataDir, 'outbox');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      otp = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).text.match(/\b(\d{6})\b/)?.[1];
    }
  }
  const v = await post('/api/v2/signup/validate', { referenceToken: ticket.referenceToken, otp });
  if (!v.ok) throw new Error(await v.text());

  const times = [];
  for (let i = 0; i < count + 10; i++) {
    const s = performance.now();
    const r = await post('/api/auth/token?rememberMe=false', { username: user.email, password: user.password });
    if (r.status !== 200) throw new Error(`login ${r.status}`);
    await r.arrayBuffer();
    if (i >= 10) times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(
    JSON.stringify({
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      serverReadyMs: Math.round(startMs),
      logins: times.length,
      p50ms: q(0.5),
      p95ms: q(0.95),
      p99ms: q(0.99),
      meanMs: (times.reduce((a, b) => a + b, 0) / times.length).toFixed(1),
    }),
  );
} finally {
  server.kill('SIGTERM');
  await sleep(300);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
