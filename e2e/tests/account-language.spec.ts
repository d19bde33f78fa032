import { expect, test } from '@playwright/test';
import { createAccount, failOnPageErrors, signIn, text } from './support.js';

failOnPageErrors();

// Issue 26: the interface language is the account's. Chosen on one device, it is what another shows after sign-in.
test('Arabic chosen in settings on one device is the language of a fresh sign-in on another', async ({ browser, request }) => {
  const user = await createAccount(request);

  const first = await browser.newContext();
  const one = await first.newPage();
  await signIn(one, user.email, user.password);
  await one.goto('/main/settings?tab=4');
  await one.getByRole('combobox', { name: text('common:language'), exact: true }).selectOption('ar');
  await expect(one.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(one.getByTestId('toast').getByText(text('settings:language_saved', {}, 'ar'))).toBeVisible();

  // A fresh browser: nothing stored, so it opens in the default Turkish until the account answers.
  const second = await browser.newContext();
  const two = await second.newPage();
  await two.goto('/');
  await expect(two.locator('html')).toHaveAttribute('lang', 'tr');
  await signIn(two, user.email, user.password);
  await expect(two.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(two.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(two.getByRole('heading', { level: 1, name: text('files:title', {}, 'ar') })).toBeVisible();
  // And it stays Arabic on this device's next load.
  await two.reload();
  await expect(two.locator('html')).toHaveAttribute('dir', 'rtl');

  // The first device, still signed in, follows a change made on the second at its next load.
  await two.goto('/main/settings?tab=4');
  await two.getByRole('combobox', { name: text('common:language', {}, 'ar'), exact: true }).selectOption('en');
  await expect(two.locator('html')).toHaveAttribute('lang', 'en');
  await one.reload();
  await expect(one.locator('html')).toHaveAttribute('lang', 'en');
  await expect(one.locator('html')).toHaveAttribute('dir', 'ltr');

  await first.close();
  await second.close();
});
