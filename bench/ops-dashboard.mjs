// The operator's dashboard over a large database (issue 27): seeds accounts, sessions, premium authorities, files and
// jobs WITH SQL (generate_series on PostgreSQL, a recursive CTE on SQLite), runs the subscriber roll-up once (timed),
// then times the dashboard's read N times.
//
//   npm run build -w apps/server && node bench/ops-dashboard.mjs [accounts=1000000] [files=50000000] [requests=200] [sqlite|postgres|both]
//
// The file table's secondary indexes are dropped while its rows go in and built again after (a bulk load).
// FILES_BUDGET_S (default 600) caps the time spent seeding files per database: seeding stops at the first batch past
// it and the count actually seeded is printed (with the rate, so the time for the full count can be told).
// PostgreSQL: BENCH_PG (default postgres://postgres@127.0.0.1:5432/postgres) is where a fresh bulut_bench_ops is created.
//
// The read is timed in-process through the dashboard's service (the route's handler is exactly one call of it), because
// an operator cannot sign in over HTTP until the operators module lands; see bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { percentile } from './lib.mjs';

const ACCOUNTS = Number(process.argv[2] ?? 1_000_000);
const FILES = Number(process.argv[3] ?? 50_000_000);
const REQUESTS = Number(process.argv[4] ?? 200);
const WHICH = process.argv[5] ?? 'both';
const FILES_BUDGET_MS = Number(process.env.FILES_BUDGET_S ?? 600) * 1000;
const PG_ADMIN = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY = 86_400_000;

const dist = new URL('../apps/server/dist/', import.meta.url).pathname;
if (!fs.existsSync(path.join(dist, 'main.js'))) throw new Error('build the server first: npm run build -w apps/server');
const { createDatabase } = await import(path.join(dist, 'infra/db/database.js'));
const { migrateToLatest } = await import(path.join(dist, 'infra/db/migrate.js'));
const { FigureRecorder, businessDay } = await import(path.join(dist, 'infra/figures/figure-recorder.js'));
const { OpsDashboardService } = await import(path.join(dist, 'modules/ops-dashboard/ops-dashboard.service.js'));
const { OpsSubscribersService } = await import(path.join(dist, 'modules/ops-subscribers/ops-subscribers.service.js'));

const silent = { warn() {}, info() {}, error() {}, debug() {}, child: () => silent };
const now = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

// The same ids on both databases: a UUID-shaped text from the row number, in the same order as the number.
const sqliteUuid = (x) => `printf('%08x-0000-4000-8000-%012x', ${x}, ${x})`;
const pgUuid = (x) => `lpad(to_hex(${x}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(${x}), 12, '0')`;

const FIRST = [['Ayşe', 'ayse'], ['Mehmet', 'mehmet'], ['Zeynep', 'zeynep'], ['Ömer', 'omer'], ['Elif', 'elif'], ['Mustafa', 'mustafa'], ['Şule', 'sule']];
const LAST = [['Yılmaz', 'yilmaz'], ['Kaya', 'kaya'], ['Demir', 'demir'], ['Çelik', 'celik'], ['Şahin', 'sahin'], ['Yıldız', 'yildiz'], ['Öztürk', 'ozturk'], ['Aydın', 'aydin'], ['Arslan', 'arslan'], ['Doğan', 'dogan'], ['Kılıç', 'kilic']];
/** A CASE over `expr` picking column `col` (0 shown, 1 folded) of a list. */
const pick = (expr, list, col = 0) => `CASE ${expr} ${list.map((v, i) => `WHEN ${i} THEN '${v[col]}'`).join(' ')} END`;

