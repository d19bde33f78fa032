// Search latency over 100,000 files and photos in one account (issue 11): p50/p99 of
//   unified common   GET /api/search/unified?text=<the most frequent word>   (tens of thousands of hits, first page)
//   unified rare     GET /api/search/unified?text=<a word in a handful of names>
//   unified prefix2  GET /api/search/unified?text=<two letters>              (every word starting with them)
//   suggest          GET /api/search/unified/suggest?text=<2-4 letters of common words>
// plus the backfill time (the start-up indexer over rows written straight into the table) and the index size.
// Names come from a multilingual word list generated here (Turkish, English, Russian, Ukrainian, Arabic, Georgian,
// German, French, Spanish, Romanian, Albanian), with Zipf-like frequencies; 80 % photos/videos with a day of capture
// and a camera, the rest documents.
// Usage: npm run build -w apps/server && node bench/search.mjs [items=100000] [requests=200]
//        (DATABASE_URL=postgres://… for PostgreSQL: an empty database; BENCH_PORT to pick the port, default 18710)
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { percentile, signUp, startServer } from './lib.mjs';
import { openDatabase, prng } from './seed-photos.mjs';

const items = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 200);
const databaseUrl = process.env.DATABASE_URL ?? null;

const WORDS = `tatil deniz istanbul ankara izmir kapadokya düğün nişan bayram doğum günü okul mezuniyet yaz kış bahar sonbahar
aile annem babam kardeş arkadaşlar piknik kahvaltı akşam yemeği şehir köy dağ göl orman kumsal güneş batımı ışık gölge
fatura sözleşme rapor sunum özgeçmiş makbuz dekont vergi kira sigorta proje toplantı notlar taslak bütçe plan
holiday beach wedding birthday family friends school graduation summer winter spring autumn trip city mountain lake
invoice contract report presentation resume receipt tax rent insurance project meeting notes draft budget
отпуск море свадьба день рождения семья друзья школа лето зима весна осень поездка город горы озеро счёт договор отчёт
відпустка весілля родина друзі школа літо зима подорож місто
عطلة بحر زفاف عيد ميلاد عائلة أصدقاء مدرسة صيف شتاء رحلة مدينة جبل فاتورة عقد تقرير
არდადეგები ზღვა ქორწილი დაბადების დღე ოჯახი მეგობრები სკოლა ზაფხული ზამთარი მოგზაურობა ქალაქი თბილისი
Urlaub Meer Hochzeit Geburtstag Familie Freunde Schule Sommer Winter Reise Stadt Berge Rechnung Vertrag Bericht
vacances mer mariage anniversaire famille amis école été hiver voyage ville montagne facture contrat rapport
vacaciones mar boda cumpleaños familia amigos escuela verano invierno viaje ciudad montaña factura contrato informe
vacanță mare nuntă aniversare familie prieteni școală vară iarnă călătorie oraș munte factură
pushime det dasma ditëlindje familje miq shkollë verë dimër udhëtim qytet mal faturë`
  .split(/\s+/)
  .filter(Boolean);
const RARE = 'zümrüdüanka';
const CAMERAS = ['Apple iPhone 13', 'Apple iPhone 15 Pro', 'Samsung Galaxy S23', 'Canon EOS R6', 'Nikon Z6', 'Xiaomi 13T', 'Google Pixel 8'];
const DOCS = [
  ['pdf', 'application/pdf', 'PDF'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'WORD'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'CELL'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'SLIDE'],
];

const random = prng(42);
// Zipf-like: word k is drawn with weight 1/(k+1).
const weights = WORDS.map((_, k) => 1 / (k + 1));
const totalWeight = weights.reduce((a, b) => a + b, 0);
const word = () => {
  let r = random() * totalWeight;
  for (let k = 0; k < WORDS.length; k++) if ((r -= weights[k]) <= 0) return WORDS[k];
  return WORDS[WORDS.length - 1];
};

const COLUMNS = [
  'id', 'account_id', 'parent_id', 'name', 'name_key', 'is_folder', 'bytes', 'content_type', 'document_type', 'blob_key',
  'favourite', 'hidden', 'status', 'device_type', 'created_at', 'last_modified_at', 'taken_at', 'camera', 'media_status',
  'taken_day', 'media_kind',
];

