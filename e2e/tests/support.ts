import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');

/** An interface string by its "namespace:key", as the web app's t() renders it; Turkish is the app's default language. */
export function text(key: string, values: Record<string, string | number> = {}, language = 'tr'): string {
  const [namespace, name] = key.split(':') as [string, string];
  const strings = JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
  const found = strings[name];
  if (typeof found !== 'string') throw new Error(`no ${language} string for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, variable: string) => String(values[variable]));
}

/** Matches an accessible name that starts with `prefix` (file rows are named "<name>, <kind>"). */
export function startsWith(prefix: string): RegExp {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}`);
}

let seq = 0;
export function newUser() {
  seq++;
  const n = `${Date.now() % 100_000_000}`.padStart(8, '0').slice(-7) + String(seq % 10);
  return { email: `e2e${n}@example.com`, countryCode: '90', phoneNumber: `5${n}9`.slice(0, 10), password: 'Bulut2026!' };
}

/** The dev outbox's messages to `to` sent at or after `after` (ms), oldest first. */
function outboxMessages(to: string, after: number): { to: string; text: string; createdAt: string }[] {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string; createdAt: string })
    .filter((m) => m.to === to && Date.parse(m.createdAt) >= after);
}

/** The newest match of `pattern` (its first group) in the messages to `to`, waiting for the job to deliver it. */
async function newestInOutbox(to: string, after: number, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = outboxMessages(to, after).at(-1)?.text.match(pattern)?.[1];
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Reads the newest one-time code sent to `to` from the server's dev outbox, waiting for the job to deliver it. */
export function codeFor(to: string, after = 0): Promise<string> {
  return newestInOutbox(to, after, /\b(\d{6})\b/);
}

/** The path of the newest link to this app in an e-mail to `to` (e.g. "/changemypasswordv2/…"), from the dev outbox. */
export function linkFor(to: string, pathPrefix: string, after = 0): Promise<string> {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return newestInOutbox(to, after, new RegExp(`https?://[^/\\s]+(${escaped}[^\\s"'<>]*)`));
}

/** Creates an account through the real API (the UI path is covered by its own test). */
export async function createAccount(request: APIRequestContext, user = newUser()) {
  const eula = await (await request.get('/api/eula/get/tr?brand=BULUT')).json();
  // Only this sign-up's code: the same phone may have had one before (an account deleted and made again).
  const since = Date.now();
  const start = await request.post('/api/v2/signup', {
    data: { ...user, language: 'tr', eulaId: eula.id, name: 'Deniz', surname: 'Kaya' },
  });
  expect(start.status(), await start.text()).toBe(200);
  const otp = await codeFor(`+${user.countryCode}${user.phoneNumber}`, since);
  const done = await request.post('/api/v2/signup/validate', { data: { referenceToken: (await start.json()).referenceToken, otp } });
  expect(done.status()).toBe(200);
  return user;
}

export async function signIn(page: Page, username: string, password: string, rememberMe = true) {
  await page.goto('/');
  await page.getByRole('textbox', { name: text('auth:username_label') }).fill(username);
  await page.getByLabel(text('auth:password_label'), { exact: true }).fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: text('auth:remember_me') }).check();
  await page.getByRole('button', { name: text('auth:sign_in'), exact: true }).click();
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
  // Named "Account menu" or "Account menu, unread notifications: n".
  await page.getByRole('button', { name: text('account:menu_label') }).click();
  await expect(page.getByRole('menu', { name: text('account:menu_label') })).toBeVisible();
}

/** Opens My files and uploads files to its root through the NEW menu. */
export async function uploadToMyFiles(page: Page, files: string[]) {
  await page.goto('/main/files');
  await expect(page.getByRole('region', { name: text('files:title'), exact: true })).toBeVisible();
  // The wide screen's button and the narrow screen's icon share the name; only one is rendered.
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
  await page.getByRole('menuitem', { name: text('files:upload_files') }).click();
  // The file input is hidden (the menu item opens it): it has no role.
  await page.getByTestId('upload-input').setInputFiles(files);
}

const pageErrors: string[] = [];

/** An uncaught error in the app fails the test even when the screen recovers from it: call once at a spec's top. */
export function failOnPageErrors() {
  test.beforeEach(({ page }) => {
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  });
  test.afterEach(() => {
    const errors = pageErrors.splice(0);
    expect(errors, errors.join('\n')).toEqual([]);
  });
}

/** A row of the Files list (rows are named "<name>, <kind>"). */
export const fileRow = (page: Page, name: string) =>
  page.getByRole('list', { name: text('files:list_label') }).getByRole('listitem', { name: startsWith(`${name}, `) });

/** Signs a new account in, uploads the files to the root of My files and waits for their rows. */
export async function startWithFiles(page: Page, request: APIRequestContext, files: string[]) {
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await uploadToMyFiles(page, files);
  for (const file of files) await expect(fileRow(page, path.basename(file))).toBeVisible({ timeout: 30_000 });
  return user;
}
