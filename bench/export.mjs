// Moving out and in (issue 34), through the built server:
//   export:  `files` whole-file uploads adding up to `MiB`, then POST /export and poll until READY; MiB/s of the
//            files written into the zip parts, from the request to READY (counting, extras, every part)
//   takeout: a Takeout .zip of `photos` small JPEGs with their sidecars, uploaded, then "Import as photos" and poll
//            until DONE; photos per second from the start to DONE (each photo is uploaded, processed and dated)
// The server's peak RSS (VmHWM) is reported: the export streams one file at a time, so it stays flat with the size.
// Usage: npm run build -w apps/server && node bench/export.mjs [files=200] [MiB=1024] [photos=200]
//        (DATABASE_URL=… for PostgreSQL; BENCH_PORT=… for the server's port)
import crypto from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import yazl from 'yazl';
import { peakRssMiB, signUp, sleep, startServer, transfers, wholeFileHeaders } from './lib.mjs';

const files = Number(process.argv[2] ?? 200);
const mib = Number(process.argv[3] ?? 1024);
const photos = Number(process.argv[4] ?? 200);
const total = mib * 1024 * 1024;
// This helper's port range on this machine is 19200–19299; BENCH_PORT overrides it.
const port = Number(process.env.BENCH_PORT ?? 19250 + Math.floor(Math.random() * 40));
const { source } = transfers(total);

const server = await startServer({ PORT: String(port), FREE_QUOTA_BYTES: String(1024 ** 4), JOB_POLL_MS: '100' }, { quiet: true });
const load = [];
try {
  const { token } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const baseUrl = (await (await fetch(`${server.base}/api/container/baseUrl`, { method: 'POST', headers: auth })).json()).value;
  const api = async (method, url, body) => {
    const r = await fetch(`${server.base}/api${url}`, { method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const put = async (name, bytes, body) => {
    const id = crypto.randomUUID();
    const r = await fetch(`${baseUrl}/${id}`, { method: 'PUT', headers: { ...wholeFileHeaders(auth, name), 'content-length': String(bytes) }, body, duplex: 'half' });
    if (r.status !== 201) throw new Error(`upload ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    return id;
  };

  // --- export
  const size = Math.floor(total / files);
  for (let i = 0; i < files; i++) await put(`f${i}.bin`, size, source(size));
  load.push(os.loadavg()[0]);
  const t0 = performance.now();
  await api('POST', '/export');
  let done;
  for (;;) {
    await sleep(200);
    done = (await api('GET', '/export')).export;
    if (done.status !== 'RUNNING') break;
  }
  const exportS = (performance.now() - t0) / 1000;
  load.push(os.loadavg()[0]);
  if (done.status !== 'READY' || done.filesDone !== files) throw new Error(`export ended ${JSON.stringify(done)}`);
  const exportRss = peakRssMiB(server.pid);

  // --- takeout
  const zip = new yazl.ZipFile();
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();
  for (let i = 0; i < photos; i++) {
    const name = `IMG_${String(i).padStart(5, '0')}.jpg`;
    // Distinct bytes per photo (a comment segment), so every photo is its own file.
    const bytes = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, 10]), crypto.randomBytes(8), jpeg.subarray(2)]);
    zip.addBuffer(bytes, `Takeout/Google Photos/Photos from 2020/${name}`);
    const sidecar = { title: name, photoTakenTime: { timestamp: String(1_580_000_000 + i * 3600) }, geoData: { latitude: 41 + i / 1e4, longitude: 29 }, favorited: i % 10 === 0 };
    zip.addBuffer(Buffer.from(JSON.stringify(sidecar)), `Takeout/Google Photos/Photos from 2020/${name}.json`);
  }
  zip.end();
  const chunks = [];
  for await (const c of zip.outputStream) chunks.push(c);
  const archive = Buffer.concat(chunks);
  const archiveId = await put('takeout.zip', archive.length, Readable.from([archive]));
  load.push(os.loadavg()[0]);
  const t1 = performance.now();
  await api('POST', '/migration/takeout/start', { uuid: archiveId });
  let imported;
  for (;;) {
    await sleep(200);
    imported = (await api('GET', '/migration/takeout/status')).import;
    if (imported.status !== 'RUNNING') break;
  }
  const takeoutS = (performance.now() - t1) / 1000;
  load.push(os.loadavg()[0]);
  if (imported.status !== 'DONE' || imported.imported !== photos) throw new Error(`takeout ended ${JSON.stringify(imported)}`);

  console.log(
    JSON.stringify(
      {
        database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
        export: { files, MiB: mib, parts: done.parts.length, seconds: +exportS.toFixed(1), MiBps: +(mib / exportS).toFixed(1), serverPeakRssMiB: exportRss },
        takeout: { photos, seconds: +takeoutS.toFixed(1), photosPerS: +(photos / takeoutS).toFixed(1) },
        serverPeakRssMiB: peakRssMiB(server.pid),
        load1: load.map((l) => +l.toFixed(1)),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