/** Row `x` of each table, as SQL expressions over the row number (`x`) for one dialect. */
function rows(uuid, fmt) {
  return {
    account: {
      cols: 'id, email, country_code, phone_number, phone_e164, password_hash, name, surname, language, status, project_id, quota_bytes, used_bytes, eula_id, created_at, updated_at, search_name, search_surname, search_email, search_phone',
      // Every 100th account is being deleted; bytes used spread 0..999 MiB. Names from short lists with their search
      // keys as searchKeys() writes them (folded), so a name search meets many matches, as it would at an operator.
      select: `${uuid('x')}, 'u' || x || '@example.com', '90', ${fmt.phone('x')}, '+90' || ${fmt.phone('x')}, 'x', ${pick('x % 7', FIRST)}, ${pick('x % 11', LAST)}, 'tr',
        CASE WHEN x % 100 = 0 THEN 'DELETED' ELSE 'ACTIVE' END, ${uuid('x')}, 5368709120, (x % 1000) * 1048576, 2, ${now - 400 * DAY}, ${now - DAY},
        ${pick('x % 7', FIRST, 1)} || ' ' || ${pick('x % 11', LAST, 1)}, ${pick('x % 11', LAST, 1)},
        CASE WHEN x % 100 = 0 THEN NULL ELSE 'u' || x || '@example.com' END, CASE WHEN x % 100 = 0 THEN NULL ELSE '90' || ${fmt.phone('x')} END`,
    },
    // 30 % of accounts have a session, seen 0..13 days ago.
    session: {
      cols: 'id, account_id, token_hash, device_uuid, device_name, device_type, created_at, last_seen_at, expires_at',
      select: `${uuid('x')}, ${uuid('x')}, ${fmt.hash('x')}, 'dev' || x, 'Browser', 'WEB', ${now - 30 * DAY}, ${now} - (x % 14) * ${DAY}, ${now + 30 * DAY}`,
      where: 'x % 10 < 3',
    },
    // 10 % premium.
    authority: { cols: 'account_id, type', select: `${uuid('x')}, 'AUTH_PREMIUM_USER'`, where: 'x % 10 = 0' },
    file: {
      cols: 'id, account_id, parent_id, name, name_key, is_folder, bytes, content_type, document_type, status, created_at, last_modified_at',
      select: `${uuid('x')}, ${uuid(`((x - 1) % ${ACCOUNTS}) + 1`)}, '', 'file' || x || '.pdf', 'file' || x || '.pdf', 0, (x % 5000) * 1024,
        'application/pdf', 'DOCUMENT', 'ACTIVE', ${now - 100 * DAY} + x, ${now - 100 * DAY} + x`,
    },
  };
}

const sqliteFmt = { phone: (x) => `printf('5%09d', ${x})`, hash: (x) => `printf('%064x', ${x})` };
const pgFmt = { phone: (x) => `'5' || lpad(${x}::text, 9, '0')`, hash: (x) => `lpad(to_hex(${x}), 64, '0')` };

