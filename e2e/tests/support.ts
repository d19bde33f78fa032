import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';

let seq = 0;
export function newUser() {
  seq++;
  const n = `${Date.now() % 100_000_000}`.padStart(8, '0').slice(-7) + String(seq % 10);
  return { email: `e2e${n}@example.com`, countryCode: '90', phoneNumber: `5${n}9`.slice(0, 10), password: 'Bulut2026!' };
}

/** Reads the newest one-time code sent to `to` from the server's dev outbox, waiting for the job to deliver it. */
export async function codeFor(to: string, after = 0): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return undefined;
        const msgs = fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string; createdAt: string })
          .filter((m) => m.to === to && Date.parse(m.createdAt) >= after);
        code = msgs.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

/** Creates an account through the real API (the UI path is covered by its own test). */
export async function createAccount(request: APIRequestContext, user = newUser()) {
  const eula = await (await request.get('/api/eula/get/tr?brand=BULUT')).json();
  const start = await request.post('/api/v2/signup', {
    data: { ...user, language: 'tr', eulaId: eula.id, name: 'Deniz', surname: 'Kaya' },
  });
  expect(start.status(), await start.text()).toBe(200);
  const otp = await codeFor(`+${user.countryCode}${user.phoneNumber}`);
  const done = await request.post('/api/v2/signup/validate', { data: { referenceToken: (await start.json()).referenceToken, otp } });
  expect(done.status()).toBe(200);
  return user;
}

export async function signIn(page: Page, username: string, password: string, rememberMe = true) {
  await page.goto('/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  if (rememberMe) await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/main/);
}

/** Ends every live session of the account in the server's database, as if they had timed out. */
export function expireSessions(email: string): number {
  const db = new Database(path.join(E2E_DATA_DIR, 'bulut.sqlite'));
  try {
    const res = db
      .prepare('UPDATE session SET expires_at = 0 WHERE account_id = (SELECT id FROM account WHERE email = ?) AND revoked_at IS NULL')
      .run(email);
    return res.changes;
  } finally {
    db.close();
  }
}

export async function openAccountCard(page: Page) {
  await page.getByTestId('account-card-trigger').click();
  await expect(page.getByTestId('account-card')).toBeVisible();
}
