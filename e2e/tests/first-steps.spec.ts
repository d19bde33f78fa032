import { expect, test, type Page } from '@playwright/test';
import { createAccount, failOnPageErrors, linkFor, openAccountCard, plain, signIn, startsWith, text } from './support.js';

failOnPageErrors();

/** The account button: named "Account menu, unread notifications: n" while something is unread (then the initials). */
const accountButton = (page: Page) => page.getByRole('button', { name: text('account:menu_label') });
/** The unread part of its name ("…, unread notifications: n"), whatever the count. */
const unreadPart = text('account:menu_label_unread', { count: 0 }).replace(text('account:menu_label'), '').replace(/\d+$/, '');

test('opening Notifications marks what it shows as read: the badge clears and stays cleared', async ({ page, request }, testInfo) => {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  // A new account has its welcome notification, unread.
  await expect(accountButton(page)).toHaveAccessibleName(startsWith(text('account:menu_label_unread', { count: 1 })));

  await page.goto('/main/notifications');
  const list = page.getByRole('list', { name: text('notifications:list_label') });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(accountButton(page)).not.toHaveAccessibleName(new RegExp(unreadPart));
  if (testInfo.project.name === 'phone') {
    // The phone header carries Clear All as its trash icon.
    await expect(page.getByTestId('header').getByRole('button', { name: text('notifications:clear_all') })).toBeVisible();
  }

  // The server has it as read.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _at: string })._at);
  await expect
    .poll(async () => {
      const res = await request.get('/api/notification/communication/fetch?language=tr&type=IN_APP', { headers: { 'X-Auth-Token': token } });
      return ((await res.json()) as Array<{ status: string }>).map((n) => n.status);
    })
    .toEqual(['READ']);
  await openAccountCard(page);
  await expect(page.getByRole('menuitem', { name: text('account:notifications') })).toHaveText(text('account:notifications'));
});

test('the distance sales agreement and the pre-information form can be read before paying; after paying there is no wait', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await page.goto('/main/packages');
  await page.getByRole('button', { name: text('packages:buy'), exact: true }).first().click();
  await expect(page).toHaveURL(/\/main\/packages\/payment\?packageId=/);

  const checkbox = page.getByRole('checkbox', { name: plain('payment:confirm_agreement') });
  await expect(checkbox).toBeVisible();
  // The label's links open the documents (in Turkish, the interface language), filled with seller, buyer and plan.
  await page.getByRole('button', { name: 'mesafeli satış sözleşmesini' }).click();
  const sales = page.getByRole('dialog', { name: 'Mesafeli Satış Sözleşmesi' });
  const salesText = sales.getByTestId('agreement-text');
  await expect(salesText).toContainText('MADDE 1 – TARAFLAR');
  await expect(salesText).toContainText('SATICI: Bulut İletişim Hizmetleri A.Ş.');
  await expect(salesText).toContainText(`ALICI: Deniz Kaya`);
  await expect(salesText).toContainText(user.email);
  await expect(salesText).toContainText('CAYMA HAKKI');
  // Long enough to scroll, and it scrolls to its end.
  await salesText.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(salesText).toContainText('MADDE 9 – YÜRÜRLÜK');
  await sales.getByRole('button', { name: text('common:close') }).last().click();
  await expect(sales).toBeHidden();

  await page.getByRole('button', { name: 'Ön bilgilendirme formunu' }).click();
  const pre = page.getByRole('dialog', { name: 'Ön Bilgilendirme Formu' });
  await expect(pre.getByTestId('agreement-text')).toContainText('6502 sayılı');
  await expect(pre.getByTestId('agreement-text')).toContainText('GB');
  await page.keyboard.press('Escape');
  await expect(pre).toBeHidden();
  // Reading is not agreeing.
  await expect(checkbox).not.toBeChecked();

  // The sandbox test card pays at once; success and the way on show immediately.
  await page.getByRole('textbox', { name: text('payment:card_number'), exact: true }).fill('4242424242424242');
  await page.getByRole('textbox', { name: text('payment:expiry_month'), exact: true }).fill('12');
  await page.getByRole('textbox', { name: text('payment:expiry_year'), exact: true }).fill(String((new Date().getFullYear() + 3) % 100));
  await page.getByRole('textbox', { name: text('payment:cvc'), exact: true }).fill('123');
  await page.getByRole('textbox', { name: text('payment:holder_name'), exact: true }).fill('Deniz Kaya');
  await checkbox.check();
  await page.getByRole('button', { name: new RegExp(`^${text('payment:pay_amount', { amount: '.+' })}$`) }).click();
  const done = page.getByTestId('payment-done');
  await expect(done).toContainText(text('payment:success_text'));
  await done.getByRole('link', { name: text('payment:continue') }).click();
  await expect(page).toHaveURL(/\/main\/packages(\?|$)/);
});

test('sign-up mails a link that verifies the e-mail; the profile then shows it verified', async ({ page, request }) => {
  const since = Date.now();
  const user = await createAccount(request);
  const link = await linkFor(user.email, '/verify/email', since);
  await page.goto(link);
  await expect(page.getByTestId('verify-done')).toContainText(user.email);
  await signIn(page, user.email, user.password);
  await page.goto('/main/settings?tab=1');
  const region = page.getByRole('region', { name: text('settings:email_heading') });
  await expect(region.getByText(text('settings:verified'), { exact: true })).toBeVisible();
  await expect(region.getByRole('button', { name: text('settings:send_verification_email') })).toHaveCount(0);
});

test('the sign-in page logo leads to the landing page of the interface language', async ({ page }) => {
  await page.goto('/');
  const logo = page.getByRole('link', { name: text('common:landing_link') });
  await expect(logo).toHaveAttribute('href', '/tr/index.html');
  await logo.click();
  await expect(page).toHaveURL(/\/tr\/index\.html$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Her fotoğraf, her dosya.');

  await page.goto('/');
  await page.getByTestId('language-picker').selectOption('en');
  const english = page.getByRole('link', { name: text('common:landing_link', {}, 'en') });
  await expect(english).toHaveAttribute('href', '/en/index.html');
});
