import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { gpsPhoto, GPS } from '../../apps/server/src/test/gps-photo.js';
import { blockingViolations } from './a11y.js';
import { createAccount, createLiveLink, failOnPageErrors, fileRow, openAsVisitor, signIn, text, uploadToMyFiles } from './support.js';

failOnPageErrors();
// axe is injected as a script: the app's CSP would block it.
test.use({ bypassCSP: true });

// Issue 35: a place's photos shared by a live link, opened by a visitor in a second browser (no session). A place
// needs no premium and no face model, so the fixture is one photo with GPS.
test('a place shared by a live link: the visitor sees its photos, and a photo taken there later appears', async ({ browser, page, request }, info) => {
  // Uploads and the media job (the place lookup) on a shared two-core machine.
  test.setTimeout(600_000);
  const owner = await createAccount(request);
  await signIn(page, owner.email, owner.password);
  const beach = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/beach-2024-05-01.jpg'));
  const dir = path.resolve(import.meta.dirname, `../.tmp/live-links-${info.project.name}`);
  fs.mkdirSync(dir, { recursive: true });
  const first = path.join(dir, 'kadikoy-1.jpg');
  fs.writeFileSync(first, await gpsPhoto(GPS.istanbul[0], GPS.istanbul[1], beach));
  await uploadToMyFiles(page, [first]);
  await expect(fileRow(page, 'kadikoy-1.jpg')).toBeVisible({ timeout: 60_000 });

  // Discover: wait (reloading, no sleeps) until the photo is placed, then open the place.
  await page.goto('/main/discover');
  const places = page.getByRole('region', { name: text('discover:section_places'), exact: true });
  const card = places.getByTestId('place-card').first();
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 180_000, intervals: [3_000] });
  await card.click();
  await expect(page).toHaveURL(/\/main\/discover\/place\//);
  const placeName = (await page.getByTestId('entity-title').textContent())?.trim() ?? '';
  await expect(page.getByTestId('photo-tile')).toHaveCount(1);

  // Share by link: the dialog offers the live link only, with the name shown unless the owner unticks it.
  await page.getByRole('button', { name: text('discover:share_link') }).click();
  const dialog = page.getByRole('dialog', { name: text('shares:dialog_title_place', { name: placeName }) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: text('shares:show_name_place') })).toBeChecked();
  expect(await blockingViolations(page)).toEqual([]);
  const url = await createLiveLink(page, dialog);

  // A visitor in a fresh browser, without a session (the page opens in the app's default language).
  const { context, visitor } = await openAsVisitor(browser, info, url, { locale: 'en-US', bypassCSP: true });
  await expect(visitor.getByRole('heading', { name: /stanbul/ })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText(text('shares:visitor_photo_count', { count: 1 }))).toBeVisible();
  await expect(visitor.getByTestId('photo-tile')).toHaveCount(1);
  await expect(visitor.getByRole('button', { name: text('shares:visitor_download_all') })).toBeVisible();
  expect(await blockingViolations(visitor)).toEqual([]);
  // The viewer opens the photo, read-only.
  await visitor.getByTestId('photo-open').first().click();
  await expect(visitor.getByRole('dialog')).toBeVisible();
  await visitor.keyboard.press('Escape');

  // A second photo taken there: it appears for the visitor at the next visit, with nothing done to the link.
  const second = path.join(dir, 'kadikoy-2.jpg');
  fs.writeFileSync(second, await gpsPhoto(GPS.istanbul[0] + 0.001, GPS.istanbul[1], beach));
  await uploadToMyFiles(page, [second]);
  await expect(fileRow(page, 'kadikoy-2.jpg')).toBeVisible({ timeout: 60_000 });
  await expect(async () => {
    await visitor.reload();
    await expect(visitor.getByTestId('photo-tile')).toHaveCount(2, { timeout: 5_000 });
  }).toPass({ timeout: 180_000, intervals: [3_000] });
  await context.close();
});
