import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, fileRow, startWithFiles, startsWith, text } from './support.js';

// Issue 17: how Files, Hidden and the photo viewer behave in a real browser, at 1280 and 375 px.
const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-ux-'));

failOnPageErrors();

const check = (page: Page, name: string) => fileRow(page, name).getByRole('checkbox', { name: text('files:select_item', { name }) });
const selectionBar = (page: Page) => page.getByRole('toolbar', { name: text('files:selection_actions') });

test('single-click opens a file; the check box selects; Escape clears the selection', async ({ page, request }) => {
  const note = path.join(tmp, 'not.txt');
  fs.writeFileSync(note, 'Merhaba\n');
  await startWithFiles(page, request, [note]);

  await fileRow(page, 'not.txt').click();
  const preview = page.getByRole('dialog', { name: 'not.txt' });
  await expect(preview).toBeVisible();
  await expect(preview.getByText('Merhaba')).toBeVisible();
  await expect(page).toHaveURL(/\/main\/preview\?/);
  await page.goBack();
  await expect(page).toHaveURL(/\/main\/files/);

  await check(page, 'not.txt').click();
  await expect(selectionBar(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(selectionBar(page)).toHaveCount(0);
});

test('hide → Hidden view → unhide', async ({ page, request }) => {
  await startWithFiles(page, request, [path.join(fixtures, 'sunset.jpg')]);

  await check(page, 'sunset.jpg').click();
  await selectionBar(page).getByRole('button', { name: text('files:action_hide'), exact: true }).click();
  await expect(fileRow(page, 'sunset.jpg')).toHaveCount(0);

  await page.getByRole('link', { name: text('files:open_hidden') }).click();
  await expect(page).toHaveURL(/\/main\/hidden$/);
  const hidden = page.getByRole('list', { name: text('files:hidden_list_label') }).getByRole('listitem', { name: startsWith('sunset.jpg, ') });
  await expect(hidden).toBeVisible();
  // The hidden photo keeps its thumbnail.
  const thumb = hidden.getByTestId('file-thumbnail').locator('img:not([aria-hidden="true"])');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 }).toBe(true);

  await hidden.getByRole('button', { name: text('files:item_menu', { name: 'sunset.jpg' }) }).click();
  await page.getByRole('menuitem', { name: text('files:action_unhide') }).click();
  await expect(page.getByRole('group', { name: text('files:hidden_empty_title') })).toBeVisible();

  // Photos leads to the same place.
  await page.goto('/main/photos/all');
  await page.getByRole('link', { name: text('photos:hidden_link') }).click();
  await expect(page).toHaveURL(/\/main\/hidden$/);
  await page.goto('/main/files');
  await expect(fileRow(page, 'sunset.jpg')).toBeVisible();
});

test('viewer URL survives a reload and Back closes the viewer on Photos', async ({ page, request }) => {
  await startWithFiles(page, request, [path.join(fixtures, 'sunset.jpg')]);

  // Arrive at Photos from Files, so "back to Files" would be the wrong answer.
  await page.goto('/main/photos/all');
  const tile = page.locator('[data-testid="photo-tile"][data-name="sunset.jpg"]');
  await expect(tile).toBeVisible({ timeout: 30_000 });
  await tile.getByRole('button', { name: startsWith('sunset.jpg') }).click();
  const viewer = page.getByRole('dialog', { name: 'sunset.jpg', exact: true });
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(/\/main\/photos\/all\?photo=[0-9a-f-]{36}$/);
  const opened = page.url();

  await page.reload();
  await expect(page.getByRole('dialog', { name: 'sunset.jpg', exact: true })).toBeVisible();
  expect(page.url()).toBe(opened);

  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'sunset.jpg', exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/main\/photos\/all$/);
  await expect(tile).toBeVisible();

  // A shared link opens the same photo; closing it stays on Photos.
  await page.goto(opened);
  await page
    .getByRole('dialog', { name: 'sunset.jpg', exact: true })
    .getByRole('button', { name: text('viewer:close'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/main\/photos\/all$/);
});
