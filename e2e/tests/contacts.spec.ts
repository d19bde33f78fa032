import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.js';
import { createAccount, signIn, text } from './support.js';

// An Android-style export (vCard 2.1, quoted-printable UTF-8) with a Google-style card (3.0) and one broken card.
const FIRST_VCF = [
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C4=B0nce;=C4=B0smail;;;',
  'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C4=B0smail =C4=B0nce',
  'TEL;CELL:05321112233',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Ayşe Yılmaz',
  'N:Yılmaz;Ayşe;;;',
  'TEL;TYPE=CELL:+90 532 123 45 67',
  'EMAIL;TYPE=INTERNET:ayse@example.com',
  'item1.ADR;TYPE=HOME:;;Atatürk Cad. 5;İstanbul;;34000;Türkiye',
  'BDAY:1990-05-17',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'THIS LINE IS BROKEN',
  'END:VCARD',
  '',
].join('\r\n');
const SECOND_VCF = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zeynep Kaya\r\nTEL:05001112233\r\nEND:VCARD\r\n';

// axe is injected as an inline script, which the app's CSP forbids (CSP itself is covered by the server's tests);
// reduced motion: dialogs appear at once, so axe never measures a half-faded colour.
test.use({ bypassCSP: true, reducedMotion: 'reduce' });

const pageErrors: string[] = [];
test.afterEach(() => {
  const errors = pageErrors.splice(0);
  expect(errors, errors.join('\n')).toEqual([]);
});

const versions = (page: Page) => page.getByRole('list', { name: text('contacts:versions_label') }).getByRole('listitem');

async function importFile(page: Page, name: string, body: string) {
  await page.getByTestId('contacts-import-input').setInputFiles({ name, mimeType: 'text/vcard', buffer: Buffer.from(body) });
}

async function search(page: Page, query: string) {
  const box = page.getByRole('searchbox', { name: text('contacts:search_label') });
  await box.fill(query);
}

test('contacts: import a .vcf, browse a version, search with and without dotted İ, open a card, export, restore', async ({ page, request }, info) => {
  test.setTimeout(360_000);
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  const user = await createAccount(request);
  await signIn(page, user.email, user.password);

  await page.goto('/main/contacts');
  await expect(page.getByRole('group', { name: text('contacts:versions_empty_title') })).toBeVisible();
  await expectAccessible(page, 'contacts (empty)', info);

  // Import: two cards kept, the broken one reported by its line.
  await importFile(page, 'contacts.vcf', FIRST_VCF);
  await expect(page.getByText(text('contacts:import_done', { added: 2, merged: 0 }))).toBeVisible();
  await page.getByText(text('contacts:import_problems', { count: 1 })).click();
  await expect(page.getByText(text('contacts:problem_NO_VALUE', { line: 18 }))).toBeVisible();
  await expect(versions(page)).toHaveCount(1);
  await expect(versions(page).first()).toContainText(text('contacts:count', { count: 2 }));
  await expectAccessible(page, 'contacts (versions)', info);

  // Browse the version.
  await versions(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/main\/contacts\/[0-9a-f-]{36}\?date=\d+&count=2$/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('Ayşe Yılmaz');
  await expect(table.getByRole('row').nth(2)).toContainText('İsmail İnce');
  await expectAccessible(page, 'contacts (version)', info);

  // Search: dotted capital İ or plain i find the same contact; clearing returns to the whole list.
  for (const query of ['ismail', 'İSMAİL']) {
    await search(page, query);
    await expect(page.getByRole('status').filter({ hasText: text('contacts:results', { count: 1 }) })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('İsmail İnce');
  }
  await page.getByRole('button', { name: text('contacts:search_clear') }).click();
  await expect(table.getByRole('row')).toHaveCount(3);

  // The full card.
  await table.getByRole('button', { name: 'Ayşe Yılmaz' }).click();
  const card = page.getByRole('dialog', { name: 'Ayşe Yılmaz' });
  await expect(card).toContainText('Atatürk Cad. 5, 34000 İstanbul, Türkiye');
  await expect(card).toContainText('1990-05-17');
  await expect(card).toContainText('ayse@example.com');
  await expectAccessible(page, 'contacts (card)', info);
  await page.keyboard.press('Escape');

  // Export: a vCard 3.0 file with both contacts.
  await page.getByRole('navigation', { name: text('contacts:breadcrumb') }).getByRole('link').click();
  const [download] = await Promise.all([page.waitForEvent('download'), versions(page).first().getByRole('button', { name: new RegExp(`^${text('contacts:export')}`) }).click()]);
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.vcf$/);
  const exported = fs.readFileSync((await download.path())!, 'utf8');
  expect(exported).toContain('VERSION:3.0');
  expect(exported).toContain('FN:İsmail İnce');
  expect(exported).toContain('FN:Ayşe Yılmaz');
  expect(exported).toContain('EMAIL:ayse@example.com');

  // A second import makes a newer version; restoring the first makes it current again, as a new version.
  await importFile(page, 'more.vcf', SECOND_VCF);
  await expect(page.getByText(text('contacts:import_done', { added: 1, merged: 0 }))).toBeVisible();
  await expect(versions(page)).toHaveCount(2);
  await expect(versions(page).first()).toContainText(text('contacts:count', { count: 3 }));
  await versions(page).nth(1).getByRole('button', { name: new RegExp(`^${text('contacts:restore')}`) }).click();
  const confirm = page.getByRole('dialog', { name: text('contacts:restore_title') });
  await confirm.getByRole('button', { name: text('contacts:restore'), exact: true }).click();
  await expect(page.getByText(text('contacts:restore_done'))).toBeVisible();
  await expect(versions(page)).toHaveCount(3);
  await expect(versions(page).first()).toContainText(`${text('contacts:count', { count: 2 })} · ${text('contacts:source_RESTORE')}`);
  await expect(versions(page).first()).toContainText(text('contacts:current'));
});
