import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { expectAccessible } from './a11y.js';
import { createAccount, failOnPageErrors, newUser, signIn, text } from './support.js';

failOnPageErrors();
// axe is injected as a script: the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

/** Signs in through the API (another device): its token, to check later whether that session still lives. */
async function otherDevice(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/token?rememberMe=false', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const token = res.headers()['x-auth-token'];
  expect(token).toBeTruthy();
  return token!;
}

const sessionStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/account/info', { headers: { 'X-Auth-Token': token } })).status();

/** The newest link to `pathPrefix` mailed to `to`, read from the server's dev outbox once the job has written it. */
async function linkFor(to: string, pathPrefix: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      if (!fs.existsSync(dir)) return undefined;
      const texts = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string; html?: string })
        .filter((m) => m.to === to)
        .map((m) => `${m.text} ${m.html ?? ''}`);
      const escaped = pathPrefix.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&');
      link = texts.at(-1)?.match(new RegExp(`https?://[^\\s"'<>]*${escaped}[^\\s"'<>]*`))?.[0];
      return link;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return link!.replace(/&amp;/g, '&');
}

async function openTab(page: Page, id: number, label: string) {
  await page.goto(`/main/settings?tab=${id}`);
  await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible();
}

test('every settings tab is reachable from the account card and accessible', async ({ page, request }, info) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await page.getByRole('button', { name: text('account:menu_label') }).click();
  await page.getByRole('menuitem', { name: text('account:help') }).click();
  await expect(page).toHaveURL(/\/main\/settings\?tab=6$/);
  await expect(page.getByRole('button', { name: text('faq:q1') })).toBeVisible();
  const tabs: [number, string][] = [
    [1, 'settings:tab_profile'],
    [2, 'settings:tab_security'],
    [3, 'settings:tab_permissions'],
    [4, 'settings:tab_language'],
    [5, 'settings:tab_connected'],
    [6, 'settings:tab_help'],
    [7, 'settings:tab_delete'],
  ];
  for (const [id, key] of tabs) {
    await page.getByRole('tab', { name: text(key) }).click();
    await expect(page).toHaveURL(new RegExp(`tab=${id}$`));
    await expect(page.getByRole('tabpanel', { name: text(key) })).toBeVisible();
    // Let each tab's first reads arrive so axe sees the real content.
    await expect(page.getByRole('tabpanel').locator('[class*="center"]')).toHaveCount(0);
    await expectAccessible(page, `settings tab ${id}`, info);
  }
});

test('changing the e-mail takes effect once the mailed link is opened', async ({ page, request }, info) => {
  const user = await createAccount(request);
  const next = newUser().email;
  await signIn(page, user.email, user.password);
  await openTab(page, 1, text('settings:tab_profile'));
  const region = page.getByRole('region', { name: text('settings:email_heading') });
  await region.getByRole('button', { name: text('settings:email_change') }).click();
  await region.getByLabel(text('settings:new_email_label')).fill(next);
  await region.getByRole('button', { name: text('settings:send_link') }).click();
  await expect(region.getByTestId('pending-email')).toContainText(next);
  // Until the link is opened the account keeps its address.
  await expect(region.getByText(user.email, { exact: true })).toBeVisible();

  const link = await linkFor(next, '/verify/email?token=');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId('verify-done')).toContainText(next);
  await expectAccessible(page, 'verify e-mail', info);
  // A link works once.
  await page.reload();
  await expect(page.getByTestId('verify-failed')).toBeVisible();

  await openTab(page, 1, text('settings:tab_profile'));
  await expect(region.getByText(next, { exact: true })).toBeVisible();
  await expect(region.getByTestId('pending-email')).toHaveCount(0);
});

test('changing the password ends the other sessions', async ({ page, request }) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  const other = await otherDevice(request, user.email, user.password);
  expect(await sessionStatus(request, other)).toBe(200);

  await openTab(page, 2, text('settings:tab_security'));
  const region = page.getByRole('region', { name: text('settings:password_heading') });
  await region.getByLabel(text('settings:current_password'), { exact: true }).fill(user.password);
  await region.getByLabel(text('settings:new_password'), { exact: true }).fill('Yeni-Sifre-2026!');
  await region.getByLabel(text('settings:repeat_password'), { exact: true }).fill('Yeni-Sifre-2026!');
  await region.getByRole('button', { name: text('settings:password_submit') }).click();
  await expect(region.getByText(text('settings:password_changed'))).toBeVisible();

  expect(await sessionStatus(request, other)).toBe(401);
  // This device stays signed in; the new password works and the old one no longer does.
  await page.reload();
  await expect(page.getByRole('tab', { name: text('settings:tab_security'), selected: true })).toBeVisible();
  expect((await request.post('/api/auth/token', { data: { username: user.email, password: user.password } })).status()).toBe(401);
  await otherDevice(request, user.email, 'Yeni-Sifre-2026!');
});

