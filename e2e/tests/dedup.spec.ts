import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { failOnPageErrors, fileRow, startWithFiles, text, uploadToMyFiles } from './support.js';

// Issue 35: uploading again what the account already holds sends no bytes; the panel says how much was skipped.

failOnPageErrors();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-dedup-'));
const folder = ['report.pdf', 'notes.bin', 'clip.bin'].map((name, i) => {
  const file = path.join(tmp, name);
  // The clip is over one 8 MiB piece, so it goes in pieces the first time.
  fs.writeFileSync(file, crypto.randomBytes(i === 2 ? 9 * 1024 * 1024 : 300_000 + i));
  return file;
});

test('re-uploading a folder the account holds sends no byte and shows "already in your Bulut"', async ({ page, request }) => {
  test.setTimeout(240_000);
  await startWithFiles(page, request, folder);
  const panel = page.getByRole('region', { name: text('upload:panel_label') });
  await expect(panel.getByTestId('upload-skipped')).toHaveCount(0);
  await panel.getByRole('button', { name: text('upload:close') }).click();

  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/upload/')) puts.push(r.url());
  });
  await uploadToMyFiles(page, folder);
  // The names are taken (issue 33): keep both, and the second copies get numbered names, at once.
  const clash = page.getByRole('dialog', { name: text('upload:clash_title', { count: folder.length }) });
  await clash.getByRole('button', { name: text('upload:clash_keep_both') }).click();
  for (const file of folder) {
    const { name, ext } = path.parse(file);
    await expect(fileRow(page, `${name} (2)${ext}`)).toBeVisible({ timeout: 30_000 });
  }
  const total = folder.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  const size = new Intl.NumberFormat('tr', { maximumFractionDigits: 1 }).format(total / 1024 ** 2);
  await expect(panel.getByTestId('upload-skipped')).toHaveText(text('upload:already_stored', { size: `${size} MB` }));
  expect(puts).toEqual([]);
});
