// Upload and download throughput: N MiB through the upload URL (one streamed PUT, and in 8 MiB resumable pieces)
// and back through a signed download URL, beside a plain write/read of the same bytes on the same disk (the ceiling).
// Usage: npm run build && node bench/files-transfer.mjs [MiB=1024]
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { peakRssMiB, signUp, startServer } from './lib.mjs';

const mib = Number(process.argv[2] ?? 1024);
const total = mib * 1024 * 1024;
const block = crypto.randomBytes(1024 * 1024);
const source = (bytes) =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < bytes; sent += block.length) yield block.subarray(0, Math.min(block.length, bytes - sent));
    })(),
  );
const rate = (ms) => ((total / 1024 / 1024) / (ms / 1000)).toFixed(0);

const server = await startServer({ FREE_QUOTA_BYTES: String(100 * 1024 ** 3) });
try {
  // ceiling: the same bytes written and read back with plain fs on the server's disk
  const plain = path.join(server.dataDir, 'plain.bin');
  let t = performance.now();
  await pipeline(source(total), fs.createWriteStream(plain));
  fs.fsyncSync(fs.openSync(plain, 'r+'));
  const plainWriteMs = performance.now() - t;
  t = performance.now();
  for await (const _ of fs.createReadStream(plain, { highWaterMark: 1024 * 1024 })) void _;
  const plainReadMs = performance.now() - t;
  fs.rmSync(plain);

  const { token } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const baseUrl = (await (await fetch(`${server.base}/api/container/baseUrl`, { method: 'POST', headers: auth })).json()).value;
  const headers = (name) => ({
    ...auth,
    'content-type': 'application/octet-stream',
    'x-object-meta-parent-uuid': '',
    'x-object-meta-favourite': 'false',
    'x-meta-strategy': '0',
    'x-object-meta-file-name': encodeURIComponent(name),
    'x-object-meta-device-type': 'WEB',
  });

  const id1 = crypto.randomUUID();
  t = performance.now();
  let r = await fetch(`${baseUrl}/${id1}`, {
    method: 'PUT',
    headers: { ...headers('whole.bin'), 'content-length': String(total) },
    body: source(total),
    duplex: 'half',
  });
  if (r.status !== 201) throw new Error(`upload ${r.status} ${await r.text()}`);
  const uploadMs = performance.now() - t;

  const id2 = crypto.randomUUID();
  const piece = 8 * 1024 * 1024;
  t = performance.now();
  for (let a = 0; a < total; a += piece) {
    const b = Math.min(total, a + piece) - 1;
    r = await fetch(`${baseUrl}/${id2}`, {
      method: 'PUT',
      headers: { ...headers('pieces.bin'), 'content-length': String(b - a + 1), 'content-range': `bytes ${a}-${b}/${total}` },
      body: source(b - a + 1),
      duplex: 'half',
    });
    if (r.status !== 201 && r.status !== 202) throw new Error(`piece ${r.status} ${await r.text()}`);
  }
  const piecesMs = performance.now() - t;

  const [{ url }] = await (
    await fetch(`${server.base}/api/v2/files/_bulk/create-download-url`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify([{ projectId: (await (await fetch(`${server.base}/api/account/info`, { headers: auth })).json()).projectId, uuid: id1 }]),
    })
  ).json();
  t = performance.now();
  r = await fetch(new URL(url, server.base));
  let got = 0;
  for await (const chunk of r.body) got += chunk.length;
  const downloadMs = performance.now() - t;
  if (got !== total) throw new Error(`downloaded ${got} of ${total}`);

  console.log(
    JSON.stringify({
      MiB: mib,
      uploadMBps: rate(uploadMs),
      uploadPiecesMBps: rate(piecesMs),
      downloadMBps: rate(downloadMs),
      plainWriteMBps: rate(plainWriteMs),
      plainReadMBps: rate(plainReadMs),
      serverPeakRssMiB: peakRssMiB(server.pid),
    }),
  );
} finally {
  await server.stop();
}
