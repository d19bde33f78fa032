// Contacts backup (issue 31): a version of 10,000 contacts.
//   import   POST /api/contacts/backup_version/import   a 10,000-card .vcf, a 3 KB photo on 10 % (goal ≤ 3 s)
//   first    GET  /api/contacts/backup_version/{id}?currentPage=1&maxResult=100          (goal p99 ≤ 20 ms)
//   deep     GET  /api/contacts/backup_version/{id}?currentPage=<random 1..100>           (goal p99 ≤ 20 ms)
//   search   GET  /api/contacts/search?query=<a first name or 4 phone digits>&versionId   (goal p99 ≤ 30 ms)
//   tsdav    a real CardDAV client (tsdav): discovery and the initial sync of the whole book (sync-collection, then
//            multiget of every card as tsdav does), then 10 phone changes and the incremental sync that fetches them
// Names mix Turkish, Arabic, Georgian, Russian and Latin first names.
// Usage: npm run build -w apps/server && node bench/contacts.mjs [contacts=10000] [requests=200] [--pg]
//        --pg: on PostgreSQL, in a database of its own made and dropped at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432)
//        BENCH_PORT: the server's port (default a random one in 18000–18999)
//        --no-sync: pages and search only (no tsdav part); --no-analyze: on PostgreSQL, no ANALYZE after the import
//        (the plans of the minute before autovacuum's; by default the bench runs it, as autovacuum soon would)
//        BENCH_KEEP_DB=1: --pg leaves its database in place and prints its URL (to read the queries' plans afterwards)
import crypto from 'node:crypto';
import os from 'node:os';
import { DAVClient } from 'tsdav';
import { percentile, signUp, startServer } from './lib.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const onPg = process.argv.includes('--pg');
const noSync = process.argv.includes('--no-sync');
const count = Number(args[0] ?? 10_000);
const requests = Number(args[1] ?? 200);
const FIRST = ['Ayşe', 'İsmail', 'Işık', 'Çağla', 'Mehmet', 'Zeynep', 'محمد', 'فاطمة', 'ნინო', 'გიორგი', 'Алексей', 'Ольга', 'Anna', 'Jean', 'María', 'Ion'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Öztürk', 'العلي', 'بيريدزე', 'ბერიძე', 'Иванов', 'Müller', 'Dupont', 'García', 'Popescu'];
const photo = crypto.randomBytes(3 * 1024).toString('base64');

let seed = 7;
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};
const cards = [];
for (let i = 0; i < count; i++) {
  const first = FIRST[rand(FIRST.length)];
  const last = LAST[rand(LAST.length)];
  const phone = `+90 5${String(rand(100)).padStart(2, '0')} ${String(i).padStart(7, '0')}`;
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${first} ${last}`, `N:${last};${first};;;`, `TEL;TYPE=CELL:${phone}`, `EMAIL:c${i}@example.com`];
  if (i % 10 === 0) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${photo}`);
  lines.push('END:VCARD');
  cards.push(lines.join('\r\n'));
}
const vcf = `${cards.join('\r\n')}\r\n`;

// PostgreSQL: a database of this run's own, so the figures start from an empty one and nothing is left behind.
const pgBase = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const dbName = `bench_contacts_${process.pid}`;
async function pgAdmin(statement, url = `${pgBase}/postgres`) {
  const { default: pg } = await import('pg');
  const c = new pg.Client(url);
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}
if (onPg) await pgAdmin(`CREATE DATABASE ${dbName}`);

