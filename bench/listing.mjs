// Listing latency in a folder of 100,000 files: p50/p99 of the first, middle and last page (size 50, by name),
// reached both by jumping straight to the page and by scrolling page after page.
// Usage: npm run build && node bench/listing.mjs [files=100000]   (DATABASE_URL=… for PostgreSQL)
import crypto from 'node:crypto';
import { percentile, seedFiles, signUp, startServer } from './lib.mjs';

const files = Number(process.argv[2] ?? 100_000);
const server = await startServer();
try {
  const { token, accountId } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const folderId = crypto.randomUUID();
  const r = await fetch(`${server.base}/api/filesystem/createFolder?parentFolderUuid=`, {
    method: 'POST',
    headers: { ...auth, 'folder-name': 'big', 'folder-uuid': folderId },
  });
  if (!r.ok) throw new Error(await r.text());

  // Rows go straight into the database: this measures listing, not 100,000 uploads.
  await seedFiles(server, accountId, folderId, files);

  const pages = Math.ceil(files / 50);
  const get = async (page) => {
    const s = performance.now();
    const res = await fetch(`${server.base}/api/filesystem?parentFolderUuid=${folderId}&sortBy=name&sortOrder=ASC&page=${page}&size=50`, { headers: auth });
    const body = await res.json();
    if (!res.ok || body.fileList.length === 0) throw new Error(`page ${page}: ${res.status}`);
    return performance.now() - s;
  };
  const measure = async (page, n = 50) => {
    const t = [];
    for (let i = 0; i < n; i++) t.push(await get(page));
    t.sort((a, b) => a - b);
    return { p50: percentile(t, 0.5).toFixed(2), p99: percentile(t, 0.99).toFixed(2) };
  };
  const jump = { first: await measure(0), middle: await measure(Math.floor(pages / 2)), last: await measure(pages - 1) };
  // scrolling: every page in order once, as infinite scroll does
  const scroll = [];
  for (let p = 0; p < pages; p++) scroll.push(await get(p));
  const sorted = [...scroll].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      files,
      jumpMs: jump,
      scrollAllPagesMs: { p50: percentile(sorted, 0.5).toFixed(2), p99: percentile(sorted, 0.99).toFixed(2), lastPage: scroll.at(-1).toFixed(2) },
    }),
  );
} finally {
  await server.stop();
}
