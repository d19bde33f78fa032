// Issue 28's load benchmark: many concurrent subscribers doing a mixed day's requests against the production shape —
// two instances of the built server on one PostgreSQL database and one S3-protocol store (s3rver), each request sent to
// the next instance in turn (round robin, as a load balancer or DNS round robin would).
// Usage: npm run build -w apps/server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//          node bench/mixed-load.mjs [clients=500] [seconds=300] [accounts=50] [thinkMs=0]
// thinkMs is a subscriber's pause between two requests (exponential, that mean, cut at 5× it; TPC-W's browsing
// clients use a 7 s mean): 0 sends the next request as soon as the last one answered, a saturation run.
// DATABASE_URL names a server the script may create a database on; it makes `bulut_mixed_<time>` and drops it after.
// Every client is a loop of one request at a time, as a browser tab's calls are; the mix (weights below) is the
// request mix of docs/scale.md's traffic model (§3). Uploads are small documents: a photo upload starts media
// and vision jobs whose cost `thumbnails.mjs` and `vision.mjs` measure on their own.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { percentile, sleep, startServer, uploadWhole } from './lib.mjs';

const clients = Number(process.argv[2] ?? 500);
const seconds = Number(process.argv[3] ?? 300);
const accountCount = Number(process.argv[4] ?? 50);
const thinkMs = Number(process.argv[5] ?? 0);
/** Seconds of load before the measured period (JIT, pools and caches warm up, as after a deploy); not counted. */
const warmupSeconds = Number(process.env.WARMUP_S ?? (thinkMs > 0 ? 30 : 0));
const METRICS_TOKEN = crypto.randomBytes(24).toString('base64url');
/** A pause drawn from an exponential distribution of mean thinkMs (memoryless arrivals), cut at 5× the mean. */
const think = (until) =>
  thinkMs > 0 ? sleep(Math.max(0, Math.min(-Math.log(1 - Math.random()) * thinkMs, 5 * thinkMs, until - performance.now()))) : undefined;

