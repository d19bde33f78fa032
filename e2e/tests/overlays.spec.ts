import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, failOnPageErrors, fileRow, signIn, text, uploadToMyFiles } from './support.js';

// Issue 26: what opens from an overlay is above it and usable; the share dialog remembers a link; titles are not cut.
const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const PHOTO = 'beach-2024-05-01.jpg';

failOnPageErrors();

async function token(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._at as string);
}

/** A folder through the API (the create dialog has its own test); returns its uuid. */
async function createFolder(page: Page, name: string): Promise<string> {
  const uuid = crypto.randomUUID();
  const response = await page.request.post('/api/filesystem/createFolder', {
    headers: { 'x-auth-token': await token(page), 'folder-name': name, 'folder-uuid': uuid },
  });
  expect(response.status(), await response.text()).toBe(200);
  return uuid;
}

async function openShareDialog(page: Page, name: string) {
  await page.goto('/main/files');
  await page.getByRole('button', { name: text('files:item_menu', { name }) }).click();
  await page.getByRole('menuitem', { name: text('files:action_share'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text('shares:dialog_title_one', { name }) });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** No part of the element's text is cut off (an ellipsis only shows when the text is wider than its box). */
async function expectWhole(page: Page, selector: string) {
  const boxes = page.locator(selector);
  await expect(boxes.first()).toBeVisible();
  const sizes = await boxes.evaluateAll((elements) => elements.map((el) => ({ text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth })));
  for (const size of sizes) expect(size.scroll, `"${size.text}" is cut: ${size.scroll} > ${size.client}`).toBeLessThanOrEqual(size.client);
}

test('the viewer’s ⋮ menu is above the viewer: Hide and Move to Trash can be clicked, Rename opens a usable dialog over it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await uploadToMyFiles(page, [path.join(fixtures, PHOTO)]);
  await expect(fileRow(page, PHOTO)).toBeVisible({ timeout: 30_000 });

  await page.goto('/main/photos/all');
  const tile = page.locator(`[data-testid="photo-tile"][data-name="${PHOTO}"]`);
  await tile.getByRole('button', { name: new RegExp(`^${PHOTO.replace(/[.]/g, '\\.')}`) }).click();
  const viewer = page.getByRole('dialog', { name: PHOTO, exact: true });
  await expect(viewer).toBeVisible();

  await viewer.getByRole('button', { name: text('viewer:more'), exact: true }).click();
  const menu = page.getByRole('menu');
  // A trial click checks that the item itself, not the viewer, receives the pointer (it timed out with "intercepts pointer events").
  await menu.getByRole('menuitem', { name: text('viewer:hide'), exact: true }).click({ trial: true });
  await menu.getByRole('menuitem', { name: text('viewer:delete'), exact: true }).click({ trial: true });
  await menu.getByRole('menuitem', { name: text('viewer:rename'), exact: true }).click();

  // A dialog opened from the viewer (itself a dialog) is on top and can be typed in and submitted.
  const rename = page.getByRole('dialog', { name: text('files:rename_title'), exact: true });
  await expect(rename).toBeVisible();
  await rename.getByRole('textbox', { name: text('files:new_name') }).fill('deniz.jpg');
  await rename.getByRole('button', { name: text('files:rename'), exact: true }).click();
  await expect(rename).toBeHidden();
  // The toast over the viewer is visible, and the viewer stays open under it.
  await expect(page.getByTestId('toast').filter({ hasText: text('files:renamed') })).toBeVisible();
  await expect(page.getByTestId('photo-viewer')).toBeVisible();
});

test('the share dialog shows a folder’s existing link with Stop sharing, and Stop sharing removes it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await createFolder(page, 'Tatil 2026');

  let dialog = await openShareDialog(page, 'Tatil 2026');
  await dialog.getByRole('button', { name: text('shares:link_create'), exact: true }).click();
  const address = dialog.getByRole('textbox', { name: text('shares:link_label') });
  await expect(address).toHaveValue(/\/sharedFiles\?token=/);
  const url = await address.inputValue();
  await dialog.getByRole('button', { name: text('common:close'), exact: true }).click();
  await expect(dialog).toBeHidden();

  // Reopened: the same link, its controls, and no offer to create it again.
  dialog = await openShareDialog(page, 'Tatil 2026');
  await expect(dialog.getByRole('textbox', { name: text('shares:link_label') })).toHaveValue(url);
  await expect(dialog.getByRole('button', { name: text('shares:link_copy'), exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: text('shares:password_set'), exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: text('shares:link_create'), exact: true })).toHaveCount(0);

  // Stop sharing asks in a dialog over the share dialog; that one is on top and usable.
  await dialog.getByRole('button', { name: text('shares:link_stop'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: text('shares:link_stop_title') });
  await confirm.getByRole('button', { name: text('shares:link_stop'), exact: true }).click();
  await expect(dialog.getByRole('button', { name: text('shares:link_create'), exact: true })).toBeVisible();
  const visitor = await page.request.get('/api/share/visitor', { headers: { 'x-share-token': new URL(url).searchParams.get('token')! } });
  expect(visitor.status()).toBe(404);

  await dialog.getByRole('button', { name: text('common:close'), exact: true }).click();
  dialog = await openShareDialog(page, 'Tatil 2026');
  await expect(dialog.getByRole('button', { name: text('shares:link_create'), exact: true })).toBeVisible();
});

test('creating an album opens its photo picker; titles and an 8-letter album name are shown whole', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  // A photo to pick: an album with photos also shows Download, which left its name the least room on a phone.
  await uploadToMyFiles(page, [path.join(fixtures, PHOTO)]);
  await expect(fileRow(page, PHOTO)).toBeVisible({ timeout: 30_000 });

  await page.goto('/main/album');
  await page.getByRole('button', { name: text('albums:create_album'), exact: true }).first().click();
  const create = page.getByRole('dialog', { name: text('albums:create_title') });
  await create.getByRole('textbox', { name: text('albums:album_name') }).fill('Yaz 2024');
  await create.getByRole('button', { name: text('albums:create'), exact: true }).click();
  const picker = page.getByRole('dialog', { name: text('albums:picker_title', { album: 'Yaz 2024' }) });
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: text('albums:select_photo', { name: PHOTO }), exact: true }).click();
  await picker.getByRole('button', { name: text('albums:picker_add'), exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('photo-tile')).toHaveCount(1);
  await expectWhole(page, '[data-testid="album-label"]');
  await page.goto('/main/album');
  await expectWhole(page, '[data-testid="album-card"] a > [dir="auto"]');

  for (const route of ['/main/notifications', '/main/trash', '/main/packages']) {
    await page.goto(route);
    await expectWhole(page, '[data-testid="page-title"]');
  }
});
