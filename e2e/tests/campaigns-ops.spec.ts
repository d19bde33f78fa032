import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.js';
import { createAccount, failOnPageErrors, openAccountCard, operatorToken, signIn, text } from './support.js';

failOnPageErrors();
// axe is injected as a script: the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

const ops = (key: string, values: Record<string, string | number> = {}) => text(`ops:${key}`, values);
const oc = (key: string, values: Record<string, string | number> = {}) => text(`ops_campaigns:${key}`, values);
const od = (key: string, values: Record<string, string | number> = {}) => text(`opsDraw:${key}`, values);
const LANGUAGES = ['tr', 'en', 'ru', 'uk', 'ar', 'de', 'es', 'ro', 'sq', 'fr', 'ka'];

// The console's token lives in the tab's sessionStorage (ops/api/session.ts): set before the console loads.
const OPS_TOKEN_KEY = 'bulut.ops.token';

// Issue 30 (H6): a marketing operator writes a stars campaign in the console; a subscriber finds it from the account
// menu and reads the operator's details, sanitised. The campaign is global state: this spec runs in the console
// projects (one viewport after the other) and closes its campaign at the end.
test('a console operator creates a stars campaign with texts; a subscriber finds it in the menu and reads it', async ({ page, browser, request }, info) => {
  test.setTimeout(360_000);
  const token = await operatorToken(request);
  const name = `Stars ${info.project.name} ${Date.now()}`;
  const title = `Yıldızlar kampanyası ${Date.now() % 100000}`;
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key!, value!), [OPS_TOKEN_KEY, token]);
  await page.goto('/ops/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: oc('menu') })).toBeVisible();

  await page.getByRole('button', { name: oc('new'), exact: true }).click();
  const dialog = page.getByTestId('ops-campaign-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: ops('kind') }).selectOption('STARS');
  await dialog.getByRole('textbox', { name: ops('name'), exact: true }).fill(name);
  await dialog.getByLabel(oc('ends'), { exact: true }).fill('2099-12-31T12:00');
  await dialog.getByRole('textbox', { name: oc('title'), exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: oc('summary'), exact: true }).fill('Paket alan her arkadaşınız bir çekiliş hakkı kazandırır.');
  await dialog
    .getByRole('textbox', { name: oc('details'), exact: true })
    .fill('<p>Her <strong>satın alma</strong> bir hak.</p><script>window.__hacked = 1</script><p onclick="alert(1)">Şartlar geçerlidir.</p>');
  await dialog.getByRole('combobox', { name: oc('language') }).selectOption('en');
  await dialog.getByRole('textbox', { name: oc('title'), exact: true }).fill('Stars campaign');
  await expectAccessible(page, 'ops campaign dialog', info);
  await dialog.getByRole('textbox', { name: ops('reason_label') }).fill('E2E: stars launch');
  await dialog.getByRole('button', { name: ops('save'), exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(oc('kind_stars'));
  await expect(row).toContainText(oc('active'));
  await expectAccessible(page, 'ops campaigns', info);

  // A subscriber in a browser of their own: the account menu links the stars page while the campaign runs.
  const subscriber = await createAccount(request);
  const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: info.project.use.viewport, bypassCSP: true });
  try {
    const sub = await context.newPage();
    await signIn(sub, subscriber.email, subscriber.password);
    await openAccountCard(sub);
    await sub.getByRole('menuitem', { name: text('campaigns:stars_title') }).click();
    await expect(sub).toHaveURL(/\/main\/stars-campaign$/);
    await expect(sub.getByTestId('stars-bought-empty')).toBeVisible();
    await expect(sub.getByTestId('stars-entries-empty')).toBeVisible();
    await sub.getByRole('button', { name: text('campaigns:details_title') }).click();
    const details = sub.getByTestId('stars-details');
    await expect(details).toContainText('Her satın alma bir hak.');
    await expect(details).toContainText('Şartlar geçerlidir.');
    await expect(details.locator('strong')).toHaveText('satın alma');
    expect(await details.innerHTML()).not.toMatch(/script|onclick/i);
    expect(await sub.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
    await sub.getByTestId('stars-generate').click();
    await expect(sub.getByRole('textbox', { name: text('campaigns:your_link') })).toHaveValue(/referrerToken=/);
    await expectAccessible(sub, 'stars campaign', info);

    // Closed in the console, the entry leaves the menu (a new page load asks again).
    await page.getByRole('button', { name: oc('close_named', { name }) }).click();
    const close = page.getByRole('dialog', { name: oc('close_named', { name }) });
    await close.getByRole('textbox', { name: ops('reason_label') }).fill('E2E: stars over');
    await close.getByRole('button', { name: oc('close_named', { name }), exact: true }).click();
    await expect(close).toBeHidden();
    await expect(row).toContainText(oc('closed'));
    await sub.goto('/main/files');
    await openAccountCard(sub);
    await expect(sub.getByRole('menuitem', { name: text('campaigns:invite_title') })).toBeVisible();
    await expect(sub.getByRole('menuitem', { name: text('campaigns:stars_title') })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a console operator creates a prize draw with texts in every language and edits it', async ({ page, request }, info) => {
  const token = await operatorToken(request);
  const label = `Draw ${info.project.name} ${Date.now()}`;
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key!, value!), [OPS_TOKEN_KEY, token]);
  await page.goto('/ops/draw');
  await expect(page.getByRole('heading', { level: 1, name: od('menu') })).toBeVisible();

  await page.getByRole('button', { name: od('new_campaign'), exact: true }).click();
  const create = page.getByRole('dialog', { name: od('new_campaign') });
  await create.getByRole('textbox', { name: od('label'), exact: true }).fill(label);
  // English first, then copied into the other languages (the form asks for all eleven).
  const english = create.getByRole('group', { name: 'English' });
  await english.getByRole('textbox', { name: od('text_title') }).fill('New year draw');
  await english.getByRole('textbox', { name: od('text_conditions') }).fill('Each code counts once.');
  await english.getByRole('textbox', { name: od('text_result') }).fill('You are in the draw.');
  await create.getByRole('button', { name: od('copy_english') }).click();
  await expect(create.getByRole('group', { name: 'Türkçe' }).getByRole('textbox', { name: od('text_title') })).toHaveValue('New year draw');
  await create.getByRole('textbox', { name: ops('reason_label') }).fill('E2E: draw launch');
  await create.getByRole('button', { name: od('create'), exact: true }).click();
  await expect(create).toBeHidden();

  // The new campaign opens in its panel; Edit brings the same form, filled in.
  await page.getByRole('button', { name: od('manage_named', { name: label }) }).click();
  await expect(page.getByRole('button', { name: od('edit'), exact: true })).toBeVisible();
  await expectAccessible(page, 'ops draw campaign', info);
  await page.getByRole('button', { name: od('edit'), exact: true }).click();
  const edit = page.getByRole('dialog', { name: od('edit_named', { name: label }) });
  await expect(edit.getByRole('textbox', { name: od('label'), exact: true })).toHaveValue(label);
  const turkish = edit.getByRole('group', { name: 'Türkçe' });
  await expect(turkish.getByRole('textbox', { name: od('text_title') })).toHaveValue('New year draw');
  await turkish.getByRole('textbox', { name: od('text_title') }).fill('Yılbaşı çekilişi');
  await edit.getByRole('spinbutton', { name: od('winner_count') }).fill('5');
  await expectAccessible(page, 'ops draw edit', info);
  await edit.getByRole('textbox', { name: ops('reason_label') }).fill('E2E: Turkish title and five winners');
  await edit.getByRole('button', { name: od('save'), exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(new RegExp(`^${od('winner_count')}`)).locator('..')).toContainText('5');

  // Saved on the server: what the console reads back.
  const all = (await (await request.get('/api/ops/draw/campaigns', { headers: { 'x-auth-token': token } })).json()) as { items: Array<{ id: string; label: string; winnerCount: number }> };
  const saved = all.items.find((c) => c.label === label)!;
  expect(saved.winnerCount).toBe(5);
  const full = (await (await request.get(`/api/ops/draw/campaigns/${saved.id}`, { headers: { 'x-auth-token': token } })).json()) as { texts: Record<string, { title: string }> };
  expect(full.texts.tr!.title).toBe('Yılbaşı çekilişi');
  expect(LANGUAGES.filter((l) => l !== 'tr').every((l) => full.texts[l]!.title === 'New year draw')).toBe(true);
  // Leave no open campaign behind for the draw spec's public page.
  const closed = await request.post(`/api/ops/draw/campaigns/${saved.id}/close`, { headers: { 'x-auth-token': token }, data: { reason: 'E2E: done' } });
  expect(closed.ok(), await closed.text()).toBe(true);
});

test('signing in from the raffle-rights page comes back to it', async ({ page, request }) => {
  const subscriber = await createAccount(request);
  await page.goto('/cekilis-hakki');
  await page.getByTestId('raffle-sign-in').click();
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fcekilis-hakki$/);
  await page.getByRole('textbox', { name: text('auth:username_label') }).fill(subscriber.email);
  await page.getByLabel(text('auth:password_label'), { exact: true }).fill(subscriber.password);
  await page.getByRole('button', { name: text('auth:sign_in'), exact: true }).click();
  await expect(page).toHaveURL(/\/cekilis-hakki$/);
  await expect(page.getByRole('heading', { name: text('campaigns:raffle_rights_title') })).toBeVisible();
});
