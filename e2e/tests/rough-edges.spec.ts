import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, fileRow, startWithFiles, startsWith, text } from './support.js';

// Issue 17, the last rough edges: album viewer URL, Delete in an album, upload panel over long lists, focus after the
// Files preview, the Hidden view's viewer URL. At 1280 and 375 px.
const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-rough-'));

failOnPageErrors();

const tile = (page: Page, name: string) => page.locator(`[data-testid="photo-tile"][data-name="${name}"]`);

/** Creates an album from the albums screen and adds the named photos through its picker; returns its URL. */
async function albumWith(page: Page, label: string, photos: string[]): Promise<string> {
  await page.goto('/main/album');
  await page.getByRole('button', { name: text('albums:create_album'), exact: true }).first().click();
  const create = page.getByRole('dialog', { name: text('albums:create_title') });
  await create.getByRole('textbox', { name: text('albums:album_name') }).fill(label);
  await create.getByRole('button', { name: text('albums:create'), exact: true }).click();
  const picker = page.getByRole('dialog', { name: text('albums:picker_title', { album: label }) });
  for (const name of photos) await picker.getByRole('button', { name: text('albums:select_photo', { name }) }).click();
  await picker.getByRole('button', { name: text('albums:picker_add'), exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('photo-tile')).toHaveCount(photos.length);
  return page.url();
}

test('album viewer: the photo is in the URL, a reload reopens it, Back returns to the album; Delete removes after a confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const photos = ['beach-2024-05-01.jpg', 'forest-2021-07-14.jpg'];
  await startWithFiles(page, request, photos.map((name) => path.join(fixtures, name)));
  const albumUrl = await albumWith(page, 'Tatil', photos);
  const albumPath = new URL(albumUrl).pathname;

  await tile(page, 'forest-2021-07-14.jpg').getByRole('button', { name: startsWith('forest-2021-07-14.jpg') }).click();
  const viewer = page.getByRole('dialog', { name: 'forest-2021-07-14.jpg', exact: true });
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${albumPath}\\?photo=[0-9a-f-]{36}$`));
  const opened = page.url();

  await page.reload();
  await expect(page.getByRole('dialog', { name: 'forest-2021-07-14.jpg', exact: true })).toBeVisible();
  expect(page.url()).toBe(opened);

  await page.goBack();
  await expect(viewer).toHaveCount(0);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(albumPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Tatil', exact: true })).toBeVisible();

  // Opened in this visit and closed with its button: focus goes back to the photo's tile.
  await tile(page, 'beach-2024-05-01.jpg').getByRole('button', { name: startsWith('beach-2024-05-01.jpg') }).click();
  await page.getByRole('dialog', { name: 'beach-2024-05-01.jpg', exact: true }).getByRole('button', { name: text('viewer:close'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${albumPath}$`));
  await expect(tile(page, 'beach-2024-05-01.jpg').locator('[data-cell-focus]')).toBeFocused();

  // Delete on a tile: the selection bar's remove, with its confirmation; Cancel keeps the photo.
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: text('albums:remove_confirm_title') });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: text('common:cancel'), exact: true }).click();
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  await tile(page, 'beach-2024-05-01.jpg').locator('[data-cell-focus]').focus();
  await page.keyboard.press('Delete');
  await confirm.getByRole('button', { name: text('albums:remove_from_album'), exact: true }).click();
  await expect(page.getByTestId('photo-tile')).toHaveCount(1);
  await expect(tile(page, 'beach-2024-05-01.jpg')).toHaveCount(0);
});

test('hidden view: the viewer URL survives a reload and Back closes it', async ({ page, request }) => {
  test.setTimeout(480_000);
  await startWithFiles(page, request, [path.join(fixtures, 'sunset.jpg')]);
  await fileRow(page, 'sunset.jpg').getByRole('checkbox', { name: text('files:select_item', { name: 'sunset.jpg' }) }).click();
  await page.getByRole('toolbar', { name: text('files:selection_actions') }).getByRole('button', { name: text('files:action_hide'), exact: true }).click();
  await expect(fileRow(page, 'sunset.jpg')).toHaveCount(0);
  await page.goto('/main/hidden');
  const hidden = page.getByRole('list', { name: text('files:hidden_list_label') }).getByRole('listitem', { name: startsWith('sunset.jpg, ') });
  await hidden.click();
  const viewer = page.getByRole('dialog', { name: 'sunset.jpg', exact: true });
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(/\/main\/hidden\?photo=[0-9a-f-]{36}$/);
  await page.reload();
  await expect(viewer).toBeVisible();
  await page.goBack();
  await expect(viewer).toHaveCount(0);
  await expect(page).toHaveURL(/\/main\/hidden$/);
  await expect(hidden).toBeVisible();
});

test('the open upload panel never hides the last rows and their menu buttons', async ({ page, request }) => {
  test.setTimeout(240_000);
  const names = Array.from({ length: 24 }, (_, i) => `not-${String(i + 1).padStart(2, '0')}.txt`);
  const files = names.map((name) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, `${name}\n`);
    return file;
  });
  await startWithFiles(page, request, files);
  const panel = page.getByRole('region', { name: text('upload:panel_label') });
  // Done uploads fold the panel down (if it was there while they ran: it loads with the first upload); open it again,
  // as someone reading the list of uploads would.
  if (await panel.getByRole('button', { name: text('upload:expand') }).isVisible()) {
    await panel.getByRole('button', { name: text('upload:expand') }).click();
  }
  await expect(panel.getByRole('list')).toBeVisible();

  // The default order is by name: the last row is the last file. A plain click fails if anything covers the button.
  const last = names.at(-1)!;
  await fileRow(page, last).getByRole('button', { name: text('files:item_menu', { name: last }) }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel.getByRole('list')).toBeVisible();
});

test('focus returns to the row that opened the Files preview (Escape and the close button)', async ({ page, request }) => {
  const notes = ['a-not.txt', 'b-not.txt'].map((name) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, `${name}\n`);
    return file;
  });
  await startWithFiles(page, request, notes);

  await fileRow(page, 'b-not.txt').focus();
  await page.keyboard.press('Enter');
  const preview = page.getByRole('dialog', { name: 'b-not.txt' });
  await expect(preview).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(fileRow(page, 'b-not.txt')).toBeFocused();

  // Walked to the previous file in the preview, then closed with its button: focus on the file shown last.
  await page.keyboard.press('Enter');
  await expect(preview).toBeVisible();
  await page.getByRole('button', { name: text('files:preview_prev') }).click();
  const first = page.getByRole('dialog', { name: 'a-not.txt' });
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: text('common:close'), exact: true }).click();
  await expect(first).toBeHidden();
  await expect(fileRow(page, 'a-not.txt')).toBeFocused();
});
