import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from '../playwright.config.js';
import { totp } from './totp.js';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');

/** An interface string by its "namespace:key", as the web app's t() renders it; Turkish is the app's default language. */
export function text(key: string, values: Record<string, string | number> = {}, language = 'tr'): string {
  const [namespace, name] = key.split(':') as [string, string];
  const strings = JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
  // i18next's nested keys ("row.styled") walk the objects; a flat key with a dot wins if it exists.
  const found = name in strings ? strings[name] : name.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
  if (typeof found !== 'string') throw new Error(`no ${language} string for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, variable: string) => String(values[variable]));
}

/** An interface string with its markup tags (links, emphasis) removed: the text a label's accessible name reads. */
export function plain(key: string, values: Record<string, string | number> = {}, language = 'tr'): string {
  return text(key, values, language).replace(/<\/?\w+>/g, '');
}

/** Matches an accessible name that starts with `prefix` (file rows are named "<name>, <kind>"). */
export function startsWith(prefix: string): RegExp {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}`);
}

let seq = 0;
/** Playwright's worker slot (0, 1, …): two workers creating users in the same millisecond still differ. */
const WORKER = String(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10);
export function newUser() {
  seq++;
  const n = `${Date.now() % 10_000_000}`.padStart(7, '0') + WORKER + String(seq % 10);
  return { email: `e2e${n}@example.com`, countryCode: '90', phoneNumber: `5${n}`, password: 'Bulut2026!' };
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
async function newestInOutbox(to: string, after: number, pattern: RegExp, atLeast = 1): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        // The newest message that has one: another mail may come between (the sign-up's e-mail verification link).
        const matches = outboxMessages(to, after)
          .map((m) => m.text.match(pattern)?.[1])
          .filter(Boolean);
        found = matches.length >= atLeast ? matches.at(-1) : undefined;
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/**
 * Reads the newest one-time code sent to `to` from the server's dev outbox, waiting for the job to deliver it — and,
 * with `atLeast`, for that many codes: after a resend the first code's job may be delivered late (a loaded machine),
 * after the moment the resend was asked for, and would otherwise be taken for the new one.
 */
export function codeFor(to: string, after = 0, atLeast = 1): Promise<string> {
  return newestInOutbox(to, after, /\b(\d{6})\b/, atLeast);
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

/** Signs in through the API (a device of its own): the session's token for the subscriber routes. */
export async function apiSignIn(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const login = await request.post('/api/auth/token', { data: { username: user.email, password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = login.headers()['x-auth-token'];
  expect(token).toBeTruthy();
  return token!;
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
/**
 * After a test writes the server's database behind its back: the server keeps a signed-in session and its account's
 * facts (quota, usage) for up to 5 s (`SESSION_CACHE_TTL_MS`, modules/auth/session-cache.ts) and hears only its own
 * writes, so such an edit is what every request sees once that has passed — as an operator's manual SQL would be.
 */
export async function afterDatabaseEdit(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 5_100));
}

export async function expireSessions(email: string): Promise<number> {
  const db = new Database(path.join(E2E_DATA_DIR, 'bulut.sqlite'));
  try {
    const res = db
      .prepare('UPDATE session SET expires_at = 0 WHERE account_id = (SELECT id FROM account WHERE email = ?) AND revoked_at IS NULL')
      .run(email);
    return res.changes;
  } finally {
    db.close();
    await afterDatabaseEdit();
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

/** A row of any listing on the page (the owner's Files or a link's visitor page), by the start of its name. */
export const listingRow = (page: Page, name: string) => page.getByRole('listitem', { name: startsWith(`${name}, `) });

/** A person's or a place's live link (issue 35): creates it in the open share dialog, closes the dialog, returns its address. */
export async function createLiveLink(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: text('shares:link_create') }).click();
  const address = dialog.getByRole('textbox', { name: text('shares:link_label') });
  await expect(address).toHaveValue(/\/sharedAlbum\?token=/);
  const url = await address.inputValue();
  await page.keyboard.press('Escape');
  return url;
}

/** A link's visitor: a fresh browser context without a session, on the project's viewport, opened at `url`. */
export async function openAsVisitor(browser: Browser, info: TestInfo, url: string, options: { locale?: string; bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; visitor: Page }> {
  const { baseURL, viewport, hasTouch } = info.project.use;
  const context = await browser.newContext({ baseURL, viewport, hasTouch, ...options });
  const visitor = await context.newPage();
  await visitor.goto(url);
  return { context, visitor };
}

/** The signed-in page's session token, as the app stored it. */
export async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._at as string);
}

/**
 * Waits, through the API, for background work (a job's result) that a screen will show: a cheap request every few
 * seconds instead of reloading the whole app in the browser that often (each reload costs the browser a full start of
 * the app). The caller then checks the screen itself as before.
 */
export async function untilApi<T>(request: APIRequestContext, token: string, url: string, ready: (body: T) => boolean, timeout: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(url, { headers: { 'x-auth-token': token } });
        return response.ok() && ready((await response.json()) as T);
      },
      { timeout, intervals: [2_000] },
    )
    .toBe(true);
}

/** A folder made through the API (faster than the dialog where the folder is only the scene). */
export async function createFolder(request: APIRequestContext, token: string, name: string, parent?: string): Promise<string> {
  const uuid = crypto.randomUUID();
  const response = await request.post(`/api/filesystem/createFolder${parent ? `?parentFolderUuid=${parent}` : ''}`, {
    headers: { 'x-auth-token': token, 'folder-name': encodeURIComponent(name), 'folder-uuid': uuid },
  });
  expect(response.status(), await response.text()).toBe(200);
  return uuid;
}

/** A signed-in console admin's token (every role's rights): the installer's admin link, then set-up through the API. */
export async function operatorToken(request: APIRequestContext, email = `admin.${Date.now()}@ops.example.com`): Promise<string> {
  const out = execFileSync('npm', ['run', '--silent', 'ops:create-admin', '--', '--email', email, '--name', 'E2E Admin'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const link = /\/ops\/setup\/(\S+)/.exec(out)?.[1];
  if (!link) throw new Error(`no set-up link in:\n${out}`);
  return completeOperatorSetup(request, link);
}

/** Follows an operator's one-time set-up link through the API (a password, then a code from the enrolled secret): their console token. */
export async function completeOperatorSetup(request: APIRequestContext, setupToken: string): Promise<string> {
  const enrol = await request.post(`/api/ops/setup/${setupToken}`, { data: { password: 'Operator-Pass-2026!' } });
  expect(enrol.ok(), await enrol.text()).toBe(true);
  const { secret } = (await enrol.json()) as { secret: string };
  const done = await request.post(`/api/ops/setup/${setupToken}/confirm`, { data: { code: totp(secret) } });
  expect(done.ok(), await done.text()).toBe(true);
  return ((await done.json()) as { token: string }).token;
}
