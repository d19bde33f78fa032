import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { expectAccessible } from './a11y.js';
import { afterDatabaseEdit, createAccount, failOnPageErrors, openAccountCard, signIn, text } from './support.js';

failOnPageErrors();
// axe is injected as a script: the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

const GIB = 1024 ** 3;
const DAY = 86_400_000;
/** Seeded catalogue ids (migration 2026-12-01T0200_packages). */
const PKG_50_MONTHLY = '5b0a1c8e-0050-4a01-8000-000000000001';
const PKG_100_MONTHLY = '5b0a1c8e-0100-4a01-8000-000000000003';

/**
 * Gives the account a plan straight in the database, as a completed purchase would leave it. Buying through the card
 * form is the payment spec's story (packages-purchase.spec.ts); here only the packages screens are under test.
 */
async function givePlan(email: string, plan: { packageId: string; quotaBytes: number; usedBytes: number; status?: 'ACTIVE' | 'GRACE'; graceUntil?: number | null }) {
  const db = new Database(path.join(E2E_DATA_DIR, 'bulut.sqlite'));
  try {
    const account = db.prepare('SELECT id FROM account WHERE email = ?').get(email) as { id: string };
    const now = Date.now();
    db.prepare(
      `INSERT INTO subscription (account_id, package_id, status, period_start, period_end, period_price_minor, currency, grace_until, failed_attempts, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 3999, 'TRY', ?, 0, ?, ?)`,
    ).run(account.id, plan.packageId, plan.status ?? 'ACTIVE', now - 5 * DAY, now + 25 * DAY, plan.graceUntil ?? null, now, now);
    db.prepare('UPDATE account SET quota_bytes = ?, used_bytes = ?, grace_until = ? WHERE id = ?').run(plan.quotaBytes, plan.usedBytes, plan.graceUntil ?? null, account.id);
  } finally {
    db.close();
  }
  await afterDatabaseEdit();
}

async function setUsedBytes(email: string, usedBytes: number) {
  const db = new Database(path.join(E2E_DATA_DIR, 'bulut.sqlite'));
  try {
    db.prepare('UPDATE account SET used_bytes = ? WHERE email = ?').run(usedBytes, email);
  } finally {
    db.close();
  }
  await afterDatabaseEdit();
}

