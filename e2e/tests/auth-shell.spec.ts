import { expect, test } from '@playwright/test';
import { codeFor, createAccount, expireSessions, newUser, openAccountCard, signIn } from './support.js';

test('a visitor signs up with the code from the SMS, sees the shell with usage, and logs out', async ({ page }) => {
  const user = newUser();
  await page.goto('/auth/signup');
  await page.getByTestId('signup-email').fill(user.email);
  await page.getByTestId('signup-phone').fill(user.phoneNumber);
  await page.getByTestId('signup-password').fill(user.password);
  await page.getByTestId('signup-eula').check();
  const sentAfter = Date.now() - 1000;
  await page.getByTestId('signup-submit').click();

  await expect(page.getByTestId('otp-0')).toBeVisible();
  const otp = await codeFor(`+90${user.phoneNumber}`, sentAfter);
  // The first box is focused; typing moves the focus from box to box.
  await page.getByTestId('otp-0').click();
  await page.keyboard.type(otp);
  await expect(page.getByTestId('otp-5')).toHaveValue(otp[5]!);
  await page.getByTestId('otp-verify').click();

  await expect(page).toHaveURL(/\/main/);
  await openAccountCard(page);
  const usage = page.getByTestId('usage-bar');
  await expect(usage).toBeVisible();
  await expect(usage).toContainText('5 GB');
  // The badge also carries a screen-reader sentence after the visible count.
  await expect(page.getByTestId('unread-badge').first()).toHaveText(/^1\D/);

  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  // The old session is dead on the server too: going back to the signed-in area lands on the login screen.
  await page.goto('/main');
  await expect(page.getByTestId('login-username')).toBeVisible();
});

test('an expired session is refreshed silently with the remember-me token', async ({ page, request }) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password, true);
  await openAccountCard(page);
  await expect(page.getByTestId('usage-bar')).toBeVisible();
  const before = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._at as string);

  expect(expireSessions(user.email)).toBeGreaterThan(0);
  await page.reload();

  await openAccountCard(page);
  await expect(page.getByTestId('usage-bar')).toContainText('5 GB');
  await expect(page).toHaveURL(/\/main/);
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._at as string);
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
});

test('without remember-me an expired session ends on the login screen', async ({ page, request }) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password, false);
  expireSessions(user.email);
  await page.reload();
  await expect(page.getByTestId('login-username')).toBeVisible();
});

test('switching to Arabic turns the whole app right-to-left', async ({ page, request }) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await page.goto('/main/settings');
  await page.getByTestId('settings-language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('page-title')).not.toHaveText('');
});

test('the login screen speaks the chosen language and unknown paths go to the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await page.getByTestId('language-picker').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/en\/index\.html$/);
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
});

test('wrong password shows an error and keeps the visitor on the login screen', async ({ page, request }) => {
  const user = await createAccount(request);
  await page.goto('/');
  await page.getByTestId('login-username').fill(user.email);
  await page.getByTestId('login-password').fill('wrong-password-1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).not.toHaveURL(/\/main/);
});
