// Vision (issue 14): CPU seconds and wall time of faces + objects per photo, as the people and things jobs run them —
// on the 1440 px WebP preview the media pipeline makes of a 12 MP camera photo — beside the ceiling the issue compares
// with: bare sharp decode + resize of the same 12 MP photo. Photos with 0–5 faces are the vision fixtures upscaled to
// 4000×3000 (several portraits side by side for 4 and 5). Memory: peak RSS (VmHWM) of this process, worker included.
// Usage: npm run build -w apps/server && node bench/vision.mjs [rounds=5]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { peakRssMiB } from './lib.mjs';

const server = new URL('../apps/server/', import.meta.url);
const sharp = createRequire(new URL('package.json', server))('sharp');
const { createVisionEngine, readVisionImage } = await import(new URL('dist/infra/vision/vision-engine.js', server));
const { renderImage } = await import(new URL('dist/modules/media/media.render.js', server));
const fixtures = new URL('src/test/fixtures/vision/', server);
const rounds = Number(process.argv[2] ?? 5);

const W = 4000;
const H = 3000;
/** A 4000×3000 camera-like JPEG of the given fixtures side by side, each whole in its share of the width. */
async function twelveMp(names) {
  const share = Math.floor(W / names.length);
  const tiles = await Promise.all(
    names.map(async (n, i) => ({
      input: await sharp(fs.readFileSync(new URL(n, fixtures))).resize(share, H, { fit: 'contain', background: '#808080', kernel: 'lanczos3' }).toBuffer(),
      left: i * share,
      top: 0,
    })),
  );
  return sharp({ create: { width: W, height: H, channels: 3, background: '#808080' } }).composite(tiles).jpeg({ quality: 90 }).toBuffer();
}

const PHOTOS = [
  { faces: 0, names: ['coffee.jpg'] },
  { faces: 1, names: ['hopper.jpg'] },
  { faces: 2, names: ['obama-biden-blue-room.jpg'] },
  { faces: 3, names: ['obama-biden-stage.jpg'] },
  { faces: 4, names: ['obama-portrait.jpg', 'biden-portrait.jpg', 'lacamoire-3.jpg', 'miranda.jpg'] },
  { faces: 5, names: ['obama-portrait.jpg', 'biden-portrait.jpg', 'lacamoire-3.jpg', 'miranda.jpg', 'hopper.jpg'] },
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-vision-'));
const cpuSeconds = (since) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const engine = createVisionEngine();
const rows = [];
let warm = false;
for (const photo of PHOTOS) {
  const file = path.join(dir, `faces-${photo.faces}.jpg`);
  fs.writeFileSync(file, await twelveMp(photo.names));
  // The preview exactly as the media pipeline writes it.
  const preview = (await renderImage({ file })).preview;
  if (!warm) {
    // First use loads the models (reported separately): not a per-photo cost.
    const t = performance.now();
    const c = process.cpuUsage();
    const image = await readVisionImage(preview);
    await engine.faces(image);
    await engine.objects(image);
    console.log(`model load + first photo: ${((performance.now() - t) / 1000).toFixed(2)} s wall, ${cpuSeconds(c).toFixed(2)} CPU-s`);
    warm = true;
  }
  const vision = { cpu: [], wall: [], faces: 0, objects: [] };
  const bare = { cpu: [], wall: [] };
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    let c = process.cpuUsage();
    const image = await readVisionImage(preview);
    const faces = await engine.faces(image);
    const objects = await engine.objects(image);
    vision.cpu.push(cpuSeconds(c));
    vision.wall.push(performance.now() - t);
    vision.faces = faces.length;
    vision.objects = [...new Set(objects.map((o) => o.label))];

    t = performance.now();
    c = process.cpuUsage();
    await sharp(file).rotate().resize(1440, 1440, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    bare.cpu.push(cpuSeconds(c));
    bare.wall.push(performance.now() - t);
  }
  const row = {
    faces: photo.faces,
    found: vision.faces,
    cpu: median(vision.cpu),
    wall: median(vision.wall),
    bareCpu: median(bare.cpu),
    bareWall: median(bare.wall),
    objects: vision.objects.join(' '),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}
await engine.close();

console.log(`\nmachine: ${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${rounds} rounds, medians`);
console.log('| faces in the 12 MP photo | found | vision CPU-s (decode preview + faces + objects) | vision wall | bare sharp 12 MP → 1440 CPU-s | bare wall | objects |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.faces} | ${r.found} | ${r.cpu.toFixed(3)} | ${r.wall.toFixed(0)} ms | ${r.bareCpu.toFixed(3)} | ${r.bareWall.toFixed(0)} ms | ${r.objects} |`);
}
console.log(`peak RSS of the process (main + vision worker): ${peakRssMiB(process.pid)} MiB`);
fs.rmSync(dir, { recursive: true, force: true });
