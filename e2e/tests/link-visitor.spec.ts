import path from 'node:path';
import { expect, test } from '@playwright/test';
import { codeFor, createAccount, linkFor, newUser, signIn, createFolder, listingRow as row, sessionToken, text } from './support.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const PHOTO = 'beach-2024-05-01.jpg';

test.describe.configure({ mode: 'serial' });

test('a visitor of a folder link lands inside it, in the browser’s English, with no dead band, and switches to Turkish', async ({ browser, page, request }, info) => {
  test.setTimeout(360_000);
  const owner = await createAccount(request);
  await signIn(page, owner.email, owner.password);
  const token = await sessionToken(page);
  const top = `Holiday ${info.project.name}`;
  const topUuid = await createFolder(request, token, top);
  await createFolder(request, token, 'Days', topUuid);
  await page.goto(`/main/files?folder=${topUuid}`);
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
  await page.getByRole('menuitem', { name: text('files:upload_files') }).click();
  await page.getByTestId('upload-input').setInputFiles([path.join(fixtures, PHOTO)]);
  await expect(row(page, PHOTO)).toBeVisible({ timeout: 30_000 });
  const created = await request.post('/api/v2/share/public', { headers: { 'x-auth-token': token }, data: { fileUuidList: [topUuid], isAlbum: false } });
  expect(created.status(), await created.text()).toBe(200);
  const link = (await created.json()) as { url: string };

  // A fresh English browser: no session, no language chosen.
  const { baseURL, viewport, hasTouch } = info.project.use;
  const context = await browser.newContext({ baseURL, viewport, hasTouch, locale: 'en-US' });
  const visitor = await context.newPage();
  await visitor.goto(link.url);
  await expect(visitor.getByRole('heading', { name: top })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'en');
  // Inside the folder: its two children, counted as the link's items, in English.
  await expect(row(visitor, 'Days')).toBeVisible();
  await expect(row(visitor, PHOTO)).toBeVisible();
  await expect(visitor.getByText(text('sharedFiles:item_count', { count: 2 }, 'en'))).toBeVisible();
  await expect(visitor.getByRole('button', { name: text('sharedFiles:download_all', {}, 'en') })).toBeVisible();
  const crumbs = visitor.getByRole('navigation', { name: text('files:breadcrumb', {}, 'en') });
  await expect(crumbs.getByRole('listitem')).toHaveText([top]);

  // No dead band: the main area spans the page's width and reaches its bottom on this short list.
  const layout = await visitor.evaluate(() => {
    const main = document.getElementById('main-content')!.getBoundingClientRect();
    const root = document.documentElement;
    return { left: main.left, right: main.right, bottom: main.bottom, width: root.clientWidth, height: root.clientHeight, scroll: root.scrollHeight };
  });
  expect(layout.left).toBe(0);
  expect(Math.round(layout.right)).toBe(layout.width);
  expect(Math.round(layout.bottom)).toBe(layout.height);
  expect(layout.scroll).toBe(layout.height);

  // Down into a subfolder and back up to the link's root, never above it.
  await row(visitor, 'Days').click();
  await expect(crumbs.getByRole('listitem')).toHaveText([top, 'Days']);
  await expect(visitor.getByTestId('shared-empty')).toBeVisible();
  // The light page's crumbs are links (issue 36): they work without its script too.
  await crumbs.getByRole('link', { name: top }).click();
  await expect(row(visitor, PHOTO)).toBeVisible();
  await expect(crumbs.getByRole('listitem')).toHaveText([top]);

  // The sign-in page's language picker: Turkish now, and it stays chosen on a reload.
  await visitor.getByTestId('language-picker').selectOption('tr');
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(visitor.getByRole('button', { name: text('sharedFiles:download_all', {}, 'tr') })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText(text('sharedFiles:item_count', { count: 2 }, 'tr'))).toBeVisible({ timeout: 30_000 });
  await context.close();
});

test('someone invited by e-mail without an account follows the mail’s link, signs up with that address and lands on the share', async ({ browser, request }, info) => {
  test.setTimeout(360_000);
  const owner = await createAccount(request);
  const login = await request.post('/api/auth/token?rememberMe=false', { data: { username: owner.email, password: owner.password } });
  expect(login.status(), await login.text()).toBe(200);
  const auth = { 'x-auth-token': login.headers()['x-auth-token']! };
  const folder = await createFolder(request, auth['x-auth-token'], `Project ${info.project.name}`);
  const newcomer = newUser();
  const sentAfter = Date.now() - 1000;
  const shared = await request.post('/api/shares', {
    headers: auth,
    data: { items: [folder], invitees: [newcomer.email], type: 'VIEWER', duration: 'UNLIMITED' },
  });
  expect(shared.status(), await shared.text()).toBe(200);

  // The invitation mail's link, opened in a browser of their own.
  const invitation = await linkFor(newcomer.email, '/auth/signup', sentAfter);
  expect(invitation).toContain('channel=EMAIL');
  // A Turkish newcomer: the sign-up an invitation leads to follows the browser's language, like a link visitor's page.
  const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: info.project.use.viewport, locale: 'tr-TR' });
  const guest = await context.newPage();
  await guest.goto(invitation);
  // The code goes to the invited address: that is what gives the new account the share.
  await expect(guest.getByRole('radio', { name: text('auth:otp_channel_email') })).toBeChecked({ timeout: 30_000 });
  await guest.getByRole('textbox', { name: text('auth:email_label'), exact: true }).fill(newcomer.email);
  await guest.getByRole('textbox', { name: text('auth:phone_label') }).fill(newcomer.phoneNumber);
  await guest.getByLabel(text('auth:password_label'), { exact: true }).fill(newcomer.password);
  const eulaWords = text('auth:eula_accept')
    .split(/<\/?\w+>/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0]!;
  await guest.getByRole('checkbox', { name: eulaWords }).check();
  const codeAfter = Date.now() - 1000;
  await guest.getByRole('button', { name: text('auth:signup_submit'), exact: true }).click();
  const digit = (n: number) => text('common:otp_digit', { n });
  await expect(guest.getByRole('textbox', { name: digit(1), exact: true })).toBeVisible();
  const otp = await codeFor(newcomer.email, codeAfter);
  await guest.getByRole('textbox', { name: digit(1), exact: true }).click();
  await guest.keyboard.type(otp);

  await expect(guest).toHaveURL(/\/main\/shares\?tab=withMe/, { timeout: 30_000 });
  await expect(guest.getByRole('list', { name: text('shares:tab_with_me') }).getByRole('listitem').filter({ hasText: `Project ${info.project.name}` })).toBeVisible();
  await context.close();
});
