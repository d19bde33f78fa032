import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { failOnPageErrors, fileRow, startWithFiles, text } from './support.js';

failOnPageErrors();

// Issue 34: moving out. Settings → Connected accounts → "Download all my data": the archive is prepared by the
// server's job, its part downloads from the signed link, and the zip (opened with Info-ZIP's unzip) holds the file.
test('download all my data: request the archive, download its part and find the file in it', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-moving-'));
  const name = `taşınma-${info.project.name}.txt`;
  const content = `Bütün verilerim benimle gelir (${info.project.name})\n`;
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  await startWithFiles(page, request, [file]);

  await page.goto('/main/settings?tab=5');
  const section = page.getByRole('region', { name: text('settings:export_heading') });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: text('settings:export_start') }).click();
  // Progress while the job works, then the part's link (polled; no fixed wait).
  const link = section.getByRole('link', { name: new RegExp(`^${text('settings:export_part', { number: 1, total: 1, size: 'X' }).split('(')[0]!.trim()}`) });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(section.getByRole('status')).toContainText(text('settings:export_status_READY'));

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^bulut-data-\d{4}-\d{2}-\d{2}-1\.zip$/);
  const zip = path.join(dir, 'export.zip');
  await download.saveAs(zip);
  const out = path.join(dir, 'out');
  execFileSync('unzip', ['-qq', zip, '-d', out]);
  expect(fs.readFileSync(path.join(out, 'Files', name), 'utf8')).toBe(content);
  const account = JSON.parse(fs.readFileSync(path.join(out, 'account.json'), 'utf8'));
  expect(account.account.profile.email).toContain('@');

  // A link whose signature was changed opens nothing.
  const href = (await link.getAttribute('href'))!;
  const res = await request.get(href.slice(0, -3) + (href.endsWith('AAA') ? 'BBB' : 'AAA'));
  expect(res.status()).toBe(404);
});

// Issue 34: moving in. A Google Photos Takeout uploaded to Files is imported from its menu; the photo lands in the
// "Google Photos" folder and the Settings section reports the run.
test('import a Google Photos Takeout from its menu in Files', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-takeout-'));
  // A one-photo Takeout: a tiny JPEG and its sidecar, zipped by Info-ZIP.
  const photos = path.join(dir, 'Takeout', 'Google Photos', 'Photos from 2019');
  fs.mkdirSync(photos, { recursive: true });
  const jpeg = Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
  fs.writeFileSync(path.join(photos, 'IMG_20190612_101500.jpg'), jpeg);
  fs.writeFileSync(
    path.join(photos, 'IMG_20190612_101500.jpg.json'),
    JSON.stringify({ title: 'IMG_20190612_101500.jpg', description: 'Boğaz', photoTakenTime: { timestamp: '1560334500' }, geoData: { latitude: 41.0082, longitude: 28.9784 }, favorited: true }),
  );
  const name = `takeout-${info.project.name}.zip`;
  execFileSync('zip', ['-qr', path.join(dir, name), 'Takeout'], { cwd: dir });
  await startWithFiles(page, request, [path.join(dir, name)]);

  await fileRow(page, name).getByRole('button', { name: text('files:item_menu', { name }) }).click();
  await page.getByRole('menuitem', { name: text('files:action_import_photos') }).click();
  await expect(page.getByTestId('toast').getByText(text('files:import_photos_started'))).toBeVisible();

  await page.goto('/main/settings?tab=5');
  const section = page.getByRole('region', { name: text('settings:takeout_heading') });
  await expect(section.getByRole('status')).toContainText(text('settings:takeout_status_DONE'), { timeout: 60_000 });
  await page.goto('/main/files');
  await expect(fileRow(page, 'Google Photos')).toBeVisible();
});

// Issue 34: moving in from Dropbox. The local Dropbox server plays Dropbox's consent page; the import runs as the
// server's job and its files arrive in a "Dropbox" folder.
test('connect Dropbox, start the import, watch it finish and see the files', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-dropbox-'));
  const file = path.join(dir, `yer-${info.project.name}.txt`);
  fs.writeFileSync(file, 'yer tutucu\n');
  await startWithFiles(page, request, [file]);

  await page.goto('/main/settings?tab=5');
  const section = page.getByRole('region', { name: text('settings:dropbox_heading') });
  await section.getByRole('button', { name: text('settings:connect', { provider: 'Dropbox' }) }).click();
  // Dropbox's consent page (the local server's), then back to Settings with the code.
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(section.getByText(text('settings:dropbox_account', { email: 'dropbox.user@example.com' }))).toBeVisible();
  await section.getByRole('button', { name: text('settings:dropbox_start') }).click();
  await expect(section.getByTestId('dropbox-progress')).toBeVisible();
  await expect(section.getByTestId('dropbox-progress').getByRole('status')).toContainText(text('settings:dropbox_status_DONE'), { timeout: 60_000 });

  await page.goto('/main/files');
  // A click opens a row.
  await fileRow(page, 'Dropbox').click();
  await expect(fileRow(page, 'notlar.txt')).toBeVisible();
  await expect(fileRow(page, 'Okul')).toBeVisible();
  await expect(fileRow(page, 'Fotoğraflar')).toBeVisible();
});
