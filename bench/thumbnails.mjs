// Photo processing throughput: N 12-megapixel camera JPEGs uploaded to the built server, timed from the first upload
// until every one is READY (EXIF, thumbnail, preview, placeholder), beside a bare sharp loop making the same thumbnail
// and preview from the same files with the same parallelism (the ceiling).
// Usage: npm run build -w apps/server && node bench/thumbnails.mjs [N=40] [port=18130]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { peakRssMiB, signUp, sleep, startServer, uploadBase, uploadWhole } from './lib.mjs';

const sharp = createRequire(new URL('../apps/server/package.json', import.meta.url))('sharp');
const n = Number(process.argv[2] ?? 40);
const port = String(process.argv[3] ?? 18130);
const cores = os.availableParallelism();

/** 4000×3000 "photo": smooth colour fields with film grain, 90 % JPEG with camera EXIF (every other one sideways). */
async function cameraPhoto(i) {
  const fields = await sharp({ create: { width: 40, height: 30, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 10 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const day = String((i % 28) + 1).padStart(2, '0');
  return sharp(fields, { raw: { width: 4000, height: 3000, channels: 3 } })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: i % 2 ? 6 : 1 })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'Canon EOS R6' },
      IFD2: { DateTimeOriginal: `2025:06:${day} 12:00:00`, OffsetTimeOriginal: '+03:00' },
    })
    .toBuffer();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-photos-'));
const files = [];
for (let i = 0; i < n; i++) {
  const file = path.join(dir, `IMG_${String(i).padStart(4, '0')}.jpg`);
  fs.writeFileSync(file, await cameraPhoto(i));
  files.push(file);
}
const avgMiB = files.reduce((s, f) => s + fs.statSync(f).size, 0) / n / 1024 / 1024;

/** The same derivatives with bare sharp, `cores` files at a time, one libvips thread each (as the server runs). */
async function bareSharp() {
  sharp.cache(false);
  sharp.concurrency(1);
  const queue = [...files];
  const t = performance.now();
  await Promise.all(
    Array.from({ length: cores }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        await Promise.all([
          sharp(f).rotate().resize(250, 250, { fit: 'outside' }).webp({ quality: 70 }).toBuffer(),
          sharp(f).rotate().resize(1440, 1440, { fit: 'inside' }).webp({ quality: 80 }).toBuffer(),
        ]);
      }
    }),
  );
  return performance.now() - t;
}

const server = await startServer({ PORT: port, FREE_QUOTA_BYTES: String(100 * 1024 ** 3) });
let pipelineMs;
let uploadMs;
let peak;
try {
  const { token } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const baseUrl = await uploadBase(server, token);
  const t = performance.now();
  for (const file of files) await uploadWhole(baseUrl, token, path.basename(file), fs.readFileSync(file), 'image/jpeg');
  uploadMs = performance.now() - t;
  for (;;) {
    const res = await fetch(`${server.base}/api/filesystem?parentFolderUuid=&sortBy=name&sortOrder=ASC&page=0&size=${n}`, { headers: auth });
    const items = (await res.json()).fileList;
    const failed = items.filter((i) => i.mediaStatus === 'FAILED');
    if (failed.length) throw new Error(`${failed.length} photos FAILED`);
    if (items.length === n && items.every((i) => i.mediaStatus === 'READY' && i.thumbnailUrl)) break;
    await sleep(20);
  }
  pipelineMs = performance.now() - t;
  peak = peakRssMiB(server.pid);
} finally {
  await server.stop();
}
const bareMs = await bareSharp();
fs.rmSync(dir, { recursive: true, force: true });

const rate = (ms) => (n / (ms / 1000)).toFixed(2);
console.log(`${n} photos, 4000×3000, ${avgMiB.toFixed(1)} MiB each on average, ${cores} cores`);
console.log(`pipeline (upload → job → READY): ${rate(pipelineMs)} photos/s (${(pipelineMs / 1000).toFixed(1)} s; uploads alone ${(uploadMs / 1000).toFixed(1)} s)`);
console.log(`bare sharp, thumb + preview:     ${rate(bareMs)} photos/s (${(bareMs / 1000).toFixed(1)} s)`);
console.log(`server peak RSS (VmHWM): ${peak} MiB`);
