import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.js';
import { createAccount, createFolder, failOnPageErrors, fileRow, sessionToken, signIn, startsWith, text } from './support.js';

failOnPageErrors();

// Issue 33: office documents open in the embedded editor, are saved through the WOPI host in their own format, keep
// versions, and open read-only for a share's viewers.

async function newFromMenu(page: Page, entry: 'files:new_document' | 'files:new_spreadsheet') {
  await page.goto('/main/files');
  await expect(page.getByRole('region', { name: text('files:title'), exact: true })).toBeVisible();
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
  await page.getByRole('menuitem', { name: text(entry) }).click();
  const editor = page.getByTestId('office-editor');
  await expect(editor).toHaveAttribute('data-mode', 'edit', { timeout: 30_000 });
  return editor;
}

test('NEW → Document: type a sentence, save, reload and see it; Versions restores the blank document', async ({ browser }, info) => {
  test.setTimeout(180_000);
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
    await expect(page.getByTestId('office-editor')).toHaveAttribute('data-mode', 'edit', { timeout: 30_000 });
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
    await expect(page.getByTestId('office-editor')).toHaveAttribute('data-mode', 'edit', { timeout: 30_000 });
    await expect(reopened).toBeVisible();
    await expect(reopened).not.toContainText('Kapadokya');
  } finally {
    await context.close();
  }
});

test('NEW → Spreadsheet: a formula follows its input, and the result is saved', async ({ page }) => {
  test.setTimeout(180_000);
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
  await expect(page.getByTestId('office-editor')).toHaveAttribute('data-mode', 'edit', { timeout: 30_000 });
  await expect(page.locator('[data-ref="B1"]')).toHaveText('51');
});

test('a viewer of a shared folder and a public link’s visitor open its document read-only', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
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
    await expect(editor).toHaveAttribute('data-mode', 'view', { timeout: 30_000 });
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
    await expect(editor).toHaveAttribute('data-mode', 'view', { timeout: 30_000 });
    // (The visitor's page follows the browser's language: the document by its test id.)
    await expect(editor.getByTestId('office-document')).toHaveAttribute('contenteditable', 'false');
  } finally {
    await visitorContext.close();
  }
});
