import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { expectAccessible } from './a11y.js';
import { afterDatabaseEdit, codeFor, createAccount, failOnPageErrors, fileRow, plain, signIn, startWithFiles, text, uploadToMyFiles } from './support.js';

failOnPageErrors();
// axe is injected as a script: the app's CSP would refuse it.
test.use({ bypassCSP: true });

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const GIB = 1024 ** 3;

/** The account's storage counters, read from the server's database. */
function storage(email: string): { used: number; quota: number; status: string } {
  const db = new Database(path.join(E2E_DATA_DIR, 'bulut.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT used_bytes AS used, quota_bytes AS quota, status FROM account WHERE email = ?').get(email) as { used: number; quota: number; status: string };
    return row;
  } finally {
    db.close();
  }
}

/** The disk is full: the quota is set to what the first upload used (the free 5 GiB would take too long to fill). */
async function fillTheDisk(email: string): Promise<void> {
  const db = new Database(path.join(E2E_DATA_DIR, 'bulut.sqlite'));
  try {
    db.prepare('UPDATE account SET quota_bytes = used_bytes WHERE email = ?').run(email);
  } finally {
    db.close();
  }
  await afterDatabaseEdit();
}

/** The payment screen's new-card form, in Turkish (the app's default language). */
async function payWithNewCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: text('payment:card_number'), exact: true }).fill(number);
  await page.getByRole('textbox', { name: text('payment:expiry_month'), exact: true }).fill('12');
  await page.getByRole('textbox', { name: text('payment:expiry_year'), exact: true }).fill(String((new Date().getFullYear() + 3) % 100));
  await page.getByRole('textbox', { name: text('payment:cvc'), exact: true }).fill('123');
  await page.getByRole('textbox', { name: text('payment:holder_name'), exact: true }).fill('Deniz Kaya');
  await page.getByRole('checkbox', { name: plain('payment:confirm_agreement') }).check();
  await payButton(page).click();
}

/** "Pay ₺…" in the interface language, whatever the amount. */
const payButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^${text('payment:pay_amount', { amount: '.+' })}$`) });

async function choosePackage(page: Page) {
  await expect(page).toHaveURL(/\/main\/packages(\?|$)/);
  // The first package that can be bought (the catalogue lists 50 GB first).
  await page.getByRole('button', { name: text('packages:buy'), exact: true }).first().click();
  await expect(page).toHaveURL(/\/main\/packages\/payment\?packageId=/);
  await expect(page.getByRole('heading', { name: text('payment:summary_title') })).toBeVisible();
}

test('a full disk leads to a package bought with a 3-D Secure card, a bigger quota and a PDF invoice', async ({ page, request }, testInfo) => {
  test.setTimeout(360_000);
  const user = await startWithFiles(page, request, [path.join(FIXTURES, 'sunset.jpg')]);
  await fillTheDisk(user.email);
  const before = storage(user.email);
  expect(before.quota).toBeLessThan(GIB);

  // The next upload does not fit: the full-storage modal opens, and its confirm button leads to the packages.
  await uploadToMyFiles(page, [path.join(FIXTURES, 'beach-2024-05-01.jpg')]);
  const modal = page.getByTestId('full-storage-modal');
  await expect(modal).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: text('account:full_storage_confirm') }).click();
  await choosePackage(page);
  await expectAccessible(page, 'payment', testInfo);

  // A declined card says why and changes nothing.
  await payWithNewCard(page, '4000000000009995');
  await expect(page.getByTestId('payment-message')).toContainText(text('payment:decline_INSUFFICIENT_FUNDS'));
  expect(storage(user.email).quota).toBe(before.quota);

  // The 3-D Secure card goes to the provider's page; its test code confirms; the browser comes back and waits.
  await page.getByRole('textbox', { name: text('payment:card_number'), exact: true }).fill('4000000000003220');
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\/3ds\//, { timeout: 30_000 });
  const code = (await page.getByTestId('test-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d+$/);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/paymentId=/, { timeout: 30_000 });
  await expect(page.getByTestId('payment-message')).toContainText(text('payment:success'), { timeout: 30_000 });

  // No wait after paying: Continue is there at once and leads back to the packages, where the quota has grown.
  await page.getByTestId('payment-done').getByRole('link', { name: text('payment:continue') }).click();
  await expect(page).toHaveURL(/\/main\/packages(\?|$)/);
  const after = storage(user.email);
  expect(after.quota).toBeGreaterThan(GIB);
  expect(after.status).toBe('ACTIVE');

  // The invoice is in the list under packages (usage tab) and downloads as a PDF.
  await page.goto('/main/packages?tab=1');
  const downloadButton = page.getByRole('button', { name: /PDF/ }).or(page.getByRole('link', { name: /PDF/ })).first();
  await expect(downloadButton).toBeVisible({ timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^BLT-\d{4}-\d{6}\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The upload that did not fit now does.
  await uploadToMyFiles(page, [path.join(FIXTURES, 'beach-2024-05-01.jpg')]);
  await expect(fileRow(page, 'beach-2024-05-01.jpg')).toBeVisible({ timeout: 30_000 });
});

test('/view/pack-payment: the mobile web view pays with the operator wallet and its SMS code', async ({ page, browser, request }, testInfo) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _at: string })._at);
  const catalogue = (await (await request.get('/api/packages', { headers: { 'X-Auth-Token': token } })).json()) as { packages: { id: string; storageBytes: number }[] };
  const pack = catalogue.packages.find((candidate) => candidate.storageBytes === 100 * GIB)!;

  const app = await browser.newContext({ viewport: page.viewportSize() ?? undefined, bypassCSP: true });
  const view = await app.newPage();
  await view.goto(`/view/pack-payment?token=${encodeURIComponent(token)}&packageId=${pack.id}`);
  await expect(view).toHaveURL(/\/view\/pack-payment\?packageId=/);
  await expect(view.getByRole('heading', { level: 1, name: text('payment:title') })).toBeVisible();
  // No shell in the web view.
  await expect(view.getByRole('button', { name: text('account:menu_label') })).toHaveCount(0);
  await expectAccessible(view, 'payment web view', testInfo);

  await view.getByRole('radio', { name: text('payment:method_WALLET') }).check();
  await view.getByRole('checkbox', { name: plain('payment:confirm_agreement') }).check();
  const since = Date.now();
  await payButton(view).click();
  const code = await codeFor(`+${user.countryCode}${user.phoneNumber}`, since);
  await view.getByRole('textbox', { name: text('payment:wallet_code'), exact: true }).fill(code);
  await view.getByRole('button', { name: text('payment:wallet_confirm') }).click();
  await expect(view.getByTestId('payment-message')).toContainText(text('payment:success'));
  await view.getByTestId('payment-done').getByRole('link', { name: text('payment:continue') }).click();
  await expect(view).toHaveURL(/\/view\/packages$/);
  expect(storage(user.email).quota).toBe(100 * GIB);
  await app.close();
});
