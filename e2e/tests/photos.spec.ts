import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, failOnPageErrors, signIn, startsWith, text } from './support.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
// EXIF DateTimeOriginal of each fixture (e2e/fixtures/make-photos.mjs): two on one day, one each in two other years.
const PHOTOS = {
  'beach-2024-05-01.jpg': '2024-05-01',
  'lunch-2024-05-01.jpg': '2024-05-01',
  'snow-2023-12-25.jpg': '2023-12-25',
  'forest-2021-07-14.jpg': '2021-07-14',
} as const;
type PhotoName = keyof typeof PHOTOS;

failOnPageErrors();

// A tile's wrapper has no role (its buttons do); it carries the day, uuid and name the test reads.
const tile = (page: Page, name: PhotoName) => page.locator(`[data-testid="photo-tile"][data-name="${name}"]`);
const selectionAction = (page: Page, key: string) =>
  page.getByRole('toolbar', { name: text('files:selection_actions') }).getByRole('button', { name: text(key), exact: true });

async function openNewMenu(page: Page) {
  // The wide screen's button and the narrow screen's icon share the name; only one is rendered.
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
}

/** Selects photos on the timeline or in an album through their check boxes. */
async function select(page: Page, names: PhotoName[]) {
  for (const name of names) {
    await tile(page, name).hover();
    await tile(page, name).getByRole('checkbox', { name: text('photos:select_photo', { name }) }).click();
  }
}

async function expectThumbnailLoaded(page: Page, name: PhotoName) {
  // The thumbnail is decorative (alt=""): it has no role.
  const img = tile(page, name).getByTestId('photo-thumbnail');
  await expect(img).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
}

