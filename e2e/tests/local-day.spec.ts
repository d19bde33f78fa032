import { expect, test, type APIRequestContext, type Browser, type TestInfo } from '@playwright/test';
import { createAccount, failOnPageErrors, signIn, text } from './support.js';

// A photo without a capture date is filed under the uploader's LOCAL day (issue 26): at 02:06 in Istanbul it is
// "Today", though it is still the day before in UTC. The server runs on the real clock, so the browser's fixed clock
// is 02:06 on the zone's current date: the day the server reads in the zone is the browser's "today".

failOnPageErrors();

/** An 8×8 PNG (made by sharp): no EXIF, so no capture date. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGM4EaCBFTEMLQkAaplQAc/OcKAAAAAASUVORK5CYII=',
  'base64',
);

/** "YYYY-MM-DD" of an instant on the wall clock of a zone. */
const dayIn = (zone: string, at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);

/** The instant it is 02:06 on the zone's current date. */
function twoOhSixToday(zone: string): number {
  const [y, m, d] = dayIn(zone, Date.now()).split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 2, 6);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(guess)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return guess - (wall - guess);
}

/**
 * Signs in in a browser context of `zone` whose clock stands at 02:06 local, uploads a dateless PNG and expects it on
 * the zone's day, headed "Bugün".
 */
async function uploadAtTwoOhSix(browser: Browser, request: APIRequestContext, info: TestInfo, zone: string) {
  const user = await createAccount(request);
  const { baseURL, viewport, hasTouch } = info.project.use;
  const context = await browser.newContext({ baseURL, viewport, hasTouch, timezoneId: zone });
  const page = await context.newPage();
  // This page is not the fixture's, which failOnPageErrors watches.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  const at = twoOhSixToday(zone);
  await page.clock.setFixedTime(at);
  expect(await page.evaluate(() => [new Date().getHours(), new Date().getMinutes()])).toEqual([2, 6]);

  await signIn(page, user.email, user.password);
  await page.goto('/main/photos/all');
  await expect(page.getByRole('group', { name: text('photos:empty_all_title') })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
  await page.getByRole('menuitem', { name: text('files:upload_files') }).click();
  const name = `ekran-${info.project.name}.png`;
  await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });

  const day = dayIn(zone, at);
  const tile = page.locator(`[data-testid="photo-tile"][data-name="${name}"]`);
  await expect(tile).toHaveAttribute('data-group', day, { timeout: 30_000 });
  await expect(page.locator(`[data-testid="timeline-day"][data-key="${day}"]`).getByRole('heading', { level: 3 })).toHaveText(text('photos:today'));
  await context.close();
  expect(errors, errors.join('\n')).toEqual([]);
}

test('a dateless photo uploaded at 02:06 in Istanbul is under "Bugün"', async ({ browser, request }, info) => {
  test.setTimeout(180_000);
  await uploadAtTwoOhSix(browser, request, info, 'Europe/Istanbul');
});

test('a dateless photo is under "Bugün" in a zone whose date differs from UTC right now', async ({ browser, request }, info) => {
  test.setTimeout(180_000);
  // Istanbul and UTC share a date most of the day; one of these two zones differs from UTC at any hour, so this test
  // fails whenever the server files by the UTC day.
  const utc = dayIn('UTC', Date.now());
  const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => dayIn(z, Date.now()) !== utc)!;
  expect(zone).toBeDefined();
  await uploadAtTwoOhSix(browser, request, info, zone);
});
