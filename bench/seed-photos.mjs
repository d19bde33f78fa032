// Seeds a photo library for benchmarks: many photo rows for one account, written straight into the database, all
// sharing a handful of REAL originals, thumbnails, previews and placeholders that the server's own media pipeline made
// from uploaded files — so a browser pointed at the account sees real thumbnails everywhere.
//
// API
//   import { seedPhotos } from './seed-photos.mjs';
//   const library = await seedPhotos({ server, token, accountId, count: 100_000 });
//
//   server      { base, dataDir } as returned by startServer() in ./lib.mjs (the server must be running: the samples
//               are uploaded through its API and processed by its job worker)
//   token       X-Auth-Token of the account; accountId: its uuid (signUp() in ./lib.mjs returns both)
//   count       photo rows to add (default 100,000)
//   years       how far back the library goes (default 10); later years hold more photos than earlier ones
//   shape       'spread' (default: over `years`), 'month' (every photo in the last 30 days, clustered the same way) or
//               'day' (every photo on one day, three days ago): the dense libraries a whole camera roll synced at once makes
//   videoShare  fraction of rows that are videos (default 0.04; 0 when ffmpeg is missing, as no real poster exists)
//   favouriteShare  fraction marked favourite (default 0.03)
//   seed        PRNG seed (default 42): the same arguments give the same days, times and counts
//   databaseUrl PostgreSQL URL (default process.env.DATABASE_URL); otherwise <server.dataDir>/bulut.sqlite
//
//   Resolves to { count, videos, favourites, days, newestDay, oldestDay, biggestDay: { key, count }, folderUuid, samples }
//   where days are "YYYY-MM-DD" group keys and samples the uuids of the uploaded originals (hidden, in a folder of their own).
//
// The rows sit in a folder "Camera (bench)". Clustering: a few scattered photos on ordinary days, plus events (trips,
// weddings, holidays) of 1–7 days with dozens to hundreds of photos a day. Times are local (+03:00) wall clock; the
// day of each row is its local day, as the media pipeline records it. The database triggers keep the per-day counts.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const DAY = 86_400_000;
const OFFSET_MS = 3 * 3_600_000; // the library's photos were taken at +03:00
const SAMPLE_IMAGES = 6;
const COLUMNS = [
  'id', 'account_id', 'parent_id', 'name', 'name_key', 'is_folder', 'bytes', 'content_type', 'document_type', 'blob_key',
  'sha256', 'favourite', 'hidden', 'description', 'status', 'trashed_at', 'trash_root_id', 'device_type', 'created_at',
  'last_modified_at', 'taken_at', 'width', 'height', 'duration_ms', 'latitude', 'longitude', 'camera', 'orientation',
  'placeholder', 'thumb_key', 'preview_key', 'media_status', 'media_error', 'taken_day', 'media_kind', 'video_slideshow',
];

/** mulberry32: small, fast, seedable. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pad = (n, w = 2) => String(n).padStart(w, '0');
const dayNumber = (wallClockMs) => {
  const d = new Date(wallClockMs);
  return d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};
const dayKey = (day) => `${Math.floor(day / 10_000)}-${pad(Math.floor(day / 100) % 100)}-${pad(day % 100)}`;

/** A landscape-ish picture: sky gradient, sun, hills — each sample in its own colours. */
async function sampleJpeg(i) {
  const hue = (i * 57) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,85%)"/>
    </linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#s)"/>
    <circle cx="${300 + i * 180}" cy="${260 + (i % 3) * 60}" r="120" fill="hsl(${(hue + 180) % 360},90%,70%)"/>
    <path d="M0 900 Q 400 ${600 + i * 30} 800 850 T 1600 800 V 1200 H 0 Z" fill="hsl(${(hue + 120) % 360},45%,35%)"/>
    <path d="M0 1000 Q 500 ${850 - i * 20} 1000 980 T 1600 950 V 1200 H 0 Z" fill="hsl(${(hue + 140) % 360},40%,25%)"/>
  </svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 13' }, IFD2: { DateTimeOriginal: '2024:05:01 10:20:30', OffsetTimeOriginal: '+03:00' } })
    .toBuffer();
}

/** A 2-second test-pattern MP4, or null without ffmpeg. */
function sampleVideo() {
  const file = path.join(os.tmpdir(), `bulut-seed-${process.pid}.mp4`);
  const r = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=2', '-pix_fmt', 'yuv420p', file]);
  if (r.error || r.status !== 0) return null;
  const body = fs.readFileSync(file);
  fs.rmSync(file, { force: true });
  return body;
}

