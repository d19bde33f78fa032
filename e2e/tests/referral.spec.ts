import { expect, test } from '@playwright/test';
import { codeFor, createAccount, newUser, openAccountCard, signIn, text } from './support.js';

const digit = (n: number) => text('common:otp_digit', { n });

// Issue 30: an invitee signs up through the inviter's personal link (referrerToken kept and sent with sign-up) and the
// inviter sees them, masked, on the invite-friends screen reached from the account card.
test('an invitee signs up through my link and I see them among my friends', async ({ page, browser, request }) => {
  const inviter = await createAccount(request);
  await signIn(page, inviter.email, inviter.password);
  await openAccountCard(page);
  await page.getByRole('menuitem', { name: text('campaigns:invite_title') }).click();
  await expect(page).toHaveURL(/\/main\/inviteFriends$/);
  const link = await page.getByRole('textbox', { name: text('campaigns:your_link') }).inputValue();
  expect(link).toMatch(/\/auth\/inviteuser\?referrerToken=[\w-]{43}$/);
  await expect(page.getByRole('group', { name: text('campaigns:friends_empty') })).toBeVisible();

  // The friend opens the link in a browser of their own.
  const friendContext = await browser.newContext({ locale: 'tr-TR' });
  try {
    const friendPage = await friendContext.newPage();
    const friend = newUser();
    await friendPage.goto(new URL(link).pathname + new URL(link).search);
    await friendPage.getByRole('textbox', { name: text('auth:email_label'), exact: true }).fill(friend.email);
    await friendPage.getByRole('textbox', { name: text('auth:phone_label') }).fill(friend.phoneNumber);
    await friendPage.getByLabel(text('auth:password_label'), { exact: true }).fill(friend.password);
    const eulaWords = text('auth:eula_accept')
      .split(/<\/?\w+>/)
      .map((part) => part.trim())
      .sort((a, b) => b.length - a.length)[0]!;
    await friendPage.getByRole('checkbox', { name: eulaWords }).check();
    const sentAfter = Date.now() - 1000;
    await friendPage.getByRole('button', { name: text('auth:signup_submit'), exact: true }).click();
    await expect(friendPage.getByRole('textbox', { name: digit(1), exact: true })).toBeVisible();
    const otp = await codeFor(`+90${friend.phoneNumber}`, sentAfter);
    await friendPage.getByRole('textbox', { name: digit(1), exact: true }).click();
    await friendPage.keyboard.type(otp);
    await expect(friendPage).toHaveURL(/\/main/);
  } finally {
    await friendContext.close();
  }

  // The inviter sees the friend (no name given: the e-mail's first letters, masked) waiting for the reward.
  await page.reload();
  const friends = page.getByTestId('invite-friends-list');
  await expect(friends.getByRole('listitem')).toHaveCount(1);
  await expect(friends).toContainText('e2***');
  await expect(friends).toContainText(text('campaigns:status_qualified'));
});