async function shoot(page: Page, info: TestInfo, name: string) {
  const file = path.resolve(import.meta.dirname, `../.tmp/screens/packages-${name}-${info.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/** Switches the interface language the way the language tab does: the account's language and the stored one. */
async function useLanguage(page: Page, language: string) {
  await page.evaluate(async (lng) => {
    const token = (JSON.parse(localStorage.getItem('user') ?? '{}') as { _at?: string })._at ?? '';
    await fetch('/api/account/language', { method: 'POST', headers: { 'content-type': 'application/json', 'X-Auth-Token': token }, body: JSON.stringify({ language: lng }) });
    localStorage.setItem('i18nextLng', lng);
  }, language);
  await page.reload();
}

const packageList = (page: Page) => page.getByTestId('package-list');

test('the catalogue, the tabs, the redirect helper and the account card entry', async ({ page, request }, info) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);

  // Redirect helper: the label is stored for the session, then the packages open.
  await page.goto('/main/redirect?label=e2e-banner');
  await expect(page).toHaveURL(/\/main\/packages$/);
  expect(await page.evaluate(() => sessionStorage.getItem('navToPackages'))).toBe('e2e-banner');

  // Packages tab (id 2) by default; the monthly catalogue, the free plan as the current one.
  await expect(page.getByRole('tab', { name: text('packages:tab_packages'), selected: true })).toBeVisible();
  await expect(page.getByTestId('current-plan')).toContainText(text('packages:free_plan'));
  await expect(packageList(page).getByRole('listitem')).toHaveCount(5);
  await expect(packageList(page).getByRole('listitem', { name: text('packages:family_plan_name', { size: '2 TB' }) })).toContainText(
    text('packages:family_badge', { count: 5 }),
  );
  // The header: no NEW button on packages (spec), the title is the page's.
  await expect(page.getByRole('button', { name: text('shell:new'), exact: true })).toHaveCount(0);
  await expectAccessible(page, 'packages tab', info);
  await shoot(page, info, 'tr');

  // Yearly: the remote-config discount (packages_discount_rate, 30 by default) shows as a badge.
  await page.getByRole('radio', { name: text('packages:yearly') }).check();
  await expect(packageList(page).getByRole('listitem')).toHaveCount(5);
  await expect(packageList(page).getByTestId('discount-badge').first()).toHaveText(text('packages:discount_badge', { rate: 30 }));

  // Usage tab (id 1), addressed in the URL.
  await page.getByRole('tab', { name: text('packages:tab_usage') }).click();
  await expect(page).toHaveURL(/\?tab=1$/);
  await expect(page.getByTestId('usage-quota')).toHaveText('5 GB');
  // The family card and the (empty) invoice list of the other helpers' features sit under the usage.
  await expect(page.getByTestId('family-entry')).toBeVisible();
  await expectAccessible(page, 'usage tab', info);
  await shoot(page, info, 'usage-tr');

  // The account card's "Usage info and packages" leads here.
  await page.goto('/main/files');
  await openAccountCard(page);
  await page.getByRole('menuitem', { name: text('account:usage_packages') }).click();
  await expect(page).toHaveURL(/\/main\/packages/);
  await expect(page.getByTestId('packages-page')).toBeVisible();
});

test('a downgrade is refused while the usage exceeds the smaller quota; cancel and resume', async ({ page, request }, info) => {
  const user = await createAccount(request);
  await givePlan(user.email, { packageId: PKG_100_MONTHLY, quotaBytes: 100 * GIB, usedBytes: 80 * GIB });
  await signIn(page, user.email, user.password);
  await page.goto('/main/packages');

  const plan = page.getByTestId('current-plan');
  await expect(plan).toContainText(text('packages:plan_name', { size: '100 GB' }));
  await expect(page.getByTestId('plan-status')).toHaveText(text('packages:status_ACTIVE'));
  const fifty = packageList(page).getByRole('listitem', { name: text('packages:plan_name', { size: '50 GB' }) });
  await fifty.getByRole('button', { name: text('packages:downgrade') }).click();
  const dialog = page.getByRole('dialog', { name: text('packages:downgrade_title') });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('downgrade-confirm').click();
  await expect(dialog.getByRole('alert')).toHaveText(text('packages:usage_exceeds_quota', { used: '80 GB', size: '50 GB' }));
  await expectAccessible(page, 'downgrade refused', info);
  await dialog.getByRole('button', { name: text('packages:keep_plan') }).click();
  await expect(page.getByTestId('pending-downgrade')).toHaveCount(0);

  // Cancel runs to the end of the period; resume brings the renewal back.
  await plan.getByRole('button', { name: text('packages:cancel_plan') }).click();
  const cancel = page.getByRole('dialog', { name: text('packages:cancel_title') });
  await cancel.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('plan-status')).toHaveText(text('packages:status_CANCELLED'));
  await page.reload();
  await expect(page.getByTestId('plan-status')).toHaveText(text('packages:status_CANCELLED'));
  await plan.getByRole('button', { name: text('packages:resume_plan') }).click();
  await expect(page.getByTestId('plan-status')).toHaveText(text('packages:status_ACTIVE'));

  // Once the files fit, the downgrade is accepted for the next renewal.
  await setUsedBytes(user.email, 10 * GIB);
  await page.reload();
  await fifty.getByRole('button', { name: text('packages:downgrade') }).click();
  await page.getByRole('dialog', { name: text('packages:downgrade_title') }).getByTestId('downgrade-confirm').click();
  await expect(page.getByTestId('pending-downgrade')).toBeVisible();
});

test('a grace period: the warning on the plan and the tooltip on the account card; Arabic, right to left', async ({ page, request }, info) => {
  const user = await createAccount(request);
  await givePlan(user.email, { packageId: PKG_100_MONTHLY, quotaBytes: 100 * GIB, usedBytes: 3 * GIB, status: 'GRACE', graceUntil: Date.now() + 7 * DAY });
  await signIn(page, user.email, user.password);
  await page.goto('/main/packages');
  await expect(page.getByTestId('grace-warning')).toContainText(text('packages:grace_title'));
  await openAccountCard(page);
  const entry = page.getByRole('menuitem', { name: text('account:usage_packages') });
  await entry.hover();
  await expect(page.getByTestId('grace-tooltip')).toBeVisible();
  await expect(page.getByTestId('grace-tooltip')).toHaveText(text('account:grace_banner_title'));
  await expect(entry).toHaveAccessibleDescription(text('account:grace_banner_title'));
  await expectAccessible(page, 'account card with grace', info);
  await page.keyboard.press('Escape');

  await useLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('grace-warning')).toContainText(text('packages:grace_title', {}, 'ar'));
  await expectAccessible(page, 'packages in Arabic', info);
  await shoot(page, info, 'ar');
  await useLanguage(page, 'tr');
});

test('/view/packages: the web view without the shell, signed in by ?token=', async ({ page, browser, request }, info) => {
  const user = await createAccount(request);
  await givePlan(user.email, { packageId: PKG_50_MONTHLY, quotaBytes: 50 * GIB, usedBytes: GIB });
  await signIn(page, user.email, user.password);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _at: string })._at);

  const app = await browser.newContext({ viewport: page.viewportSize() ?? undefined, bypassCSP: true });
  const view = await app.newPage();
  await view.goto(`/view/packages?token=${encodeURIComponent(token)}`);
  await expect(view).toHaveURL(/\/view\/packages$/);
  await expect(view.getByRole('heading', { level: 1, name: text('packages:title') })).toBeVisible();
  await expect(view.getByTestId('current-plan')).toContainText(text('packages:plan_name', { size: '50 GB' }));
  // No shell: no side menu, no account card.
  await expect(view.getByRole('navigation')).toHaveCount(0);
  await expect(view.getByRole('button', { name: text('account:menu_label') })).toHaveCount(0);
  await expectAccessible(view, 'packages web view', info);
  // Buying from the web view goes to the web view's payment.
  await Promise.all([
    view.waitForURL(/\/view\/pack-payment\?packageId=/),
    view.getByTestId('package-list').getByRole('listitem', { name: text('packages:plan_name', { size: '100 GB' }) }).getByRole('button').click(),
  ]);
  await app.close();
});