async function api(server, token, method, url, init = {}) {
  const res = await fetch(server.base + url, { method, ...init, headers: { 'x-auth-token': token, ...init.headers } });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** Uploads the samples through the API and waits until the server's job worker has processed them. */
async function uploadSamples(server, token, withVideo) {
  const folderUuid = crypto.randomUUID();
  await api(server, token, 'POST', '/api/filesystem/createFolder?parentFolderUuid=', {
    headers: { 'folder-name': encodeURIComponent('Bench samples'), 'folder-uuid': folderUuid },
  });
  const files = [];
  for (let i = 0; i < SAMPLE_IMAGES; i++) files.push({ name: `sample-${i + 1}.jpg`, type: 'image/jpeg', body: await sampleJpeg(i) });
  const video = withVideo ? sampleVideo() : null;
  if (video) files.push({ name: 'sample-video.mp4', type: 'video/mp4', body: video });
  const uuids = [];
  for (const f of files) {
    const uuid = crypto.randomUUID();
    await api(server, token, 'PUT', `/api/upload/${uuid}`, {
      headers: {
        'content-type': f.type,
        'x-object-meta-parent-uuid': folderUuid,
        'x-object-meta-favourite': 'false',
        'x-meta-strategy': '0',
        'x-object-meta-file-name': encodeURIComponent(f.name),
        'x-object-meta-device-type': 'WEB',
      },
      body: f.body,
    });
    uuids.push(uuid);
  }
  for (let tries = 0; ; tries++) {
    const list = await (await api(server, token, 'GET', `/api/filesystem?parentFolderUuid=${folderUuid}&size=50`)).json();
    const states = list.fileList.map((i) => i.mediaStatus);
    if (states.includes('FAILED')) throw new Error(`a sample failed processing: ${JSON.stringify(list.fileList)}`);
    if (states.length === files.length && states.every((s) => s === 'READY')) break;
    if (tries > 600) throw new Error('samples were not processed within a minute');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Hidden, so the timeline holds exactly the seeded rows; their derivatives stay served through the seeded rows.
  await api(server, token, 'DELETE', '/api/filesystem/hide', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(uuids) });
  return { uuids, hasVideo: video !== null };
}

/** Photos per local day: sparse everyday shots plus events, more in recent years. */
function planDays(random, years, now) {
  const lastDay = Math.floor((now + OFFSET_MS) / DAY) * DAY; // today, local, as wall-clock ms at 00:00
  const firstDay = lastDay - Math.round(years * 365.25) * DAY;
  const weights = new Map();
  const add = (dayMs, w) => weights.set(dayMs, (weights.get(dayMs) ?? 0) + w);
  for (let d = firstDay; d <= lastDay; d += DAY) {
    const growth = 1 + (2 * (d - firstDay)) / (lastDay - firstDay); // three times as many photos now as ten years ago
    if (random() < 0.35) add(d, growth * (1 + Math.floor(random() * 6)));
  }
  const events = Math.round(years * 14);
  for (let e = 0; e < events; e++) {
    const start = firstDay + Math.floor(random() * ((lastDay - firstDay) / DAY)) * DAY;
    const length = 1 + Math.floor(random() * random() * 7);
    const growth = 1 + (2 * (start - firstDay)) / (lastDay - firstDay);
    // Heavy-tailed: most events bring dozens of photos a day, a few hundreds.
    const perDay = growth * (15 + 400 * random() ** 3);
    for (let k = 0; k < length; k++) add(Math.min(lastDay, start + k * DAY), perDay * (0.5 + random()));
  }
  const days = [...weights.entries()].sort((a, b) => a[0] - b[0]);
  const cumulative = [];
  let sum = 0;
  for (const [, w] of days) cumulative.push((sum += w));
  return { days, cumulative, total: sum };
}

export const SHAPES = ['spread', 'month', 'day'];

/** The day weights of a library shape (see `shape` above). */
function planShape(random, shape, years, now) {
  if (shape === 'spread') return planDays(random, years, now);
  if (shape === 'month') return planDays(random, 30 / 365.25, now);
  if (shape === 'day') {
    const day = Math.floor((now + OFFSET_MS) / DAY) * DAY - 3 * DAY;
    return { days: [[day, 1]], cumulative: [1], total: 1 };
  }
  throw new Error(`unknown library shape ${shape} (one of ${SHAPES.join(', ')})`);
}

/** `--shape=day` among a benchmark's arguments (default spread), and the other arguments in order. */
export function shapeArgument(argv) {
  const flag = argv.find((a) => a.startsWith('--shape='));
  const shape = flag ? flag.slice('--shape='.length) : 'spread';
  if (!SHAPES.includes(shape)) throw new Error(`--shape must be one of ${SHAPES.join(', ')}`);
  return { shape, rest: argv.filter((a) => a !== flag) };
}

export async function seedPhotos({
  server,
  token,
  accountId,
  count = 100_000,
  years = 10,
  shape = 'spread',
  videoShare = 0.04,
  favouriteShare = 0.03,
  seed = 42,
  databaseUrl = process.env.DATABASE_URL,
}) {
  const samplesUploaded = await uploadSamples(server, token, videoShare > 0);
  const folderUuid = crypto.randomUUID();
  await api(server, token, 'POST', '/api/filesystem/createFolder?parentFolderUuid=', {
    headers: { 'folder-name': encodeURIComponent('Camera (bench)'), 'folder-uuid': folderUuid },
  });

  const db = await openDatabase(databaseUrl, server.dataDir);
  try {
    const samples = await db.select(
      `SELECT * FROM file WHERE account_id = ${db.p(1)} AND id IN (${samplesUploaded.uuids.map((_, i) => db.p(i + 2)).join(', ')})`,
      [accountId, ...samplesUploaded.uuids],
    );
    const images = samples.filter((s) => s.media_kind === 1);
    const videos = samples.filter((s) => s.media_kind === 2);
    const effectiveVideoShare = videos.length > 0 ? videoShare : 0;

    const random = prng(seed);
    const now = Date.now();
    const plan = planShape(random, shape, years, now);
    const perDay = new Map();
    const rows = [];
    let videoCount = 0;
    let favouriteCount = 0;
    for (let i = 0; i < count; i++) {
      // A day by weight (binary search over the cumulative weights), then a local time of day between 07:00 and 23:00.
      const target = random() * plan.total;
      let lo = 0;
      let hi = plan.cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (plan.cumulative[mid] < target) lo = mid + 1;
        else hi = mid;
      }
      const wallClock = plan.days[lo][0] + 7 * 3_600_000 + Math.floor(random() * 16 * 3_600_000);
      const takenAt = Math.min(now - 60_000, wallClock - OFFSET_MS);
      const day = dayNumber(wallClock);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      const isVideo = random() < effectiveVideoShare;
      const favourite = random() < favouriteShare ? 1 : 0;
      videoCount += isVideo ? 1 : 0;
      favouriteCount += favourite;
      const s = isVideo ? videos[i % videos.length] : images[i % images.length];
      const d = new Date(wallClock);
      const name = `${isVideo ? 'VID' : 'IMG'}_${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}_${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}_${pad(i, 6)}.${isVideo ? 'mp4' : 'jpg'}`;
      const uploadedAt = Math.min(now, takenAt + Math.floor(random() * 3 * DAY));
      rows.push([
        crypto.randomUUID(), accountId, folderUuid, name, name.toLowerCase(), 0, Number(s.bytes), s.content_type, null, s.blob_key,
        s.sha256, favourite, 0, null, 'ACTIVE', null, null, 'WEB', uploadedAt,
        uploadedAt, takenAt, s.width, s.height, s.duration_ms, s.latitude, s.longitude, s.camera, s.orientation,
        s.placeholder, s.thumb_key, s.preview_key, 'READY', null, day, s.media_kind, 0,
      ]);
    }
    // In upload order, as a library grows: rows of one day sit near each other in the table, as they would.
    const CREATED_AT = COLUMNS.indexOf('created_at');
    rows.sort((a, b) => a[CREATED_AT] - b[CREATED_AT]);
    for (let i = 0; i < rows.length; i += 1000) await db.insert(rows.slice(i, i + 1000));
    await db.analyze();

    const keys = [...perDay.keys()].sort((a, b) => b - a);
    const [biggest] = [...perDay.entries()].sort((a, b) => b[1] - a[1]);
    return {
      count,
      shape,
      videos: videoCount,
      favourites: favouriteCount,
      days: keys.length,
      newestDay: dayKey(keys[0]),
      oldestDay: dayKey(keys.at(-1)),
      biggestDay: { key: dayKey(biggest[0]), count: biggest[1] },
      folderUuid,
      samples: samplesUploaded.uuids,
    };
  } finally {
    await db.close();
  }
}

