import { expect, test } from '@playwright/test';

// The browser's own requests for the app's files: what a real visit downloads, and how long it may keep it.
test('the app loads its files compressed, hashed assets cached for a year and the page revalidated', async ({ page }) => {
  const assets: Array<{ url: string; headers: Record<string, string>; size: number }> = [];
  page.on('response', async (res) => {
    if (!new URL(res.url()).pathname.startsWith('/assets/')) return;
    assets.push({ url: res.url(), headers: await res.allHeaders(), size: (await res.body()).length });
  });
  const doc = await page.goto('/auth/login');
  expect(doc?.status()).toBe(200);
  expect((await doc!.allHeaders())['cache-control']).toBe('no-cache');
  await page.waitForLoadState('networkidle');

  // Files under 1 KB are not worth a compressed twin.
  const scripts = assets.filter((a) => /\.js$/.test(new URL(a.url).pathname) && a.size >= 1024);
  expect(scripts.length).toBeGreaterThan(0);
  for (const { url, headers } of assets) {
    expect(headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
  }
  for (const { url, headers } of scripts) {
    expect(headers['content-encoding'], url).toBe('br');
    expect(headers.vary, url).toMatch(/accept-encoding/i);
  }
});

test('a client that only speaks gzip gets gzip; the landing page is revalidated', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (/^\/assets\/.*\.js$/.test(new URL(res.url()).pathname)) scripts.push(new URL(res.url()).pathname);
  });
  await page.goto('/auth/login');
  await page.waitForLoadState('networkidle');
  const script = scripts[0]!;
  const gz = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.status()).toBe(200);
  expect(gz.headers()['content-encoding']).toBe('gzip');
  expect(gz.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const landing = await request.get('/en/index.html', { headers: { 'accept-encoding': 'br' } });
  expect(landing.status()).toBe(200);
  expect(landing.headers()['cache-control']).toBe('no-cache');
  expect(landing.headers()['content-encoding']).toBe('br');
});
