// The authenticated request path against the framework's own speed: GET /api/account/usages on the built server
// (fresh data dir, a real signed-in account, default log level) versus a bare Fastify route returning a similar JSON,
// both driven by the same keep-alive load generator in alternating rounds.
// Usage: npm run build -w apps/server && node bench/request-path.mjs [seconds=5] [rounds=3] [connections=8]
//        (DATABASE_URL=postgres://… for PostgreSQL, an empty database)
//        BEFORE_DIR=<another checkout, built> also measures that checkout's server in the same rounds (a before/after
//        in one run; on PostgreSQL give it its own empty database in BEFORE_DATABASE_URL).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { signUp, sleep, startServer } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const connections = Number(process.argv[4] ?? 8);
// BENCH_PORT moves both servers (the app on it, the bare one on the next) into a caller's own port range.
const APP_PORT = Number(process.env.BENCH_PORT ?? 18410);
const BARE_PORT = APP_PORT + 1;

// The same JSON the real route answers, from a Fastify with no plugins, hooks or logging: the ceiling. On PostgreSQL
// the ceiling does what any database-backed route must (issue 28): one plain pg query per request (a row by key in
// a table of its own, default pool), so the ratio measures our request path, not the database's round trip.
const bareSource = process.env.DATABASE_URL
  ? `
import Fastify from 'fastify';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
await pool.query('CREATE TABLE IF NOT EXISTS bench_bare (id text PRIMARY KEY, used_bytes bigint NOT NULL, quota_bytes bigint NOT NULL)');
await pool.query("INSERT INTO bench_bare VALUES ('k', 0, 5368709120) ON CONFLICT (id) DO NOTHING");
const app = Fastify({ logger: false });
app.get('/api/account/usages', async () => {
  const { rows } = await pool.query('SELECT used_bytes, quota_bytes FROM bench_bare WHERE id = $1', ['k']);
  return { 'Bytes-Used': String(rows[0].used_bytes), 'Quota-Bytes': String(rows[0].quota_bytes) };
});
await app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });
`
  : `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/api/account/usages', async () => ({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }));
await app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });
`;

async function startBare() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', bareSource], {
    cwd: new URL('../apps/server/', import.meta.url).pathname,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${BARE_PORT}/api/account/usages`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  return {
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Keeps `connections` keep-alive sockets busy with one request in flight each for `ms`; returns completed requests per
 * second. A raw socket client, so the generator costs far less than either server (fetch would be the bottleneck).
 */
function load(port, path, headers, ms) {
  const request = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`,
  );
  let done = 0;
  let stopped = false;
  const one = () =>
    new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      let buf = Buffer.alloc(0);
      socket.on('connect', () => socket.write(request));
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        for (;;) {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buf.subarray(0, end).toString('latin1');
          const status = Number(head.slice(9, 12));
          const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
          if (!Number.isFinite(length)) return reject(new Error(`no content-length in:\n${head}`));
          if (buf.length < end + 4 + length) return;
          if (status !== 200) return reject(new Error(`status ${status}: ${buf.subarray(end + 4, end + 4 + length)}`));
          buf = buf.subarray(end + 4 + length);
          done++;
          if (stopped) {
            socket.end();
            return resolve();
          }
          socket.write(request);
        }
      });
    });
  const sockets = Array.from({ length: connections }, one);
  const t0 = performance.now();
  const timer = new Promise((r) => setTimeout(r, ms)).then(() => {
    stopped = true;
    return { requests: done, elapsed: performance.now() - t0 };
  });
  return Promise.all([timer, ...sockets]).then(([r]) => ({ rps: r.requests / (r.elapsed / 1000), requests: r.requests }));
}

/** CPU seconds (user + system) a process has used so far, from /proc: what a request costs, whatever else runs. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Requests per second, and server CPU microseconds per request, of one timed run. */
async function measure(pid, port, headers, ms) {
  const cpu0 = cpuSeconds(pid);
  const { rps, requests } = await load(port, '/api/account/usages', headers, ms);
  return { rps, cpuUs: ((cpuSeconds(pid) - cpu0) * 1e6) / requests };
}