/** The few database operations a seeder needs, on PostgreSQL or on the server's SQLite file; `columns` of `file` rows. */
export async function openDatabase(databaseUrl, dataDir, columns = COLUMNS) {
  const placeholders = (n, p) => Array.from({ length: n }, (_, r) => `(${columns.map((_, k) => p(r * columns.length + k + 1)).join(',')})`).join(',');
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const c = new pg.Client(databaseUrl);
    await c.connect();
    return {
      p: (i) => `$${i}`,
      select: async (q, params) => (await c.query(q, params)).rows,
      insert: (rows) => c.query(`INSERT INTO file (${columns.join(',')}) VALUES ${placeholders(rows.length, (i) => `$${i}`)}`, rows.flat()),
      // VACUUM sets the visibility map, so the timeline index is read without visiting the table (as autovacuum would).
      analyze: async () => {
        await c.query('VACUUM ANALYZE file');
        await c.query('VACUUM ANALYZE timeline_day');
      },
      close: () => c.end(),
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'bulut.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(`INSERT INTO file (${columns.join(',')}) VALUES ${placeholders(1, () => '?')}`);
  const insertMany = db.transaction((rows) => rows.forEach((r) => insert.run(r)));
  return {
    p: () => '?',
    select: async (q, params) => db.prepare(q).all(params),
    insert: async (rows) => insertMany(rows),
    analyze: async () => db.exec('ANALYZE'),
    close: async () => db.close(),
  };
}
