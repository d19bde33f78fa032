// The embedded office editor (issue 33) in a real browser: headless Chromium, cold (a fresh context: nothing cached),
// opens documents from the Files preview until they are editable, and saves:
//   open docx   ms from navigation until a ~5 MB .docx (text and a large photo) is shown editable (editor in edit mode,
//               its paragraphs in the page)
//   open xlsx   ms from navigation until a 10,000-row .xlsx (text, numbers, a formula per row) is shown editable
//               (edit mode, first cells drawn, the formula's result in D1)
//   save        ms from pressing Save until "Saved" for a ~1 MB .docx (read, rebuild, zip, WOPI PutFile with the lock)
// Goals (issue 33): open ≤ 2 s, save ≤ 1 s. Runs each `runs` times and prints the median and every run.
// Usage: npm run build && node bench/office.mjs [runs=3]   (BENCH_PORT to pick the port, default 19150)
// The functions passed to page.evaluate / waitForFunction run in the browser.
/* global document */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { median, signUp, startServer, uploadBase, uploadWhole } from './lib.mjs';
import { DOCX_TYPE, XLSX_TYPE, makeDocx, makeXlsx } from './office-documents.mjs';

const runs = Number(process.argv[2] ?? 3);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
});
const server = await startServer({ PORT: process.env.BENCH_PORT ?? '19150', WEB_DIST_DIR: new URL('../apps/web/dist', import.meta.url).pathname }, { quiet: true });
try {
  const { token } = await signUp(server);
  const upload = await uploadBase(server, token);
  const bigDocx = await makeDocx(400, 6_200_000);
  const oneMbDocx = await makeDocx(300, 1_200_000);
  const xlsx = makeXlsx(10_000);
  const files = {
    docx: { name: 'big.docx', bytes: bigDocx, uuid: await uploadWhole(upload, token, 'big.docx', bigDocx, DOCX_TYPE) },
    xlsx: { name: 'orders.xlsx', bytes: xlsx, uuid: await uploadWhole(upload, token, 'orders.xlsx', xlsx, XLSX_TYPE) },
    save: { name: 'letter.docx', bytes: oneMbDocx, uuid: await uploadWhole(upload, token, 'letter.docx', oneMbDocx, DOCX_TYPE) },
  };
  const mb = (b) => (b.length / 1024 / 1024).toFixed(2);
  console.log(`files: big.docx ${mb(bigDocx)} MiB, orders.xlsx ${mb(xlsx)} MiB (10,000 rows), letter.docx ${mb(oneMbDocx)} MiB`);

  /** A cold page (fresh context) opened on a file's preview; resolves to ms from navigation until `ready` holds. */
  async function open(file, ready) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await context.addInitScript((authToken) => {
      localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: authToken }));
      localStorage.setItem('i18nextLng', 'en');
    }, token);
    const page = await context.newPage();
    await page.goto(`${server.base}/main/preview?uuid=${file.uuid}&parent=`);
    const handle = await page.waitForFunction(ready, null, { timeout: 60_000, polling: 'raf' });
    return { ms: await handle.jsonValue(), page, context };
  }

  const docxReady = () => {
    const editor = document.querySelector('[data-testid="office-editor"][data-mode="edit"]');
    const body = editor?.querySelector('[data-testid="office-document"]');
    return body && body.children.length > 100 ? performance.now() : false;
  };
  const xlsxReady = () => {
    const editor = document.querySelector('[data-testid="office-editor"][data-mode="edit"]');
    const d1 = editor?.querySelector('[data-ref="D1"]');
    return d1 && d1.textContent ? performance.now() : false;
  };

  const results = { openDocx: [], openXlsx: [], save: [] };
  for (let i = 0; i < runs; i++) {
    for (const [key, file, ready] of [
      ['openDocx', files.docx, docxReady],
      ['openXlsx', files.xlsx, xlsxReady],
    ]) {
      const { ms, context } = await open(file, ready);
      results[key].push(Math.round(ms));
      await context.close();
    }
    const { page, context } = await open(files.save, docxReady);
    await page.locator('[data-testid="office-document"] p').nth(3).click();
    await page.keyboard.type(' edited');
    const t0 = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = await page.waitForFunction(() => (document.querySelector('[data-testid="office-save-state"]')?.textContent === 'Saved' ? performance.now() : false), null, { polling: 'raf' });
    results.save.push(Math.round((await saved.jsonValue()) - t0));
    await context.close();
  }
  const line = (label, xs) => `${label.padEnd(10)} median ${median(xs)} ms   runs ${xs.join(', ')}`;
  console.log(line('open docx', results.openDocx));
  console.log(line('open xlsx', results.openXlsx));
  console.log(line('save 1 MB', results.save));
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await browser.close();
  await server.stop();
}
