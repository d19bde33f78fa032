// Public links: a link to a folder of 10,000 files. A visitor's first page (p50/p99), and 50 concurrent visitors
// downloading one file (each asks the link for a signed URL, then fetches it) against the owner fetching the same file
// through their own signed URL at the same concurrency, in the same run.
// Usage: npm run build -w apps/server && node bench/share-link.mjs [files=10000] [downloads=500] [MiB=4]
//        (DATABASE_URL=… for PostgreSQL)
import crypto from 'node:crypto';
import os from 'node:os';
import { percentile, seedFiles, signUp, startServer } from './lib.mjs';

const files = Number(process.argv[2] ?? 10_000);
const downloads = Number(process.argv[3] ?? 500);
const mib = Number(process.argv[4] ?? 4);
const CONCURRENCY = 50;
// This engineer's port range (18300–18399).
const server = await startServer(
  { PORT: String(18300 + Math.floor(Math.random() * 90)), SHARE_LINK_RATE_LIMIT_PER_MINUTE: '1000000', FREE_QUOTA_BYTES: String(1024 ** 4) },
  { quiet: true },
);
const ms = (t) => t.toFixed(2);
try {
  const { token, accountId } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const folderId = crypto.randomUUID();
  const made = await fetch(`${server.base}/api/filesystem/createFolder?parentFolderUuid=`, {
    method: 'POST',
    headers: { ...auth, 'folder-name': 'shared', 'folder-uuid': folderId },
  });
  if (!made.ok) throw new Error(await made.text());

  // The one real file everybody downloads, uploaded through the API into the shared folder.
  const body = crypto.randomBytes(mib * 1024 * 1024);
  const baseUrl = (await (await fetch(`${server.base}/api/container/baseUrl`, { method: 'POST', headers: auth })).json()).value;
  const fileId = crypto.randomUUID();
  const up = await fetch(`${baseUrl}/${fileId}`, {
    method: 'PUT',
    headers: {
      ...auth,
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      'x-object-meta-parent-uuid': folderId,
      'x-object-meta-favourite': 'false',
      'x-meta-strategy': '0',
      'x-object-meta-file-name': 'AAA-download-me.bin',
      'x-object-meta-device-type': 'WEB',
    },
    body,
  });
  if (up.status !== 201) throw new Error(`upload ${up.status} ${await up.text()}`);

  // The other rows go straight into the database: this measures the link, not 10,000 uploads.
  await seedFiles(server, accountId, folderId, files - 1);

  const share = await (
    await fetch(`${server.base}/api/v2/share/public`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ fileUuidList: [folderId], isAlbum: false }),
    })
  ).json();
  const visitor = { 'x-share-token': new URLSearchParams(share.url.split('?')[1]).get('token') };

  // A visitor's first page: opening the link (its facts and root) and the shared folder's first 50 by name.
  const timed = async (fn, n) => {
    const t = [];
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      await fn();
      t.push(performance.now() - s);
    }
    t.sort((a, b) => a - b);
    return { p50: ms(percentile(t, 0.5)), p99: ms(percentile(t, 0.99)) };
  };
  const getJson = async (url) => {
    const res = await fetch(server.base + url, { headers: visitor });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const open = await timed(async () => {
    await getJson('/api/share/visitor');
    await getJson('/api/share/visitor/files?size=50');
  }, 100);
  const firstPage = await timed(async () => {
    const page = await getJson(`/api/share/visitor/files?parentFolderUuid=${folderId}&size=50&sortBy=name&sortOrder=ASC`);
    if (page.fileList.length !== 50 || page.totalCount !== files) throw new Error('short page');
  }, 200);

  // 50 concurrent clients, `downloads` downloads in all; bytes read to the end.
  const crowd = async (one) => {
    let next = 0;
    let bytes = 0;
    const s = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < downloads) {
          const n = await one();
          bytes += n;
        }
      }),
    );
    const secs = (performance.now() - s) / 1000;
    return { reqPerSec: (downloads / secs).toFixed(1), mbPerSec: (bytes / 1e6 / secs).toFixed(1) };
  };
  let retried = 0;
  const fetchAll = async (url, headers = {}) => {
    // A keep-alive socket the server closes as the next request goes out fails that request; it is sent again.
    const res = await fetch(server.base + url, { headers }).catch((err) => {
      if (err.cause?.code !== 'UND_ERR_SOCKET') throw err;
      retried += 1;
      return fetch(server.base + url, { headers });
    });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return (await res.arrayBuffer()).byteLength;
  };
  const visitorDownload = async () => {
    const res = await fetch(`${server.base}/api/share/visitor/download`, {
      method: 'POST',
      headers: { ...visitor, 'content-type': 'application/json' },
      body: JSON.stringify({ uuids: [fileId] }),
    });
    if (!res.ok) throw new Error(`download ${res.status} ${await res.text()}`);
    return fetchAll((await res.json()).url);
  };
  const { projectId } = await (await fetch(`${server.base}/api/account/info`, { headers: auth })).json();
  const [signed] = await (
    await fetch(`${server.base}/api/v2/files/_bulk/create-download-url`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify([{ projectId, uuid: fileId }]),
    })
  ).json();
  const ownerSignedUrl = () => fetchAll(signed.url);
  // Alternate, so load from the machine's other users hits both alike.
  const owner1 = await crowd(ownerSignedUrl);
  const visitors1 = await crowd(visitorDownload);
  const owner2 = await crowd(ownerSignedUrl);
  const visitors2 = await crowd(visitorDownload);
  console.log(
    JSON.stringify({
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      files,
      load: os.loadavg().map((l) => l.toFixed(1)).join(' '),
      openLinkMs: open,
      firstFolderPageMs: firstPage,
      fileMiB: mib,
      downloads,
      concurrency: CONCURRENCY,
      visitors: [visitors1, visitors2],
      ownerSignedUrl: [owner1, owner2],
      retried,
    }),
  );
} finally {
  await server.stop();
}