test('two-step sign-in turns on after the password, and other devices can be signed out', async ({ page, request }) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  const other = await otherDevice(request, user.email, user.password);

  await openTab(page, 2, text('settings:tab_security'));
  const twoFactor = page.getByRole('region', { name: text('settings:two_factor_heading') });
  const toggle = twoFactor.getByRole('switch', { name: text('settings:two_factor_toggle') });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: text('settings:two_factor_on_title') });
  await dialog.getByLabel(text('settings:current_password'), { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: text('settings:turn_on') }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  // A password alone now asks for a second step.
  const login = await request.post('/api/auth/token', { data: { username: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  expect(await login.json()).toMatchObject({ twoFactorRequired: true });

  const devices = page.getByRole('region', { name: text('settings:devices_heading') });
  // This browser and the other device (at least).
  await expect(devices.getByTestId('device-row').nth(1)).toBeVisible();
  await devices.getByRole('button', { name: text('settings:sign_out_others') }).click();
  const confirm = page.getByRole('dialog', { name: text('settings:sign_out_others_title') });
  await confirm.getByRole('button', { name: text('settings:sign_out_others') }).click();
  await expect(devices.getByTestId('device-row')).toHaveCount(1);
  expect(await sessionStatus(request, other)).toBe(401);
});

test('deleting the account signs out, refuses the old password and frees the e-mail for a new sign-up', async ({ page, request }, info) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await openTab(page, 7, text('settings:tab_delete'));
  await expectAccessible(page, 'delete account', info);
  const word = text('settings:delete_word');
  await page.getByLabel(text('settings:current_password'), { exact: true }).fill(user.password);
  const submit = page.getByRole('button', { name: text('settings:delete_submit') });
  await page.getByLabel(text('settings:delete_word_label', { word })).fill('yanlış');
  await expect(submit).toBeDisabled();
  await page.getByLabel(text('settings:delete_word_label', { word })).fill(word);
  await submit.click();
  await expect(page).toHaveURL(/\/en\/index\.html$/);

  expect((await request.post('/api/auth/token', { data: { username: user.email, password: user.password } })).status()).toBe(401);
  // The same e-mail and phone sign up again as a new account.
  await createAccount(request, user);
});

test('connecting Google in settings lets Google sign in to the account; disconnecting it ends that', async ({ page, browser, request }, info) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await openTab(page, 5, text('settings:tab_connected'));
  const google = page.getByTestId('connected-google');
  await expect(google).toContainText(text('settings:not_connected'));
  await google.getByRole('button', { name: text('settings:connect', { provider: 'Google' }) }).click();
  // The local OpenID provider stands in for Google (any password; the e-mail is the identity).
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill('anything');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main\/settings/);
  await openTab(page, 5, text('settings:tab_connected'));
  await expect(google).toContainText(text('settings:connected'));
  await expect(google).toContainText(user.email);
  await expectAccessible(page, 'connected accounts', info);

  // Signed out elsewhere, Google now opens this account.
  const signInWithGoogle = async () => {
    const other = await browser.newContext({ baseURL: info.project.use.baseURL });
    const second = await other.newPage();
    await second.goto('/auth/login');
    await second.getByRole('button', { name: text('auth:continue_with_google') }).click();
    await second.getByLabel('E-mail').fill(user.email);
    await second.getByLabel('Password').fill('anything');
    await second.getByRole('button', { name: 'Sign in' }).click();
    return { other, second };
  };
  const first = await signInWithGoogle();
  await expect(first.second).toHaveURL(/\/main/);
  await first.other.close();

  await google.getByRole('button', { name: text('settings:disconnect') }).click();
  await page.getByRole('dialog').getByRole('button', { name: text('settings:disconnect') }).click();
  await expect(google).toContainText(text('settings:not_connected'));
  // The identity is linked to no account any more, and its e-mail is this account's, which is never linked silently:
  // Google no longer signs in (the page says so and stays signed out).
  const again = await signInWithGoogle();
  await expect(again.second.getByRole('alert')).toBeVisible();
  await expect(again.second).not.toHaveURL(/\/main/);
  await again.other.close();
});
