// Contacts backup (issue 31): a version of 10,000 contacts.
//   import   POST /api/contacts/backup_version/import   a 10,000-card .vcf, a 3 KB photo on 10 % (goal ≤ 3 s)
//   first    GET  /api/contacts/backup_version/{id}?currentPage=1&maxResult=100          (goal p99 ≤ 20 ms)
//   deep     GET  /api/contacts/backup_version/{id}?currentPage=<random 1..100>           (goal p99 ≤ 20 ms)
//   search   GET  /api/contacts/search?query=<a first name or 4 phone digits>&versionId   (goal p99 ≤ 30 ms)
// Names mix Turkish, Arabic, Georgian, Russian and Latin first names.
// Usage: npm run build -w apps/server && node bench/contacts.mjs [contacts=10000] [requests=200]
//        (DATABASE_URL=postgres://… for PostgreSQL: an empty database)
import crypto from 'node:crypto';
import os from 'node:os';
import { percentile, signUp, startServer } from './lib.mjs';

const count = Number(process.argv[2] ?? 10_000);
const requests = Number(process.argv[3] ?? 200);
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

const server = await startServer({}, { quiet: true });
try {
  const { token } = await signUp(server);
  const headers = { 'x-auth-token': token };
  const t0 = performance.now();
  const res = await fetch(`${server.base}/api/contacts/backup_version/import`, { method: 'POST', headers: { ...headers, 'content-type': 'text/vcard' }, body: vcf });
  const importMs = performance.now() - t0;
  if (!res.ok) throw new Error(await res.text());
  const { version } = (await res.json()).data;
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
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${version.count} contacts, load ${os.loadavg()[0].toFixed(1)}`);
  console.log(`import ${(importMs / 1000).toFixed(2)} s; first page ${first}; deep page ${deep}; search ${search}`);
} finally {
  await server.stop();
}
