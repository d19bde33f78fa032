import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { expectAccessible } from './a11y.js';
import { apiSignIn, createAccount, failOnPageErrors, fileRow, signIn, startsWith, text, untilApi, uploadToMyFiles } from './support.js';

failOnPageErrors();
// axe is injected as a script tag, which the app's CSP (script-src 'self') would refuse (as in a11y.spec.ts).
test.use({ bypassCSP: true });

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');

/** A For-you string ("foryou:a.b"), nested keys included, in Turkish (the app's default language). */
function foryouText(key: string, values: Record<string, string | number> = {}): string {
  const strings = JSON.parse(fs.readFileSync(path.join(LOCALES, 'tr', 'foryou.json'), 'utf8')) as Record<string, unknown>;
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
  if (typeof found !== 'string') throw new Error(`no tr string for foryou:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, variable: string) => String(values[variable]));
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A real JPEG taken at `when` (EXIF DateTimeOriginal, wall clock): a gradient with shapes and grain in its own
 * colours, so the photos differ and score as sharp, exposed pictures.
 */
async function photo(file: string, when: Date, seed: number): Promise<void> {
  const hue = (seed * 47) % 360;
  const w = 1200;
  const h = 900;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,35%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${300 + (seed % 5) * 120}" cy="${320}" r="${140 + (seed % 3) * 30}" fill="hsl(${(hue + 180) % 360},80%,60%)"/>
    <rect x="${100 + (seed % 4) * 90}" y="560" width="520" height="220" rx="24" fill="hsl(${(hue + 90) % 360},50%,85%)"/>
    <path d="M0 ${h} L${w / 2} ${h * 0.55} L${w} ${h} Z" fill="hsl(${(hue + 30) % 360},40%,25%)" opacity="0.7"/>
  </svg>`;
  const exifDate = `${when.getUTCFullYear()}:${pad(when.getUTCMonth() + 1)}:${pad(when.getUTCDate())} ${pad(when.getUTCHours())}:${pad(when.getUTCMinutes())}:${pad(when.getUTCSeconds())}`;
  const base = await sharp(Buffer.from(svg)).png().toBuffer();
  const grain = await sharp({ create: { width: w, height: h, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .png()
    .toBuffer();
  await sharp(base)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'Bulut', Model: 'E2E Camera' }, IFD2: { DateTimeOriginal: exifDate, OffsetTimeOriginal: '+00:00' } })
    .toFile(file);
}

function db<T>(run: (database: Database.Database) => T): T {
  const database = new Database(path.join(E2E_DATA_DIR, 'bulut.sqlite'));
  try {
    return run(database);
  } finally {
    database.close();
  }
}

/** How many of the account's photos are processed (READY). */
function readyPhotos(email: string): number {
  return db(
    (d) =>
      (d.prepare(`SELECT count(*) AS n FROM file WHERE account_id = (SELECT id FROM account WHERE email = ?) AND media_status = 'READY'`).get(email) as { n: number })
        .n,
  );
}

/**
 * Today's years-ago memories are made once per account and day (docs/decisions.md "For you — foryou"); the schedule
 * may have visited this new account before its photos were processed. Clear that mark, as a next day would.
 */
function allowYearsAgoAgain(email: string): void {
  db((d) => d.prepare('UPDATE foryou_budget SET generated_at = NULL WHERE account_id = (SELECT id FROM account WHERE email = ?)').run(email));
}

async function openFromSideMenu(page: Page, label: string, narrow: boolean) {
  // The menu button's name also carries the unread count (a new account has a welcome notification).
  if (narrow) await page.getByTestId('hamburger').click();
  await page.getByRole('navigation', { name: text('shell:menu_label') }).getByRole('link', { name: label, exact: true }).click();
}

test('for you: a years-ago memory plays as a story; a collage made from an event is saved to Files', async ({ page, request }, info) => {
  // Uploads, processing and generation (collages render with sharp) on a shared two-core machine.
  test.setTimeout(840_000);
  const narrow = (info.project.use.viewport?.width ?? 1280) < 768;
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);

  // Three photos from today's month-day three years ago (a memory), and an afternoon's six (an event: a collage).
  const now = new Date();
  const threeYearsAgo = now.getUTCFullYear() - 3;
  const dir = path.resolve(import.meta.dirname, `../.tmp/foryou-${info.project.name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const [index, hour] of [9, 12, 17].entries()) {
    const file = path.join(dir, `memory-${index + 1}.jpg`);
    await photo(file, new Date(Date.UTC(threeYearsAgo, now.getUTCMonth(), now.getUTCDate(), hour, 10 * index)), index);
    files.push(file);
  }
  for (let index = 0; index < 6; index++) {
    const file = path.join(dir, `picnic-${index + 1}.jpg`);
    // Three days ago: collages are made from events of the last 60 days once they have ended (6 h without photos).
    await photo(file, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 3, 13, index * 12, index)), 10 + index);
    files.push(file);
  }
  await uploadToMyFiles(page, files);
  // Leaving the page before the uploads end would cancel them.
  for (const file of files) await expect(fileRow(page, path.basename(file))).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => readyPhotos(user.email), { timeout: 120_000, intervals: [1_000] }).toBe(files.length);
  allowYearsAgoAgain(user.email);

  // For You from the side menu: the memory is there (it is made when the page first asks for it today).
  await openFromSideMenu(page, text('shell:menu_foryou'), narrow);
  await expect(page).toHaveURL(/\/main\/foryou$/);
  const title = foryouText('title.yearsAgo', { year: threeYearsAgo });
  const memory = page.getByRole('region', { name: foryouText('row.yearsAgo'), exact: true }).getByRole('button', { name: startsWith(`${title}, `) });
  await expect(async () => {
    await page.reload();
    await expect(memory).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });

  await expectAccessible(page, 'for you rows', info);

  // It plays as a story: the progress runs and moves on by itself, arrow keys step, close returns to the card.
  await memory.click();
  const player = page.getByRole('dialog', { name: title, exact: true });
  await expect(player).toBeVisible();
  await expect(player.getByRole('img', { name: 'memory-1.jpg', exact: true })).toBeVisible();
  await expectAccessible(page, 'story player', info);
  const position = (current: number) => foryouText('player_position', { current, total: 3 });
  await expect(player.getByTestId('story-position')).toHaveText(position(1));
  // The first bar fills (a transform on its fill), then the story moves on to the second photo.
  const firstFill = player.getByTestId('story-progress').locator(':scope > span').first().locator('span');
  await expect.poll(() => firstFill.evaluate((el) => (el as HTMLElement).style.transform)).not.toBe('scaleX(0)');
  await expect(player.getByTestId('story-position')).toHaveText(position(2), { timeout: 10_000 });
  await player.getByRole('button', { name: foryouText('player_pause'), exact: true }).click();
  await page.keyboard.press('ArrowRight');
  await expect(player.getByTestId('story-position')).toHaveText(position(3));
  await expect(player.getByRole('img', { name: 'memory-3.jpg', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(player.getByTestId('story-position')).toHaveText(position(1));
  await player.getByRole('button', { name: foryouText('close'), exact: true }).click();
  await expect(player).toBeHidden();
  await expect(memory).toBeFocused();

  // The event's collage (generated by the job once the photos settle): wait for it (through the API, then reloading
  // the screen until it shows it), then save it.
  await untilApi<{ items: unknown[] }>(request, await apiSignIn(request, user), '/api/foryou/collages/generated', (body) => body.items.length > 0, 240_000);
  const collages = page.getByRole('region', { name: foryouText('row.collages'), exact: true });
  await expect(async () => {
    await page.reload();
    await expect(collages.getByTestId('foryou-card').first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 240_000, intervals: [5_000] });
  await collages.getByTestId('foryou-card').first().click();
  const viewer = page.getByTestId('media-viewer');
  await expect(viewer.getByRole('img')).toBeVisible();
  await expect.poll(() => viewer.getByRole('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await viewer.getByRole('button', { name: foryouText('save'), exact: true }).click();
  const savedName = new RegExp(`^${foryouText('kind.COLLAGE')} \\d{4}-\\d{2}-\\d{2}(?: \\(\\d+\\))?\\.(?:jpg|webp)`);
  const toast = page.getByTestId('toast').filter({ hasText: foryouText('show_in_files') });
  await expect(toast).toBeVisible();
  const name = (await toast.textContent())?.match(savedName.source.replace('^', ''))?.[0];
  expect(name, 'the toast names the saved file').toBeTruthy();
  await expect(viewer.getByRole('button', { name: foryouText('saved'), exact: true })).toBeVisible();
  await viewer.getByRole('button', { name: foryouText('close'), exact: true }).click();

  // It is a file in Files now.
  await openFromSideMenu(page, text('shell:menu_files'), narrow);
  await expect(fileRow(page, name!)).toBeVisible({ timeout: 30_000 });
});