async function seedSqlite(file) {
  const s = new SQLite(file);
  s.pragma('journal_mode = WAL');
  s.pragma('synchronous = OFF');
  s.pragma('cache_size = -262144');
  const r = rows(sqliteUuid, sqliteFmt);
  const insert = (table, lo, hi) => {
    const t = r[table];
    s.prepare(
      `WITH RECURSIVE c(x) AS (SELECT ${lo} UNION ALL SELECT x + 1 FROM c WHERE x < ${hi})
       INSERT INTO ${table} (${t.cols}) SELECT ${t.select} FROM c ${t.where ? `WHERE ${t.where}` : ''}`,
    ).run();
  };
  const fileIndexes = () => s.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'file' AND sql IS NOT NULL`).all();
  return seed('sqlite', insert, (sql) => s.exec(sql), () => s.close(), undefined, fileIndexes);
}

async function seedPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('SET synchronous_commit = off');
  const r = rows(pgUuid, pgFmt);
  const insert = async (table, lo, hi) => {
    const t = r[table];
    await client.query(`INSERT INTO ${table} (${t.cols}) SELECT ${t.select} FROM generate_series(${lo}::bigint, ${hi}::bigint) AS g(x) ${t.where ? `WHERE ${t.where}` : ''}`);
  };
  // Constraint indexes (the primary key, uniques) stay; the rest are dropped and built again after the rows.
  const fileIndexes = async () =>
    (
      await client.query(`SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE tablename = 'file'
        AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'file'::regclass)`)
    ).rows;
  await client.query('SET maintenance_work_mem = \'1GB\'');
  return seed('postgres', insert, (sql) => client.query(sql), () => client.end(), () => client.query('ANALYZE'), fileIndexes);
}

/** Seeds in batches with one `insert(table, lo, hi)` per batch; returns what was seeded and how long it took. */
async function seed(dialect, insert, exec, close, analyze, fileIndexes) {
  const t0 = performance.now();
  for (let lo = 1; lo <= ACCOUNTS; lo += 200_000) {
    const hi = Math.min(ACCOUNTS, lo + 199_999);
    for (const table of ['account', 'session', 'authority']) await insert(table, lo, hi);
  }
  const accountsMs = performance.now() - t0;
  console.log(`[${dialect}] ${ACCOUNTS} accounts (+ sessions, premium) in ${secs(accountsMs)}`);
  // A bulk load: the file table's secondary indexes are dropped first and built again from their own definitions after
  // the rows (a sort per index instead of 50 M random inserts into each); the table ends as the migrations made it.
  const indexes = await fileIndexes();
  for (const { name } of indexes) await exec(`DROP INDEX ${name}`);
  const f0 = performance.now();
  let files = 0;
  const batch = 500_000;
  while (files < FILES && performance.now() - f0 < FILES_BUDGET_MS) {
    const hi = Math.min(FILES, files + batch);
    await insert('file', files + 1, hi);
    files = hi;
    const ms = performance.now() - f0;
    if (files % 5_000_000 === 0 || files === FILES) console.log(`[${dialect}]   ${files} files, ${Math.round(files / (ms / 1000))} rows/s`);
  }
  const i0 = performance.now();
  for (const index of indexes) await exec(index.sql);
  console.log(`[${dialect}]   ${indexes.length} indexes of file built again in ${secs(performance.now() - i0)}`);
  const filesMs = performance.now() - f0;
  // The job queue: a backlog of 5,000 waiting jobs over five kinds, 1,000 failed today, 200,000 done.
  const kinds = ['media.process', 'mail.send', 'sms.send', 'upload.assemble', 'invoice.render'];
  const job = (status, n, runAt, updatedAt, offset) =>
    `INSERT INTO job (id, type, payload, status, attempts, max_attempts, run_at, created_at, updated_at)
     SELECT ${dialect === 'postgres' ? pgUuid(`x + ${offset}`) : sqliteUuid(`x + ${offset}`)}, CASE x % 5 ${kinds.map((k, i) => `WHEN ${i} THEN '${k}'`).join(' ')} END,
       '{}', '${status}', 1, 5, ${runAt}, ${runAt}, ${updatedAt}
     FROM ${dialect === 'postgres' ? `generate_series(1, ${n}) AS g(x)` : `(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n}) SELECT x FROM c)`}`;
  await exec(job('queued', 5_000, `${now - 600_000} + x`, now, 10_000_000));
  await exec(job('failed', 1_000, `${now - 3_600_000} + x`, `${now - 3_600_000} + x`, 20_000_000));
  await exec(job('done', 200_000, `${now - 5 * DAY} + x`, `${now - 5 * DAY} + x`, 30_000_000));
  // 30 days of counters and gauges, two days of per-minute 5xx counts.
  const days = Array.from({ length: 30 }, (_, i) => businessDay(now - (29 - i) * DAY));
  const values = days.flatMap((day, i) =>
    ['uploads.count', 'uploads.bytes', 'payments.count.TRY', 'payments.minor.TRY', 'subscribers.total', 'subscribers.active7d', 'subscribers.premium', 'storage.used_bytes'].map(
      (name, j) => `('${name}', '${day}', ${(i + 1) * (j + 1) * 1000})`,
    ),
  );
  await exec(`INSERT INTO metric_day (name, day, value) VALUES ${values.join(', ')}`);
  const minute = Math.floor(now / 60_000);
  await exec(`INSERT INTO metric_minute (name, minute, value) VALUES ${Array.from({ length: 2880 }, (_, i) => `('http.5xx', ${minute - i}, ${i % 3})`).join(', ')}`);
  if (analyze) await analyze();
  await close();
  return { accountsMs, files, filesMs };
}

async function measure(dialect, database) {
  const figures = new FigureRecorder({ db: database.db, dialect, logger: silent });
  const service = new OpsDashboardService({ db: database.db, dialect, figures });
  const r0 = performance.now();
  const rolled = await service.rollUp();
  const rollUpMs = performance.now() - r0;
  console.log(`[${dialect}] roll-up over ${ACCOUNTS} accounts: ${secs(rollUpMs)}`, rolled);
  for (let i = 0; i < 10; i++) await service.dashboard();
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await service.dashboard();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const sample = await service.dashboard();
  const search = await measureSearch(database);
  return { rollUpMs, p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: times.at(-1), sample, search };
}

/**
 * The console's subscriber search (`GET /api/ops/subscribers?q=`, one call of `search(q, 20)`) over the kinds of
 * query a help-line operator types, each with subscribers picked at random across the whole table.
 */
async function measureSearch(database) {
  // search() reads only the database; the other dependencies belong to the console's actions.
  const service = new OpsSubscribersService({ db: database.db, clock: Date.now, publicUrl: null });
  const some = () => 1 + Math.floor(Math.random() * ACCOUNTS);
  const phone = (x) => `5${String(x).padStart(9, '0')}`;
  const hex = (x, n) => x.toString(16).padStart(n, '0');
  const kinds = {
    'phone +90': () => `+90 ${phone(some())}`,
    'phone 0…': () => `0${phone(some())}`,
    'phone prefix': () => phone(some()).slice(0, 6),
    'e-mail': () => `u${some()}@example.com`,
    'e-mail prefix': () => `u${String(some()).slice(0, 4)}`,
    'name': () => ['zeynep', 'Ömer Çelik', 'ŞULE', 'mehmet yıl', 'Kılıç', 'ayşe d'][Math.floor(Math.random() * 6)],
    'id': () => { const x = some(); return `${hex(x, 8)}-0000-4000-8000-${hex(x, 12)}`; },
  };
  const all = [];
  const perKind = {};
  for (const [kind, query] of Object.entries(kinds)) {
    for (let i = 0; i < 5; i++) await service.search(query(), 20);
    const times = [];
    let hits = 0;
    for (let i = 0; i < Math.max(20, Math.round(REQUESTS / 4)); i++) {
      const t0 = performance.now();
      hits += (await service.search(query(), 20)).length;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    perKind[kind] = { p50: percentile(times, 0.5), p99: percentile(times, 0.99), hitsPerSearch: hits / times.length };
  }
  all.sort((a, b) => a - b);
  return { p50: percentile(all, 0.5), p99: percentile(all, 0.99), max: all.at(-1), n: all.length, perKind };
}

async function run(dialect) {
  let database;
  let cleanup;
  let seeded;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-ops-'));
    const file = path.join(dir, 'bulut.sqlite');
    const d = createDatabase({ databaseUrl: null, sqliteFile: file });
    await migrateToLatest(d.db);
    await d.destroy();
    seeded = await seedSqlite(file);
    console.log(`[sqlite] database file ${(fs.statSync(file).size / 2 ** 30).toFixed(1)} GiB`);
    database = createDatabase({ databaseUrl: null, sqliteFile: file });
    cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS bulut_bench_ops WITH (FORCE)');
    await admin.query('CREATE DATABASE bulut_bench_ops');
    const url = new URL(PG_ADMIN);
    url.pathname = '/bulut_bench_ops';
    const d = createDatabase({ databaseUrl: url.toString(), sqliteFile: '' });
    await migrateToLatest(d.db);
    await d.destroy();
    seeded = await seedPostgres(url.toString());
    const size = await admin.query(`SELECT pg_database_size('bulut_bench_ops') AS n`);
    console.log(`[postgres] database ${(Number(size.rows[0].n) / 2 ** 30).toFixed(1)} GiB`);
    database = createDatabase({ databaseUrl: url.toString(), sqliteFile: '' });
    cleanup = async () => {
      // The pool's clients leave after destroy() returns; dropping under them would kill them mid-goodbye.
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'bulut_bench_ops'`);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query('DROP DATABASE IF EXISTS bulut_bench_ops WITH (FORCE)');
      await admin.end();
    };
  }
  try {
    const m = await measure(dialect, database);
    return { dialect, ...seeded, ...m };
  } finally {
    await database.destroy();
    if (!process.env.KEEP) await cleanup();
  }
}

