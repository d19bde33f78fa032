import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.js';
import { codeFor, newUser, openAccountCard, startsWith, text } from './support.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const PHOTOS = ['beach-2024-05-01.jpg', 'lunch-2024-05-01.jpg', 'snow-2023-12-25.jpg', 'forest-2021-07-14.jpg'];

const digit = (n: number) => text('common:otp_digit', { n });
const row = (page: Page, name: string) =>
  page.getByRole('list', { name: text('files:list_label') }).getByRole('listitem', { name: startsWith(`${name}, `) });
// The row's checkbox selects; a plain click on the row opens it.
const check = (page: Page, name: string) => row(page, name).getByRole('checkbox', { name: text('files:select_item', { name }) });
const selectionAction = (page: Page, key: string) =>
  page.getByRole('toolbar', { name: text('files:selection_actions') }).getByRole('button', { name: text(key), exact: true });
const tile = (page: Page, name: string) => page.locator(`[data-testid="photo-tile"][data-name="${name}"]`);

// One context per width (the projects' viewports), signed in once: the walk and the keyboard test share it.
test.describe.configure({ mode: 'serial' });
let context: BrowserContext;
let page: Page;
let visitorOptions: { baseURL?: string; viewport?: { width: number; height: number } | null; hasTouch?: boolean };

test.beforeAll(async ({ browser }, info) => {
  const { baseURL, viewport, hasTouch } = info.project.use;
  visitorOptions = { baseURL, viewport, hasTouch };
  // The app's CSP forbids inline scripts, and axe is injected as one; CSP itself is covered by the server's tests.
  // Reduced motion: menus and dialogs appear at once, so axe never measures a half-faded colour.
  context = await browser.newContext({ baseURL, viewport, hasTouch, bypassCSP: true, reducedMotion: 'reduce' });
  page = await context.newPage();
});
test.afterAll(async () => {
  await context.close();
});

