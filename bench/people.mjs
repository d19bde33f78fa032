// GET /api/person/page latency with 1,000 people in one account (issue 14): p50/p99 of the first page (100 people,
// sorted by photo count, each with its thumbnail face) and of a middle page, over 20,000 photos and ~30,000 faces
// written straight into the tables (as the faces job leaves them). The account is premium with recognition on.
// Usage: npm run build -w apps/server && node bench/people.mjs [people=1000] [photos=20000] [requests=200]
//        (DATABASE_URL=postgres://… for PostgreSQL: an empty database; BENCH_PORT to pick the port, default 18720)
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { percentile, signUp, startServer } from './lib.mjs';
import { prng } from './seed-photos.mjs';

const people = Number(process.argv[2] ?? 1000);
const photos = Number(process.argv[3] ?? 20_000);
const requests = Number(process.argv[4] ?? 200);
const databaseUrl = process.env.DATABASE_URL ?? null;
const random = prng(14);

/** Inserts rows of one table in batches, on either database. */
async function openWriter() {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const c = new pg.Client(databaseUrl);
    await c.connect();
    return {
      insert: async (table, cols, rows) => {
        for (let i = 0; i < rows.length; i += 500) {
          const batch = rows.slice(i, i + 500);
          const values = batch.map((_, r) => `(${cols.map((_, k) => `$${r * cols.length + k + 1}`).join(',')})`).join(',');
          await c.query(`INSERT INTO ${table} (${cols.join(',')}) VALUES ${values}`, batch.flat());
        }
      },
      analyze: () => c.query('VACUUM ANALYZE'),
      close: () => c.end(),
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(server.dataDir, 'bulut.sqlite'));
  db.pragma('busy_timeout = 5000');
  return {
    insert: async (table, cols, rows) => {
      const stmt = db.prepare(`INSERT INTO ${table} (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`);
      db.transaction(() => rows.forEach((r) => stmt.run(r)))();
    },
    analyze: async () => db.exec('ANALYZE'),
    close: async () => db.close(),
  };
}

const server = await startServer({ PORT: process.env.BENCH_PORT ?? '18720' }, { quiet: true });
try {
  const { token, accountId } = await signUp(server);
  const w = await openWriter();
  const s0 = performance.now();
  await w.insert('authority', ['account_id', 'type'], [[accountId, 'AUTH_PREMIUM_USER']]);
  const fileCols = ['id', 'account_id', 'parent_id', 'name', 'name_key', 'is_folder', 'bytes', 'content_type', 'blob_key', 'favourite',
    'hidden', 'status', 'device_type', 'created_at', 'last_modified_at', 'taken_at', 'media_status', 'taken_day', 'media_kind',
    'thumb_key', 'preview_key'];
  const fileIds = [];
  const files = Array.from({ length: photos }, (_, i) => {
    const id = crypto.randomUUID();
    fileIds.push(id);
    const at = Date.UTC(2018, 0, 1) + Math.floor(random() * 8 * 365) * 86_400_000;
    const d = new Date(at);
    const day = d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
    return [id, accountId, '', `IMG_${i}.jpg`, `img_${i}.jpg`, 0, 1000, 'image/jpeg', `users/${accountId}/files/${id}`, 0, 0, 'ACTIVE', 'WEB',
      at, at, at, 'READY', day, 1, `users/${accountId}/thumbs/${id}.webp`, `users/${accountId}/previews/${id}.webp`];
  });
  await w.insert('file', fileCols, files);
  // Photo counts per person follow a Zipf-like curve (a few people on hundreds of photos, most on a handful).
  const at = Date.now();
  const persons = [];
  const faces = [];
  for (let p = 0; p < people; p++) {
    const id = crypto.randomUUID();
    const label = p % 3 === 0 ? `Person ${p}` : null;
    persons.push([id, accountId, label, label?.toLowerCase() ?? null, 'ACTIVE', null, at, at]);
    const n = Math.max(2, Math.round(600 / (p + 1)) + Math.floor(random() * 20));
    for (let k = 0; k < n; k++) {
      const fileId = fileIds[Math.floor(random() * fileIds.length)];
      faces.push([crypto.randomUUID(), accountId, fileId, id, 0.3, 0.2, 0.1, 0.15, 0.5 + random() / 2, crypto.randomBytes(512),
        `users/${accountId}/faces/${fileId}/x.webp`, at]);
    }
  }
  await w.insert('person', ['id', 'account_id', 'label', 'label_key', 'status', 'thumbnail_face_id', 'created_at', 'modified_at'], persons);
  await w.insert('face', ['id', 'account_id', 'file_id', 'person_id', 'box_x', 'box_y', 'box_w', 'box_h', 'score', 'descriptor', 'crop_key',
    'created_at'], faces);
  await w.insert('face_scan', ['file_id', 'account_id', 'scanned_at'], fileIds.map((id) => [id, accountId, at]));
  await w.analyze();
  await w.close();
  const seedSeconds = (performance.now() - s0) / 1000;

  const headers = { 'x-auth-token': token };
  const timed = async (url) => {
    const s = performance.now();
    const res = await fetch(server.base + url, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - s, body };
  };
  const kinds = {
    firstPage: '/api/person/page?pageSize=100&pageNumber=0',
    middlePage: `/api/person/page?pageSize=100&pageNumber=${Math.floor(people / 200)}`,
    recognition: '/api/person/recognition',
  };
  const acc = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  let total = 0;
  for (let i = 0; i < requests + 10; i++) {
    for (const [kind, url] of Object.entries(kinds)) {
      const { ms, body } = await timed(url);
      if (kind === 'firstPage') total = body.total;
      if (i >= 10) acc[kind].push(ms);
    }
  }
  const stats = (times) => {
    const t = [...times].sort((a, b) => a - b);
    return { p50: Number(percentile(t, 0.5).toFixed(2)), p99: Number(percentile(t, 0.99).toFixed(2)) };
  };
  console.log(
    JSON.stringify(
      {
        database: databaseUrl ? 'postgres' : 'sqlite',
        loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' '),
        people,
        listed: total,
        photos,
        faces: faces.length,
        requests,
        seedSeconds: Number(seedSeconds.toFixed(1)),
        ...Object.fromEntries(Object.entries(acc).map(([k, v]) => [`${k}Ms`, stats(v)])),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
