// Family library timeline (issue 35): a family of 5 members whose library holds `photos` photos (each member adds a
// fifth, seeded by ./seed-photos.mjs straight into the database, then put into the family's library), and p50/p99 of
//   firstPage  GET /api/family/library?limit=120              (the screen opening: the newest page)
//   deepPage   GET /api/family/library?limit=120&after=<c>    (a page at a random depth, as "show more" continues)
//   lastPage   GET /api/family/library?limit=120&after=<c>    (the oldest page)
// asked by a member in turn, plus GET /api/account/usages (the floor of any signed-in call) for scale.
// Usage: npm run build -w apps/server && node bench/family-timeline.mjs [photos=100000] [requests=300]
//        (DATABASE_URL=postgres://… for PostgreSQL: an empty database; BENCH_PORT, default 19252)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, signUp, startServer } from './lib.mjs';
import { seedPhotos } from './seed-photos.mjs';

const photos = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 300);
const MEMBERS = 5;
const PAGE = 120; // what the web's family library screen asks for
const server = await startServer({ PORT: process.env.BENCH_PORT ?? '19252' }, { quiet: true });
const stats = (times) => {
  const t = [...times].sort((a, b) => a - b);
  return { p50: Number(percentile(t, 0.5).toFixed(2)), p99: Number(percentile(t, 0.99).toFixed(2)) };
};

/** Plain statements on the server's database (the seeder's helper only inserts files). */
async function openSql() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const c = new pg.Client(process.env.DATABASE_URL);
    await c.connect();
    return { p: (i) => `$${i}`, run: (q, params = []) => c.query(q, params), all: async (q, params = []) => (await c.query(q, params)).rows, close: () => c.end(), analyze: () => c.query('VACUUM ANALYZE file') };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(server.dataDir, 'bulut.sqlite'));
  db.pragma('busy_timeout = 5000');
  return { p: () => '?', run: async (q, params = []) => db.prepare(q).run(params), all: async (q, params = []) => db.prepare(q).all(params), close: async () => db.close(), analyze: async () => db.exec('ANALYZE') };
}

try {
  // Five accounts; the outbox is emptied before each sign-up so its code is the only one there.
  const outbox = path.join(server.dataDir, 'outbox');
  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    fs.rmSync(outbox, { recursive: true, force: true });
    members.push(
      await signUp(server, { email: `family${i}@example.com`, countryCode: '90', phoneNumber: `53200001${String(i).padStart(2, '0')}`, password: 'Bulut2026!', language: 'en', eulaId: 1 }),
    );
  }
  const s0 = performance.now();
  const folders = [];
  for (const [i, m] of members.entries()) {
    // Each member's own days and times (another seed), so the library interleaves five cameras.
    const lib = await seedPhotos({ server, token: m.token, accountId: m.accountId, count: Math.round(photos / MEMBERS), seed: 42 + i, videoShare: 0 });
    folders.push(lib.folderUuid);
  }
  const db = await openSql();
  const familyId = crypto.randomUUID();
  const at = Date.now();
  const p = db.p;
  // The family as the plan listener leaves it (the first member is the admin), then every seeded photo into its library.
  await db.run(
    `INSERT INTO family (id, admin_account_id, package_id, max_members, quota_bytes, status, created_at, updated_at) VALUES (${p(1)}, ${p(2)}, NULL, ${MEMBERS}, ${p(3)}, 'ACTIVE', ${p(4)}, ${p(5)})`,
    [familyId, members[0].accountId, 2 ** 50, at, at],
  );
  for (const [i, m] of members.entries()) {
    await db.run(`INSERT INTO family_member (family_id, account_id, role, limit_bytes, joined_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}, NULL, ${p(4)})`, [
      familyId,
      m.accountId,
      i === 0 ? 'ADMIN' : 'MEMBER',
      at,
    ]);
  }
  for (const folder of folders) await db.run(`UPDATE file SET family_id = ${p(1)} WHERE parent_id = ${p(2)}`, [familyId, folder]);
  await db.analyze();
  const seedSeconds = Number(((performance.now() - s0) / 1000).toFixed(1));

  // Cursors at random depths, and the one of the last page, from the library's own order.
  const order = await db.all(
    `SELECT taken_at, id FROM file WHERE family_id = ${p(1)} AND status = 'ACTIVE' AND family_held_until IS NULL ORDER BY taken_at DESC, id DESC`,
    [familyId],
  );
  await db.close();
  if (order.length !== photos) throw new Error(`expected ${photos} photos in the family library, got ${order.length}`);
  const cursor = (index) => `${Number(order[index].taken_at)}_${order[index].id}`;
  let state = 11;
  const random = () => ((state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 4_294_967_296);

  const timed = async (who, url) => {
    const s = performance.now();
    const res = await fetch(server.base + url, { headers: { 'x-auth-token': who.token } });
    const body = await res.json();
    const ms = performance.now() - s;
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };
  const kinds = {
    baselineUsagesMs: () => ['/api/account/usages'],
    firstPageMs: () => [`/api/family/library?limit=${PAGE}`, (b) => b.items.length === PAGE],
    deepPageMs: () => [`/api/family/library?limit=${PAGE}&after=${cursor(Math.floor(random() * (photos - PAGE - 1)))}`, (b) => b.items.length === PAGE],
    lastPageMs: () => [`/api/family/library?limit=${PAGE}&after=${cursor(photos - PAGE - 1)}`, (b) => b.items.length === PAGE && b.next === null],
  };
  // The kinds take turns (and the members ask in turn), so a busy machine slows them all alike.
  const acc = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  for (let i = 0; i < requests + 10; i++) {
    const who = members[i % MEMBERS];
    for (const [kind, make] of Object.entries(kinds)) {
      const [url, check] = make();
      const { ms, body } = await timed(who, url);
      if (check && !check(body)) throw new Error(`${kind}: unexpected answer`);
      if (i >= 10) acc[kind].push(ms);
    }
  }
  console.log(
    JSON.stringify({
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      loadAverage: os.loadavg()[0].toFixed(1),
      photos,
      members: MEMBERS,
      pageSize: PAGE,
      requests,
      seedSeconds,
      ...Object.fromEntries(Object.entries(acc).map(([k, t]) => [k, stats(t)])),
    }),
  );
} finally {
  await server.stop();
}
