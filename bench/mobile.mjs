// The web app on a phone (issue 36): headless Chromium loads sign-in, Files, Photos, Search and a visitor's share page
// from the built app and server (SQLite + disk, a fresh data dir, an account seeded through the real API), each page
// `runs` times with a cold cache (a new browser context a load), in two passes on a phone's viewport (375×740):
//   unthrottled  main-thread CPU of the whole load (CDP Performance.getMetrics in thread ticks: TaskDuration, and
//                ScriptDuration of it), requests and bytes (every request of the page, by type)
//   mobile       the usual lab profile: CPU 4× slower (Emulation.setCPUThrottlingRate), slow 4G (150 ms RTT, 1.6 Mbps
//                down, 750 kbps up): LCP (the last largest-contentful-paint entry) and total blocking time (the part
//                of each long task after first contentful paint above 50 ms, until the load is done)
// A load is done when the screen shows its content (READY below) and the network then rests for 500 ms. Medians per
// page; the machine's load average is printed before and after (figures on a busy machine are not comparable).
// Usage: npm run build && node bench/mobile.mjs [runs=5] [pages=login,files,photos,search,visitor]
//        (BENCH_PORT, default 19410; BENCH_VERBOSE=1 lists the requests of a page's last unthrottled load;
//        BENCH_PROFILE=<dir> writes a JS CPU profile of each page's last unthrottled load there, for DevTools)
/* global window */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { startServer, signUp } from './lib.mjs';

const runs = Number(process.argv[2] ?? 5);
const only = process.argv[3]?.split(',');
// BENCH_WEB_DIST: another build of the web app (a before/after comparison against the same server build).
const webDist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));
const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`load average before: ${loadavg()} (${os.availableParallelism()} cores)`);

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: false };
// Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up (bytes per second for CDP).
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
});
const server = await startServer(
  { PORT: process.env.BENCH_PORT ?? '19410', WEB_DIST_DIR: webDist, SHARE_LINK_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '1000000' },
  { quiet: true },
);

/** A camera-sized JPEG (1600×1200) of a gradient and a few shapes, different for each `i`. */
function photo(i) {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,30%)"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/>
    <circle cx="${300 + i * 120}" cy="500" r="220" fill="hsl(${(hue + 200) % 360},80%,70%)"/>
    <rect x="900" y="${300 + i * 40}" width="500" height="400" fill="hsl(${(hue + 60) % 360},50%,45%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Seeds an account through the API: folders, eight photos (six in the shared folder), two documents; a public link. */
async function seed() {
  const { token } = await signUp(server, { email: 'mobile@example.com', countryCode: '90', phoneNumber: '5320000001', password: 'Bulut2026!', language: 'tr', eulaId: 1 });
  const api = async (method, url, init = {}) => {
    const res = await fetch(server.base + url, { method, ...init, headers: { 'x-auth-token': token, ...init.headers } });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  const folder = async (name) => {
    const uuid = crypto.randomUUID();
    await api('POST', '/api/filesystem/createFolder?parentFolderUuid=', { headers: { 'folder-name': encodeURIComponent(name), 'folder-uuid': uuid } });
    return uuid;
  };
  const upload = async (parent, name, type, body) => {
    const uuid = crypto.randomUUID();
    await api('PUT', `/api/upload/${uuid}`, {
      headers: {
        'content-type': type,
        'x-object-meta-parent-uuid': parent,
        'x-object-meta-favourite': 'false',
        'x-meta-strategy': '0',
        'x-object-meta-file-name': encodeURIComponent(name),
        'x-object-meta-device-type': 'WEB',
      },
      body,
    });
    return uuid;
  };
  const trip = await folder('Tatil 2026');
  await folder('Belgeler');
  await folder('Müzik');
  for (let i = 1; i <= 6; i++) await upload(trip, `tatil-${i}.jpg`, 'image/jpeg', await photo(i));
  await upload('', 'kedi.jpg', 'image/jpeg', await photo(7));
  await upload('', 'deniz.jpg', 'image/jpeg', await photo(8));
  await upload('', 'notlar.txt', 'text/plain', Buffer.from('Tatil listesi: pasaport, şarj aleti, güneş kremi\n'));
  await upload('', 'tatil-plani.txt', 'text/plain', Buffer.from('Gün 1: Kaş. Gün 2: Kalkan.\n'));
  // Every photo processed (thumbnails made), and the search index has them.
  for (let tries = 0; ; tries++) {
    const list = await (await api('GET', `/api/filesystem?parentFolderUuid=${trip}&size=50`)).json();
    const states = list.fileList.map((f) => f.mediaStatus);
    if (states.includes('FAILED')) throw new Error(`a photo failed processing: ${JSON.stringify(list.fileList)}`);
    const found = await (await api('GET', '/api/search/unified?text=tatil&size=20')).json();
    if (states.length === 6 && states.every((s) => s === 'READY') && JSON.stringify(found).includes('tatil-6.jpg')) break;
    if (tries > 1200) throw new Error('photos not processed (or not searchable) within two minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  const share = await (
    await api('POST', '/api/v2/share/public', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fileUuidList: [trip], isAlbum: false }) })
  ).json();
  const shareToken = new URLSearchParams(share.url.split('?')[1]).get('token');
  return { token, shareToken };
}

