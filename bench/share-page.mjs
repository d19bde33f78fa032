// The link visitor's page (issue 36) on the mobile lab profile: Chromium at 412×823, 4× CPU slowdown and slow 4G
// (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), a cold cache each run. A folder link with 3 subfolders and 6 photos
// (thumbnails made first). Median of the runs: largest contentful paint, requests, script bytes on the wire, all bytes.
// `old` serves the same build without share.html, so /sharedFiles is the full app's page (the "before" figure).
// Usage: npm run build && node bench/share-page.mjs [runs=5] [old]   (BENCH_PORT, default 19310)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median, signUp, sleep, startServer, uploadBase } from './lib.mjs';

const runs = Number(process.argv[2] ?? 5);
const old = process.argv[3] === 'old';
let webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
if (old) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-dist-old-'));
  fs.cpSync(webDist, copy, { recursive: true });
  fs.rmSync(path.join(copy, 'share.html'));
  webDist = copy;
}
const server = await startServer({ PORT: process.env.BENCH_PORT ?? '19310', WEB_DIST_DIR: webDist }, { quiet: true });
const fixtures = path.resolve(import.meta.dirname, '../e2e/fixtures');

try {
  const { token } = await signUp(server);
  const auth = { 'x-auth-token': token, 'content-type': 'application/json' };
  const folder = async (name, parent) => {
    const uuid = crypto.randomUUID();
    const r = await fetch(`${server.base}/api/filesystem/createFolder${parent ? `?parentFolderUuid=${parent}` : ''}`, {
      method: 'POST',
      headers: { 'x-auth-token': token, 'folder-name': encodeURIComponent(name), 'folder-uuid': uuid },
    });
    if (!r.ok) throw new Error(`createFolder ${r.status} ${await r.text()}`);
    return uuid;
  };
  const top = await folder('Summer 2024');
  for (const name of ['Beach', 'City', 'Family']) await folder(name, top);
  const base = await uploadBase(server, token);
  const photos = fs.readdirSync(fixtures).filter((f) => f.endsWith('.jpg'));
  for (const name of photos) {
    const body = fs.readFileSync(path.join(fixtures, name));
    const r = await fetch(`${base}/${crypto.randomUUID()}`, {
      method: 'PUT',
      headers: {
        'x-auth-token': token,
        'content-type': 'image/jpeg',
        'content-length': String(body.length),
        'x-object-meta-parent-uuid': top,
        'x-object-meta-favourite': 'false',
        'x-meta-strategy': '0',
        'x-object-meta-file-name': encodeURIComponent(name),
        'x-object-meta-device-type': 'WEB',
      },
      body,
    });
    if (r.status !== 201) throw new Error(`upload ${r.status}`);
  }
  const link = await (await fetch(`${server.base}/api/v2/share/public`, { method: 'POST', headers: auth, body: JSON.stringify({ fileUuidList: [top], isAlbum: false }) })).json();
  const shareToken = new URLSearchParams(link.url.split('?')[1]).get('token');
  for (let i = 0; ; i++) {
    const page = await (await fetch(`${server.base}/api/share/visitor/files?size=50`, { headers: { 'x-share-token': shareToken } })).json();
    if (page.fileList.filter((f) => !f.folder).every((f) => f.thumbnailUrl)) break;
    if (i > 600) throw new Error('thumbnails not made');
    await sleep(100);
  }

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
  });
  const results = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'en-US' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const sizes = new Map();
    cdp.on('Network.responseReceived', (e) => sizes.set(e.requestId, { type: e.type, bytes: 0 }));
    cdp.on('Network.loadingFinished', (e) => {
      const entry = sizes.get(e.requestId);
      if (entry) entry.bytes = e.encodedDataLength;
    });
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(server.base + link.url, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.waitForSelector('[data-testid="file-row"]', { timeout: 60_000 });
    await sleep(1000);
    const lcp = await page.evaluate(() => globalThis.__lcp ?? null);
    const all = [...sizes.values()];
    results.push({
      lcp,
      requests: all.length,
      scriptKiB: all.filter((e) => e.type === 'Script').reduce((s, e) => s + e.bytes, 0) / 1024,
      totalKiB: all.reduce((s, e) => s + e.bytes, 0) / 1024,
    });
    await context.close();
  }
  await browser.close();
  const m = (key) => median(results.map((r) => r[key]));
  console.log(`visitor page (${old ? 'full app, before' : 'light page'}), mobile profile, median of ${runs}:`);
  console.log(`  LCP ${Math.round(m('lcp'))} ms · ${m('requests')} requests · scripts ${m('scriptKiB').toFixed(1)} KiB · all ${m('totalKiB').toFixed(1)} KiB on the wire`);
  console.log(`  runs: ${results.map((r) => Math.round(r.lcp)).join(', ')} ms · load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await server.stop();
  if (old) fs.rmSync(webDist, { recursive: true, force: true });
}
