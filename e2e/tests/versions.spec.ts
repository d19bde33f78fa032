import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.js';
import { failOnPageErrors, fileRow, sessionToken, startWithFiles, text, uploadToMyFiles } from './support.js';

failOnPageErrors();

// Issue 33: a replaced file keeps its earlier content as a version, which the Versions dialog lists and restores.
test('versions: upload a text file, replace it, open Versions, restore the first', async ({ browser, request }, info) => {
  test.setTimeout(360_000);
  const { baseURL, viewport, hasTouch } = info.project.use;
  // axe is injected as an inline script, which the app's CSP forbids; reduced motion so it never measures a fade.
  const context = await browser.newContext({ baseURL, viewport, hasTouch, bypassCSP: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    const name = `plan-${info.project.name}.txt`;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-versions-')), name);
    const first = 'Birinci sürüm: Kapadokya';
    fs.writeFileSync(file, first);
    await startWithFiles(page, request, [file]);

    // "Replace" as WebDAV and API clients send it: through the API (the web's own question is the next test).
    const second = Buffer.from('İkinci sürüm: Kapadokya, Efes ve Pamukkale');
    const token = await sessionToken(page);
    const put = await request.put(`/api/upload/${crypto.randomUUID()}`, {
      headers: {
        'x-auth-token': token,
        'content-type': 'text/plain',
        'x-object-meta-file-name': encodeURIComponent(name),
        'x-object-meta-parent-uuid': '',
        'x-object-meta-favourite': 'false',
        'x-meta-strategy': '1',
        'x-object-meta-device-type': 'WEB',
      },
      data: second,
    });
    expect(put.status(), await put.text()).toBe(201);
    const uuid = (await put.json()).uuid as string;

    await page.reload();
    await expect(fileRow(page, name)).toBeVisible();
    await fileRow(page, name).getByRole('button', { name: text('files:item_menu', { name }) }).click();
    await page.getByRole('menuitem', { name: text('files:action_versions') }).click();
    const dialog = page.getByRole('dialog', { name: text('files:versions_title') });
    await expect(dialog.getByTestId('version-row')).toHaveCount(1);
    await expect(dialog.getByTestId('versions-space')).toBeVisible();
    await expectAccessible(page, 'versions dialog', info);

    await dialog.getByTestId('version-restore').click();
    await expect(page.getByTestId('toast').getByText(text('files:versions_restored'))).toBeVisible();
    await expect(dialog).toBeHidden();

    // The file holds the first content again; the second is now its one version.
    const h = { 'x-auth-token': token };
    const item = await (await request.get(`/api/filesystem/item/${uuid}`, { headers: h })).json();
    expect(item.bytes).toBe(Buffer.byteLength(first));
    const versions = await (await request.get(`/api/filesystem/item/${uuid}/versions`, { headers: h })).json();
    expect(versions.versionList.map((v: { bytes: number }) => v.bytes)).toEqual([second.length]);
    const content = await request.get(`/api/filesystem/item/${uuid}/versions/${versions.versionList[0].id}`, { headers: h });
    expect(await content.text()).toBe(second.toString());
  } finally {
    await context.close();
  }
});

// Issue 33 on the web: uploading a file whose name is taken asks once; Replace keeps one file, the old content a version.
test('versions: the web asks about a taken name; Replace leaves one file whose Versions list the earlier content', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'one viewport is enough for the upload question');
  test.setTimeout(360_000);
  const { baseURL, viewport, hasTouch } = info.project.use;
  // axe is injected as an inline script, which the app's CSP forbids; reduced motion so it never measures a fade.
  const context = await browser.newContext({ baseURL, viewport, hasTouch, bypassCSP: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    const name = 'gezi-plani.txt';
    const first = 'Birinci sürüm: Kapadokya';
    const second = 'İkinci sürüm: Kapadokya, Efes, Pamukkale ve Likya Yolu';
    const firstFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-replace-')), name);
    const secondFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-e2e-replace-')), name);
    fs.writeFileSync(firstFile, first);
    fs.writeFileSync(secondFile, second);
    await startWithFiles(page, request, [firstFile]);
    const panel = page.getByRole('region', { name: text('upload:panel_label') });
    await panel.getByRole('button', { name: text('upload:close') }).click();

    await uploadToMyFiles(page, [secondFile]);
    const question = page.getByRole('dialog', { name: text('upload:clash_title_single', { name }) });
    await expect(question).toBeVisible();
    await expectAccessible(page, 'upload name clash dialog', info);
    await question.getByRole('button', { name: text('upload:clash_replace') }).click();
    await expect(question).toBeHidden();

    // One file of that name, holding the new content (its size in the row), no numbered copy.
    const row = fileRow(page, name);
    await expect(row).toContainText(`${Buffer.byteLength(second)} B`, { timeout: 30_000 });
    await expect(row).toHaveCount(1);
    await expect(fileRow(page, 'gezi-plani (2).txt')).toHaveCount(0);

    await row.getByRole('button', { name: text('files:item_menu', { name }) }).click();
    await page.getByRole('menuitem', { name: text('files:action_versions') }).click();
    const dialog = page.getByRole('dialog', { name: text('files:versions_title') });
    await expect(dialog.getByTestId('version-row')).toHaveCount(1);
    await expect(dialog.getByTestId('version-row')).toContainText(`${Buffer.byteLength(first)} B`);

    // The server agrees: the version's bytes are the first upload's.
    const token = await sessionToken(page);
    const h = { 'x-auth-token': token };
    const listing = await (await request.get('/api/filesystem?parentFolderUuid=&sortBy=name&sortOrder=ASC&page=0&size=50', { headers: h })).json();
    const items = (listing.fileList as { uuid: string; name: string }[]).filter((item) => item.name.startsWith('gezi-plani'));
    expect(items.map((item) => item.name)).toEqual([name]);
    const versions = await (await request.get(`/api/filesystem/item/${items[0]!.uuid}/versions`, { headers: h })).json();
    const content = await request.get(`/api/filesystem/item/${items[0]!.uuid}/versions/${versions.versionList[0].id}`, { headers: h });
    expect(await content.text()).toBe(first);
  } finally {
    await context.close();
  }
});
