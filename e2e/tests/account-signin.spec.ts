import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.js';
import { codeFor, createAccount, failOnPageErrors, linkFor, newUser, signIn, text } from './support.js';

/*
 * Issue 12, the sign-in side: password recovery by SMS and by an e-mailed link, the second step of a two-factor
 * sign-in, and QR sign-in approved from another browser. Strings are read from the locale files (Turkish, the default).
 */

failOnPageErrors();
// axe is injected as a script: the app's CSP allows only its own.
test.use({ bypassCSP: true });

const digit = (n: number) => text('common:otp_digit', { n });
const NEW_PASSWORD = 'Yeni2026Sifre';

/** Types a code into the boxes (the first box takes the focus; typing moves it on, the last box submits). */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: digit(1), exact: true }).click();
  await page.keyboard.type(code);
}

async function startRecovery(page: Page, username: string) {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: text('auth:forgot_password') }).click();
  await expect(page).toHaveURL(/\/auth\/forgotmypassword$/);
  await expect(page.getByRole('heading', { name: text('recovery:title') })).toBeVisible();
  await page.getByRole('textbox', { name: text('recovery:username_label') }).fill(username);
  await page.getByRole('button', { name: text('recovery:continue') }).click();
  await expect(page).toHaveURL(/\/auth\/forgotmypassword\/availablemethods_v[12]$/);
  await expect(page.getByRole('heading', { name: text('recovery:methods_title') })).toBeVisible();
}

async function setNewPassword(page: Page) {
  await expect(page.getByRole('heading', { name: text('recovery:change_title') })).toBeVisible();
  await page.getByLabel(text('recovery:new_password_label'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(text('recovery:repeat_password_label'), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: text('recovery:change_submit') }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText(text('auth:password_changed'))).toBeVisible();
}

/** Signs in through the API and turns two-factor sign-in on (POST /api/auth/settings re-checks the password). */
async function enableTwoFactor(request: APIRequestContext, username: string, password: string) {
  const login = await request.post('/api/auth/token', { data: { username, password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = login.headers()['x-auth-token']!;
  const settings = await request.post('/api/auth/settings', {
    headers: { 'X-Auth-Token': token },
    data: { twoFactorAuthEnabled: true, password },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  expect((await settings.json()).twoFactorAuthEnabled).toBe(true);
}

test('a user who forgot the password resets it with the SMS code and signs in with the new one', async ({ page, request }, info) => {
  const user = await createAccount(request);
  await startRecovery(page, user.email);
  await expectAccessible(page, 'recovery methods', info);

  // The methods are masked: the phone keeps its country code and last two digits.
  const sms = page.getByRole('radio', { name: text('recovery:method_sms') });
  await sms.check();
  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: text('recovery:continue') }).click();
  await expect(page).toHaveURL(/\/smsotp2?$/);
  await expect(page.getByText(user.phoneNumber.slice(-2), { exact: false }).first()).toBeVisible();
  await expectAccessible(page, 'recovery SMS code', info);
  await typeCode(page, await codeFor(`+${user.countryCode}${user.phoneNumber}`, sentAfter));

  await expect(page).toHaveURL(/\/changepassword$/);
  await expectAccessible(page, 'recovery new password', info);
  await setNewPassword(page);

  // The old password is gone, the new one works.
  await signIn(page, user.email, NEW_PASSWORD);
});

test('a user resets the password from the e-mailed link opened in another tab', async ({ page, context, request }, info) => {
  const user = await createAccount(request);
  await startRecovery(page, `+${user.countryCode}${user.phoneNumber}`);
  await page.getByRole('radio', { name: text('recovery:method_email') }).check();
  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: text('recovery:continue') }).click();
  await expect(page.getByRole('heading', { name: text('recovery:email_sent_title') })).toBeVisible();
  await expectAccessible(page, 'recovery e-mail sent', info);

  const link = await linkFor(user.email, '/changemypassword', sentAfter);
  const other = await context.newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/auth\/forgotmypassword\/changepassword$/);
  await setNewPassword(other);

  // The link is single use: opening it again says so.
  await other.goto(link);
  await expect(other.getByTestId('recovery-restart')).toBeVisible();
  await other.close();
  await signIn(page, user.email, NEW_PASSWORD);
});

test('with two-factor on, sign-in asks for a code sent by SMS after the password', async ({ page, request }, info) => {
  const user = await createAccount(request);
  await enableTwoFactor(request, user.email, user.password);

  await page.goto('/');
  await page.getByRole('textbox', { name: text('auth:username_label') }).fill(user.email);
  await page.getByLabel(text('auth:password_label'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: text('auth:sign_in'), exact: true }).click();
  await expect(page.getByRole('heading', { name: text('recovery:two_factor_title') })).toBeVisible();
  await expect(page).not.toHaveURL(/\/main/);
  await expectAccessible(page, 'two-factor choice', info);

  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: text('recovery:two_factor_by_sms') }).click();
  await expect(page.getByRole('textbox', { name: digit(1), exact: true })).toBeVisible();
  await expectAccessible(page, 'two-factor code', info);
  await typeCode(page, await codeFor(`+${user.countryCode}${user.phoneNumber}`, sentAfter));
  await expect(page).toHaveURL(/\/main/);
});

