// Photo timeline latency over a library of 100,000 photos (seeded by ./seed-photos.mjs): p50/p99 of
//   groups    GET  /api/scroll/groups                      (the whole day list, as the Photos screen opens)
//   viewport  POST /api/scroll/groups/list                 (5 consecutive days at a random place, up to 40 photos each)
//   segment   POST /api/scroll/groups/list                 (what the web client asks: consecutive days packed to ≤ 200 photos, ≤ 12 days)
//   position  GET  /api/scroll/position/{x}               (a random x, as the date scrubber asks)
//   dayFirst / dayDeep  POST /api/scroll/groups/list       (a page of 200 at offset 0, and at 200 before the end, of the
//                                                           library's biggest day)
//   dayDeepKeyset       the same deep page asked as the web client continues a loaded page: `after` its last photo
// plus, for comparison, GET /api/account/usages (the floor of any signed-in call) and the GROUP BY over the file index
// that the per-day count table replaces.
// Usage: npm run build -w apps/server && node bench/timeline.mjs [photos=100000] [requests=300] [--shape=spread|month|day]
//        (DATABASE_URL=postgres://… for PostgreSQL: an empty database; BENCH_PORT to pick the port, default 18110)
import path from 'node:path';
import { percentile, signUp, startServer } from './lib.mjs';
import os from 'node:os';
import { seedPhotos, shapeArgument } from './seed-photos.mjs';

const { shape, rest: args } = shapeArgument(process.argv.slice(2));
const photos = Number(args[0] ?? 100_000);
const requests = Number(args[1] ?? 300);
const server = await startServer({ PORT: process.env.BENCH_PORT ?? '18110' });
const stats = (times) => {
  const t = [...times].sort((a, b) => a - b);
  return { p50: Number(percentile(t, 0.5).toFixed(2)), p99: Number(percentile(t, 0.99).toFixed(2)) };
};
try {
  const { token, accountId } = await signUp(server);
  const headers = { 'x-auth-token': token, 'content-type': 'application/json' };
  const s0 = performance.now();
  const library = await seedPhotos({ server, token, accountId, count: photos, shape });
  const seedSeconds = ((performance.now() - s0) / 1000).toFixed(1);

  const timed = async (url, init) => {
    const s = performance.now();
    const res = await fetch(server.base + url, { headers, ...init });
    const body = await res.json();
    const ms = performance.now() - s;
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };
  const { body: timeline } = await timed('/api/scroll/groups');
  if (timeline.total !== photos) throw new Error(`expected ${photos} photos on the timeline, got ${timeline.total}`);
  const groups = timeline.groups;
  const deepOffset = Math.max(0, library.biggestDay.count - 200);
  const { body: beforeDeep } = await timed('/api/scroll/groups/list', {
    method: 'POST',
    body: JSON.stringify({ groups: [{ key: library.biggestDay.key, offset: Math.max(0, deepOffset - 1), limit: 1 }] }),
  });
  const lastAbove = beforeDeep.groups[0].items[0];
  let state = 7;
  const random = () => ((state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 4_294_967_296);

  // The kinds of call take turns, so a busy machine slows them all alike and the figures stay comparable.
  const runAll = async (kinds) => {
    const acc = Object.fromEntries(Object.keys(kinds).map((k) => [k, { times: [], items: 0, days: 0 }]));
    for (let i = 0; i < requests + 10; i++) {
      for (const [kind, make] of Object.entries(kinds)) {
        const [url, init, check] = make();
        const { ms, body } = await timed(url, init);
        check?.(body);
        if (i < 10) continue; // warm-up
        const a = acc[kind];
        a.times.push(ms);
        if (body.groups?.[0]?.items) {
          a.days += body.groups.length;
          a.items += body.groups.reduce((n, g) => n + g.items.length, 0);
        }
      }
    }
    return Object.fromEntries(
      Object.entries(acc).map(([kind, a]) => [
        kind,
        { ...stats(a.times), ...(a.days ? { daysPerCall: +(a.days / requests).toFixed(1), photosPerCall: Math.round(a.items / requests) } : {}) },
      ]),
    );
  };
  const listOf = (pages) => ['/api/scroll/groups/list', { method: 'POST', body: JSON.stringify({ groups: pages }) }, (body) => {
    if (body.groups.length !== pages.length) throw new Error('a group is missing');
  }];

  const result = {
    database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
    shape,
    loadAverage: os.loadavg()[0].toFixed(1),
    photos,
    days: library.days,
    biggestDay: library.biggestDay,
    videos: library.videos,
    favourites: library.favourites,
    seedSeconds: Number(seedSeconds),
    ...(await runAll({
      // The floor every signed-in call pays (session check, rate limit, one tiny query), for scale.
      baselineUsagesMs: () => ['/api/account/usages'],
      groupsMs: () => ['/api/scroll/groups', undefined, (b) => {
        if (b.total !== photos) throw new Error('total');
      }],
      viewportMs: () => {
        const start = Math.floor(random() * (groups.length - 5));
        return listOf(groups.slice(start, start + 5).map((g) => ({ key: g.key, offset: 0, limit: 40 })));
      },
      segmentMs: () => {
        // As apps/web packs requests: days in order, a big day cut into pages of 200, at most 200 photos and 12 days.
        let i = Math.floor(random() * groups.length);
        const pages = [];
        let used = 0;
        while (i < groups.length && pages.length < 12 && used < 200) {
          const limit = Math.min(groups[i].count, 200 - used);
          pages.push({ key: groups[i].key, offset: 0, limit });
          used += limit;
          i++;
        }
        return listOf(pages);
      },
      dayFirstMs: () => listOf([{ key: library.biggestDay.key, offset: 0, limit: 200 }]),
      dayDeepMs: () => listOf([{ key: library.biggestDay.key, offset: deepOffset, limit: 200 }]),
      dayDeepKeysetMs: () =>
        listOf([{ key: library.biggestDay.key, offset: deepOffset, limit: 200, after: { takenDate: lastAbove.takenDate, uuid: lastAbove.uuid } }]),
      positionMs: () => {
        const x = Math.floor(random() * photos);
        return [`/api/scroll/position/${x}`, undefined, (b) => {
          if (b.position !== x) throw new Error('position');
        }];
      },
    })),
    groupByInsteadMs: await groupByReference(accountId),
  };
  console.log(JSON.stringify(result));
} finally {
  await server.stop();
}

/** The alternative to the per-day count table: count the days straight from the file_timeline index each call. */
async function groupByReference(accountId) {
  const q = (p) =>
    `SELECT taken_day, count(*) AS n FROM file WHERE account_id = ${p} AND status = 'ACTIVE' AND hidden = 0
     AND taken_day IS NOT NULL AND media_kind IS NOT NULL GROUP BY taken_day ORDER BY taken_day DESC`;
  const times = [];
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const c = new pg.Client(process.env.DATABASE_URL);
    await c.connect();
    for (let i = 0; i < 60; i++) {
      const s = performance.now();
      await c.query(q('$1'), [accountId]);
      if (i >= 10) times.push(performance.now() - s);
    }
    await c.end();
  } else {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(path.join(server.dataDir, 'bulut.sqlite'), { readonly: true });
    const stmt = db.prepare(q('?'));
    for (let i = 0; i < 60; i++) {
      const s = performance.now();
      stmt.all(accountId);
      if (i >= 10) times.push(performance.now() - s);
    }
    db.close();
  }
  return stats(times);
}
