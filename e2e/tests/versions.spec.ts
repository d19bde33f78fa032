import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y.js';
import { failOnPageErrors, fileRow, sessionToken, startWithFiles, text } from './support.js';

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

    // The web's uploads keep both on a name clash; "replace" is what WebDAV and API clients send: through the API.
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
