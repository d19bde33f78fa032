import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, startsWith, text } from './support.js';

async function token(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._at as string);
}

/** A folder through the API (the create dialog has its own test); returns its uuid. */
async function createFolder(page: Page, name: string, parentFolderUuid?: string): Promise<string> {
  const uuid = crypto.randomUUID();
  const response = await page.request.post('/api/filesystem/createFolder', {
    headers: { 'x-auth-token': await token(page), 'folder-name': name, 'folder-uuid': uuid },
    params: parentFolderUuid ? { parentFolderUuid } : {},
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

test('the owner creates a public link for a folder and copies it', async ({ page, context, baseURL }) => {
  test.setTimeout(360_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const owner = await createAccount(page.request);
  await signIn(page, owner.email, owner.password);
  await createFolder(page, 'Tatil 2026');

  const dialog = await openShareDialog(page, 'Tatil 2026');
  await dialog.getByRole('button', { name: text('shares:link_create'), exact: true }).click();
  const address = dialog.getByRole('textbox', { name: text('shares:link_label') });
  await expect(address).toHaveValue(/\/sharedFiles\?token=/);
  const url = await address.inputValue();
  // Creating the link copied it already; the copy button does it again.
  await dialog.getByRole('button', { name: text('shares:link_copy'), exact: true }).click();
  // (The button's "Copied" lasts two seconds; the clipboard is the proof.)
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The link works for a visitor without a session: it names the folder.
  const linkToken = new URL(url).searchParams.get('token')!;
  const visitor = await page.request.get('/api/share/visitor', { headers: { 'x-share-token': linkToken } });
  expect(visitor.status(), await visitor.text()).toBe(200);
  expect((await visitor.json()).name).toBe('Tatil 2026');

  // The same link is in the Shares screen's public links (the side menu's Shares opens that tab).
  // (Escape would first close the "copied" toast, the newest layer.)
  await dialog.getByRole('button', { name: text('common:close'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/main/shares');
  await expect(page.getByRole('link', { name: text('shares:tab_public'), exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('list', { name: text('shares:tab_public') }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('public-link-row')).toHaveAttribute('data-name', 'Tatil 2026');
});

test('an invited account sees the folder under Shared with me, opens it, leaves it and it is gone', async ({ page, browser, baseURL }) => {
  test.setTimeout(600_000);
  const owner = await createAccount(page.request);
  const guest = await createAccount(page.request);
  await signIn(page, owner.email, owner.password);
  const folder = await createFolder(page, 'Proje Belgeleri');
  await createFolder(page, 'Taslaklar', folder);

  const dialog = await openShareDialog(page, 'Proje Belgeleri');
  const invitees = dialog.getByRole('textbox', { name: text('shares:invitees_label') });
  await invitees.fill(guest.email);
  await invitees.press('Enter');
  await expect(dialog.getByRole('button', { name: text('shares:remove_invitee', { who: guest.email }) })).toBeVisible();
  await dialog.getByRole('combobox', { name: text('shares:role_label') }).selectOption('EDITOR');
  await dialog.getByRole('button', { name: text('shares:invite_send'), exact: true }).click();
  // The invitee joins the access list under the owner.
  await expect(dialog.getByTestId('access-row')).toHaveCount(2);
  await expect(dialog.getByTestId('access-row').nth(1)).toContainText(text('shares:role_EDITOR'));

  // The guest, in a browser of their own.
  const guestContext = await browser.newContext({ baseURL });
  const guestPage = await guestContext.newPage();
  await signIn(guestPage, guest.email, guest.password);
  await guestPage.goto('/main/shares');
  await guestPage.getByRole('link', { name: text('shares:tab_with_me'), exact: true }).click();
  const shared = guestPage.getByRole('list', { name: text('shares:tab_with_me') });
  const item = shared.getByRole('listitem').filter({ hasText: 'Proje Belgeleri' });
  await expect(item).toBeVisible();
  await expect(item).toContainText(text('shares:role_EDITOR'));

  // Opening it lists its contents with the Files list.
  await item.getByRole('button', { name: startsWith(text('shares:open_named', { name: 'Proje Belgeleri', kind: text('files:kind_folder') })) }).click();
  await expect(guestPage.getByRole('list', { name: text('shares:folder_list', { name: 'Proje Belgeleri' }) })).toBeVisible();
  await expect(guestPage.getByRole('listitem', { name: startsWith('Taslaklar, ') })).toBeVisible();

  // Back to the list, leave, and it is gone (for good: a reload shows the empty tab).
  await guestPage.getByRole('button', { name: text('shares:tab_with_me'), exact: true }).click();
  await shared.getByRole('button', { name: text('shares:leave_named', { name: 'Proje Belgeleri' }) }).click();
  await guestPage.getByTestId('leave-confirm').getByTestId('confirm-ok').click();
  await expect(guestPage.getByTestId('with-me-empty')).toBeVisible();
  await guestPage.reload();
  await expect(guestPage.getByTestId('with-me-empty')).toBeVisible();
  await guestContext.close();

  // The owner no longer sees them among who has access.
  await page.reload();
  const again = await openShareDialog(page, 'Proje Belgeleri');
  await expect(again.getByTestId('access-row')).toHaveCount(1);
});
