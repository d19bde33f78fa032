import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, openAccountCard, signIn } from './support.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-files-'));

function makeFile(name: string, bytes: number): { path: string; sha256: string } {
  const file = path.join(tmp, name);
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'w');
  const chunk = crypto.randomBytes(1024 * 1024);
  for (let written = 0; written < bytes; ) {
    const n = Math.min(chunk.length, bytes - written);
    // vary each MiB so a misplaced piece would change the hash
    chunk.writeUInt32BE(written / (1024 * 1024), 0);
    fs.writeSync(fd, chunk, 0, n);
    hash.update(chunk.subarray(0, n));
    written += n;
  }
  fs.closeSync(fd);
  return { path: file, sha256: hash.digest('hex') };
}

const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const row = (page: Page, name: string) => page.locator(`[data-testid="file-row"][data-name="${name}"]`);

async function openNew(page: Page) {
  const desktop = page.getByTestId('new-button');
  if (await desktop.isVisible()) await desktop.click();
  else await page.getByTestId('new-button-mobile').click();
}

async function usageText(page: Page): Promise<string> {
  await openAccountCard(page);
  const text = (await page.getByTestId('usage-bar').innerText()).trim();
  await page.keyboard.press('Escape');
  return text;
}

test.describe.configure({ mode: 'serial' });

test('files: upload with progress, folders, move, rename, favourite, preview, download, trash and recover', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);
  await page.goto('/main/files');
  await expect(page.getByTestId('files-screen')).toBeVisible();

  const small = makeFile(`note-${info.project.name}.txt`, 3_000);
  const photo = makeFile(`Tatil fotoğrafı-${info.project.name}.bin`, 700_000);
  const big = info.project.name === 'desktop' ? makeFile('big-200MB.bin', 200 * 1024 * 1024) : makeFile('big-24MB.bin', 24 * 1024 * 1024);
  const bigName = path.basename(big.path);

  // several files at once through the NEW menu
  await openNew(page);
  await page.getByTestId('new-upload').click();
  await page.getByTestId('upload-input').setInputFiles([small.path, photo.path, big.path]);
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  const bigItem = page.locator(`[data-testid="upload-item"][data-name="${bigName}"]`);
  const progress = bigItem.getByTestId('upload-progress');
  const percent = async () => Number(await progress.getAttribute('aria-valuenow'));
  // Slow the uplink so the big upload is surely in flight when the connection drops.
  const cdp = await page.context().newCDPSession(page);
  const network = (offline: boolean) =>
    cdp.send('Network.emulateNetworkConditions', { offline, latency: 5, downloadThroughput: -1, uploadThroughput: 12 * 1024 * 1024 });
  await network(false);
  await expect.poll(percent, { timeout: 60_000 }).toBeGreaterThan(10);

  // Cut the connection mid-way: progress stops short of the end; then it comes back and resumes from the server's offset.
  await network(true);
  const cutAt = await percent();
  expect(cutAt).toBeLessThan(100);
  await page.waitForTimeout(3000);
  await expect(bigItem).not.toHaveAttribute('data-status', '3');
  await network(false);
  await expect(bigItem).toHaveAttribute('data-status', '3', { timeout: 180_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The stored file is byte-identical to what was picked.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._at as string);
  const auth = { 'x-auth-token': token };
  const listing = await (await request.get('/api/filesystem?size=50', { headers: auth })).json();
  const stored = listing.fileList.find((f: { name: string }) => f.name === bigName);
  const { projectId } = await (await request.get('/api/account/info', { headers: auth })).json();
  const [link] = await (await request.post('/api/v2/files/_bulk/create-download-url', { headers: auth, data: [{ projectId, uuid: stored.uuid }] })).json();
  const body = await (await request.get(link.url)).body();
  expect(crypto.createHash('sha256').update(body).digest('hex')).toBe(big.sha256);
  await expect(row(page, path.basename(small.path))).toBeVisible();
  await expect(row(page, bigName)).toBeVisible();

  // create a folder, move the note into it, rename the photo, favourite it
  await openNew(page);
  await page.getByTestId('new-folder').click();
  await page.getByTestId('folder-name-input').fill('Belgeler');
  await page.getByTestId('folder-create-submit').click();
  await expect(row(page, 'Belgeler')).toBeVisible();

  await row(page, path.basename(small.path)).click();
  await page.getByTestId('action-move').click();
  await page.locator('[data-testid="move-target"][data-name="Belgeler"]').click();
  await page.getByTestId('move-submit').click();
  await expect(row(page, path.basename(small.path))).toHaveCount(0);

  await row(page, path.basename(photo.path)).click();
  await page.getByTestId('action-rename').click();
  await page.getByTestId('rename-input').fill('Yaz 2026.bin');
  await page.getByTestId('rename-submit').click();
  await expect(row(page, 'Yaz 2026.bin')).toBeVisible();
  await row(page, 'Yaz 2026.bin').click();
  await page.getByTestId('action-favourite').click();

  // preview the text file inside the folder, then download it and compare bytes
  await row(page, 'Belgeler').dblclick();
  await expect(row(page, path.basename(small.path))).toBeVisible();
  await row(page, path.basename(small.path)).dblclick();
  await expect(page.getByTestId('preview')).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('preview-download').click();
  const download = await downloadPromise;
  const saved = path.join(tmp, `dl-${info.project.name}.txt`);
  await download.saveAs(saved);
  expect(sha(saved)).toBe(small.sha256);
  await page.getByTestId('preview-close').click();

  // trash the big file from the root, recover it, trash it again and empty the trash: usage drops
  await page.goto('/main/files');
  const usedWithBig = await usageText(page);
  await row(page, bigName).click();
  await page.getByTestId('action-trash').click();
  await expect(row(page, bigName)).toHaveCount(0);
  await page.goto('/main/trash');
  await page.locator(`[data-testid="trash-row"][data-name="${bigName}"]`).click();
  await page.getByTestId('trash-recover').click();
  await page.goto('/main/files');
  await expect(row(page, bigName)).toBeVisible();
  await row(page, bigName).click();
  await page.getByTestId('action-trash').click();
  await page.goto('/main/trash');
  await page.getByTestId('trash-delete-all').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.locator('[data-testid="trash-row"]')).toHaveCount(0);
  await expect.poll(() => usageText(page)).not.toBe(usedWithBig);
});