test('photos: timeline groups by taken day with thumbnails, viewer, album with cover, trash and recover', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);

  // the side menu's Photos item leads to the (empty) timeline (the first screen of a run: a cold server)
  await page.goto('/main/photos/all');
  await expect(page.getByRole('group', { name: text('photos:empty_all_title') })).toBeVisible({ timeout: 30_000 });

  // upload four photos taken on three different days through the NEW menu and the shared upload panel
  await openNewMenu(page);
  await page.getByRole('menuitem', { name: text('files:upload_files') }).click();
  // The file input is hidden (the menu item opens it): it has no role.
  await page.getByTestId('upload-input').setInputFiles(Object.keys(PHOTOS).map((name) => path.join(fixtures, name)));

  // each lands in the day its EXIF says, with a real thumbnail
  for (const [name, day] of Object.entries(PHOTOS) as [PhotoName, string][]) {
    await expect(tile(page, name)).toHaveAttribute('data-group', day, { timeout: 30_000 });
    await expectThumbnailLoaded(page, name);
  }
  // A day's header is a plain block that carries its key.
  const days = page.getByTestId('timeline-day');
  await expect(days).toHaveCount(3);
  await expect(days.nth(0)).toHaveAttribute('data-key', '2024-05-01');
  await expect(days.nth(1)).toHaveAttribute('data-key', '2023-12-25');
  await expect(days.nth(2)).toHaveAttribute('data-key', '2021-07-14');

  // the viewer opens on the clicked photo and walks the timeline with keys and buttons
  await tile(page, 'snow-2023-12-25.jpg').getByRole('button', { name: startsWith('snow-2023-12-25.jpg') }).click();
  const viewer = page.getByRole('dialog', { name: 'snow-2023-12-25.jpg', exact: true });
  await expect(viewer).toBeVisible();
  // The counter is a plain span (its aria-label reads the position): it keeps its test id.
  await expect(page.getByTestId('viewer-counter')).toContainText('3');
  await expect(page.getByTestId('viewer-counter')).toContainText('4');
  await expect(viewer.getByRole('img', { name: 'snow-2023-12-25.jpg', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('viewer-counter')).toContainText('4');
  const photoViewer = page.getByRole('dialog');
  await photoViewer.getByRole('button', { name: text('viewer:previous'), exact: true }).click();
  await photoViewer.getByRole('button', { name: text('viewer:previous'), exact: true }).click();
  await expect(page.getByTestId('viewer-counter')).toContainText('2');
  await photoViewer.getByRole('button', { name: text('viewer:info'), exact: true }).click();
  await expect(photoViewer.getByRole('complementary', { name: text('viewer:info'), exact: true })).toContainText('E2E Camera');
  await page.keyboard.press('Escape');
  await expect(photoViewer).toBeHidden();

  // create an album from the albums screen (the modal filters special characters)
  await page.goto('/main/album');
  // The toolbar and the empty state both offer it.
  await page.getByRole('button', { name: text('albums:create_album'), exact: true }).first().click();
  const createAlbum = page.getByRole('dialog', { name: text('albums:create_title') });
  const albumName = createAlbum.getByRole('textbox', { name: text('albums:album_name') });
  await albumName.fill('Yaz!! 2024*');
  await expect(albumName).toHaveValue('Yaz 2024');
  await createAlbum.getByRole('button', { name: text('albums:create'), exact: true }).click();
  // A toast has no role of its own (Radix announces its text elsewhere).
  await expect(page.getByTestId('toast').first()).toBeVisible();
  // the follow-up opens the new album, with its photo picker over it (so the page behind is aria-hidden)
  const albumTitle = page.getByRole('heading', { level: 1, name: 'Yaz 2024', exact: true, includeHidden: true });
  await expect(albumTitle).toBeVisible({ timeout: 10_000 });
  await expect(albumTitle).toHaveText('Yaz 2024');
  const albumUrl = page.url();
  await page.keyboard.press('Escape');

  // add two photos to it from the timeline
  await page.goto('/main/photos/all');
  await expectThumbnailLoaded(page, 'beach-2024-05-01.jpg');
  await select(page, ['beach-2024-05-01.jpg', 'forest-2021-07-14.jpg']);
  await selectionAction(page, 'photos:action_add_to_album').click();
  const addToAlbum = page.getByRole('dialog', { name: text('albums:add_to_album_title') });
  await addToAlbum.getByRole('list', { name: text('albums:your_albums') }).getByRole('button').filter({ hasText: 'Yaz 2024' }).click();
  await expect(addToAlbum).toBeHidden();

  // the album shows them; its cover defaults to the newest, then we set the older one as cover
  await page.goto(albumUrl);
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  await expectThumbnailLoaded(page, 'forest-2021-07-14.jpg');
  await page.goto('/main/album');
  const card = page.getByRole('article').filter({ hasText: 'Yaz 2024' });
  // The cover is a decorative block (no role) that carries the cover photo's uuid.
  await expect(card.getByTestId('album-cover')).toHaveAttribute('data-cover', await uuidOf(page, albumUrl, 'beach-2024-05-01.jpg'));
  await page.goto(albumUrl);
  await select(page, ['forest-2021-07-14.jpg']);
  await selectionAction(page, 'albums:set_cover').click();
  const forestUuid = await tile(page, 'forest-2021-07-14.jpg').getAttribute('data-uuid');
  await page.goto('/main/album');
  await expect(card.getByTestId('album-cover')).toHaveAttribute('data-cover', forestUuid!);

  // trashing a photo takes it out of the timeline and the album; recovering brings it back to both
  await page.goto('/main/photos/all');
  await expectThumbnailLoaded(page, 'forest-2021-07-14.jpg');
  await select(page, ['forest-2021-07-14.jpg']);
  await selectionAction(page, 'photos:action_delete').click();
  await page.getByRole('dialog', { name: text('photos:delete_title') }).getByRole('button', { name: text('photos:delete_confirm'), exact: true }).click();
  await expect(tile(page, 'forest-2021-07-14.jpg')).toHaveCount(0);
  await expect(page.getByTestId('timeline-day')).toHaveCount(2);
  await page.goto(albumUrl);
  await expect(page.getByTestId('photo-tile')).toHaveCount(1);

  await page.goto('/main/trash');
  const trashRows = page.getByRole('list', { name: text('files:trash_list_label') }).getByRole('listitem');
  // A click on a trashed photo previews it; its check box selects it.
  await trashRows
    .and(page.getByRole('listitem', { name: startsWith('forest-2021-07-14.jpg, ') }))
    .getByRole('checkbox', { name: text('files:select_item', { name: 'forest-2021-07-14.jpg' }) })
    .click();
  await selectionAction(page, 'files:recover').click();
  await expect(trashRows).toHaveCount(0);
  await page.goto(albumUrl);
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  await page.goto('/main/photos/all');
  await expect(tile(page, 'forest-2021-07-14.jpg')).toHaveAttribute('data-group', '2021-07-14');

  // the album itself goes to the album trash and comes back
  await page.goto('/main/album');
  const albumMenu = card.getByRole('button', { name: text('albums:album_menu', { name: 'Yaz 2024' }) });
  await albumMenu.click();
  await page.getByRole('menuitem', { name: text('albums:action_trash'), exact: true }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: text('albums:filter_trash'), exact: true }).click();
  await albumMenu.click();
  await page.getByRole('menuitem', { name: text('albums:action_recover'), exact: true }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: text('albums:filter_active'), exact: true }).click();
  await expect(card).toHaveCount(1);
});

