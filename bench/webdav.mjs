// The WebDAV mount (issue 32) against the product's own paths and a bare node:http server, in one run, same bytes:
//   PUT:      DAV PUT / whole-file PUT (goal ≥ 0.9), DAV PUT / bare (goal ≥ 0.8); chunked DAV PUT (no Content-Length) too
//   GET:      DAV GET / bare GET of the same blob file
//   PROPFIND: Depth 1 of a folder of `files` entries: time to the last byte (goal ≤ 1 s), server RSS before and after
//   rclone:   `rclone sync` of `small` small files to the mount (files per second), vendor owncloud (docs/decisions.md)
// Rounds interleave the PUT and GET paths so load from elsewhere hits all alike; a ratio is the median of the rounds'.
// Usage: npm run build -w apps/server && node bench/webdav.mjs [MiB=1024] [rounds=3] [files=10000] [small=1000]
//        (DATABASE_URL=… for PostgreSQL; BENCH_PORT=… to choose the server's port, the bare server takes the next one)
// PROPFIND memory only: node bench/webdav.mjs --propfind [entries=1000,10000,50000] [repeats=5]
//        a fresh server (SQLite) per folder size; the server's peak RSS (VmHWM, reset before the PROPFINDs through
//        /proc/<pid>/clear_refs) over its RSS before them, and each PROPFIND's time to the last byte. DAV_PAGE_SIZE=…
//        passes through to the server.
import { fork, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, peakRssMiB, seedFiles, signUp, startServer, transfers, wholeFileHeaders } from './lib.mjs';

if (process.argv[2] === '--propfind') {
  await propfindOnly((process.argv[3] ?? '1000,10000,50000').split(',').map(Number), Number(process.argv[4] ?? 5));
  process.exit(0);
}

