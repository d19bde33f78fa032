import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from '../playwright.config.js';
import { expectAccessible } from './a11y.js';
import { freshTotp } from './totp.js';
import { createAccount, failOnPageErrors, signIn, text } from './support.js';

failOnPageErrors();
// axe is injected as a script: the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Operator-Pass-2026!';
const digit = (n: number) => text('common:otp_digit', { n });
const ops = (key: string, values: Record<string, string | number> = {}) => text(`ops:${key}`, values);

/**
 * `npm run ops:create-admin -- --email …` against the e2e server's database (its DATA_DIR, SQLite), as the README
 * tells an installer to; returns the one-time set-up link it prints.
 */
function createAdmin(email: string): string {
  const out = execFileSync('npm', ['run', '--silent', 'ops:create-admin', '--', '--email', email, '--name', 'E2E Admin'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const link = /https?:\/\/\S+(\/ops\/setup\/\S+)/.exec(out)?.[1];
  if (!link) throw new Error(`no set-up link in:\n${out}`);
  return link;
}

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: digit(1), exact: true }).click();
  await page.keyboard.type(code);
}

/** Fills the reason of the open action dialog and confirms it with `confirm`. */
async function confirmWithReason(page: Page, title: string, confirm: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: ops('reason_label') }).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The sandbox's card form on the payment screen (packages-purchase.spec.ts), with the card that always succeeds. */
async function buyFirstPackage(page: Page) {
  await page.goto('/main/packages');
  await page.getByRole('button', { name: text('packages:buy'), exact: true }).first().click();
  await expect(page).toHaveURL(/\/main\/packages\/payment\?packageId=/);
  await page.getByRole('textbox', { name: text('payment:card_number'), exact: true }).fill('4242424242424242');
  await page.getByRole('textbox', { name: text('payment:expiry_month'), exact: true }).fill('12');
  await page.getByRole('textbox', { name: text('payment:expiry_year'), exact: true }).fill(String((new Date().getFullYear() + 3) % 100));
  await page.getByRole('textbox', { name: text('payment:cvc'), exact: true }).fill('123');
  await page.getByRole('textbox', { name: text('payment:holder_name'), exact: true }).fill('Deniz Kaya');
  await page.getByRole('checkbox', { name: text('payment:confirm_agreement').replace(/<\/?\w+>/g, '') }).check();
  await page.getByRole('button', { name: new RegExp(`^${text('payment:pay_amount', { amount: '.+' })}$`) }).click();
  await expect(page.getByTestId('payment-message')).toContainText(text('payment:success'), { timeout: 30_000 });
}