test('an old photo lands under its EXIF day, headed in the interface language, and never under today', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await page.goto('/main/photos/all');
  await expect(page.getByRole('group', { name: text('photos:empty_all_title') })).toBeVisible({ timeout: 30_000 });

  // From here on, every day heading and tile placement the page shows is recorded: the upload's date hint places the
  // photo, the media job confirms it later, and at no moment may it sit under another day (today) and then move.
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { placements: Set<string> }).placements = seen;
    const record = () => {
      for (const day of document.querySelectorAll('[data-testid="timeline-day"]')) seen.add(`day ${day.getAttribute('data-key')}`);
      for (const tile of document.querySelectorAll('[data-testid="photo-tile"]')) seen.add(`${tile.getAttribute('data-name')} ${tile.getAttribute('data-group')}`);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-key', 'data-group'] });
  });

  await openNewMenu(page);
  await page.getByRole('menuitem', { name: text('files:upload_files') }).click();
  await page.getByTestId('upload-input').setInputFiles(path.join(fixtures, 'forest-2021-07-14.jpg'));
  await expect(tile(page, 'forest-2021-07-14.jpg')).toHaveAttribute('data-group', '2021-07-14', { timeout: 30_000 });
  await expectThumbnailLoaded(page, 'forest-2021-07-14.jpg');

  // The day's heading: Turkish (the interface language), with the year as the day is not in this one.
  const july14 = new Date(Date.UTC(2021, 6, 14));
  const month = new Intl.DateTimeFormat('tr', { month: 'long', timeZone: 'UTC' }).format(july14);
  const heading = page.locator('[data-testid="timeline-day"][data-key="2021-07-14"]').getByRole('heading', { level: 3 });
  await expect(heading).toContainText(month);
  await expect(heading).toContainText('14');
  await expect(heading).toContainText('2021');
  await expect(heading).not.toContainText('July');
  await expect(page.getByRole('heading', { level: 3, name: text('photos:today'), exact: true })).toHaveCount(0);

  // The media job has read the file by now (the thumbnail is its work): the photo stayed where the hint put it.
  const placements = await page.evaluate(() => [...(window as unknown as { placements: Set<string> }).placements].sort());
  expect(placements).toEqual(['day 2021-07-14', 'forest-2021-07-14.jpg 2021-07-14']);
});

/** The uuid of a photo, read from its tile in the album. */
async function uuidOf(page: Page, albumUrl: string, name: PhotoName): Promise<string> {
  const back = page.url();
  await page.goto(albumUrl);
  const uuid = await tile(page, name).getAttribute('data-uuid');
  await page.goto(back);
  return uuid!;
}