const mib = Number(process.argv[2] ?? 1024);
const rounds = Number(process.argv[3] ?? 3);
const folderFiles = Number(process.argv[4] ?? 10_000);
const smallFiles = Number(process.argv[5] ?? 1000);
const total = mib * 1024 * 1024;
const { source, timed, drain } = transfers(total);
function rssMiB(pid) {
  return Math.round(Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

/** The server's resident memory split: anonymous (heap, buffers) and file-backed (SQLite's mmap of the database file). */
function rssSplitMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
  return { anon: Math.round(kb('RssAnon') / 1024), file: Math.round(kb('RssFile') / 1024) };
}

/** Per folder size, a fresh server: RSS before, peak RSS during `repeats` PROPFIND Depth 1 (allprop), time to the last byte. */
async function propfindOnly(sizes, repeats) {
  if (process.env.DATABASE_URL) throw new Error('--propfind runs on SQLite (a fresh server and database per size)');
  const out = [];
  for (const entries of sizes) {
    const port = Number(process.env.BENCH_PORT ?? 4200 + Math.floor(Math.random() * 49) * 2);
    const server = await startServer({ PORT: String(port) }, { quiet: true });
    try {
      const { user, token, accountId } = await signUp(server);
      const auth = { 'x-auth-token': token };
      const created = await fetch(`${server.base}/api/app-passwords`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench', scope: 'files' }) });
      if (!created.ok) throw new Error(`app password: ${created.status} ${await created.text()}`);
      const basic = { authorization: `Basic ${Buffer.from(`${user.email}:${(await created.json()).password}`).toString('base64')}` };
      const folderId = crypto.randomUUID();
      const folder = await fetch(`${server.base}/api/filesystem/createFolder?parentFolderUuid=`, { method: 'POST', headers: { ...auth, 'folder-name': 'big', 'folder-uuid': folderId } });
      if (!folder.ok) throw new Error(await folder.text());
      await seedFiles(server, accountId, folderId, entries);
      const url = `${server.base}/dav/files/big/`;
      // One small PROPFIND first: the code paths are loaded and compiled before anything is measured.
      await (await fetch(`${server.base}/dav/files/`, { method: 'PROPFIND', headers: { ...basic, depth: '1' } })).text();
      // 5 resets the peak (VmHWM) to the current RSS (proc(5)): the peak then is this part's alone.
      fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      const before = rssMiB(server.pid);
      const splitBefore = rssSplitMiB(server.pid);
      const times = [];
      for (let i = 0; i < repeats; i++) {
        const t = performance.now();
        const res = await fetch(url, { method: 'PROPFIND', headers: { ...basic, depth: '1' } });
        const text = await res.text();
        times.push(performance.now() - t);
        const n = (text.match(/<D:response>/g) ?? []).length;
        if (res.status !== 207 || n !== entries + 1 || !text.trimEnd().endsWith('</D:multistatus>')) throw new Error(`PROPFIND: ${res.status}, ${n} entries, expected ${entries + 1}`);
      }
      out.push({
        entries,
        lastByteMs: { median: Math.round(median(times)), max: Math.round(Math.max(...times)) },
        serverRssMiB: { before, peak: peakRssMiB(server.pid), after: rssMiB(server.pid) },
        peakGrowthMiB: peakRssMiB(server.pid) - before,
        // After − before per kind: file-backed pages are the database file read through mmap (reclaimable), not heap.
        splitMiB: { before: splitBefore, after: rssSplitMiB(server.pid) },
      });
    } finally {
      await server.stop();
    }
  }
  console.log(JSON.stringify({ propfind: out, repeats, pageSize: Number(process.env.DAV_PAGE_SIZE ?? 200), load: os.loadavg().map((x) => Number(x.toFixed(2))) }));
}

// The helper's port range on this machine is 4200–4299; BENCH_PORT overrides it.
const port = Number(process.env.BENCH_PORT ?? 4200 + Math.floor(Math.random() * 49) * 2);
const server = await startServer({ PORT: String(port), FREE_QUOTA_BYTES: String(1024 ** 4) }, { quiet: true });
const bareDir = fs.mkdtempSync(path.join(server.dataDir, 'bare-'));
const bare = fork(new URL('./bare-transfer-server.mjs', import.meta.url).pathname, [String(port + 1), bareDir]);
await new Promise((resolve, reject) => bare.once('message', resolve).once('exit', reject));
const bareBase = `http://127.0.0.1:${port + 1}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-dav-'));
try {
  const { user, token, accountId } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const created = await fetch(`${server.base}/api/app-passwords`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', scope: 'files' }),
  });
  if (!created.ok) throw new Error(`app password: ${created.status} ${await created.text()}`);
  const { password } = await created.json();
  const dav = `${server.base}/dav/files`;
  const basic = { authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString('base64')}` };
  const baseUrl = (await (await fetch(`${server.base}/api/container/baseUrl`, { method: 'POST', headers: auth })).json()).value;
  const put = async (url, h, ok, { chunked = false } = {}) => {
    const r = await fetch(url, { method: 'PUT', headers: { ...h, ...(chunked ? {} : { 'content-length': String(total) }) }, body: source(total), duplex: 'half' });
    if (!ok.includes(r.status)) throw new Error(`PUT ${url}: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    return r.headers.get('etag');
  };

  const runs = { bareUpload: [], whole: [], davPut: [], davPutChunked: [], bareDownload: [], davGet: [] };
  for (let round = 1; round <= rounds; round++) {
    runs.bareUpload.push(await timed(() => put(`${bareBase}/upload`, {}, [201])));
    runs.whole.push(await timed(() => put(`${baseUrl}/${crypto.randomUUID()}`, wholeFileHeaders(auth, `whole-${round}.bin`), [201])));
    let etag = null;
    runs.davPut.push(await timed(async () => (etag = await put(`${dav}/dav-${round}.bin`, { ...basic, 'content-type': 'application/octet-stream' }, [201]))));
    runs.davPutChunked.push(await timed(() => put(`${dav}/chunked-${round}.bin`, { ...basic, 'content-type': 'application/octet-stream' }, [201], { chunked: true })));

    // Both downloads read the same blob file, so the page cache treats them alike.
    // The mount's ETag starts with the file id, which names its blob.
    const davId = /^"([0-9a-f-]{36})-/.exec(etag ?? '')?.[1];
    if (!davId) throw new Error(`DAV PUT: unexpected ETag ${etag}`);
    const blobFile = path.join(server.dataDir, 'blobs', 'users', accountId, 'files', davId);
    runs.bareDownload.push(await timed(async () => drain(await fetch(`${bareBase}/?path=${encodeURIComponent(blobFile)}`), 'bare download')));
    runs.davGet.push(await timed(async () => drain(await fetch(`${dav}/dav-${round}.bin`, { headers: basic }), 'DAV GET')));
    // The next round starts with the same free disk: DELETE moves to the trash, emptying it frees the blobs.
    for (const name of [`dav-${round}.bin`, `chunked-${round}.bin`]) await fetch(`${dav}/${name}`, { method: 'DELETE', headers: basic });
    await fetch(`${server.base}/api/filesystem/trash/all`, { method: 'DELETE', headers: auth });
  }
  const ratio = (a, b) => median(runs[a].map((x, i) => x / runs[b][i])).toFixed(2);

  // PROPFIND Depth 1 of a big folder: rows seeded straight into the database (this measures the listing, not uploads).
  const folderId = crypto.randomUUID();
  const folder = await fetch(`${server.base}/api/filesystem/createFolder?parentFolderUuid=`, { method: 'POST', headers: { ...auth, 'folder-name': 'big', 'folder-uuid': folderId } });
  if (!folder.ok) throw new Error(await folder.text());
  await seedFiles(server, accountId, folderId, folderFiles);
  const rssBefore = rssMiB(server.pid);
  const propfind = [];
  let entries = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const res = await fetch(`${dav}/big/`, { method: 'PROPFIND', headers: { ...basic, depth: '1' } });
    const text = await res.text();
    propfind.push(performance.now() - t);
    entries = (text.match(/<D:response>/g) ?? []).length;
  }
  if (entries !== folderFiles + 1) throw new Error(`PROPFIND: ${entries} entries, expected ${folderFiles + 1}`);
  const rssAfter = rssMiB(server.pid);

  // rclone sync of small files, as a subscriber's first backup of a folder of documents.
  let rclone = null;
  if (smallFiles > 0) {
    const src = path.join(work, 'small');
    for (let i = 0; i < smallFiles; i++) {
      const dir = path.join(src, `klasör ${i % 20}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `belge ${i}.txt`), crypto.randomBytes(512 + (i % 64) * 64));
    }
    const obscured = spawnSync('rclone', ['obscure', '--', password], { encoding: 'utf8' }).stdout.trim();
    const env = {
      ...process.env,
      RCLONE_CONFIG_BULUT_TYPE: 'webdav',
      RCLONE_CONFIG_BULUT_URL: dav,
      RCLONE_CONFIG_BULUT_VENDOR: 'owncloud',
      RCLONE_CONFIG_BULUT_USER: user.email,
      RCLONE_CONFIG_BULUT_PASS: obscured,
    };
    const t = performance.now();
    const run = spawnSync('rclone', ['--config', '/dev/null', 'sync', src, 'bulut:small', '--transfers', '8', '--checkers', '8'], { env, encoding: 'utf8' });
    const seconds = (performance.now() - t) / 1000;
    if (run.status !== 0) throw new Error(`rclone: ${run.status} ${run.stderr}`);
    rclone = { files: smallFiles, seconds: Number(seconds.toFixed(2)), filesPerSecond: Math.round(smallFiles / seconds) };
  }

  console.log(
    JSON.stringify({
      MiB: mib,
      rounds,
      load: os.loadavg().map((x) => Number(x.toFixed(2))),
      MBps: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.map((x) => Math.round(x))])),
      ratios: {
        davPutOverWholePut: ratio('davPut', 'whole'),
        davPutOverBare: ratio('davPut', 'bareUpload'),
        davChunkedPutOverWholePut: ratio('davPutChunked', 'whole'),
        davGetOverBare: ratio('davGet', 'bareDownload'),
      },
      propfind: {
        entries: folderFiles,
        lastByteMs: { median: Math.round(median(propfind)), max: Math.round(Math.max(...propfind)) },
        serverRssMiB: { before: rssBefore, after: rssAfter },
      },
      rclone,
      serverPeakRssMiB: peakRssMiB(server.pid),
    }),
  );
} finally {
  bare.kill('SIGTERM');
  await new Promise((r) => (bare.exitCode !== null ? r() : bare.once('exit', r)));
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
