// Shared by the benchmarks: start the built server on a fresh data dir and make a signed-in account.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// quiet: the server's stdout (its request log) goes nowhere, as a benchmark at the default log level needs.
export async function startServer(extraEnv = {}, { quiet = false } = {}) {
  // A caller given a port range passes PORT; otherwise any port in 18000–18999.
  const port = Number(extraEnv.PORT ?? 18000 + Math.floor(Math.random() * 1000));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-'));
  const child = spawn(process.execPath, [new URL('../apps/server/dist/main.js', import.meta.url).pathname], {
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

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** Peak resident memory of a process in MiB, from the kernel's high-water mark. */
export function peakRssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