// The product's default job polling (lib.mjs polls every 50 ms for the media benchmarks): idle polling is not part of
// the request path, and an operator runs the default.
const JOB_POLL_MS = '500';
const app = await startServer({ PORT: String(APP_PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', JOB_POLL_MS }, { quiet: true });
const BEFORE_PORT = APP_PORT + 2;
const before = process.env.BEFORE_DIR
  ? await startServer(
      {
        PORT: String(BEFORE_PORT),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        JOB_POLL_MS,
        ...(process.env.BEFORE_DATABASE_URL ? { DATABASE_URL: process.env.BEFORE_DATABASE_URL } : {}),
      },
      { quiet: true, main: `${process.env.BEFORE_DIR}/apps/server/dist/main.js` },
    )
  : null;
const bare = await startBare();
try {
  const { token } = await signUp(app);
  const appHeaders = { 'x-auth-token': token, 'accept-encoding': 'gzip, deflate, br' };
  const bareHeaders = { 'accept-encoding': 'gzip, deflate, br' };
  const beforeHeaders = before && { 'x-auth-token': (await signUp(before)).token, 'accept-encoding': 'gzip, deflate, br' };
  // Warm all up (JIT, statement caches, the session's first touch) before anything counts.
  await load(APP_PORT, '/api/account/usages', appHeaders, 1000);
  await load(BARE_PORT, '/api/account/usages', bareHeaders, 1000);
  if (before) await load(BEFORE_PORT, '/api/account/usages', beforeHeaders, 1000);
  const results = [];
  for (let i = 0; i < rounds; i++) {
    const b = await measure(bare.pid, BARE_PORT, bareHeaders, seconds * 1000);
    const a = await measure(app.pid, APP_PORT, appHeaders, seconds * 1000);
    const o = before && (await measure(before.pid, BEFORE_PORT, beforeHeaders, seconds * 1000));
    results.push({ b, a, o });
    console.log(
      `round ${i + 1}: bare Fastify ${b.rps.toFixed(0)} req/s (${b.cpuUs.toFixed(0)} µs CPU/req), ` +
        `Bulut ${a.rps.toFixed(0)} req/s (${a.cpuUs.toFixed(0)} µs CPU/req), ratio ${(a.rps / b.rps).toFixed(2)}` +
        (o ? `; before ${o.rps.toFixed(0)} req/s (${o.cpuUs.toFixed(0)} µs CPU/req), ratio ${(o.rps / b.rps).toFixed(2)}` : ''),
    );
  }
  const mean = (f) => results.reduce((s, r) => s + f(r), 0) / rounds;
  const bareRps = mean((r) => r.b.rps);
  const appRps = mean((r) => r.a.rps);
  const bareCpu = mean((r) => r.b.cpuUs);
  const appCpu = mean((r) => r.a.cpuUs);
  console.log(
    JSON.stringify({
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      route: 'GET /api/account/usages',
      bare: process.env.DATABASE_URL ? 'Fastify + one pg query' : 'Fastify',
      seconds,
      rounds,
      connections,
      bareRps: Math.round(bareRps),
      appRps: Math.round(appRps),
      ratio: Number((appRps / bareRps).toFixed(2)),
      // The same comparison by server CPU per request: steadier than req/s when other work shares the cores.
      bareCpuUsPerReq: Math.round(bareCpu),
      appCpuUsPerReq: Math.round(appCpu),
      cpuRatio: Number((bareCpu / appCpu).toFixed(2)),
      ...(before && {
        beforeRps: Math.round(mean((r) => r.o.rps)),
        beforeRatio: Number((mean((r) => r.o.rps) / bareRps).toFixed(2)),
        beforeCpuUsPerReq: Math.round(mean((r) => r.o.cpuUs)),
        beforeCpuRatio: Number((bareCpu / mean((r) => r.o.cpuUs)).toFixed(2)),
      }),
    }),
  );
} finally {
  await bare.stop();
  await app.stop();
  await before?.stop();
}
