// The Photos timeline in a real browser over a library of 100,000 photos (seeded by ./seed-photos.mjs with real
// thumbnails): headless Chromium signs in, opens /main/photos/all and measures
//   first paint   ms from navigation start until every thumbnail in the first screen has loaded (complete, with pixels)
//   scroll        frame times (requestAnimationFrame deltas) while the window scrolls steadily through the timeline
//                 (p50/p95/p99 and dropped frames = deltas over 1.5 × 16.7 ms), and from the DevTools performance
//                 trace of the same scroll: the renderer main thread's tasks (longest, how many over 50 ms, busy share)
//                 and its time in script, style, layout and paint
//   jump          the date scrubber is dragged to the middle and the end: ms until thumbnails are drawn there
//   DOM           photo tiles in the document at the end (the timeline is virtualised: only rows near the window exist)
//   longest task  the longest main-thread task of the measured visit, from navigation to the end (Long Tasks API)
//   JS heap       used JS heap at the end, after a forced garbage collection
// at 1280 × 800 and at 375 × 740.
// Usage: npm run build -w apps/server && (cd apps/web && npx vite build --outDir /tmp/bulut-web-dist)
//        node bench/timeline-browser.mjs [photos=100000] [webDist=/tmp/bulut-web-dist] [--shape=spread|month|day]
//        (BENCH_PORT to pick the port, default 18140; BENCH_SCREENSHOTS=<dir> saves what the browser showed)
// The functions passed to page.evaluate / waitForFunction run in the browser.
/* global document, window, requestAnimationFrame */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { percentile, signUp, startServer } from './lib.mjs';
import { seedPhotos, shapeArgument } from './seed-photos.mjs';

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** The renderer main thread and frame figures of a DevTools (Chrome trace-event) recording. */
function traceSummary({ traceEvents }) {
  const main = traceEvents.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = traceEvents.filter((e) => e.ph === 'X' && main && e.pid === main.pid && e.tid === main.tid);
  const ms = (us) => Number((us / 1000).toFixed(1));
  const total = (names) => ms(onMain.filter((e) => names.includes(e.name)).reduce((sum, e) => sum + (e.dur ?? 0), 0));
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  let first = Infinity;
  let last = -Infinity;
  for (const e of traceEvents) {
    if (typeof e.ts !== 'number' || e.ts <= 0) continue;
    first = Math.min(first, e.ts);
    last = Math.max(last, e.ts);
  }
  const span = last > first ? last - first : 0;
  const busy = tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0);
  return {
    traceMs: ms(span),
    mainThreadBusyPct: span ? Number(((busy / span) * 100).toFixed(1)) : null,
    longestTaskMs: ms(tasks.reduce((max, e) => Math.max(max, e.dur ?? 0), 0)),
    tasksOver50Ms: tasks.filter((e) => (e.dur ?? 0) > 50_000).length,
    // Top-level script entries only (timers, rAF callbacks and events call into FunctionCall, which would count twice).
    scriptMs: total(['FunctionCall', 'EvaluateScript']),
    styleMs: total(['UpdateLayoutTree', 'RecalculateStyles']),
    layoutMs: total(['Layout']),
    paintMs: total(['Paint', 'PrePaint', 'Layerize']),
  };
}

const { shape, rest: args } = shapeArgument(process.argv.slice(2));
const photos = Number(args[0] ?? 100_000);
const webDist = args[1] ?? '/tmp/bulut-web-dist';
const FRAME_MS = 1000 / 60;
const SCROLL_FRAMES = 600;
const SCROLL_PX_PER_FRAME = 40;
const FIRST_THUMBNAILS = 4;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
});
const server = await startServer({ PORT: process.env.BENCH_PORT ?? '18140', WEB_DIST_DIR: webDist });
console.error(`server up on ${server.base} (pid ${server.pid})`);

/**
 * Waits in the page until at least `min` thumbnails are in the viewport and every thumbnail there has loaded
 * (complete, with pixels); resolves to performance.now() at that frame.
 */
const drawnAt = (page, min) =>
  page
    .waitForFunction(
      (wanted) => {
        const inView = [...document.querySelectorAll('[data-testid="photo-thumbnail"]')].filter((img) => {
          const rect = img.getBoundingClientRect();
          return rect.bottom > 0 && rect.top < window.innerHeight;
        });
        return inView.length >= wanted && inView.every((img) => img.complete && img.naturalWidth > 0) ? performance.now() : false;
      },
      min,
      { timeout: 60_000, polling: 'raf' },
    )
    .then((handle) => handle.jsonValue());