test('a QR sign-in is approved from a second, signed-in browser', async ({ page, browser, request }, info) => {
  const user = await createAccount(request);
  await page.goto('/');
  await page.getByRole('button', { name: text('auth:sign_in_with_qr') }).click();
  const code = page.getByRole('img', { name: text('recovery:qr_image_label') });
  await expect(code).toBeVisible();
  await expectAccessible(page, 'QR sign-in', info);
  const approveUrl = new URL((await code.getAttribute('data-value'))!);
  expect(approveUrl.pathname).toBe('/main/qr-approve');

  // The approving side: another browser (its own storage), signed in as the account.
  const phone = await browser.newContext({ baseURL: info.project.use.baseURL, bypassCSP: true });
  const approver = await phone.newPage();
  await signIn(approver, user.email, user.password);
  await approver.goto(`${approveUrl.pathname}${approveUrl.search}`);
  await expect(approver.getByTestId('qr-approve-device')).toBeVisible();
  await expectAccessible(approver, 'QR approve', info);
  await approver.getByRole('button', { name: text('recovery:qr_approve'), exact: true }).click();
  await expect(approver.getByText(text('recovery:qr_approved'))).toBeVisible();
  await phone.close();

  // The waiting screen signs itself in.
  await expect(page).toHaveURL(/\/main/, { timeout: 20_000 });
});

/** Goes through the local OpenID provider's sign-in page (it stands in for Google: any password, the e-mail is the login). */
async function throughProvider(page: Page, email: string) {
  await page.getByRole('button', { name: text('auth:continue_with_google') }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('anything');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signing up with Google links the identity; the next Google sign-in opens the app directly', async ({ page, browser }, info) => {
  const user = newUser();
  await page.goto('/auth/login');
  await throughProvider(page, user.email);

  // No account has this identity yet: sign-up, with the provider's e-mail.
  await expect(page).toHaveURL(/\/auth\/signup\/google$/);
  await expect(page.getByTestId('social-signup-note')).toBeVisible();
  await expect(page.getByRole('textbox', { name: text('auth:email_label'), exact: true })).toHaveValue(user.email);
  await expectAccessible(page, 'Google sign-up', info);
  await page.getByRole('textbox', { name: text('auth:phone_label') }).fill(user.phoneNumber);
  await page.getByLabel(text('auth:password_label'), { exact: true }).fill(user.password);
  const eulaWords = text('auth:eula_accept')
    .split(/<\/?\w+>/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0]!;
  await page.getByRole('checkbox', { name: eulaWords }).check();
  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: text('auth:signup_submit'), exact: true }).click();
  await expect(page.getByRole('textbox', { name: digit(1), exact: true })).toBeVisible();
  await typeCode(page, await codeFor(`+90${user.phoneNumber}`, sentAfter));
  await expect(page).toHaveURL(/\/main/);

  // Another browser, signed out: Google signs straight in.
  const other = await browser.newContext({ baseURL: info.project.use.baseURL, bypassCSP: true });
  const second = await other.newPage();
  await second.goto('/auth/login');
  await throughProvider(second, user.email);
  await expect(second).toHaveURL(/\/main/);
  await other.close();
});