/** The instances' own view (their /metrics), summed: request durations, GC pauses, event-loop lag, jobs run. */
async function scrape() {
  const sum = new Map();
  for (const s of servers) {
    const text = await (await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    for (const line of text.split('\n')) {
      if (!line || line.startsWith('#')) continue;
      const i = line.lastIndexOf(' ');
      const key = line.slice(0, i);
      const value = Number(line.slice(i + 1));
      // Lags are per process: keep the worst; everything else adds up.
      sum.set(key, key.startsWith('nodejs_eventloop_lag') ? Math.max(sum.get(key) ?? 0, value) : (sum.get(key) ?? 0) + value);
    }
  }
  return sum;
}

/** What the instances measured between two scrapes: share of requests answered within 250 ms, GC, lag, jobs. */
function serverView(before, after) {
  const diff = (key) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const total = (prefix, filter = () => true) => [...after.keys()].filter((k) => k.startsWith(prefix) && filter(k)).reduce((a, k) => a + diff(k), 0);
  const notMetrics = (k) => !k.includes('route="/metrics"');
  const within250 = total('bulut_http_request_duration_seconds_bucket{le="0.25"', notMetrics);
  const all = total('bulut_http_request_duration_seconds_bucket{le="+Inf"', notMetrics);
  const jobs = {};
  for (const k of after.keys()) {
    const m = k.match(/^bulut_job_duration_seconds_(sum|count)\{kind="([^"]+)",outcome="([^"]+)"/);
    if (!m) continue;
    const j = (jobs[m[2]] ??= { count: 0, seconds: 0 });
    if (m[1] === 'count') j.count += diff(k);
    else j.seconds = +(j.seconds + diff(k)).toFixed(2);
  }
  return {
    requests: all,
    answeredWithin250ms: all ? +((within250 / all) * 100).toFixed(2) + ' %' : null,
    gc: Object.fromEntries(
      ['minor', 'major', 'incremental', 'weakcb'].map((kind) => [
        kind,
        { count: total(`nodejs_gc_duration_seconds_count{kind="${kind}"`), seconds: +total(`nodejs_gc_duration_seconds_sum{kind="${kind}"`).toFixed(2) },
      ]),
    ),
    // prom-client's lag gauges cover the time since its previous scrape: this whole measured period.
    eventLoopLagMaxMs: +((after.get('nodejs_eventloop_lag_max_seconds') ?? 0) * 1000).toFixed(1),
    eventLoopLagP99Ms: +((after.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000).toFixed(1),
    jobs: Object.fromEntries(Object.entries(jobs).filter(([, j]) => j.count > 0)),
  };
}
const PHOTOS_PER_ACCOUNT = 8;
const BASE_PORT = Number(process.env.BENCH_PORT ?? 18600);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is needed: the production shape is PostgreSQL');

/** Request kinds and their weights in the mix; "small" kinds are the ones the p99 ≤ 250 ms goal is about. */
const MIX = [
  // 60 % small signed-in calls (docs/scale.md §3)
  { kind: 'usages', weight: 30, small: true },
  { kind: 'accountInfo', weight: 15, small: true },
  { kind: 'thumbnail', weight: 15, small: true },
  // 25 % pages
  { kind: 'listing', weight: 25, small: true },
  // 10 % search
  { kind: 'search', weight: 10, small: false },
  // 5 % byte transfers
  { kind: 'download', weight: 3, small: false },
  { kind: 'upload', weight: 2, small: false },
];
const totalWeight = MIX.reduce((s, m) => s + m.weight, 0);

const dbName = `bulut_mixed_${Date.now()}`;
const admin = new pg.Client(adminUrl);
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-mixed-s3-'));
const s3 = new S3rver({ port: BASE_PORT + 9, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'bulut' }] });
await s3.run();

const shared = {
  DATABASE_URL: dbUrl.toString(),
  S3_ENDPOINT: `http://127.0.0.1:${BASE_PORT + 9}`,
  S3_BUCKET: 'bulut',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_REGION: 'us-east-1',
  SHARE_LINK_KEY: crypto.randomBytes(32).toString('base64url'),
  TWO_FACTOR_KEY: crypto.randomBytes(32).toString('base64url'),
  SIGNUP_CAPTCHA_THRESHOLD: '100000',
  JOB_POLL_MS: '200',
  METRICS_TOKEN,
};
// One after the other: the first applies the migrations.
const servers = [];
for (let i = 0; i < 2; i++) servers.push(await startServer({ ...shared, PORT: String(BASE_PORT + i) }, { quiet: true }));

let turn = 0;
const nextBase = () => servers[turn++ % servers.length].base;

function outboxCode(phone) {
  for (const s of servers) {
    const dir = path.join(s.dataDir, 'outbox');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const m = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      const code = m.to === phone ? m.text.match(/\b(\d{6})\b/)?.[1] : undefined;
      if (code) return code;
    }
  }
  return undefined;
}

async function signUpThrough(i) {
  const n = String(1_000_000 + i).slice(-7);
  const user = { email: `mixed${i}@example.com`, countryCode: '90', phoneNumber: `532${n}`, password: 'Bulut2026!', language: 'en', eulaId: 1 };
  const post = (base, url, body) => fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const ticket = await (await post(nextBase(), '/api/v2/signup', user)).json();
  const until = Date.now() + 60_000;
  let otp;
  while (!(otp = outboxCode(`+90${user.phoneNumber}`))) {
    if (Date.now() > until) throw new Error(`no sign-up SMS for account ${i}`);
    await sleep(50);
  }
  const v = await post(nextBase(), '/api/v2/signup/validate', { referenceToken: ticket.referenceToken, otp });
  if (!v.ok) throw new Error(`sign-up ${i}: ${v.status} ${await v.text()}`);
  return v.headers.get('x-auth-token');
}

