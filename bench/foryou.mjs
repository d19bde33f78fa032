// For you (issue 15): CPU cost of generation over a library of `photos` photos in one account —
//   first run   quality scoring of every photo (the foryou.quality jobs) + the first daily run (years-ago memories and
//               every registered generator, in the foryou.generate job)
//   next day    the daily run of the day after (nothing new to score)
// plus the render times of a 9-photo collage (2048 px) and a 20-photo memory video (1280×720) from the seeded previews.
// The built app runs in this process (its job queue driven here, no HTTP server), with a test clock at 10 December
// 2026 so the year in review and its memory video are due. Photos are rows written straight into the database with
// EXIF-like days over 5 years (a few bursts and trips), sharing 40 small real JPEG previews (640×480, textures of
// varying sharpness) in the blob store, as the quality job reads previews. The daily CPU budget is lifted (the ledger
// is cleared between job batches) so the whole cost is measured, not one day's share of it.
// "node CPU-s" is this process (sharp's libvips threads, SQLite and the job queue included; PostgreSQL's own CPU is
// not); "ffmpeg CPU-s" is the reaped children's user + system time from /proc/self/stat.
// Usage: npm run build -w apps/server && node bench/foryou.mjs [photos=10000]
//        (DATABASE_URL=postgres://… for PostgreSQL: an empty database)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { peakRssMiB } from './lib.mjs';
import { prng } from './seed-photos.mjs';

const count = Number(process.argv[2] ?? 10_000);
const databaseUrl = process.env.DATABASE_URL ?? null;
const server = new URL('../apps/server/', import.meta.url);
const dist = (p) => import(new URL(`dist/${p}`, server));
const sharp = createRequire(new URL('package.json', server))('sharp');
const { buildApp } = await dist('app.js');
const { loadConfig } = await dist('config.js');
const { createDatabase } = await dist('infra/db/database.js');
const render = await dist('infra/render/index.js');

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 10, 12);
let now = NOW;
const random = prng(7);
const TICK = 100; // USER_HZ on Linux
/** CPU seconds of children this process has waited for (ffmpeg), fields 16 and 17 of /proc/self/stat. */
function childCpuSeconds() {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICK;
}
async function measure(run) {
  const c = process.cpuUsage();
  const k = childCpuSeconds();
  const t = performance.now();
  const result = await run();
  const u = process.cpuUsage(c);
  return { result, wall: (performance.now() - t) / 1000, cpu: (u.user + u.system) / 1e6, ffmpeg: childCpuSeconds() - k };
}

// --- the app
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-foryou-'));
const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl ?? undefined, SIGNUP_CAPTCHA_THRESHOLD: '100000' });
const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 4 });
const app = await buildApp(config, { database, clock: () => now });
const db = database.db;

async function runAll() {
  for (;;) {
    // Object and face detection are other features' costs (bench/vision.mjs, bench/people.mjs).
    await db.deleteFrom('job').where('type', 'in', ['things.tag', 'people.faces']).execute();
    // The budget lifted: the whole cost is measured.
    await db.deleteFrom('foryou_budget').execute();
    if ((await app.jobs.runDue()) === 0) return;
  }
}

