import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.js';
import { apiSignIn, completeOperatorSetup, createAccount, failOnPageErrors, operatorToken, text } from './support.js';

failOnPageErrors();
// axe is injected as a script: the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

// Issue 29, the agents' side at 1280 and 375 px: canned replies are shared by every agent of a language, so this spec
// runs in the console projects (one viewport after the other) and removes what it wrote.

const os = (key: string, values: Record<string, string | number> = {}) => text(`ops_support:${key}`, values);
// The console's token lives in the tab's sessionStorage (ops/api/session.ts): set before the console loads.
const OPS_TOKEN_KEY = 'bulut.ops.token';

/** A support-role agent, made by an admin in the console's API, whose set-up link is followed through the set-up API. */
async function supportAgent(request: APIRequestContext, tag: string): Promise<string> {
  const admin = await operatorToken(request);
  const created = await request.post('/api/ops/operators', {
    headers: { 'X-Auth-Token': admin },
    data: { email: `support.${tag}@ops.example.com`, name: 'E2E Support', role: 'support', reason: 'E2E: a support agent' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const setup = /\/ops\/setup\/([^/?#\s]+)/.exec(((await created.json()) as { setupUrl: string }).setupUrl)?.[1];
  if (!setup) throw new Error('no set-up link in the created operator');
  return completeOperatorSetup(request, setup);
}

/** A new subscriber signed in through the API. */
const subscriberToken = async (request: APIRequestContext) => apiSignIn(request, await createAccount(request));

/** The chat page's calls without the page: a ticket opens a chat session in which the subscriber writes. */
async function chatSession(request: APIRequestContext, token: string): Promise<string> {
  const issued = await request.get('/api/account/ticket', { headers: { 'X-Auth-Token': token } });
  expect(issued.status(), await issued.text()).toBe(200);
  const opened = await request.post('/api/support/session', { data: { ticket: ((await issued.json()) as { data: { ticket: string } }).data.ticket } });
  expect(opened.status(), await opened.text()).toBe(200);
  return ((await opened.json()) as { data: { session: string } }).data.session;
}

/** The page must not scroll sideways: at 375 px every console screen fits its width (wide tables scroll in their own box). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function openConsole(page: Page, token: string, path: string) {
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key!, value!), [OPS_TOKEN_KEY, token]);
  await page.goto(path);
}

test('a support agent writes canned replies per language, answers a chat with one, edits and deletes it', async ({ page, request }, info) => {
  test.setTimeout(360_000);
  const stamp = `${info.project.name}-${Date.now()}`;
  const agent = await supportAgent(request, stamp);
  const session = await chatSession(request, await subscriberToken(request));
  const question = `Yedekleme yarıda kaldı ${stamp}`;
  const sent = await request.post('/api/support/messages', { headers: { 'X-Support-Session': session }, data: { clientId: randomUUID(), text: question } });
  expect(sent.status(), await sent.text()).toBe(200);

  // The inbox links the canned-replies screen; it opens on Turkish.
  await openConsole(page, agent, '/ops/support');
  await page.getByRole('link', { name: os('canned_manage'), exact: true }).click();
  await expect(page).toHaveURL(/\/ops\/support\/canned/);
  await expect(page.getByRole('heading', { level: 1, name: os('canned_title') })).toBeVisible();
  // The screen's own language filter (the console's header has the interface language picker).
  const canned = page.getByTestId('support-canned');
  await expect(canned.getByRole('combobox', { name: os('filter_language'), exact: true })).toHaveValue('tr');
  await expectAccessible(page, 'support canned replies', info);
  await expectNoSidewaysScroll(page);

  // A new reply: listed under Turkish once saved, and the form is empty again.
  const title = `Karşılama ${stamp}`;
  const first = 'Merhaba, size nasıl yardımcı olabiliriz?';
  await page.getByRole('textbox', { name: os('canned_field_title'), exact: true }).fill(title);
  await page.getByRole('textbox', { name: os('canned_field_text'), exact: true }).fill(first);
  await page.getByRole('button', { name: os('canned_save'), exact: true }).click();
  const item = page.getByTestId('canned-item').filter({ hasText: title });
  await expect(item).toContainText(first);
  await expect(page.getByRole('textbox', { name: os('canned_field_title'), exact: true })).toHaveValue('');

  // Edited: the form starts from the reply's text, and the list shows the new one.
  const edited = 'Merhaba, yedeklemenizi birlikte kontrol edelim.';
  await page.getByRole('button', { name: os('canned_edit_named', { title }) }).click();
  await expect(page.getByRole('textbox', { name: os('canned_field_title'), exact: true })).toHaveValue(title);
  await page.getByRole('textbox', { name: os('canned_field_text'), exact: true }).fill(edited);
  await expectAccessible(page, 'support canned reply edit', info);
  await page.getByRole('button', { name: os('canned_save'), exact: true }).click();
  await expect(item).toContainText(edited);
  await expect(item).not.toContainText(first);
  await expectNoSidewaysScroll(page);

  // Replies belong to a language: English has not got it; back to Turkish, it is there.
  await canned.getByRole('combobox', { name: os('filter_language'), exact: true }).selectOption('en');
  await expect(page).toHaveURL(/language=en/);
  await expect(page.getByTestId('canned-item').filter({ hasText: title })).toHaveCount(0);
  await canned.getByRole('combobox', { name: os('filter_language'), exact: true }).selectOption('tr');
  await expect(item).toContainText(edited);

  // In the subscriber's (Turkish) ticket the agent picks it: the reply box takes its text, and it goes to the subscriber.
  await page.getByRole('link', { name: os('back_to_inbox') }).click();
  await page.getByTestId('support-inbox-row').filter({ hasText: question }).getByRole('link').click();
  await expect(page.getByTestId('support-conversation').getByText(question)).toBeVisible();
  await page.getByRole('combobox', { name: os('canned'), exact: true }).selectOption({ label: title });
  await expect(page.getByRole('textbox', { name: os('reply_label'), exact: true })).toHaveValue(edited);
  await expectAccessible(page, 'support ticket with a canned reply', info);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: os('send'), exact: true }).click();
  await expect(page.getByTestId('support-conversation').getByTestId('support-message').filter({ hasText: edited })).toBeVisible();
  const conversation = await request.get('/api/support/conversation', { headers: { 'X-Support-Session': session } });
  const { messages } = ((await conversation.json()) as { data: { messages: Array<{ author: string; text: string }> } }).data;
  expect(messages.map((m) => [m.author, m.text])).toEqual([
    ['subscriber', question],
    ['agent', edited],
  ]);

  // Deleted: gone from the list and from the ticket's choices.
  await page.goto('/ops/support/canned?language=tr');
  await page.getByRole('button', { name: os('canned_delete_named', { title }) }).click();
  await expect(page.getByTestId('canned-item').filter({ hasText: title })).toHaveCount(0);
  const left = await request.get('/api/ops/support/canned?language=tr', { headers: { 'X-Auth-Token': agent } });
  expect(((await left.json()) as { items: Array<{ title: string }> }).items.map((i) => i.title)).not.toContain(title);
});

test('feedback reaches the support inbox with its client details; the agent marks it handled', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const stamp = `${info.project.name}-${Date.now()}`;
  const agent = await supportAgent(request, `fb-${stamp}`);
  const feedback = `Fatura ekranı boş geliyor ${stamp}`;
  const sent = await request.post('/api/feedback/send/COMPLAINT/tr', {
    headers: { 'X-Auth-Token': await subscriberToken(request) },
    data: { text: feedback, client: { userAgent: 'E2E browser', platform: 'Linux x86_64' } },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // Filtered to complaints: the feedback is listed, and opens with its text and the browser's details.
  await openConsole(page, agent, '/ops/support');
  await page.getByRole('combobox', { name: os('filter_kind'), exact: true }).selectOption('feedback');
  await page.getByRole('combobox', { name: os('filter_type'), exact: true }).selectOption('COMPLAINT');
  await expect(page).toHaveURL(/kind=feedback/);
  const row = page.getByTestId('support-inbox-row').filter({ hasText: feedback });
  await expect(row).toContainText(os('type_COMPLAINT'));
  await expectAccessible(page, 'support inbox, feedback', info);
  await expectNoSidewaysScroll(page);
  // Suggestions only: not there.
  await page.getByRole('combobox', { name: os('filter_type'), exact: true }).selectOption('SUGGESTION');
  await expect(page).toHaveURL(/type=SUGGESTION/);
  await expect(page.getByTestId('support-inbox-row').filter({ hasText: feedback })).toHaveCount(0);
  await page.getByRole('combobox', { name: os('filter_type'), exact: true }).selectOption('COMPLAINT');
  await row.getByRole('link').click();

  const screen = page.getByTestId('support-feedback');
  await expect(screen).toContainText(feedback);
  await expect(screen).toContainText('E2E browser');
  await expect(screen).toContainText('Linux x86_64');
  await expectAccessible(page, 'support feedback', info);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: os('mark_done'), exact: true }).click();
  await expect(screen.getByText(os('state_done'), { exact: true })).toBeVisible();

  // Handled feedback leaves the open inbox and is found under its state.
  await page.goto('/ops/support?kind=feedback');
  await expect(page.getByTestId('support-inbox-row').filter({ hasText: feedback })).toHaveCount(0);
  await page.getByRole('combobox', { name: os('filter_state'), exact: true }).selectOption('done');
  await expect(page.getByTestId('support-inbox-row').filter({ hasText: feedback })).toBeVisible();
});