console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const results = [];
for (const dialect of WHICH === 'both' ? ['sqlite', 'postgres'] : [WHICH]) results.push(await run(dialect));
console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const r of results) {
  const rate = r.files / (r.filesMs / 1000);
  console.log(
    `${r.dialect}: accounts ${ACCOUNTS} seeded in ${secs(r.accountsMs)}; files ${r.files} in ${secs(r.filesMs)} (${Math.round(rate)} rows/s` +
      `${r.files < FILES ? `, ${FILES} would take ~${Math.round(FILES / rate / 60)} min` : ''}); roll-up ${secs(r.rollUpMs)}; ` +
      `dashboard ${REQUESTS} reads p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, max ${r.max.toFixed(2)} ms; ` +
      `subscriber search ${r.search.n} searches p50 ${r.search.p50.toFixed(2)} ms, p99 ${r.search.p99.toFixed(2)} ms, max ${r.search.max.toFixed(2)} ms`,
  );
  for (const [kind, k] of Object.entries(r.search.perKind))
    console.log(`  ${r.dialect} search "${kind}": p50 ${k.p50.toFixed(2)} ms, p99 ${k.p99.toFixed(2)} ms, ${k.hitsPerSearch.toFixed(1)} hits a search`);
}
console.log('a dashboard answer:', JSON.stringify({ ...results.at(-1).sample, uploads: `${results.at(-1).sample.uploads.length} days`, storage: { usedBytes: results.at(-1).sample.storage.usedBytes, series: `${results.at(-1).sample.storage.series.length} days` } }));