const env = { ...(onPg ? { DATABASE_URL: `${pgBase}/${dbName}` } : {}), ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}) };
const server = await startServer(env, { quiet: true });
try {
  const { token, user } = await signUp(server);
  const headers = { 'x-auth-token': token };
  const t0 = performance.now();
  const res = await fetch(`${server.base}/api/contacts/backup_version/import`, { method: 'POST', headers: { ...headers, 'content-type': 'text/vcard' }, body: vcf });
  const importMs = performance.now() - t0;
  if (!res.ok) throw new Error(await res.text());
  const { version } = (await res.json()).data;
  // What autovacuum does within a minute of a bulk load (its analyze threshold is 50 rows + 10 %): statistics. Without
  // them PostgreSQL guesses a handful of rows and reads the account's every entry, then sorts (bench/README.md).
  if (onPg && !process.argv.includes('--no-analyze')) await pgAdmin(`ANALYZE contact_entry`, `${pgBase}/${dbName}`);
  const time = async (url) => {
    const samples = [];
    for (let i = 0; i < requests; i++) {
      const s = performance.now();
      const r = await fetch(server.base + url(i), { headers });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`${r.status} ${url(i)}`);
      samples.push(performance.now() - s);
    }
    samples.sort((a, b) => a - b);
    return `p50 ${percentile(samples, 0.5).toFixed(2)} / p99 ${percentile(samples, 0.99).toFixed(2)} ms`;
  };
  const pages = Math.ceil(version.count / 100);
  const first = await time(() => `/api/contacts/backup_version/${version.id}?sortField=firstname&sortOrder=ASC&currentPage=1&maxResult=100`);
  const deep = await time(() => `/api/contacts/backup_version/${version.id}?sortField=firstname&sortOrder=ASC&currentPage=${1 + rand(pages)}&maxResult=100`);
  const search = await time((i) => `/api/contacts/search?query=${encodeURIComponent(i % 2 ? FIRST[rand(FIRST.length)] : String(rand(10_000)).padStart(4, '0'))}&versionId=${version.id}&sortField=firstname&sortOrder=ASC&currentPage=1&maxResult=100`);

  if (noSync) {
    console.log(`${onPg ? 'PostgreSQL' : 'SQLite'}, ${version.count} contacts, load ${os.loadavg()[0].toFixed(1)}`);
    console.log(`import ${(importMs / 1000).toFixed(2)} s; first page ${first}; deep page ${deep}; search ${search}`);
  } else {
    // A phone's view: a contacts app password, then tsdav as a CardDAV client.
    const created = await fetch(`${server.base}/api/app-passwords`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench phone', scope: 'contacts' }) });
    if (created.status !== 201) throw new Error(`app password: ${await created.text()}`);
    const { password } = await created.json();
    const client = new DAVClient({ serverUrl: server.base, credentials: { username: user.email, password }, authMethod: 'Basic', defaultAccountType: 'carddav' });
    const s0 = performance.now();
    await client.login();
    const [book] = await client.fetchAddressBooks();
    // A new phone has no token: an empty one asks for every card.
    const collection = { ...book, syncToken: '', objects: [], objectMultiGet: (params) => client.addressBookMultiGet(params) };
    const initial = await client.smartCollectionSync({ collection, method: 'webdav', detailedResult: true });
    const initialMs = performance.now() - s0;
    if (initial.objects.created.length !== version.count) throw new Error(`initial sync: ${initial.objects.created.length} of ${version.count} cards`);
    const mine = initial.objects.created.slice(0, 10);
    for (const [i, o] of mine.entries()) {
      const data = o.data.replace(/\r\nFN:[^\r\n]*/, `\r\nFN:Changed ${i}`);
      const r = await client.updateVCard({ vCard: { url: o.url, etag: o.etag, data } });
      if (r.status !== 204) throw new Error(`update: ${r.status}`);
    }
    const s1 = performance.now();
    const incremental = await client.smartCollectionSync({ collection: { ...collection, syncToken: initial.syncToken, objects: initial.objects.created }, method: 'webdav', detailedResult: true });
    const incrementalMs = performance.now() - s1;
    if (incremental.objects.updated.length !== 10) throw new Error(`incremental sync: ${incremental.objects.updated.length} updated`);

    console.log(`${onPg ? 'PostgreSQL' : 'SQLite'}, ${version.count} contacts, load ${os.loadavg()[0].toFixed(1)}`);
    console.log(`import ${(importMs / 1000).toFixed(2)} s; first page ${first}; deep page ${deep}; search ${search}`);
    console.log(`tsdav: initial sync (discovery + ${version.count} cards) ${(initialMs / 1000).toFixed(2)} s; incremental sync after 10 changes ${incrementalMs.toFixed(1)} ms`);
  }
} finally {
  await server.stop();
  if (onPg && process.env.BENCH_KEEP_DB === '1') console.log(`kept: ${pgBase}/${dbName}`);
  else if (onPg) await pgAdmin(`DROP DATABASE IF EXISTS ${dbName}`);
}
