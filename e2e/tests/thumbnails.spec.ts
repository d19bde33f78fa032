import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, signIn, startsWith, text } from './support.js';

test('an uploaded photo appears as a thumbnail, not a file name', async ({ page, request }) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await page.goto('/main/files');
  await expect(page.getByRole('region', { name: text('files:title'), exact: true })).toBeVisible();
  // The wide screen's button and the narrow screen's icon share the name; only one is rendered.
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
  await page.getByRole('menuitem', { name: text('files:upload_files') }).click();
  // The file input is hidden (the menu item opens it): it has no role.
  await page.getByTestId('upload-input').setInputFiles(path.resolve(import.meta.dirname, '../fixtures/sunset.jpg'));

  const row = page.getByRole('list', { name: text('files:list_label') }).getByRole('listitem', { name: startsWith('sunset.jpg, ') });
  await expect(row).toBeVisible();
  // The media job makes a WebP thumbnail; the listing refreshes while it is pending, then the image loads.
  const thumb = row.locator('img[src*="/api/media/thumb/"]');
  await expect(thumb).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  // Named after the view it switches to.
  await page.getByRole('button', { name: new RegExp(`^(${text('files:view_grid')}|${text('files:view_list')})$`) }).click();
  await expect(row.locator('img[src*="/api/media/thumb/"]')).toHaveCount(1);
});
