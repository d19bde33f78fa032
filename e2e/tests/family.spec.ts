import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.js';
import { createAccount, failOnPageErrors, fileRow, signIn, text, uploadToMyFiles } from './support.js';

failOnPageErrors();
// The app's CSP forbids inline scripts and axe is injected as one (CSP is covered by the server's tests).
test.use({ bypassCSP: true, reducedMotion: 'reduce' });
const contextOptions = { bypassCSP: true, reducedMotion: 'reduce' } as const;

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

async function token(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._at as string);
}

/** Buys a package through the API with the sandbox card that always succeeds (the checkout UI has its own spec). */
async function buyPackage(page: Page, code: string) {
  const headers = { 'x-auth-token': await token(page) };
  const list = (await (await page.request.get('/api/packages', { headers })).json()) as { packages: Array<{ id: string; code: string }> };
  const pkg = list.packages.find((p) => p.code === code);
  expect(pkg, `package ${code}`).toBeTruthy();
  const card = { number: '4242424242424242', expiryMonth: 12, expiryYear: new Date().getFullYear() + 3, cvc: '123', holderName: 'Deniz Kaya' };
  const res = await page.request.post('/api/packages/orders', {
    headers,
    data: { packageId: pkg!.id, idempotencyKey: crypto.randomUUID(), payment: { type: 'NEW_CARD', card, saveCard: true } },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).status).toBe('COMPLETED');
}

async function family(page: Page) {
  const res = await page.request.get('/api/family', { headers: { 'x-auth-token': await token(page) } });
  expect(res.status()).toBe(200);
  return res.json();
}

test('the family admin invites by phone; the invitee accepts in a second browser and uploads into the pool', async ({ page, browser }, info) => {
  test.setTimeout(480_000);
  const admin = await createAccount(page.request);
  const member = await createAccount(page.request);
  await signIn(page, admin.email, admin.password);
  await buyPackage(page, 'FAMILY_2TB_MONTHLY');

  // The admin invites the member by phone from the invitation screen.
  await page.goto('/main/packages/familyInvitation');
  const form = page.getByRole('region', { name: text('family:invite_heading') });
  await expect(form).toBeVisible();
  await expect(page.getByTestId('family-seats')).toHaveText(text('family:seats', { used: 0, max: 5 }));
  await form.getByRole('radio', { name: text('family:by_phone') }).check();
  await form.getByRole('textbox', { name: text('family:phone_label') }).fill(member.phoneNumber);
  await form.getByRole('button', { name: text('family:send_invitation') }).click();
  await expect(form.getByText(text('family:invitation_sent'))).toBeVisible();
  const sent = page.getByRole('region', { name: text('family:pending_heading') });
  await expect(sent.getByText(text('family:status_PENDING'), { exact: false })).toBeVisible();
  await expect(page.getByTestId('family-seats')).toHaveText(text('family:seats', { used: 1, max: 5 }));
  await expectAccessible(page, 'family invitation (admin)', info);

  // The invitee, in a browser of their own, accepts and lands on their share of the family storage.
  const other = await browser.newContext(contextOptions);
  const invitee = await other.newPage();
  await signIn(invitee, member.email, member.password);
  await invitee.goto('/main/packages/familyInvitation');
  const received = invitee.getByRole('region', { name: text('family:received_heading') });
  await expect(received.getByText(text('family:invited_by', { name: 'Deniz Kaya' }))).toBeVisible();
  await expectAccessible(invitee, 'family invitation (invitee)', info);
  await received.getByRole('button', { name: text('family:accept'), exact: true }).click();
  await expect(invitee).toHaveURL(/\/main\/usages\/family-share-details$/);
  await expect(invitee.getByRole('region', { name: text('family:my_share_heading') })).toBeVisible();
  await expect(invitee.getByText(text('family:admin_label', { name: 'Deniz Kaya' }))).toBeVisible();
  await expect.poll(() => invitee.evaluate(() => localStorage.getItem('isFamilyUserMember'))).toBe('true');
  await expectAccessible(invitee, 'family share details', info);

  // The member's upload counts against the family pool.
  await uploadToMyFiles(invitee, [path.join(FIXTURES, 'sunset.jpg')]);
  await expect(fileRow(invitee, 'sunset.jpg')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await family(page)).pool.usedBytes, { timeout: 15_000 }).toBeGreaterThan(0);

  // The admin's manage page shows the member with their use; the member may open it too.
  await page.goto('/main/usages/manage-family-share');
  const members = page.getByRole('region', { name: text('family:members_heading') });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(members.getByRole('button', { name: `${text('family:remove_member')} Deniz Kaya` })).toBeVisible();
  await expectAccessible(page, 'manage family share (admin)', info);
  await invitee.goto('/main/usages/manage-family-share');
  await expect(invitee.getByRole('region', { name: text('family:pool_heading') })).toBeVisible();

  // Role gates: the admin is not a member, so the details page sends them to the packages screen; so does a stranger.
  await page.goto('/main/usages/family-share-details');
  await expect(page).toHaveURL(/\/main\/packages$/);
  const strangerContext = await browser.newContext(contextOptions);
  const stranger = await strangerContext.newPage();
  const someone = await createAccount(stranger.request);
  await signIn(stranger, someone.email, someone.password);
  await stranger.goto('/main/usages/manage-family-share');
  await expect(stranger).toHaveURL(/\/main\/packages$/);
  await strangerContext.close();
  await other.close();
});
