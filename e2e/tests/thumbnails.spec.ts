import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support.js';

test('an uploaded photo appears as a thumbnail, not a file name', async ({ page, request }) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await page.goto('/main/files');
  await expect(page.getByTestId('files-screen')).toBeVisible();
  const desktop = page.getByTestId('new-button');
  if (await desktop.isVisible()) await desktop.click();
  else await page.getByTestId('new-button-mobile').click();
  await page.getByTestId('new-upload').click();
  await page.getByTestId('upload-input').setInputFiles(path.resolve(import.meta.dirname, '../fixtures/sunset.jpg'));

  const row = page.locator('[data-testid="file-row"][data-name="sunset.jpg"]');
  await expect(row).toBeVisible();
  // The media job makes a WebP thumbnail; the listing refreshes while it is pending, then the image loads.
  const thumb = row.locator('img[src*="/api/media/thumb/"]');
  await expect(thumb).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  await page.getByTestId('view-toggle').click();
  await expect(row.locator('img[src*="/api/media/thumb/"]')).toHaveCount(1);
});
