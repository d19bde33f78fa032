// Render (issue 15): CPU seconds and wall time of what the For-you generators make, from 12 MP camera-like photos —
// 4- and 9-photo collages, a 10-frame animated WebP (and MP4), 10- and 30-photo memory videos (1280×720, 3 s a photo), each photo
// style on a 12 MP photo, and the quality score of a 12 MP photo. "node CPU-s" is this process (sharp's libvips
// threads included); "ffmpeg CPU-s" is the reaped children's user + system time from /proc/self/stat.
// Usage: npm run build -w apps/server && node bench/render.mjs [rounds=3] [filter: only renders whose name contains it]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { peakRssMiB } from './lib.mjs';

const server = new URL('../apps/server/', import.meta.url);
const sharp = createRequire(new URL('package.json', server))('sharp');
const render = await import(new URL('dist/infra/render/index.js', server));
const fixtures = new URL('src/test/fixtures/vision/', server);
const rounds = Number(process.argv[2] ?? 3);

const W = 4000;
const H = 3000;
const names = fs.readdirSync(fixtures).filter((n) => n.endsWith('.jpg')).sort();
/** Twelve 12 MP JPEGs (the vision fixtures upscaled, every third one portrait), like a phone's camera output. */
const photos = await Promise.all(
  Array.from({ length: 12 }, async (_, i) => {
    const portrait = i % 3 === 2;
    const src = fs.readFileSync(new URL(names[i % names.length], fixtures));
    return sharp(src).resize(portrait ? H : W, portrait ? W : H, { fit: 'cover', kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
  }),
);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-bench-render-'));
const TICK = 100; // USER_HZ on Linux
/** CPU seconds of children this process has waited for (ffmpeg), fields 16 and 17 of /proc/self/stat. */
function childCpuSeconds() {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICK;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const memoryVideo = (count) =>
  render.renderMemoryVideo({
    photos: Array.from({ length: count }, (_, i) => photos[i % photos.length]),
    title: 'Geçen yıl bugün',
    subtitle: '2025',
    secondsPerPhoto: 3,
    size: { w: 1280, h: 720 },
    fps: 25,
    output: path.join(dir, 'memory.mp4'),
  });

const tasks = [
  ['collage, 4 photos, 2048 px', () => render.renderCollage({ photos: photos.slice(0, 4).map((image) => ({ image })), size: 2048 })],
  ['collage, 9 photos, 2048 px', () => render.renderCollage({ photos: photos.slice(0, 9).map((image) => ({ image })), size: 2048 })],
  ['animation, 10 frames WebP, 720 px', () => render.renderAnimation({ frames: photos.slice(0, 10), delayMs: 400, size: 720, loop: true })],
  ...(render.isVideoRenderingAvailable()
    ? [
        ['animation, 10 frames MP4, 720 px', () => render.renderAnimationMp4({ frames: photos.slice(0, 10), delayMs: 400, size: 720, output: path.join(dir, 'anim.mp4') })],
        ['memory video, 10 photos, 1280×720, 3 s each, 25 fps', () => memoryVideo(10)],
        // The most a memory video may hold: the upper bound of one render's cost.
        ['memory video, 30 photos, 1280×720, 3 s each, 25 fps', () => memoryVideo(30)],
      ]
    : []),
  ...render.PHOTO_STYLES.map((style) => [`style ${style}, 12 MP → 12 MP`, () => render.renderStyled(photos[0], style)]),
  ...render.PHOTO_STYLES.slice(0, 1).map((style) => [`style ${style}, 12 MP → 2048 px`, () => render.renderStyled(photos[0], style, { maxSize: 2048 })]),
  ['quality, 12 MP', () => render.photoQuality(photos[0])],
];

// One warm-up so library loading is not counted.
await render.photoQuality(photos[1]);

const only = process.argv[3];
const rows = [];
for (const [name, run] of tasks.filter(([n]) => !only || n.includes(only))) {
  const wall = [];
  const cpu = [];
  const child = [];
  for (let r = 0; r < rounds; r++) {
    const c = process.cpuUsage();
    const k = childCpuSeconds();
    const t = performance.now();
    await run();
    wall.push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1e6);
    child.push(childCpuSeconds() - k);
  }
  const row = { name, wall: median(wall), cpu: median(cpu), ffmpeg: median(child) };
  rows.push(row);
  console.log(JSON.stringify(row));
}

console.log(`\nmachine: ${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${rounds} rounds, medians; sources 4000×3000 JPEG q90`);
console.log('| render | wall | node CPU-s | ffmpeg CPU-s |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.wall.toFixed(0)} ms | ${r.cpu.toFixed(2)} | ${r.ffmpeg.toFixed(2)} |`);
console.log(`peak RSS of the process: ${peakRssMiB(process.pid)} MiB`);
fs.rmSync(dir, { recursive: true, force: true });
