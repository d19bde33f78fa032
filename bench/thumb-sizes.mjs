// Thumbnail bytes a Files list of N photos loads (issue 36): the ~250 px thumbnails the rows used to show at 40 px
// against the 128 px small ones they load now. Real photographs (the vision fixtures, each cut to N distinct pictures)
// are uploaded to the built server; once READY, the listing's thumbnailUrl and smallThumbnailUrl are fetched like an
// <img> would and their bytes summed. The row is 40 CSS px, so the small one serves screens up to 3×.
// Usage: npm run build -w apps/server && node bench/thumb-sizes.mjs [N=50] [port=18480]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { signUp, sleep, startServer, uploadBase, uploadWhole } from './lib.mjs';

const sharp = createRequire(new URL('../apps/server/package.json', import.meta.url))('sharp');
const n = Number(process.argv[2] ?? 50);
const port = String(process.argv[3] ?? 18480);
const fixtures = new URL('../apps/server/src/test/fixtures/vision/', import.meta.url).pathname;
const sources = fs.readdirSync(fixtures).filter((f) => f.endsWith('.jpg')).sort();

/** The i-th photo: a fixture, cut to a different window (and mirrored every other round), so no two are the same. */
async function photo(i) {
  const file = path.join(fixtures, sources[i % sources.length]);
  const round = Math.floor(i / sources.length);
  const { width, height } = await sharp(file).metadata();
  const keep = 1 - 0.08 * (round % 4);
  const w = Math.round(width * keep);
  const h = Math.round(height * keep);
  let image = sharp(file).extract({ left: Math.round((width - w) * ((round % 3) / 2)), top: Math.round((height - h) / 2), width: w, height: h });
  if (round % 2) image = image.flop();
  return image.jpeg({ quality: 90 }).toBuffer();
}

const server = await startServer({ PORT: port }, { quiet: true });
let items;
try {
  const { token } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const baseUrl = await uploadBase(server, token);
  for (let i = 0; i < n; i++) await uploadWhole(baseUrl, token, `IMG_${String(i).padStart(4, '0')}.jpg`, await photo(i), 'image/jpeg');
  // The Files screen's first page: 50 rows.
  for (;;) {
    const res = await fetch(`${server.base}/api/filesystem?parentFolderUuid=&sortBy=name&sortOrder=ASC&page=0&size=${n}`, { headers: auth });
    items = (await res.json()).fileList;
    if (items.some((i) => i.mediaStatus === 'FAILED')) throw new Error('a photo FAILED');
    if (items.length === n && items.every((i) => i.mediaStatus === 'READY' && i.smallThumbnailUrl)) break;
    await sleep(50);
  }
  const bytesOf = async (url) => {
    const res = await fetch(server.base + url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const { width, height } = await sharp(bytes).metadata();
    return { bytes: bytes.length, width, height };
  };
  const big = [];
  const small = [];
  for (const item of items) {
    big.push(await bytesOf(item.thumbnailUrl));
    small.push(await bytesOf(item.smallThumbnailUrl));
  }
  const sum = (list) => list.reduce((s, x) => s + x.bytes, 0);
  const kib = (b) => (b / 1024).toFixed(1);
  const before = sum(big);
  const after = sum(small);
  const sizes = (list) => [...new Set(list.map((x) => `${x.width}×${x.height}`))].slice(0, 4).join(', ');
  console.log(`${n} photos from ${sources.length} real photographs; a Files list page of ${items.length} rows`);
  console.log(`before (thumbnailUrl, ~250 px short side): ${kib(before)} KiB, ${kib(before / n)} KiB a row (e.g. ${sizes(big)})`);
  console.log(`after (smallThumbnailUrl, 128 px square):   ${kib(after)} KiB, ${kib(after / n)} KiB a row`);
  console.log(`saved: ${kib(before - after)} KiB a page (${((1 - after / before) * 100).toFixed(0)} %)`);
} finally {
  await server.stop();
}
