// One cold opening of each of office.mjs's documents (the ~5 MB .docx, the 10,000-row .xlsx, made the same way) in
// headless Chromium, taken apart: when each script and API call started and ended (Resource Timing) and where the
// main thread's CPU went until the document was editable (a V8 CPU profile: self time by script and by function).
// Not a benchmark of its own (one run, the profiler slows the page): it says what office.mjs's figures are made of.
// Usage: npm run build && node bench/office-trace.mjs   (BENCH_PORT, default 19150)
// The functions passed to page.evaluate / waitForFunction run in the browser.
/* global document, location */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { signUp, startServer, uploadBase, uploadWhole } from './lib.mjs';
import { DOCX_TYPE, XLSX_TYPE, makeDocx, makeXlsx } from './office-documents.mjs';

// One cold opening of each document, taken apart: when each script and API call started and ended (Resource Timing),
// and where the main thread's CPU went (a V8 CPU profile, self time by script and by function).
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
});
const server = await startServer({ PORT: process.env.BENCH_PORT ?? '19150', WEB_DIST_DIR: new URL('../apps/web/dist', import.meta.url).pathname }, { quiet: true });
try {
  const { token } = await signUp(server);
  const upload = await uploadBase(server, token);
  const docx = await makeDocx(400, 6_200_000);
  const xlsx = makeXlsx(10_000);
  const files = [
    ['docx', await uploadWhole(upload, token, 'big.docx', docx, DOCX_TYPE), () => {
      const body = document.querySelector('[data-testid="office-editor"][data-mode="edit"] [data-testid="office-document"]');
      return body && body.children.length > 100 ? performance.now() : false;
    }],
    ['xlsx', await uploadWhole(upload, token, 'orders.xlsx', xlsx, XLSX_TYPE), () => {
      const d1 = document.querySelector('[data-testid="office-editor"][data-mode="edit"] [data-ref="D1"]');
      return d1 && d1.textContent ? performance.now() : false;
    }],
  ];
  for (const [label, uuid, ready] of files) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await context.addInitScript((authToken) => {
      localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: authToken }));
      localStorage.setItem('i18nextLng', 'en');
    }, token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.base}/main/preview?uuid=${uuid}&parent=`);
    const ms = await (await page.waitForFunction(ready, null, { timeout: 60_000, polling: 'raf' })).jsonValue();
    const { profile } = await cdp.send('Profiler.stop');
    const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => ({ name: e.name.replace(location.origin, ''), start: Math.round(e.startTime), end: Math.round(e.responseEnd), size: e.encodedBodySize })));
    console.log(`\n== ${label}: editable at ${Math.round(ms)} ms`);
    for (const e of entries) if (/\.js$|\/api\/|wopi/.test(e.name)) console.log(`  ${String(e.start).padStart(5)} → ${String(e.end).padStart(5)} ms  ${(e.size / 1024).toFixed(0).padStart(5)} kB  ${e.name.slice(0, 90)}`);
    // Self time by script and by function (samples × interval).
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    const deltas = profile.timeDeltas;
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000));
    const byUrl = new Map();
    const byFn = new Map();
    for (const [id, t] of self) {
      const f = byId.get(id).callFrame;
      const url = f.url ? f.url.replace(/^.*\//, '') : `(${f.functionName || 'native'})`;
      byUrl.set(url, (byUrl.get(url) ?? 0) + t);
      const fn = `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber}`;
      byFn.set(fn, (byFn.get(fn) ?? 0) + t);
    }
    const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n');
    console.log(`  main-thread self time by script:\n${top(byUrl, 12)}\n  by function:\n${top(byFn, 25)}`);
    await context.close();
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await browser.close();
  await server.stop();
}
