import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { expectAccessible } from './a11y.js';
import { createAccount, createFolder, failOnPageErrors, fileRow, sessionToken, signIn, startsWith, text, uploadToMyFiles } from './support.js';

failOnPageErrors();

// Issue 33: office documents open in the embedded editor, are saved through the WOPI host in their own format, keep
// versions, and open read-only for a share's viewers.

async function newFromMenu(page: Page, entry: 'files:new_document' | 'files:new_spreadsheet') {
  await page.goto('/main/files');
  await expect(page.getByRole('region', { name: text('files:title'), exact: true })).toBeVisible();
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
  await page.getByRole('menuitem', { name: text(entry) }).click();
  const editor = page.getByTestId('office-editor');
  await expect(editor).toHaveAttribute('data-mode', 'edit', { timeout: 90_000 });
  return editor;
}

test('NEW → Document: type a sentence, save, reload and see it; Versions restores the blank document', async ({ browser }, info) => {
  test.setTimeout(360_000);
  const { baseURL, viewport, hasTouch } = info.project.use;
  // axe is injected as an inline script, which the app's CSP forbids; reduced motion so it never measures a fade.
  const context = await browser.newContext({ baseURL, viewport, hasTouch, bypassCSP: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    const user = await createAccount(page.request);
    await signIn(page, user.email, user.password);
    const editor = await newFromMenu(page, 'files:new_document');
    const body = editor.getByRole('textbox', { name: text('office:document_label') });
    await expect(body).toBeVisible();
    await expectAccessible(page, 'office document editor', info);

    const sentence = `Kapadokya'da balon turu sabah beşte başlıyor (${info.project.name}).`;
    await body.click();
    await page.keyboard.type(sentence);
    await expect(editor.getByTestId('office-save-state')).toHaveText(text('office:state_dirty'));
    await editor.getByRole('button', { name: text('office:save'), exact: true }).click();
    await expect(editor.getByTestId('office-save-state')).toHaveText(text('office:state_saved'));

    await page.reload();
    await expect(page.getByTestId('office-editor')).toHaveAttribute('data-mode', 'edit', { timeout: 90_000 });
    await expect(page.getByRole('textbox', { name: text('office:document_label') })).toContainText(sentence);

    // Back in the listing: Versions lists the blank document the save replaced; restoring it brings it back.
    await page.getByRole('button', { name: text('common:close'), exact: true }).click();
    const name = `${text('files:untitled_document')}.docx`;
    await expect(fileRow(page, name)).toBeVisible();
    await fileRow(page, name).getByRole('button', { name: text('files:item_menu', { name }) }).click();
    await page.getByRole('menuitem', { name: text('files:action_versions') }).click();
    const dialog = page.getByRole('dialog', { name: text('files:versions_title') });
    await expect(dialog.getByTestId('version-row')).toHaveCount(1);
    await dialog.getByTestId('version-restore').click();
    await expect(page.getByTestId('toast').getByText(text('files:versions_restored'))).toBeVisible();
    await expect(dialog).toBeHidden();

    await fileRow(page, name).click();
    const reopened = page.getByRole('textbox', { name: text('office:document_label') });
    await expect(page.getByTestId('office-editor')).toHaveAttribute('data-mode', 'edit', { timeout: 90_000 });
    await expect(reopened).toBeVisible();
    await expect(reopened).not.toContainText('Kapadokya');
  } finally {
    await context.close();
  }
});

test('NEW → Spreadsheet: a formula follows its input, and the result is saved', async ({ page }) => {
  test.setTimeout(360_000);
  const user = await createAccount(page.request);
  await signIn(page, user.email, user.password);
  const editor = await newFromMenu(page, 'files:new_spreadsheet');
  const formula = editor.getByRole('textbox', { name: text('office:formula_bar') });
  const cell = (ref: string) => editor.locator(`[data-ref="${ref}"]`);

  const enter = async (ref: string, value: string) => {
    await cell(ref).click();
    await formula.fill(value);
    await formula.press('Enter');
  };
  await enter('A1', '4');
  await enter('A2', '5');
  await enter('B1', '=A1*A2+1');
  await expect(cell('B1')).toHaveText('21');
  // The input changes: the result follows.
  await enter('A1', '10');
  await expect(cell('B1')).toHaveText('51');
  await cell('B1').click();
  await expect(formula).toHaveValue('=A1*A2+1');

  await editor.getByRole('button', { name: text('office:save'), exact: true }).click();
  await expect(editor.getByTestId('office-save-state')).toHaveText(text('office:state_saved'));
  await page.reload();
  await expect(page.getByTestId('office-editor')).toHaveAttribute('data-mode', 'edit', { timeout: 90_000 });
  await expect(page.locator('[data-ref="B1"]')).toHaveText('51');
});

/** A small OpenDocument spreadsheet as LibreOffice writes one (mimetype first and stored, OpenFormula, repeated rows). */
function odsFile(path: string): string {
  const ns =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"';
  const cell = (v: number) => `<table:table-cell office:value-type="float" office:value="${v}"><text:p>${v}</text:p></table:table-cell>`;
  const content =
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content ${ns} office:version="1.3"><office:body><office:spreadsheet><table:table table:name="Bütçe">` +
    `<table:table-row>${cell(4)}${cell(3)}<table:table-cell table:formula="of:=[.A1]*[.B1]" office:value-type="float" office:value="12"><text:p>12</text:p></table:table-cell></table:table-row>` +
    '<table:table-row table:number-rows-repeated="1048575"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>' +
    '</table:table></office:spreadsheet></office:body></office:document-content>';
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">' +
    '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  fs.writeFileSync(path, zipSync({ mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }], 'content.xml': strToU8(content), 'META-INF/manifest.xml': strToU8(manifest) }));
  return path;
}

test('an uploaded .ods opens in the editor: a formula follows its input and the save stays OpenDocument', async ({ page }, info) => {
  test.setTimeout(360_000);
  const user = await createAccount(page.request);
  await signIn(page, user.email, user.password);
  await uploadToMyFiles(page, [odsFile(info.outputPath('butce.ods'))]);
  await fileRow(page, 'butce.ods').click();
  const editor = page.getByTestId('office-editor');
  await expect(editor).toHaveAttribute('data-mode', 'edit', { timeout: 90_000 });
  const formula = editor.getByRole('textbox', { name: text('office:formula_bar') });
  const cell = (ref: string) => editor.locator(`[data-ref="${ref}"]`);
  await expect(cell('C1')).toHaveText('12');
  await cell('A1').click();
  await formula.fill('10');
  await formula.press('Enter');
  await expect(cell('C1')).toHaveText('30');
  await editor.getByRole('button', { name: text('office:save'), exact: true }).click();
  await expect(editor.getByTestId('office-save-state')).toHaveText(text('office:state_saved'));

  // What was stored: still an OpenDocument package, the formula in OpenFormula with its new result.
  const token = await sessionToken(page);
  const listing = await (await page.request.get('/api/filesystem?size=50', { headers: { 'x-auth-token': token } })).json();
  const uuid = listing.fileList.find((f: { name: string }) => f.name === 'butce.ods').uuid as string;
  const config = await (await page.request.get(`/api/office/files/${uuid}`, { headers: { 'x-auth-token': token } })).json();
  const stored = Buffer.from(await (await page.request.get(`/api/wopi/files/${uuid}/contents?access_token=${encodeURIComponent(config.accessToken)}`)).body());
  expect(stored.subarray(30, 38).toString()).toBe('mimetype');
  await page.reload();
  await expect(page.getByTestId('office-editor')).toHaveAttribute('data-mode', 'edit', { timeout: 90_000 });
  await expect(page.locator('[data-ref="C1"]')).toHaveText('30');
  await page.locator('[data-ref="C1"]').click();
  await expect(page.getByRole('textbox', { name: text('office:formula_bar') })).toHaveValue('=A1*B1');
});

test('a viewer of a shared folder and a public link’s visitor open its document read-only', async ({ page, browser, baseURL }) => {
  test.setTimeout(360_000);
  const owner = await createAccount(page.request);
  const viewer = await createAccount(page.request);
  await signIn(page, owner.email, owner.password);
  const token = await sessionToken(page);
  const folder = await createFolder(page.request, token, 'Ortak belgeler');
  const created = await page.request.post('/api/office/files', {
    headers: { 'x-auth-token': token },
    data: { documentType: 'WORD', parentFolderUuid: folder, name: 'Toplantı notları' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const shared = await page.request.post('/api/shares', {
    headers: { 'x-auth-token': token },
    data: { items: [folder], invitees: [viewer.email], type: 'VIEWER', duration: 'UNLIMITED' },
  });
  expect(shared.status(), await shared.text()).toBe(200);

  const viewerContext = await browser.newContext({ baseURL });
  const viewerPage = await viewerContext.newPage();
  try {
    await signIn(viewerPage, viewer.email, viewer.password);
    await viewerPage.goto('/main/shares?tab=withMe');
    const item = viewerPage.getByRole('list', { name: text('shares:tab_with_me') }).getByRole('listitem').filter({ hasText: 'Ortak belgeler' });
    await item.getByRole('button', { name: startsWith(text('shares:open_named', { name: 'Ortak belgeler', kind: text('files:kind_folder') })) }).click();
    await viewerPage.getByRole('listitem', { name: startsWith('Toplantı notları.docx, ') }).click();
    const editor = viewerPage.getByTestId('office-editor');
    await expect(editor).toHaveAttribute('data-mode', 'view', { timeout: 90_000 });
    await expect(editor.getByTestId('office-read-only')).toHaveText(text('office:read_only'));
    await expect(editor.getByRole('textbox', { name: text('office:document_label') })).toHaveAttribute('contenteditable', 'false');
    await expect(editor.getByRole('button', { name: text('office:save'), exact: true })).toHaveCount(0);
  } finally {
    await viewerContext.close();
  }

  // A public link to the folder: its visitor, signed out, reads the document in the same editor, read-only.
  const link = await page.request.post('/api/v2/share/public', { headers: { 'x-auth-token': token }, data: { fileUuidList: [folder], isAlbum: false } });
  expect(link.status(), await link.text()).toBe(200);
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto((await link.json()).url);
    await visitor.getByRole('listitem', { name: startsWith('Toplantı notları.docx, ') }).click();
    const editor = visitor.getByTestId('office-editor');
    await expect(editor).toHaveAttribute('data-mode', 'view', { timeout: 90_000 });
    // (The visitor's page follows the browser's language: the document by its test id.)
    await expect(editor.getByTestId('office-document')).toHaveAttribute('contenteditable', 'false');
  } finally {
    await visitorContext.close();
  }
});
