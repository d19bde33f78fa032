// Moving out and in (issue 34), through the built server:
//   export:  `files` whole-file uploads adding up to `MiB`, then POST /export and poll until READY; MiB/s of the
//            files written into the zip parts, from the request to READY (counting, extras, every part)
//   takeout: a Takeout .zip of `photos` small JPEGs with their sidecars, uploaded, then "Import as photos" and poll
//            until DONE; photos per second from the start to DONE (each photo is uploaded, processed and dated)
//            (--tgz: the same photos as a .tgz, which the import reads in one pass)
// The server's peak RSS (VmHWM) is reported: the export streams one file at a time, so it stays flat with the size.
// Usage: npm run build -w apps/server && node bench/export.mjs [files=200] [MiB=1024] [photos=200] [--tgz]
//        [--only=export|takeout]   (DATABASE_URL=… for PostgreSQL; BENCH_PORT=… for the server's port)
// Goal sizes, one phase per run so each peak RSS is its own: `node bench/export.mjs 2000 10240 0 --only=export`,
// `node bench/export.mjs 0 0 5000 --only=takeout` (and `… --tgz`).
import crypto from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import * as tar from 'tar-stream';
import yazl from 'yazl';
import { createGzip } from 'node:zlib';
import { peakRssMiB, signUp, sleep, startServer, transfers, wholeFileHeaders } from './lib.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const files = Number(args[0] ?? 200);
const mib = Number(args[1] ?? 1024);
const photos = Number(args[2] ?? 200);
const tgz = flags.includes('--tgz');
const only = flags.find((f) => f.startsWith('--only='))?.slice('--only='.length);
const total = mib * 1024 * 1024;
// This helper's port range on this machine is 19200–19299; BENCH_PORT overrides it.
const port = Number(process.env.BENCH_PORT ?? 19250 + Math.floor(Math.random() * 40));
const { source } = transfers(total);
/** `size` bytes for file `i`: its number first, so no two files are the same content (issue 35 would store one copy). */
const distinct = (size, i) => {
  const head = Buffer.alloc(Math.min(size, 16));
  head.write(String(i).padStart(16, '0').slice(0, head.length));
  return Readable.from(
    (async function* () {
      yield head;
      for await (const chunk of source(size - head.length)) yield chunk;
    })(),
  );
};

const server = await startServer(
  {
    PORT: String(port),
    FREE_QUOTA_BYTES: String(1024 ** 4),
    JOB_POLL_MS: '100',
  },
  { quiet: true },
);
const load = [];
try {
  const { token } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const baseUrl = (
    await (
      await fetch(`${server.base}/api/container/baseUrl`, {
        method: 'POST',
        headers: auth,
      })
    ).json()
  ).value;
  const api = async (method, url, body) => {
    const r = await fetch(`${server.base}/api${url}`, {
      method,
      headers: {
        ...auth,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const put = async (name, bytes, body) => {
    const id = crypto.randomUUID();
    const r = await fetch(`${baseUrl}/${id}`, {
      method: 'PUT',
      headers: {
        ...wholeFileHeaders(auth, name),
        'content-length': String(bytes),
      },
      body,
      duplex: 'half',
    });
    if (r.status !== 201) throw new Error(`upload ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    return id;
  };

  const result = { database: process.env.DATABASE_URL ? 'postgres' : 'sqlite' };
  // --- export
  if (only !== 'takeout') {
    const size = Math.floor(total / files);
    for (let i = 0; i < files; i++) await put(`f${i}.bin`, size, distinct(size, i));
    load.push(os.loadavg()[0]);
    const t0 = performance.now();
    await api('POST', '/export');
    const done = await untilEnded(async () => (await api('GET', '/export')).export);
    const exportS = (performance.now() - t0) / 1000;
    load.push(os.loadavg()[0]);
    if (done.status !== 'READY' || done.filesDone !== files) throw new Error(`export ended ${JSON.stringify(done)}`);
    result.export = {
      files,
      MiB: mib,
      parts: done.parts.length,
      seconds: +exportS.toFixed(1),
      MiBps: +(mib / exportS).toFixed(1),
      serverPeakRssMiB: peakRssMiB(server.pid),
    };
  }

  // --- takeout
  if (only !== 'export') {
    const entries = [];
    const jpeg = await sharp({
      create: {
        width: 640,
        height: 480,
        channels: 3,
        background: { r: 90, g: 140, b: 200 },
      },
    })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < photos; i++) {
      const name = `IMG_${String(i).padStart(5, '0')}.jpg`;
      // Distinct bytes per photo (a comment segment), so every photo is its own file.
      const bytes = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, 10]), crypto.randomBytes(8), jpeg.subarray(2)]);
      entries.push([`Takeout/Google Photos/Photos from 2020/${name}`, bytes]);
      const sidecar = {
        title: name,
        photoTakenTime: { timestamp: String(1_580_000_000 + i * 3600) },
        geoData: { latitude: 41 + i / 1e4, longitude: 29 },
        favorited: i % 10 === 0,
      };
      // Takeout's order: the sidecar after its photo (in a tarball the import waits for it).
      entries.push([`Takeout/Google Photos/Photos from 2020/${name}.json`, Buffer.from(JSON.stringify(sidecar))]);
    }
    const archive = tgz ? await tgzOf(entries) : await zipOf(entries);
    const archiveId = await put(tgz ? 'takeout.tgz' : 'takeout.zip', archive.length, Readable.from([archive]));
    const rssBefore = peakRssMiB(server.pid);
    load.push(os.loadavg()[0]);
    const t1 = performance.now();
    await api('POST', '/migration/takeout/start', { uuid: archiveId });
    const imported = await untilEnded(async () => (await api('GET', '/migration/takeout/status')).import);
    const takeoutS = (performance.now() - t1) / 1000;
    load.push(os.loadavg()[0]);
    if (imported.status !== 'DONE' || imported.imported !== photos) throw new Error(`takeout ended ${JSON.stringify(imported)}`);
    result.takeout = {
      photos,
      archive: tgz ? 'tgz' : 'zip',
      archiveMiB: +(archive.length / 1024 ** 2).toFixed(1),
      seconds: +takeoutS.toFixed(1),
      photosPerS: +(photos / takeoutS).toFixed(1),
      serverPeakRssMiBBefore: rssBefore,
      serverPeakRssMiB: peakRssMiB(server.pid),
    };
  }

  console.log(JSON.stringify({ ...result, load1: load.map((l) => +l.toFixed(1)) }, null, 2));
} finally {
  await server.stop();
}

async function zipOf(entries) {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks = [];
  for await (const c of zip.outputStream) chunks.push(c);
  return Buffer.concat(chunks);
}

async function tgzOf(entries) {
  const pack = tar.pack();
  for (const [name, bytes] of entries) pack.entry({ name, size: bytes.length }, bytes);
  pack.finalize();
  const gzip = createGzip();
  const chunks = [];
  const done = (async () => {
    for await (const c of gzip) chunks.push(c);
  })();
  for await (const c of pack) if (!gzip.write(c)) await new Promise((r) => gzip.once('drain', r));
  gzip.end();
  await done;
  return Buffer.concat(chunks);
}

/** Polls a job's status every 200 ms until it is no longer RUNNING. */
async function untilEnded(read) {
  for (;;) {
    await sleep(200);
    const status = await read();
    if (status.status !== 'RUNNING') return status;
  }
}