try {
  // --- an account
  const user = { email: 'bench@example.com', countryCode: '90', phoneNumber: '5320000000', password: 'Bulut2026!', language: 'tr', eulaId: 1 };
  const start = await app.inject({ method: 'POST', url: '/api/v2/signup', payload: user });
  await app.jobs.runDue();
  const outbox = path.join(dataDir, 'outbox');
  const otp = fs.readdirSync(outbox).map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')).text.match(/\b(\d{6})\b/)?.[1]).find(Boolean);
  const done = await app.inject({ method: 'POST', url: '/api/v2/signup/validate', payload: { referenceToken: start.json().referenceToken, otp } });
  if (done.statusCode !== 200) throw new Error(done.body);
  const accountId = done.json().userUuid;

  // --- 40 previews: textures of varying detail, some blurred (so scores differ)
  const previews = [];
  for (let i = 0; i < 40; i++) {
    const w = 640;
    const h = 480;
    const raw = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const v = ((((x >> (2 + (i % 4))) + (y >> 3) + i) % 2) * 110 + 50 + ((x * 7 + y * 13 + i * 17) % 50)) | 0;
        const o = (y * w + x) * 3;
        raw[o] = v;
        raw[o + 1] = (v * (0.5 + (i % 5) / 10)) | 0;
        raw[o + 2] = (v * (0.4 + (i % 3) / 5)) | 0;
      }
    }
    let img = sharp(raw, { raw: { width: w, height: h, channels: 3 } });
    if (i % 5 === 4) img = img.blur(4);
    const buf = await img.jpeg({ quality: 85 }).toBuffer();
    const key = `users/${accountId}/previews/bench-${i}`;
    await app.blobs.put(key, Readable.from(buf));
    previews.push({ key, buf });
  }

  // --- the library: 5 years, a few bursts (5 shots a second apart) and trips (days away, 30–80 photos)
  const from = Date.UTC(2022, 0, 1);
  const span = NOW - DAY - from;
  const times = [];
  const trips = 6;
  for (let i = 0; i < trips; i++) {
    const startDay = from + Math.floor(random() * (span / DAY - 5)) * DAY;
    const n = 30 + Math.floor(random() * 50);
    for (let k = 0; k < n && times.length < count; k++) times.push({ at: startDay + Math.floor(random() * 4 * DAY), trip: i });
  }
  while (times.length < count) {
    const at = from + Math.floor(random() * span);
    if (random() < 0.01) for (let k = 0; k < 5 && times.length < count; k++) times.push({ at: at + k * 1000 });
    else times.push({ at });
  }
  const rows = times.map(({ at, trip }, i) => {
    const id = crypto.randomUUID();
    const d = new Date(at);
    const name = `IMG_${String(i).padStart(6, '0')}.jpg`;
    const home = [39.92 + random() * 0.05, 32.85 + random() * 0.05];
    const away = trip === undefined ? null : [38.6 + trip * 0.3 + random() * 0.05, 34.8 + random() * 0.05];
    const [latitude, longitude] = away ?? home;
    return {
      id, account_id: accountId, parent_id: '', name, name_key: `${name.toLowerCase()}/${id}`, is_folder: 0, bytes: 2_000_000,
      content_type: 'image/jpeg', document_type: null, blob_key: `users/${accountId}/files/${id}`, sha256: null, favourite: 0,
      hidden: 0, description: null, status: 'ACTIVE', trashed_at: null, trash_root_id: null, device_type: 'IOS', created_at: at,
      last_modified_at: at, taken_at: at, width: 4032, height: 3024, duration_ms: null, latitude, longitude, camera: 'Apple iPhone 13',
      orientation: 1, placeholder: null, thumb_key: previews[i % previews.length].key, preview_key: previews[i % previews.length].key,
      media_status: 'READY', media_error: null, taken_day: d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate(),
      media_kind: 1, video_slideshow: 0,
    };
  });
  const seed = await measure(async () => {
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('file').values(rows.slice(i, i + 200)).execute();
  });

  // --- first run: score everything (as the media pipeline queues it), then the daily run
  const enqueue = async () => {
    for (let i = 0; i < rows.length; i += 500) {
      await db.transaction().execute(async (trx) => {
        for (const r of rows.slice(i, i + 500)) await app.jobs.enqueue(trx, 'foryou.quality', { fileId: r.id }, { fairKey: accountId });
      });
    }
  };
  const daily = async () => {
    await db.updateTable('job').set({ run_at: Date.now() }).where('schedule_key', '=', 'foryou.daily').where('status', '=', 'queued').execute();
    await db.updateTable('job').set({ run_at: Date.now() }).where('type', '=', 'foryou.generate').where('status', '=', 'queued').execute();
    await runAll();
  };
  // Schedules and start-up jobs that are not For-you's run first, outside the measurement.
  await runAll();
  const scoring = await measure(async () => {
    await enqueue();
    await runAll();
  });
  const scored = Number((await db.selectFrom('photo_quality').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const itemsOf = async () =>
    Object.fromEntries(
      (await db.selectFrom('foryou_item').select(['kind', (eb) => eb.fn.countAll().as('n')]).where('account_id', '=', accountId).groupBy('kind').execute()).map((r) => [r.kind, Number(r.n)]),
    );
  const first = await measure(daily);
  const firstItems = await itemsOf();
  now = NOW + DAY;
  const next = await measure(daily);
  const nextItems = await itemsOf();

  // --- renders from the previews
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-foryou-render-'));
  const collage = await measure(() => render.renderCollage({ photos: previews.slice(0, 9).map(({ buf }) => ({ image: buf })), size: 2048 }));
  const video = render.isVideoRenderingAvailable()
    ? await measure(() =>
        render.renderMemoryVideo({ photos: previews.slice(0, 20).map(({ buf }) => buf), title: '2026 yılının özeti', size: { w: 1280, h: 720 }, fps: 25, secondsPerPhoto: 3, titleSeconds: 2.5, output: path.join(dir, 'v.mp4') }),
      )
    : null;
  fs.rmSync(dir, { recursive: true, force: true });

  const s = (m) => ({ wallS: Number(m.wall.toFixed(1)), cpuS: Number(m.cpu.toFixed(1)), ffmpegCpuS: Number(m.ffmpeg.toFixed(1)) });
  const out = {
    database: databaseUrl ? 'postgres' : 'sqlite',
    machine: `${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    photos: count,
    seedS: Number(seed.wall.toFixed(1)),
    scoring: { ...s(scoring), scored },
    firstDailyRun: { ...s(first), items: firstItems },
    nextDayRun: { ...s(next), items: nextItems },
    collage9: s(collage),
    memoryVideo20: video && s(video),
    peakRssMiB: peakRssMiB(process.pid),
  };
  console.log(JSON.stringify(out, null, 2));
  const f = (m) => `${(m.cpu + m.ffmpeg).toFixed(1)} CPU-s`;
  console.log('\n| database | photos | scoring all | first daily run (all generators) | next day | collage 9 (2048 px) | memory video 20 (1280×720) |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| ${out.database} | ${count.toLocaleString('en')} | ${f(scoring)} (${scoring.wall.toFixed(0)} s) | ${f(first)} (${first.wall.toFixed(1)} s) | ${f(next)} | ` +
      `${collage.wall.toFixed(2)} s, ${f(collage)} | ${video ? `${video.wall.toFixed(1)} s, ${f(video)}` : 'no ffmpeg'} |`,
  );
} finally {
  await app.close();
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
