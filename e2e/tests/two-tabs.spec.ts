import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, expireSessions, openAccountCard, signIn, text } from './support.js';

/** Two tabs of one browser, signed in with remember-me, whose sessions have both expired on the server. */
async function twoExpiredTabs(context: BrowserContext, request: Parameters<typeof createAccount>[0]) {
  const user = await createAccount(request);
  const first = await context.newPage();
  await signIn(first, user.email, user.password, true);
  const second = await context.newPage();
  await second.goto('/main');
  await expect(second).toHaveURL(/\/main/);
  // Both tabs leave the app while the sessions expire: expireSessions waits out the server's session cache, and a
  // background request (a poll) in that window would refresh before the two tabs race (seen in CI: 0 refreshes counted).
  await Promise.all([first.goto('about:blank'), second.goto('about:blank')]);
  expect(await expireSessions(user.email)).toBeGreaterThan(0);
  return { email: user.email, first, second };
}

/** Both tabs open the app at the same moment. */
const openBoth = (first: Page, second: Page) => Promise.all([first.goto('/main'), second.goto('/main')]);

/** Counts the remember-me refreshes a page sends. */
function countRefreshes(page: Page): () => number {
  let count = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/auth/rememberMe')) count += 1;
  });
  return () => count;
}

async function signedIn(page: Page) {
  await openAccountCard(page);
  await expect(page.getByRole('progressbar', { name: text('common:storage') })).toContainText('5 GB');
  await expect(page).toHaveURL(/\/main/);
}

/** The remember-me family is alive (nothing was revoked): after another expiry, a reload is refreshed again. */
async function familyAlive(email: string, page: Page) {
  expect(await expireSessions(email)).toBeGreaterThan(0);
  await page.reload();
  await signedIn(page);
}

test('two tabs refreshing an expired session at the same moment both stay signed in, with one refresh', async ({ context, request }) => {
  const { email, first, second } = await twoExpiredTabs(context, request);
  const refreshesOf = [countRefreshes(first), countRefreshes(second)];
  await openBoth(first, second);
  await signedIn(first);
  await signedIn(second);
  // The Web Lock let one tab refresh; the other found new tokens in storage and only retried.
  expect(refreshesOf[0]!() + refreshesOf[1]!()).toBe(1);
  await familyAlive(email, second);
});

test('without Web Locks both tabs still stay signed in: the server gives the just-rotated token a grace period', async ({ context, request }) => {
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true }));
  const { email, first, second } = await twoExpiredTabs(context, request);
  await openBoth(first, second);
  await signedIn(first);
  await signedIn(second);
  await familyAlive(email, second);
});