async function photo(seed) {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 } } })
    .composite([{ input: Buffer.from(`<svg width="640" height="480"><circle cx="${100 + (seed % 400)}" cy="240" r="90" fill="#fff"/></svg>`) }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

console.log(`setting up ${accountCount} accounts with ${PHOTOS_PER_ACCOUNT} photos each on two instances…`);
const accounts = [];
for (let i = 0; i < accountCount; i++) {
  const token = await signUpThrough(i);
  const auth = { 'x-auth-token': token };
  const { projectId } = await (await fetch(`${nextBase()}/api/account/info`, { headers: auth })).json();
  const uploadBase = (await (await fetch(`${nextBase()}/api/container/baseUrl`, { method: 'POST', headers: auth })).json()).value;
  for (let p = 0; p < PHOTOS_PER_ACCOUNT; p++) await uploadWhole(uploadBase, token, `IMG_${i}_${p}.jpg`, await photo(i * 31 + p), 'image/jpeg');
  accounts.push({ token, auth, projectId, uploadBase, files: [] });
}
// Thumbnails are made by either instance's job runner; the run starts when every photo has its own.
const settleUntil = Date.now() + 600_000;
for (const a of accounts) {
  for (;;) {
    const list = await (await fetch(`${nextBase()}/api/filesystem?parentFolderUuid=&sortBy=name&sortOrder=ASC&page=0&size=50`, { headers: a.auth })).json();
    const photos = list.fileList.filter((f) => f.name.startsWith('IMG_'));
    if (photos.length === PHOTOS_PER_ACCOUNT && photos.every((f) => f.mediaStatus === 'READY' && f.thumbnailUrl)) {
      a.files = photos.map((f) => ({ uuid: f.uuid, thumbnailUrl: f.thumbnailUrl }));
      break;
    }
    if (Date.now() > settleUntil) throw new Error('thumbnails did not settle within 10 minutes');
    await sleep(200);
  }
}

const pick = (arr) => arr[Math.floor(Math.random() * arr.length)];
const doc = crypto.randomBytes(64 * 1024);

/** One request of `kind` for account `a`; resolves to the HTTP status of its last call. */
async function request(kind, a) {
  const base = nextBase();
  const get = async (url) => {
    const r = await fetch(new URL(url, base), { headers: a.auth });
    await r.arrayBuffer();
    return r.status;
  };
  switch (kind) {
    case 'usages':
      return get('/api/account/usages');
    case 'accountInfo':
      return get('/api/account/info');
    case 'listing':
      return get('/api/filesystem?parentFolderUuid=&sortBy=name&sortOrder=ASC&page=0&size=50');
    case 'thumbnail':
      return get(pick(a.files).thumbnailUrl);
    case 'search':
      return get(`/api/search/unified?text=${encodeURIComponent('IMG')}`);
    case 'download': {
      const r = await fetch(`${base}/api/v2/files/_bulk/create-download-url`, {
        method: 'POST',
        headers: { ...a.auth, 'content-type': 'application/json' },
        body: JSON.stringify([{ projectId: a.projectId, uuid: pick(a.files).uuid }]),
      });
      if (r.status !== 200) return r.status;
      const [{ url }] = await r.json();
      return get(url);
    }
    case 'upload': {
      // The upload URL names the instance that answered baseUrl; the balancer is in front of it in production.
      const url = new URL(a.uploadBase);
      const r = await fetch(`${base}${url.pathname}/${crypto.randomUUID()}`, {
        method: 'PUT',
        headers: {
          ...a.auth,
          'content-type': 'application/pdf',
          'content-length': String(doc.length),
          'x-object-meta-parent-uuid': '',
          'x-object-meta-favourite': 'false',
          'x-meta-strategy': '0',
          'x-object-meta-file-name': encodeURIComponent(`doc-${crypto.randomUUID()}.pdf`),
          'x-object-meta-device-type': 'WEB',
        },
        body: doc,
      });
      await r.arrayBuffer();
      return r.status;
    }
  }
  throw new Error(kind);
}

/** The whole machine's busy and total CPU ticks (/proc/stat's first line): how busy every process together kept it. */
function machineTicks() {
  const t = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = t[3] + t[4];
  const total = t.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime + stime, in clock ticks of 1/100 s (Linux's USER_HZ).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const samples = Object.fromEntries(MIX.map((m) => [m.kind, []]));
let measuring = warmupSeconds === 0;
/** Small requests over 250 ms by the second they started in: clustered seconds point at a pause, spread ones at a queue. */
const slowBySecond = new Map();
// The load generator's own event-loop delay: a request's time includes it, so a busy generator would inflate the p99.
const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
generatorDelay.enable();
const failures = { total: 0, byStatus: {} };
let cpu0 = servers.map((s) => cpuSeconds(s.pid));
let load0 = os.loadavg()[0];
let ticks0 = machineTicks();
let metrics0 = await scrape();
console.log(`running ${clients} clients for ${warmupSeconds ? `${warmupSeconds} s of warm-up, then ` : ''}${seconds} s…`);
let t0 = performance.now() + warmupSeconds * 1000;
const deadline = t0 + seconds * 1000;
const warmup = warmupSeconds
  ? sleep(warmupSeconds * 1000).then(async () => {
      metrics0 = await scrape();
      cpu0 = servers.map((s) => cpuSeconds(s.pid));
      load0 = os.loadavg()[0];
      ticks0 = machineTicks();
      generatorDelay.reset();
      t0 = performance.now();
      measuring = true;
    })
  : Promise.resolve();
await Promise.all(
  Array.from({ length: clients }, async (_, c) => {
    const a = accounts[c % accounts.length];
    // Spread the first requests over a second (or a pause), as real clients do not arrive in the same millisecond.
    await sleep(Math.random() * Math.max(1000, thinkMs));
    while (performance.now() < deadline) {
      let r = Math.random() * totalWeight;
      const m = MIX.find((x) => (r -= x.weight) < 0) ?? MIX[0];
      const t = performance.now();
      let status;
      try {
        status = await request(m.kind, a);
      } catch (err) {
        status = err.cause?.code ?? 'network';
      }
      const ms = performance.now() - t;
      if (!measuring || t < t0) {
        // Warm-up (or a request begun in it): not counted.
      } else if (typeof status === 'number' && status < 400) {
        samples[m.kind].push(ms);
        if (m.small && ms > 250) {
          const second = Math.floor((t - t0) / 1000);
          slowBySecond.set(second, (slowBySecond.get(second) ?? 0) + 1);
        }
      } else {
        failures.total++;
        const key = `${m.kind} ${status}`;
        failures.byStatus[key] = (failures.byStatus[key] ?? 0) + 1;
      }
      await think(deadline);
    }
  }),
);
await warmup;
const elapsed = (performance.now() - t0) / 1000;
const cpu = servers.map((s, i) => +(cpuSeconds(s.pid) - cpu0[i]).toFixed(1));
const load1 = os.loadavg()[0];
const ticks1 = machineTicks();
const machineBusy = +(((ticks1.busy - ticks0.busy) / (ticks1.total - ticks0.total)) * 100).toFixed(1);
const instances = serverView(metrics0, await scrape());

const stats = (arr) => {
  const sorted = [...arr].sort((x, y) => x - y);
  return { n: sorted.length, p50: +percentile(sorted, 0.5).toFixed(1), p99: +percentile(sorted, 0.99).toFixed(1) };
};
const all = Object.values(samples).flat();
const small = MIX.filter((m) => m.small).flatMap((m) => samples[m.kind]);
const result = {
  clients,
  thinkMs,
  warmupSeconds,
  seconds: +elapsed.toFixed(1),
  accounts: accountCount,
  requestsPerSecond: +(all.length / elapsed).toFixed(0),
  ok: all.length,
  failed: failures.total,
  failures: failures.byStatus,
  small: stats(small),
  perKind: Object.fromEntries(MIX.map((m) => [m.kind, stats(samples[m.kind])])),
  instanceCpuSeconds: cpu,
  instances,
  generatorEventLoopDelayMs: { p99: +(generatorDelay.percentile(99) / 1e6).toFixed(1), max: +(generatorDelay.max / 1e6).toFixed(1) },
  // The seconds with the most small requests over 250 ms ([second, count], worst 15) and how many seconds had any.
  slowSeconds: { count: slowBySecond.size, worst: [...slowBySecond].sort((x, y) => y[1] - x[1]).slice(0, 15) },
  loadAverage: [+load0.toFixed(1), +load1.toFixed(1)],
  // Every process on the machine (instances, PostgreSQL, s3rver, this generator, anything else running).
  machineBusyPercent: machineBusy,
  cores: os.cpus().length,
};
console.log(JSON.stringify(result, null, 2));

for (const s of servers) await s.stop();
await s3.close();
fs.rmSync(s3Dir, { recursive: true, force: true });
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