const { token, shareToken } = await seed();

/** The pages: where, signed in or not, and what shows when the screen has its content. */
const PAGES = [
  { name: 'login', url: '/auth/login', signedIn: false, ready: 'input[type="password"]' },
  { name: 'files', url: '/main/files', signedIn: true, ready: '[data-testid="file-row"]' },
  { name: 'photos', url: '/main/photos/all', signedIn: true, ready: '[data-testid="photos-screen"] img' },
  { name: 'search', url: '/main/search?text=tatil', signedIn: true, ready: '[data-testid="search-summary"]' },
  { name: 'visitor', url: `/sharedFiles?token=${shareToken}`, signedIn: false, ready: 'text=tatil-1.jpg' },
].filter((p) => !only || only.includes(p.name));

// Before the page's own scripts: paint entries, LCP candidates and long tasks, kept for the script to read.
const OBSERVE = () => {
  const seen = { fcp: null, lcp: null, longTasks: [] };
  window.__bench = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') seen.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    seen.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
};

/** One cold load of `page`; `mobile` applies the phone profile. */
async function load(spec, mobile) {
  const context = await browser.newContext(PHONE);
  if (spec.signedIn) {
    await context.addInitScript((authToken) => {
      localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: authToken }));
    }, token);
  }
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const profiling = process.env.BENCH_PROFILE && !mobile;
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (mobile) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  }
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url)) return;
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(server.base + spec.url, { waitUntil: 'load', timeout: 180_000 });
  await page.locator(spec.ready).first().waitFor({ timeout: 180_000 });
  await page.waitForLoadState('networkidle', { timeout: 180_000 });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  const seen = await page.evaluate(() => window.__bench);
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.mkdirSync(process.env.BENCH_PROFILE, { recursive: true });
    fs.writeFileSync(path.join(process.env.BENCH_PROFILE, `${spec.name}.cpuprofile`), JSON.stringify(profile));
  }
  const fcp = seen.fcp ?? 0;
  // Lighthouse's rule: the part of each long task after FCP, less 50 ms.
  const tbt = seen.longTasks.reduce((sum, [start, duration]) => {
    const blocking = start + duration - Math.max(start, fcp) - 50;
    return sum + Math.max(0, blocking);
  }, 0);
  await context.close();
  const list = [...requests.values()];
  const byType = {};
  for (const r of list) byType[r.type] = (byType[r.type] ?? 0) + 1;
  return {
    cpuMs: metric('TaskDuration') * 1000,
    scriptMs: metric('ScriptDuration') * 1000,
    requests: list.length,
    kib: list.reduce((s, r) => s + r.bytes, 0) / 1024,
    scripts: byType.Script ?? 0,
    styles: byType.Stylesheet ?? 0,
    api: (byType.Fetch ?? 0) + (byType.XHR ?? 0),
    images: byType.Image ?? 0,
    fcp,
    lcp: seen.lcp ?? 0,
    tbt,
    list,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x) => Math.round(x);

const rows = [];
try {
  for (const spec of PAGES) {
    const plain = [];
    const phone = [];
    for (let i = 0; i < runs; i++) plain.push(await load(spec, false));
    for (let i = 0; i < runs; i++) phone.push(await load(spec, true));
    const m = (set, key) => median(set.map((r) => r[key]));
    const row = {
      page: spec.name,
      'CPU ms': round(m(plain, 'cpuMs')),
      'script ms': round(m(plain, 'scriptMs')),
      requests: m(plain, 'requests'),
      'js/css/api/img': `${m(plain, 'scripts')}/${m(plain, 'styles')}/${m(plain, 'api')}/${m(plain, 'images')}`,
      KiB: round(m(plain, 'kib')),
      'mobile FCP ms': round(m(phone, 'fcp')),
      'mobile LCP ms': round(m(phone, 'lcp')),
      'mobile TBT ms': round(m(phone, 'tbt')),
    };
    rows.push(row);
    console.log(JSON.stringify({ ...row, cpuRuns: plain.map((r) => round(r.cpuMs)), tbtRuns: phone.map((r) => round(r.tbt)) }));
    if (process.env.BENCH_VERBOSE) {
      for (const r of plain.at(-1).list) console.log(`  ${spec.name}  ${r.type.padEnd(10)} ${(r.bytes / 1024).toFixed(1).padStart(7)} KiB  ${new URL(r.url).pathname}`);
    }
  }
  console.table(rows);
  console.log(`| Page | CPU (unthrottled) | requests (js/css/api/img) | KiB | mobile LCP | mobile TBT |`);
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.page} | ${r['CPU ms']} ms | ${r.requests} (${r['js/css/api/img']}) | ${r.KiB} | ${r['mobile LCP ms']} ms | ${r['mobile TBT ms']} ms |`);
  }
} finally {
  await browser.close();
  await server.stop();
  console.log(`load average after: ${loadavg()}; ${runs} runs a page and profile, medians`);
}
