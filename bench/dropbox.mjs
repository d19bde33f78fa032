// Import from Dropbox (issue 34) against the local Dropbox protocol server, next to the same bytes through the
// product's own whole-file upload in the same run: import throughput / upload throughput (goal ≥ 0.7).
//   upload:  `files` whole-file PUTs of the same sizes and bytes, 3 at a time (the import streams 3 files at a time)
//   import:  connect (a token), POST /migration/dropbox/start, poll the status until DONE; from start to DONE,
//            including the job's walk of the listing for its totals
// Usage: npm run build -w apps/server && node bench/dropbox.mjs [files=10000] [MiB=5120]
//        (DATABASE_URL=… for PostgreSQL; BENCH_PORT=… for the server's port, the Dropbox server takes the next one)
import crypto from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import { peakRssMiB, signUp, sleep, startServer, wholeFileHeaders } from './lib.mjs';
import { DropboxFakeServer, generated } from '../apps/server/dist/modules/migration/dropbox-fake-server.js';

const files = Number(process.argv[2] ?? 10_000);
const mib = Number(process.argv[3] ?? 5120);
const total = mib * 1024 * 1024;
const PARALLEL = 3;
// This helper's port range on this machine is 19700–19799; BENCH_PORT overrides it.
const port = Number(process.env.BENCH_PORT ?? 19780 + Math.floor(Math.random() * 9) * 2);

// Sizes around the mean (±50 %), the same list for both paths; they add up to `total`.
const sizes = Array.from({ length: files }, (_, i) => Math.floor((total / files) * (0.5 + ((i * 7919) % 1000) / 1000)));
const drift = total - sizes.reduce((a, b) => a + b, 0);
sizes[0] += drift;

const fake = new DropboxFakeServer();
fake.pageSize = 2000;
await fake.start(port + 1);
for (let i = 0; i < files; i++) fake.putFile(`/Bench/d${i % 100}/f${i}.bin`, { size: sizes[i], seed: i });

const server = await startServer({ PORT: String(port), FREE_QUOTA_BYTES: String(1024 ** 4), ...fake.env() }, { quiet: true });
const load = [];
try {
  const { token } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const baseUrl = (await (await fetch(`${server.base}/api/container/baseUrl`, { method: 'POST', headers: auth })).json()).value;

  load.push(os.loadavg()[0]);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let i = next++; i < files; i = next++) {
        const r = await fetch(`${baseUrl}/${crypto.randomUUID()}`, {
          method: 'PUT',
          headers: { ...wholeFileHeaders(auth, `f${i}.bin`), 'content-length': String(sizes[i]) },
          body: Readable.from(generated(i, sizes[i])),
          duplex: 'half',
        });
        if (r.status !== 201) throw new Error(`upload ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      }
    }),
  );
  const uploadS = (performance.now() - t0) / 1000;

  load.push(os.loadavg()[0]);
  const api = async (method, url, body) => {
    const r = await fetch(`${server.base}/api${url}`, { method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  await api('POST', '/migration/dropbox/connect/v2', { accessToken: fake.issueAccessToken() });
  const t1 = performance.now();
  await api('POST', '/migration/dropbox/start');
  let status;
  for (;;) {
    await sleep(200);
    status = (await api('GET', '/migration/dropbox/status')).import;
    if (status.status !== 'RUNNING') break;
  }
  const importS = (performance.now() - t1) / 1000;
  load.push(os.loadavg()[0]);
  if (status.status !== 'DONE' || status.filesDone !== files || status.bytesDone !== total) throw new Error(`import ended ${JSON.stringify(status)}`);

  const mbps = (s) => (total / 1024 / 1024 / s).toFixed(1);
  console.log(
    JSON.stringify(
      {
        files,
        MiB: mib,
        database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
        upload: { seconds: +uploadS.toFixed(1), MiBps: +mbps(uploadS), filesPerS: +(files / uploadS).toFixed(1) },
        import: { seconds: +importS.toFixed(1), MiBps: +mbps(importS), filesPerS: +(files / importS).toFixed(1) },
        ratio: +(uploadS / importS).toFixed(2),
        serverPeakRssMiB: peakRssMiB(server.pid),
        load1: load.map((l) => +l.toFixed(1)),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await fake.stop();
}