const stats = (deltas) => {
  const sorted = [...deltas].sort((a, b) => a - b);
  const fixed = (value) => Number(value.toFixed(1));
  return {
    p50: fixed(percentile(sorted, 0.5)),
    p95: fixed(percentile(sorted, 0.95)),
    p99: fixed(percentile(sorted, 0.99)),
    dropped: deltas.filter((delta) => delta > FRAME_MS * 1.5).length,
    frames: deltas.length,
  };
};

try {
  const { token, accountId } = await signUp(server);
  console.error('signed up; seeding');
  const s0 = performance.now();
  const library = await seedPhotos({ server, token, accountId, count: photos, shape });
  console.log(
    `seeded ${library.count} photos (${shape}) over ${library.days} days, biggest ${library.biggestDay.count}, in ${((performance.now() - s0) / 1000).toFixed(1)} s`,
  );

  for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
    const context = await browser.newContext({ viewport, locale: 'en-GB' });
    await context.addInitScript((authToken) => {
      localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: authToken }));
      localStorage.setItem('i18nextLng', 'en');
      // Every long task of the visit, loading included (the trace below covers the scroll only).
      window.__longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    }, token);
    const page = await context.newPage();
    let listRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/scroll/groups/list')) listRequests++;
    });

    // A warm-up visit fills the HTTP cache with the app's chunks, as for a returning user; the measured visit follows.
    await page.goto(`${server.base}/main/photos/all`);
    await drawnAt(page, 1);
    await page.goto('about:blank');
    listRequests = 0;
    await page.goto(`${server.base}/main/photos/all`);
    const firstPaint = await drawnAt(page, FIRST_THUMBNAILS);
    const shot = (name) =>
      process.env.BENCH_SCREENSHOTS ? page.screenshot({ path: `${process.env.BENCH_SCREENSHOTS}/${viewport.width}-${name}.png` }) : null;
    await shot('top');

    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const deltas = await page.evaluate(
      ({ frames, step }) =>
        new Promise((resolve) => {
          const times = [];
          let last = performance.now();
          let left = frames;
          const tick = (now) => {
            times.push(now - last);
            last = now;
            window.scrollBy(0, step);
            if (--left > 0) requestAnimationFrame(tick);
            else resolve(times.slice(1));
          };
          requestAnimationFrame((now) => {
            last = now;
            requestAnimationFrame(tick);
          });
        }),
      { frames: SCROLL_FRAMES, step: SCROLL_PX_PER_FRAME },
    );
    const trace = traceSummary(JSON.parse((await browser.stopTracing()).toString('utf8')));
    const scrolled = await page.evaluate(() => window.scrollY);
    await shot('scrolled');

    // Drag the scrubber to the middle and to the end of the timeline.
    const track = page.getByRole('slider');
    const box = await track.boundingBox();
    const jumps = [];
    for (const fraction of [0.5, 0.98]) {
      const x = box.x + box.width / 2;
      const start = await page.evaluate(() => performance.now());
      await page.mouse.move(x, box.y + 4);
      await page.mouse.down();
      await page.mouse.move(x, box.y + box.height * fraction, { steps: 8 });
      await page.mouse.up();
      const done = await drawnAt(page, 4);
      jumps.push(Number((done - start).toFixed(0)));
      await shot(`jump-${fraction}`);
    }
    const tiles = await page.evaluate(() => document.querySelectorAll('[data-testid="photo-tile"]').length);
    const listHeight = await page.evaluate(() => document.querySelector('[data-testid="photo-list"]')?.getBoundingClientRect().height ?? 0);
    const longestTask = await page.evaluate(() => window.__longest);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;

    console.log(
      JSON.stringify({
        viewport: `${viewport.width}x${viewport.height}`,
        shape,
        photos: library.count,
        days: library.days,
        biggestDay: library.biggestDay.count,
        loadAverage: os.loadavg()[0].toFixed(1),
        firstThumbnailsMs: Number(firstPaint.toFixed(0)),
        scroll: { ...stats(deltas), px: Math.round(scrolled) },
        scrollTrace: trace,
        scrubberJumpMs: jumps,
        tilesInDom: tiles,
        listHeightPx: Math.round(listHeight),
        groupsListRequests: listRequests,
        longestTaskMs: Number(longestTask.toFixed(0)),
        jsHeapMiB: Number((heap / 1048576).toFixed(1)),
      }),
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