test('an operator is created from the command line, enrols TOTP, finds a subscriber, suspends and restores them, flips a flag and refunds an order', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(480_000);
  const used = new Set<string>();

  // A subscriber with a paid order (their own browser context).
  const subscriber = await createAccount(request);
  const subscriberContext = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: info.project.use.viewport });
  const subscriberPage = await subscriberContext.newPage();
  await signIn(subscriberPage, subscriber.email, subscriber.password);
  await buyFirstPackage(subscriberPage);

  // The first admin: the command prints a set-up link; the link asks for a password, then enrols an authenticator.
  const email = `ops-${info.project.name}-${Date.now()}@bulut.example`;
  await page.goto(createAdmin(email));
  await expect(page.getByRole('heading', { level: 1, name: ops('setup_title') })).toBeVisible();
  await expectAccessible(page, 'ops set-up', info);
  await page.getByLabel(ops('new_password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(ops('repeat_password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: ops('continue'), exact: true }).click();
  await expect(page.getByRole('img', { name: ops('enrol_qr_label') })).toBeVisible();
  const secret = ((await page.getByTestId('ops-totp-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // The QR code carries the same secret in an otpauth:// address.
  expect(await page.getByTestId('ops-totp-qr').getAttribute('data-value')).toContain(`secret=${secret}`);
  await expectAccessible(page, 'ops enrolment', info);
  await typeCode(page, await freshTotp(secret, used));
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole('heading', { level: 1, name: ops('menu_dashboard') })).toBeVisible();
  await expectAccessible(page, 'ops dashboard', info);

  // Sign out; sign in again with the password and a code from the same secret.
  await page.getByRole('button', { name: ops('sign_out'), exact: true }).click();
  await expect(page).toHaveURL(/\/ops\/sign-in/);
  await page.getByRole('textbox', { name: ops('email') }).fill(email);
  await page.getByLabel(ops('password'), { exact: true }).fill(PASSWORD);
  await expectAccessible(page, 'ops sign-in', info);
  await page.getByRole('button', { name: ops('continue'), exact: true }).click();
  await typeCode(page, await freshTotp(secret, used));
  await expect(page.getByRole('heading', { level: 1, name: ops('menu_dashboard') })).toBeVisible();

  // Find the subscriber by phone and open their page.
  await page.getByRole('navigation', { name: ops('menu_label') }).getByRole('link', { name: ops('menu_subscribers') }).click();
  await page.getByRole('searchbox', { name: ops('subscriber_search') }).fill(subscriber.phoneNumber);
  await page.getByRole('button', { name: ops('search'), exact: true }).click();
  const results = page.getByRole('table', { name: ops('results') });
  await expect(results.getByRole('link')).toHaveCount(1);
  await expectAccessible(page, 'ops subscribers', info);
  await results.getByRole('link').click();
  await expect(page.getByTestId('ops-subscriber')).toContainText(subscriber.email);
  await expectAccessible(page, 'ops subscriber', info);

  // Suspend: the subscriber's session ends and signing in is refused; unsuspend restores it.
  await page.getByRole('button', { name: ops('action_suspend'), exact: true }).click();
  await expectAccessible(page, 'ops suspend dialog', info);
  await confirmWithReason(page, ops('suspend_title'), ops('action_suspend'), 'E2E: suspected account takeover');
  await expect(page.getByText(ops('status_SUSPENDED'), { exact: true })).toBeVisible();
  const login = await request.post('/api/auth/token', { data: { username: subscriber.email, password: subscriber.password } });
  expect(login.status()).toBeGreaterThanOrEqual(400);
  await page.getByRole('button', { name: ops('action_unsuspend'), exact: true }).click();
  await confirmWithReason(page, ops('unsuspend_title'), ops('action_unsuspend'), 'E2E: the owner confirmed their identity');
  await expect(page.getByText(ops('status_ACTIVE'), { exact: true })).toBeVisible();
  await signIn(subscriberPage, subscriber.email, subscriber.password);

  // A remote-config flag the subscriber's app reads: ai_generate_show shows the styled-photos row of For you.
  await subscriberPage.goto('/main/foryou/seeAll?kind=styled');
  await expect(subscriberPage.getByText(text('foryou:unknown_kind'))).toBeVisible();
  await page.getByRole('link', { name: ops('menu_config') }).click();
  await page.getByRole('searchbox', { name: ops('config_filter') }).fill('ai_generate_show');
  await page.getByRole('button', { name: ops('edit_named', { name: 'ai_generate_show' }) }).click();
  const edit = page.getByRole('dialog', { name: ops('config_edit_title', { name: 'ai_generate_show' }) });
  await edit.getByRole('combobox', { name: ops('value') }).selectOption('true');
  await expectAccessible(page, 'ops config dialog', info);
  await confirmWithReason(page, ops('config_edit_title', { name: 'ai_generate_show' }), ops('save'), 'E2E: styled photos go live');
  // The subscriber's client sees the change within a minute; a reload asks again at once.
  await expect(async () => {
    await subscriberPage.reload();
    await expect(subscriberPage.getByRole('heading', { level: 1, name: text('foryou:row.styled') })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 70_000 });
  // History (newest first) and one-click rollback to the value before the change; the subscriber's screen follows,
  // and the flag is back as the other specs expect it.
  await page.getByRole('button', { name: ops('history_named', { name: 'ai_generate_show' }) }).click();
  const history = page.getByTestId('ops-config-history');
  const versions = history.getByRole('listitem');
  await expect(versions.first()).toContainText('true');
  await expect(versions.nth(1)).toContainText('false');
  await expectAccessible(page, 'ops config history', info);
  await versions.nth(1).getByRole('button', { name: ops('rollback'), exact: true }).click();
  await confirmWithReason(page, ops('rollback_title', { name: 'ai_generate_show' }), ops('rollback'), 'E2E: back to the default');
  await expect(history).toBeHidden();
  await expect(async () => {
    await subscriberPage.reload();
    await expect(subscriberPage.getByText(text('foryou:unknown_kind'))).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 70_000 });

  // Refund the subscriber's order in full: the provider's ledger and a refund invoice.
  await page.getByRole('link', { name: ops('menu_orders') }).first().click();
  await page.getByRole('searchbox', { name: ops('order_search') }).fill(subscriber.email);
  await page.getByRole('button', { name: ops('search'), exact: true }).click();
  await page.getByRole('table', { name: ops('results') }).getByRole('link').first().click();
  await expect(page.getByTestId('ops-order')).toBeVisible();
  await expectAccessible(page, 'ops order', info);
  await page.getByRole('button', { name: ops('action_refund'), exact: true }).click();
  const refund = page.getByTestId('ops-refund-dialog');
  await refund.getByRole('textbox', { name: ops('reason_label') }).fill('E2E: double charge');
  await expectAccessible(page, 'ops refund dialog', info);
  await refund.getByRole('button', { name: new RegExp(`^${ops('refund_confirm', { amount: '.+' })}$`) }).click();
  await expect(refund).toBeHidden();
  const refunds = page.getByRole('table', { name: ops('refunds') });
  await expect(refunds.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: ops('action_refund'), exact: true })).toHaveCount(0);

  // The audit log holds every step, and its chain verifies.
  await page.getByRole('link', { name: ops('menu_audit') }).click();
  const log = page.getByRole('table', { name: ops('menu_audit') });
  for (const action of ['subscriber.suspend', 'subscriber.unsuspend', 'config.update', 'config.rollback', 'order.refund', 'operator.signin']) {
    await expect(log.getByText(action, { exact: true }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: ops('audit_verify'), exact: true }).click();
  await expect(page.getByTestId('ops-audit-verified')).toBeVisible();
  await expectAccessible(page, 'ops audit', info);

  // The remaining screens are accessible too.
  for (const [link, name] of [
    ['menu_plans', 'ops plans'],
    ['menu_reconciliation', 'ops reconciliation'],
    ['menu_operators', 'ops operators'],
  ] as const) {
    await page.getByRole('navigation', { name: ops('menu_label') }).getByRole('link', { name: ops(link) }).click();
    await expect(page.getByRole('heading', { level: 1, name: ops(link) })).toBeVisible();
    await expectAccessible(page, name, info);
  }
  await subscriberContext.close();
});
