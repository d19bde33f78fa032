// Upload and download throughput as ratios to a bare node:http server measured in the same run, on the same disk:
//   whole PUT / bare, 8 MiB resumable pieces / bare   (bare: the same bytes into a file with SHA-256 and fsync)
//   download / bare                                    (bare: node:http streaming the same blob file)
// Each round runs every path once, interleaved, so load from elsewhere on the machine hits all of them alike; a ratio
// is the median over the rounds of that round's ratio.
// Usage: npm run build -w apps/server && node bench/files-transfer.mjs [MiB=512] [rounds=3]
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { median, peakRssMiB, signUp, startServer, transfers, wholeFileHeaders } from './lib.mjs';

const mib = Number(process.argv[2] ?? 512);
const rounds = Number(process.argv[3] ?? 3);
const total = mib * 1024 * 1024;
const PIECE = 8 * 1024 * 1024;
const { source, timed, drain } = transfers(total);

// Ports in the range this machine's engineers were given (18500–18599).
const port = 18500 + Math.floor(Math.random() * 49) * 2;
const server = await startServer({ PORT: String(port), FREE_QUOTA_BYTES: String(1024 ** 4) });
const bareDir = fs.mkdtempSync(path.join(server.dataDir, 'bare-'));
const bare = fork(new URL('./bare-transfer-server.mjs', import.meta.url).pathname, [String(port + 1), bareDir]);
await new Promise((resolve, reject) => bare.once('message', resolve).once('exit', reject));
const bareBase = `http://127.0.0.1:${port + 1}`;
try {
  const { token, accountId } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const baseUrl = (await (await fetch(`${server.base}/api/container/baseUrl`, { method: 'POST', headers: auth })).json()).value;
  const { projectId } = await (await fetch(`${server.base}/api/account/info`, { headers: auth })).json();
  const headers = (name) => wholeFileHeaders(auth, name);
  const put = async (url, h, bytes, ok) => {
    const r = await fetch(url, { method: 'PUT', headers: { ...h, 'content-length': String(bytes) }, body: source(bytes), duplex: 'half' });
    if (!ok.includes(r.status)) throw new Error(`PUT ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
  };

  const runs = { bareUpload: [], whole: [], pieces: [], bareDownload: [], download: [] };
  for (let round = 1; round <= rounds; round++) {
    runs.bareUpload.push(await timed(() => put(`${bareBase}/upload`, {}, total, [201])));

    const wholeId = crypto.randomUUID();
    runs.whole.push(await timed(() => put(`${baseUrl}/${wholeId}`, headers(`whole-${round}.bin`), total, [201])));

    const piecesId = crypto.randomUUID();
    runs.pieces.push(
      await timed(async () => {
        for (let a = 0; a < total; a += PIECE) {
          const b = Math.min(total, a + PIECE) - 1;
          await put(`${baseUrl}/${piecesId}`, { ...headers(`pieces-${round}.bin`), 'content-range': `bytes ${a}-${b}/${total}` }, b - a + 1, [201, 202]);
        }
      }),
    );

    // Both downloads read the same blob file, so the page cache treats them alike.
    const blobFile = path.join(server.dataDir, 'blobs', 'users', accountId, 'files', wholeId);
    runs.bareDownload.push(await timed(async () => drain(await fetch(`${bareBase}/?path=${encodeURIComponent(blobFile)}`), 'bare download')));
    const [{ url }] = await (
      await fetch(`${server.base}/api/v2/files/_bulk/create-download-url`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify([{ projectId, uuid: wholeId }]),
      })
    ).json();
    runs.download.push(await timed(async () => drain(await fetch(new URL(url, server.base)), 'download')));
  }

  // Each round's own ratio pairs figures taken seconds apart, so load that changes between rounds cancels out.
  const ratio = (a, b) => median(runs[a].map((x, i) => x / runs[b][i])).toFixed(2);
  console.log(
    JSON.stringify({
      MiB: mib,
      rounds,
      MBps: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.map((x) => Math.round(x))])),
      ratios: {
        wholePutOverBare: ratio('whole', 'bareUpload'),
        piecesOverBare: ratio('pieces', 'bareUpload'),
        downloadOverBare: ratio('download', 'bareDownload'),
      },
      serverPeakRssMiB: peakRssMiB(server.pid),
    }),
  );
} finally {
  bare.kill('SIGTERM');
  await new Promise((r) => (bare.exitCode !== null ? r() : bare.once('exit', r)));
  await server.stop();
}
