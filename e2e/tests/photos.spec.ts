import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn } from './support.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
// EXIF DateTimeOriginal of each fixture (e2e/fixtures/make-photos.mjs): two on one day, one each in two other years.
const PHOTOS = {
  'beach-2024-05-01.jpg': '2024-05-01',
  'lunch-2024-05-01.jpg': '2024-05-01',
  'snow-2023-12-25.jpg': '2023-12-25',
  'forest-2021-07-14.jpg': '2021-07-14',
} as const;
type PhotoName = keyof typeof PHOTOS;

// An uncaught error in the app fails the test even when the screen recovers from it.
const pageErrors: string[] = [];
test.afterEach(() => {
  const errors = pageErrors.splice(0);
  expect(errors, errors.join('\n')).toEqual([]);
});

const tile = (page: Page, name: PhotoName) => page.locator(`[data-testid="photo-tile"][data-name="${name}"]`);

async function openNewMenu(page: Page) {
  const desktop = page.getByTestId('new-button');
  if (await desktop.isVisible()) await desktop.click();
  else await page.getByTestId('new-button-mobile').click();
}

/** Selects photos on the timeline or in an album through their check boxes. */
async function select(page: Page, names: PhotoName[]) {
  for (const name of names) {
    await tile(page, name).hover();
    await tile(page, name).getByTestId('photo-check').click();
  }
}

async function expectThumbnailLoaded(page: Page, name: PhotoName) {
  const img = tile(page, name).getByTestId('photo-thumbnail');
  await expect(img).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
}

test('photos: timeline groups by taken day with thumbnails, viewer, album with cover, trash and recover', async ({ page, request }) => {
  test.setTimeout(120_000);
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);

  // the side menu's Photos item leads to the (empty) timeline
  await page.goto('/main/photos/all');
  await expect(page.getByTestId('photos-empty')).toBeVisible();

  // upload four photos taken on three different days through the NEW menu and the shared upload panel
  await openNewMenu(page);
  await page.getByTestId('new-upload').click();
  await page.getByTestId('upload-input').setInputFiles(Object.keys(PHOTOS).map((name) => path.join(fixtures, name)));

  // each lands in the day its EXIF says, with a real thumbnail
  for (const [name, day] of Object.entries(PHOTOS) as [PhotoName, string][]) {
    await expect(tile(page, name)).toHaveAttribute('data-group', day, { timeout: 30_000 });
    await expectThumbnailLoaded(page, name);
  }
  const days = page.getByTestId('timeline-day');
  await expect(days).toHaveCount(3);
  await expect(days.nth(0)).toHaveAttribute('data-key', '2024-05-01');
  await expect(days.nth(1)).toHaveAttribute('data-key', '2023-12-25');
  await expect(days.nth(2)).toHaveAttribute('data-key', '2021-07-14');

  // the viewer opens on the clicked photo and walks the timeline with keys and buttons
  await tile(page, 'snow-2023-12-25.jpg').getByTestId('photo-open').click();
  const viewer = page.getByTestId('photo-viewer');
  await expect(viewer).toBeVisible();
  await expect(page.getByTestId('viewer-counter')).toContainText('3');
  await expect(page.getByTestId('viewer-counter')).toContainText('4');
  await expect(page.getByTestId('viewer-image')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('viewer-counter')).toContainText('4');
  await page.getByTestId('viewer-prev').click();
  await page.getByTestId('viewer-prev').click();
  await expect(page.getByTestId('viewer-counter')).toContainText('2');
  await page.getByTestId('viewer-info').click();
  await expect(page.getByTestId('viewer-info-panel')).toContainText('E2E Camera');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // create an album from the albums screen (the modal filters special characters)
  await page.goto('/main/album');
  await page.getByTestId('albums-create').first().click();
  await page.getByTestId('create-album-input').fill('Yaz!! 2024*');
  await expect(page.getByTestId('create-album-input')).toHaveValue('Yaz 2024');
  await page.getByTestId('create-album-submit').click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  // the follow-up opens the new album
  await expect(page.getByTestId('album-detail')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('album-label')).toHaveText('Yaz 2024');
  const albumUrl = page.url();
  await page.keyboard.press('Escape');

  // add two photos to it from the timeline
  await page.goto('/main/photos/all');
  await expectThumbnailLoaded(page, 'beach-2024-05-01.jpg');
  await select(page, ['beach-2024-05-01.jpg', 'forest-2021-07-14.jpg']);
  await page.getByTestId('photos-action-album').click();
  await page.getByTestId('add-to-album-dialog').getByTestId('add-to-album-item').filter({ hasText: 'Yaz 2024' }).click();
  await expect(page.getByTestId('add-to-album-dialog')).toBeHidden();

  // the album shows them; its cover defaults to the newest, then we set the older one as cover
  await page.goto(albumUrl);
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  await expectThumbnailLoaded(page, 'forest-2021-07-14.jpg');
  await page.goto('/main/album');
  const card = page.getByTestId('album-card').filter({ hasText: 'Yaz 2024' });
  await expect(card.getByTestId('album-cover')).toHaveAttribute('data-cover', await uuidOf(page, albumUrl, 'beach-2024-05-01.jpg'));
  await page.goto(albumUrl);
  await select(page, ['forest-2021-07-14.jpg']);
  await page.getByTestId('album-action-cover').click();
  const forestUuid = await tile(page, 'forest-2021-07-14.jpg').getAttribute('data-uuid');
  await page.goto('/main/album');
  await expect(card.getByTestId('album-cover')).toHaveAttribute('data-cover', forestUuid!);

  // trashing a photo takes it out of the timeline and the album; recovering brings it back to both
  await page.goto('/main/photos/all');
  await expectThumbnailLoaded(page, 'forest-2021-07-14.jpg');
  await select(page, ['forest-2021-07-14.jpg']);
  await page.getByTestId('photos-action-delete').click();
  await page.getByTestId('photos-delete-confirm').getByRole('button').last().click();
  await expect(tile(page, 'forest-2021-07-14.jpg')).toHaveCount(0);
  await expect(page.getByTestId('timeline-day')).toHaveCount(2);
  await page.goto(albumUrl);
  await expect(page.getByTestId('photo-tile')).toHaveCount(1);

  await page.goto('/main/trash');
  await page.locator('[data-testid="trash-row"][data-name="forest-2021-07-14.jpg"]').click();
  await page.getByTestId('trash-recover').click();
  await expect(page.locator('[data-testid="trash-row"]')).toHaveCount(0);
  await page.goto(albumUrl);
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  await page.goto('/main/photos/all');
  await expect(tile(page, 'forest-2021-07-14.jpg')).toHaveAttribute('data-group', '2021-07-14');

  // the album itself goes to the album trash and comes back
  await page.goto('/main/album');
  await card.getByTestId('album-menu').click();
  await page.getByTestId('album-action-trash').click();
  await expect(card).toHaveCount(0);
  await page.getByTestId('albums-filter-trashed').click();
  await card.getByTestId('album-menu').click();
  await page.getByTestId('album-action-recover').click();
  await expect(card).toHaveCount(0);
  await page.getByTestId('albums-filter-active').click();
  await expect(card).toHaveCount(1);
});

/** The uuid of a photo, read from its tile in the album. */
async function uuidOf(page: Page, albumUrl: string, name: PhotoName): Promise<string> {
  const back = page.url();
  await page.goto(albumUrl);
  const uuid = await tile(page, name).getAttribute('data-uuid');
  await page.goto(back);
  return uuid!;
}