test('axe finds no serious or critical violation on any screen or dialog', async () => {
  test.setTimeout(360_000);
  const info = test.info();

  // signed out: login, sign-up, and the code step of a real sign-up that then signs us in
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: text('auth:username_label') })).toBeVisible();
  await expectAccessible(page, 'login', info);

  const user = newUser();
  await page.goto('/auth/signup');
  await page.getByRole('textbox', { name: text('auth:email_label'), exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: text('auth:phone_label') }).fill(user.phoneNumber);
  await page.getByLabel(text('auth:password_label'), { exact: true }).fill(user.password);
  await expectAccessible(page, 'sign-up', info);
  // The terms-of-use check box: its name holds the terms' title (a button inside the label).
  await page.getByRole('checkbox', { name: text('auth:eula_title') }).check();
  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: text('auth:signup_submit'), exact: true }).click();
  await expect(page.getByRole('textbox', { name: digit(1), exact: true })).toBeVisible();
  await expectAccessible(page, 'code step', info);
  const otp = await codeFor(`+90${user.phoneNumber}`, sentAfter);
  await page.getByRole('textbox', { name: digit(1), exact: true }).click();
  await page.keyboard.type(otp);
  // The code step submits itself when the last box is filled.
  await expect(page).toHaveURL(/\/main/);

  // seed: a folder through the API with the session's token (the create dialog has its own test), then four photos
  // uploaded through the app
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._at as string);
  const folder = await page.request.post('/api/filesystem/createFolder', {
    headers: { 'x-auth-token': token, 'folder-name': 'Belgeler', 'folder-uuid': crypto.randomUUID() },
  });
  expect(folder.status(), await folder.text()).toBe(200);
  await page.goto('/main/files');
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
  await page.getByRole('menuitem', { name: text('files:upload_files') }).click();
  await page.getByTestId('upload-input').setInputFiles(PHOTOS.map((name) => path.join(fixtures, name)));
  for (const name of PHOTOS) await expect(row(page, name)).toBeVisible({ timeout: 30_000 });
  await expect(row(page, 'Belgeler')).toBeVisible();
  // A favourite in the trash shows its star there too.
  await check(page, 'forest-2021-07-14.jpg').click();
  await selectionAction(page, 'files:action_favourite').click();
  await expectAccessible(page, 'selection bar', info);
  await page.getByRole('button', { name: text('files:clear_selection'), exact: true }).click();
  const uploads = page.getByRole('region', { name: text('upload:panel_label') });
  await expectAccessible(page, 'upload panel', info);
  await uploads.getByRole('button', { name: text('upload:close'), exact: true }).click();
  await expect(uploads).toBeHidden();

  // files: list, grid, item menu, move dialog, preview
  await expectAccessible(page, 'files list', info);
  await page.getByTestId('view-toggle').click();
  await expect(page.getByTestId('view-toggle')).toHaveAttribute('data-view', 'grid');
  await expectAccessible(page, 'files grid', info);
  await page.getByTestId('view-toggle').click();
  await page.getByRole('button', { name: text('files:item_menu', { name: 'snow-2023-12-25.jpg' }) }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'item menu', info);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await check(page, 'snow-2023-12-25.jpg').click();
  await selectionAction(page, 'files:action_move').click();
  const move = page.getByRole('dialog', { name: text('files:move_title') });
  await expect(move.getByText('Belgeler')).toBeVisible();
  await expectAccessible(page, 'move dialog', info);
  await page.keyboard.press('Escape');
  await expect(move).toBeHidden();
  // Closing hands focus back to the Move button; a list refresh can detach the row as it is focused, and Enter would
  // then open the move dialog again. Focus the row until it holds focus.
  await expect(async () => {
    await row(page, 'snow-2023-12-25.jpg').focus();
    await expect(row(page, 'snow-2023-12-25.jpg')).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await page.keyboard.press('Enter');
  const preview = page.getByRole('dialog', { name: 'snow-2023-12-25.jpg' });
  await expect(preview).toBeVisible();
  await expectAccessible(page, 'preview', info);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // photos: timeline and viewer
  await page.goto('/main/photos/all');
  for (const name of PHOTOS) await expect(tile(page, name).getByTestId('photo-thumbnail')).toHaveCount(1, { timeout: 30_000 });
  await expectAccessible(page, 'photos', info);
  await tile(page, 'snow-2023-12-25.jpg').getByRole('button', { name: startsWith('snow-2023-12-25.jpg') }).click();
  const viewer = page.getByRole('dialog', { name: 'snow-2023-12-25.jpg', exact: true });
  await expect(viewer.getByRole('img', { name: 'snow-2023-12-25.jpg', exact: true })).toBeVisible();
  await expectAccessible(page, 'viewer', info);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // albums: list, the create flow's photo picker (add photos), album detail
  await page.goto('/main/album');
  await expect(page.getByRole('button', { name: text('albums:create_album'), exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'albums', info);
  await page.getByRole('button', { name: text('albums:create_album'), exact: true }).first().click();
  const createAlbum = page.getByRole('dialog', { name: text('albums:create_title') });
  await createAlbum.getByRole('textbox', { name: text('albums:album_name') }).fill('Yaz 2024');
  await createAlbum.getByRole('button', { name: text('albums:create'), exact: true }).click();
  const picker = page.getByRole('dialog', { name: text('albums:picker_title', { album: 'Yaz 2024' }) });
  // The picker's tiles are toggle buttons.
  const pick = picker.getByRole('button', { name: text('albums:select_photo', { name: 'beach-2024-05-01.jpg' }) });
  await expect(pick).toBeVisible();
  await expectAccessible(page, 'add photos', info);
  await pick.click();
  await picker.getByRole('button', { name: text('albums:picker_add'), exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('photo-tile')).toHaveCount(1);
  await expectAccessible(page, 'album detail', info);
  // the share dialog (an album: its link only), then the Shares screen
  await page.getByRole('button', { name: text('albums:action_share'), exact: true }).click();
  const share = page.getByRole('dialog', { name: text('shares:dialog_title_album', { name: 'Yaz 2024' }) });
  await expect(share.getByRole('button', { name: text('shares:link_create'), exact: true })).toBeVisible();
  await expectAccessible(page, 'share dialog', info);
  await share.getByRole('button', { name: text('common:close'), exact: true }).click();
  await expect(share).toBeHidden();
  await page.goto('/main/shares');
  await expect(page.getByTestId('public-links-empty')).toBeVisible();
  await expectAccessible(page, 'shares', info);

  // search: grouped results with filter chips, and the suggestion list under the box
  await page.goto('/main/search?text=beach');
  await expect(page.getByRole('region', { name: startsWith(text('search:group_MEDIA')) }).getByTestId('photo-tile')).toHaveCount(1);
  await expectAccessible(page, 'search results', info);
  const searchBox = page.getByRole('combobox', { name: text('shell:search_label'), exact: true });
  await searchBox.fill('sno');
  await expect(page.getByRole('listbox', { name: text('search:suggestions_label') })).toBeVisible();
  await expectAccessible(page, 'search suggestions', info);
  await page.keyboard.press('Escape');

  // discover (issue 14): the rows with the face-grouping teaser (this account has no premium), the people page, places
  await page.goto('/main/discover');
  await expect(page.getByRole('region', { name: text('discover:teaser_title') })).toBeVisible();
  // The e2e server finds no things (THINGS_DETECTION=off, playwright.config.ts): the section's empty state.
  const things = page.getByRole('region', { name: text('discover:section_things'), exact: true });
  await expect(things.getByText(text('discover:things_empty'))).toBeVisible();
  await expectAccessible(page, 'discover', info);
  await page.goto('/main/discover/people');
  await expect(page.getByRole('link', { name: text('discover:upgrade'), exact: true })).toBeVisible();
  await expectAccessible(page, 'discover people', info);
  await page.goto('/main/discover/places');
  await expect(page.getByRole('heading', { level: 1, name: text('discover:section_places') })).toBeVisible();
  await expectAccessible(page, 'discover places', info);

  // for you (issue 15): the rows of what was made from the uploads, or what will come when nothing is made yet
  await page.goto('/main/foryou');
  await expect(page.getByTestId('foryou-empty').or(page.getByTestId('foryou-card').first())).toBeVisible();
  await expectAccessible(page, 'for you', info);

  // trash (with a favourite), notifications, settings, account card
  await page.goto('/main/files');
  await check(page, 'forest-2021-07-14.jpg').click();
  await selectionAction(page, 'files:action_trash').click();
  await expect(row(page, 'forest-2021-07-14.jpg')).toHaveCount(0);
  await page.goto('/main/trash');
  await expect(page.getByRole('list', { name: text('files:trash_list_label') }).getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page, 'trash', info);
  await page.goto('/main/notifications');
  await expect(page.getByRole('list', { name: text('notifications:list_label') })).toBeVisible();
  await expectAccessible(page, 'notifications', info);
  // The language picker is on the Language tab (id 4).
  await page.goto('/main/settings?tab=4');
  await expect(page.getByRole('combobox', { name: text('common:language'), exact: true })).toBeVisible();
  await expectAccessible(page, 'settings', info);
  await openAccountCard(page);
  await expectAccessible(page, 'account card', info);
  await page.keyboard.press('Escape');

  // shared files: a public link to the photos, opened by a visitor without a session (its account card too)
  const shareable = (await (await page.request.get('/api/filesystem?size=50', { headers: { 'x-auth-token': token } })).json()) as {
    fileList: { uuid: string }[];
  };
  const created = await page.request.post('/api/v2/share/public', {
    headers: { 'x-auth-token': token },
    data: { fileUuidList: shareable.fileList.map((item) => item.uuid), isAlbum: false },
  });
  expect(created.status(), await created.text()).toBe(200);
  const visitorContext = await context.browser()!.newContext({ ...visitorOptions, bypassCSP: true, reducedMotion: 'reduce' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(((await created.json()) as { url: string }).url);
  await expect(visitor.getByRole('listitem', { name: startsWith('snow-2023-12-25.jpg, ') }).getByTestId('file-thumbnail')).toHaveAttribute('data-state', 'loaded');
  await expectAccessible(visitor, 'shared files', info);
  // The light page (issue 36) has no account card: its header links to sign-in and sign-up instead.
  await visitorContext.close();
});

test('keyboard only: into the photo grid with Tab, arrows and Enter open a photo, the viewer walks, Escape returns to its tile', async () => {
  await page.goto('/main/photos/all');
  const cells = page.locator('[data-testid="photo-tile"] [data-cell-focus]');
  await expect(cells).toHaveCount(3, { timeout: 30_000 });
  // One tab stop into the grid: Tab from the page start reaches its first picture, then leaves the grid.
  const inGrid = () => page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index') ?? null);
  await page.locator('body').focus();
  for (let presses = 0; presses < 40 && (await inGrid()) === null; presses++) await page.keyboard.press('Tab');
  expect(await inGrid()).toBe('0');
  await expect(cells.nth(0)).toBeFocused();
  const focusRing = await cells.nth(0).evaluate((el) => getComputedStyle(el, '::after').boxShadow);
  expect(focusRing).not.toBe('none');

  await page.keyboard.press('ArrowRight');
  expect(await inGrid()).toBe('1');
  const second = await page.locator('[data-index="1"]').getAttribute('data-name');
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: second!, exact: true });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('ArrowRight');
  const third = await page.locator('[data-index="2"]').getAttribute('data-name');
  await expect(page.getByRole('dialog', { name: third!, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Back on the tile of the photo the viewer showed last, which is now the grid's tab stop.
  await expect(page.locator('[data-index="2"] [data-cell-focus]')).toBeFocused();
  await expect(page.locator('[data-index="2"] [data-cell-focus]')).toHaveAttribute('tabindex', '0');
  await expect(page.locator('[data-index="0"] [data-cell-focus]')).toHaveAttribute('tabindex', '-1');
});
