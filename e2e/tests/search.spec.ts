import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, startsWith, text } from './support.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const jpeg = (fixture: string) => fs.readFileSync(path.join(fixtures, fixture));
// A one-page PDF: enough for the server to know it as a document of type PDF.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
// Distinct names: two photos and a PDF that "ist" finds (with the dotted capital İ), and one file it must not.
const FILES = [
  { name: 'İstanbul.jpg', mimeType: 'image/jpeg', buffer: jpeg('beach-2024-05-01.jpg') },
  { name: 'istasyon.jpg', mimeType: 'image/jpeg', buffer: jpeg('snow-2023-12-25.jpg') },
  { name: 'İstek listesi.pdf', mimeType: 'application/pdf', buffer: PDF },
  { name: 'orman.jpg', mimeType: 'image/jpeg', buffer: jpeg('forest-2021-07-14.jpg') },
];
const FOLDER = 'İstiklal notları';

// An uncaught error in the app fails the test even when the screen recovers from it.
const pageErrors: string[] = [];
test.afterEach(() => {
  const errors = pageErrors.splice(0);
  expect(errors, errors.join('\n')).toEqual([]);
});

const row = (page: Page, name: string) =>
  page.getByRole('list', { name: text('files:list_label') }).getByRole('listitem', { name: startsWith(`${name}, `) });
const chip = (page: Page, kindKey: string) =>
  page.getByRole('group', { name: text('search:filter_label') }).getByRole('button', { name: startsWith(`${text(kindKey)} `) });

/** The search box: in the header on wide screens; on a phone the header's icon opens the search screen, which has it. */
async function searchBox(page: Page, narrow: boolean) {
  if (narrow) await page.getByRole('link', { name: text('shell:search_label'), exact: true }).click();
  const box = page.getByRole('combobox', { name: text('shell:search_label'), exact: true });
  await expect(box).toBeVisible();
  return box;
}

test('search: type in the header, pick a suggestion, search, filter by kind, open a photo and a folder, Back returns', async ({ page, request }, info) => {
  // Uploads, media processing and a dozen screens on a shared two-core machine.
  test.setTimeout(600_000);
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  const narrow = (info.project.use.viewport?.width ?? 1280) < 768;
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);

  // seed: a folder through the API, four files uploaded through the app
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._at as string);
  const folder = await page.request.post('/api/filesystem/createFolder', {
    headers: { 'x-auth-token': token, 'folder-name': encodeURIComponent(FOLDER), 'folder-uuid': crypto.randomUUID() },
  });
  expect(folder.status(), await folder.text()).toBe(200);
  await page.goto('/main/files');
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
  await page.getByRole('menuitem', { name: text('files:upload_files') }).click();
  await page.getByTestId('upload-input').setInputFiles(FILES);
  for (const file of FILES) await expect(row(page, file.name)).toBeVisible({ timeout: 30_000 });
  await expect(row(page, FOLDER)).toBeVisible();

  // type "istan" (no dotted İ, lower case): after the pause the suggestions offer the photo; picking it opens it
  let box = await searchBox(page, narrow);
  await box.pressSequentially('istan');
  const suggestion = page.getByRole('listbox', { name: text('search:suggestions_label') }).getByRole('option', { name: startsWith('İstanbul.jpg') });
  // The list's chunk, its strings and the first suggest call all load now; a busy machine needs the time.
  await expect(suggestion).toBeVisible({ timeout: 30_000 });
  await suggestion.click();
  const preview = page.getByRole('dialog', { name: 'İstanbul.jpg' });
  await expect(preview).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // search "ist" with Enter: grouped results with a chip per kind
  box = await searchBox(page, narrow);
  await box.fill('ist');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/main\/search\?text=ist$/);
  const media = page.getByRole('region', { name: startsWith(text('search:group_MEDIA')) });
  await expect(media.getByTestId('photo-tile')).toHaveCount(2);
  await expect(media.locator('[data-testid="photo-tile"][data-name="orman.jpg"]')).toHaveCount(0);
  const documents = page.getByRole('region', { name: startsWith(text('search:kind_DOCUMENT')) });
  await expect(documents.getByRole('link', { name: startsWith('İstek listesi.pdf') })).toContainText(text('search:document_PDF'));
  await expect(page.getByRole('region', { name: startsWith(text('search:kind_FOLDER')) }).getByRole('link', { name: startsWith(FOLDER) })).toBeVisible();
  await expect(chip(page, 'search:kind_ALL')).toHaveAccessibleName(`${text('search:kind_ALL')} 4`);

  // filter by kind: photos only
  await chip(page, 'search:kind_PHOTO').click();
  await expect(page).toHaveURL(/\/main\/search\?text=ist&kind=PHOTO$/);
  await expect(chip(page, 'search:kind_PHOTO')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: startsWith(text('search:kind_FOLDER')) })).toHaveCount(0);
  const photos = page.getByRole('region', { name: startsWith(text('search:kind_PHOTO')) });
  await expect(photos.getByTestId('photo-tile')).toHaveCount(2);

  // open a photo from the results in the shared viewer; Back closes it and keeps the text and the filter
  await photos.getByRole('button', { name: startsWith('İstanbul.jpg') }).click();
  const viewer = page.getByRole('dialog', { name: 'İstanbul.jpg', exact: true });
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(/[?&]photo=/);
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(/\/main\/search\?text=ist&kind=PHOTO$/);
  await expect(photos.getByTestId('photo-tile')).toHaveCount(2);

  // a folder opens in Files; Back returns to the same results and filter
  await chip(page, 'search:kind_FOLDER').click();
  await page.getByRole('link', { name: startsWith(FOLDER) }).click();
  await expect(page).toHaveURL(/\/main\/files\?folder=/);
  await page.goBack();
  await expect(page).toHaveURL(/\/main\/search\?text=ist&kind=FOLDER$/);
  await expect(chip(page, 'search:kind_FOLDER')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: startsWith(FOLDER) })).toBeVisible();

  // the searches are remembered on this device and offered in the box
  box = await searchBox(page, narrow);
  await box.fill('');
  await box.focus();
  await expect(page.getByRole('option', { name: startsWith('ist') }).first()).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('recentSearches') ?? '[]'))).toEqual(['ist']);
});