// The name key gets the id after a slash (no name holds one): generated names repeat, and live names in a folder are unique.
function row(accountId, i) {
  const at = Date.UTC(2015, 0, 1) + Math.floor(random() * 11 * 365) * 86_400_000 + Math.floor(random() * 86_400_000);
  const n = 1 + Math.floor(random() * 3);
  const words = Array.from({ length: n }, word);
  if (i % 20_000 === 7) words.push(RARE);
  const media = random() < 0.8;
  const video = media && random() < 0.05;
  const doc = DOCS[Math.floor(random() * DOCS.length)];
  const stem = `${words.join(' ')}${random() < 0.5 ? ` ${Math.floor(random() * 1000)}` : ''}`;
  const name = `${stem}.${media ? (video ? 'mp4' : 'jpg') : doc[0]}`;
  const d = new Date(at);
  const day = d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  const id = crypto.randomUUID();
  return [
    id, accountId, '', name, `${name.normalize('NFC').toLowerCase()}/${id}`, 0, 1000, media ? (video ? 'video/mp4' : 'image/jpeg') : doc[1],
    media ? null : doc[2], `users/${accountId}/files/${id}`, 0, 0, 'ACTIVE', 'WEB', at, at, media ? at : null,
    media ? CAMERAS[Math.floor(random() * CAMERAS.length)] : null, media ? 'READY' : null, media ? day : null,
    media ? (video ? 2 : 1) : null,
  ];
}

const server = await startServer({ PORT: process.env.BENCH_PORT ?? '18710' }, { quiet: true });
const stats = (times) => {
  const t = [...times].sort((a, b) => a - b);
  return { p50: Number(percentile(t, 0.5).toFixed(2)), p99: Number(percentile(t, 0.99).toFixed(2)) };
};
try {
  const { token, accountId } = await signUp(server);
  const db = await openDatabase(databaseUrl, server.dataDir, COLUMNS);
  const s0 = performance.now();
  for (let i = 0; i < items; i += 500) {
    await db.insert(Array.from({ length: Math.min(500, items - i) }, (_, k) => row(accountId, i + k)));
  }
  const seedSeconds = (performance.now() - s0) / 1000;
  // The server's start-up indexer (rows it has not seen), run here on the same database as the server would.
  const { createDatabase } = await import('../apps/server/dist/infra/db/database.js');
  const { indexMissing } = await import('../apps/server/dist/modules/search-index/search-index.public.js');
  const indexer = createDatabase({ databaseUrl, sqliteFile: path.join(server.dataDir, 'bulut.sqlite'), poolSize: 1 });
  const i0 = performance.now();
  const indexed = await indexMissing(indexer.db);
  const indexSeconds = (performance.now() - i0) / 1000;
  await indexer.destroy();
  await db.analyze();
  if (databaseUrl) await db.select('VACUUM ANALYZE search_entry');
  // Everything the index adds: the entry table with its indexes (and on SQLite the FTS5 shadow tables).
  const [{ n: indexBytes }] = await db.select(
    databaseUrl ? `SELECT pg_total_relation_size('search_entry') AS n` : `SELECT SUM(pgsize) AS n FROM dbstat WHERE name LIKE 'search_%'`,
    [],
  );
  await db.close();

  const headers = { 'x-auth-token': token };
  const timed = async (url) => {
    const s = performance.now();
    const res = await fetch(server.base + url, { headers });
    const body = await res.json();
    const ms = performance.now() - s;
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };
  const prefixes = ['ta', 'de', 'ist', 'fam', 'от', 'ზღ', 'عط', 'hoch', 'vac', 'sch'];
  const kinds = {
    unifiedCommon: () => `/api/search/unified?text=${encodeURIComponent(WORDS[0])}`,
    unifiedRare: () => `/api/search/unified?text=${encodeURIComponent(RARE)}`,
    unifiedPrefix2: () => `/api/search/unified?text=${encodeURIComponent('de')}`,
    unifiedMonth: () => `/api/search/unified?text=${encodeURIComponent('mart 2020')}`,
    suggest: (i) => `/api/search/unified/suggest?text=${encodeURIComponent(prefixes[i % prefixes.length])}`,
  };
  const acc = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  const hits = {};
  // The kinds take turns, so a busy machine slows them all alike.
  for (let i = 0; i < requests + 10; i++) {
    for (const [kind, url] of Object.entries(kinds)) {
      const { ms, body } = await timed(url(i));
      if (i < 10) continue;
      acc[kind].push(ms);
      hits[kind] = body.totalCount ?? body.items.length;
    }
  }
  console.log(
    JSON.stringify(
      {
        database: databaseUrl ? 'postgres' : 'sqlite',
        loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' '),
        items,
        requests,
        seedSeconds: Number(seedSeconds.toFixed(1)),
        indexed,
        indexSeconds: Number(indexSeconds.toFixed(1)),
        indexMiB: Number((Number(indexBytes) / 1024 / 1024).toFixed(1)),
        hits,
        ...Object.fromEntries(Object.entries(acc).map(([k, v]) => [`${k}Ms`, stats(v)])),
      },
      null,
      2,
    ),
  );
} finally {
  // BENCH_KEEP=<file>: keep a copy of the SQLite database for EXPLAIN.
  if (process.env.BENCH_KEEP && !databaseUrl) (await import('node:fs')).copyFileSync(path.join(server.dataDir, 'bulut.sqlite'), process.env.BENCH_KEEP);
  await server.stop();
}
