import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gpsPhoto, GPS } from '../../apps/server/src/test/gps-photo.js';
import { createAccount, failOnPageErrors, fileRow, signIn, text, uploadToMyFiles } from './support.js';

failOnPageErrors();

/** Antakya: a city the name data has no Arabic name for, so its Latin name sits over an Arabic country. */
const ANTAKYA = [36.2025, 36.1605] as const;

async function useLanguage(page: Page, language: string) {
  await page.evaluate(async (lng) => {
    const token = (JSON.parse(localStorage.getItem('user') ?? '{}') as { _at?: string })._at ?? '';
    await fetch('/api/account/language', { method: 'POST', headers: { 'content-type': 'application/json', 'X-Auth-Token': token }, body: JSON.stringify({ language: lng }) });
    localStorage.setItem('i18nextLng', lng);
  }, language);
  await page.reload();
}

/** Where a line's text is drawn (the glyphs, not the line's box): its left and right edge in CSS pixels. */
const textEdges = (line: Locator) =>
  line.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rect = range.getBoundingClientRect();
    return { left: rect.left, right: rect.right };
  });

test('places in Arabic: names in Arabic where the data has them, city and country lines start at the same (right) edge', async ({ page, request }, info) => {
  // Uploads and media processing on a shared two-core machine.
  test.setTimeout(600_000);
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  const dir = path.resolve(import.meta.dirname, `../.tmp/place-names-${info.project.name}`);
  fs.mkdirSync(dir, { recursive: true });
  const files = [
    [path.join(dir, 'saburtalo.jpg'), await gpsPhoto(...GPS.tbilisi)],
    [path.join(dir, 'antakya.jpg'), await gpsPhoto(...ANTAKYA)],
  ] as const;
  for (const [file, body] of files) fs.writeFileSync(file, body);
  await uploadToMyFiles(page, files.map(([file]) => file));
  for (const [file] of files) await expect(fileRow(page, path.basename(file))).toBeVisible({ timeout: 60_000 });

  await useLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/main/discover/places');
  await expect(page.getByRole('heading', { level: 1, name: text('discover:section_places', {}, 'ar') })).toBeVisible();
  const cards = page.getByTestId('place-card');
  // The media job places the photos in the background: reload (no sleeps) until both cards are there.
  await expect(async () => {
    await page.reload();
    await expect(cards).toHaveCount(2, { timeout: 5_000 });
  }).toPass({ timeout: 240_000, intervals: [3_000] });

  const tbilisi = cards.filter({ hasText: 'تبليسي' });
  await expect(tbilisi.getByTestId('card-meta')).toHaveText('جورجيا');
  const antakya = cards.filter({ hasText: 'Antakya' });
  await expect(antakya.getByTestId('card-meta')).toHaveText('تركيا');

  for (const card of [tbilisi, antakya]) {
    const title = await textEdges(card.getByTestId('card-title'));
    const meta = await textEdges(card.getByTestId('card-meta'));
    // Right to left: both lines start at the right edge, whatever script the city is written in.
    expect(Math.abs(title.right - meta.right), JSON.stringify({ title, meta })).toBeLessThanOrEqual(1);
  }
  await useLanguage(page, 'tr');
});
