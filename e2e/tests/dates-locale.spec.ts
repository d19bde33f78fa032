import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { failOnPageErrors, startWithFiles, text } from './support.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const georgian = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales/ka/calendar.json'), 'utf8'),
) as { months: string[]; months_format: string[] };

failOnPageErrors();

// Debian's Chromium has no Georgian ICU data (Intl writes "July 2021" for ka): the app's own month names stand in.
test('dates: the Georgian timeline names its months in Georgian', async ({ page, request }) => {
  test.setTimeout(240_000);
  // EXIF DateTimeOriginal 2021-07-14 (e2e/fixtures/make-photos.mjs).
  await startWithFiles(page, request, [path.join(fixtures, 'forest-2021-07-14.jpg')]);

  // The interface language is the account's (issue 26): set it there, as the Language tab does.
  await page.goto('/main/settings?tab=4');
  await page.getByRole('combobox', { name: text('common:language'), exact: true }).selectOption('ka');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ka');
  await page.goto('/main/photos/all');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ka');

  // A month heading has no role of its own (an h2 in a virtual list's row): its test id.
  const month = page.getByTestId('timeline-month').first();
  await expect(month).toHaveText(`${georgian.months[6]} 2021`, { timeout: 30_000 });
  await expect(month).toHaveText('ივლისი 2021');
  // The day's check box reads the full date, with the month beside its day.
  await expect(page.getByRole('checkbox', { name: text('photos:select_day', { date: `14 ${georgian.months_format[6]}, 2021` }, 'ka') })).toBeAttached();
});
