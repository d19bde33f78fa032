import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { codeFor, createAccount, newUser, signIn, createFolder, listingRow as row, sessionToken, text } from './support.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const TOP_PHOTOS = ['beach-2024-05-01.jpg', 'lunch-2024-05-01.jpg'];
const SUB_PHOTO = 'snow-2023-12-25.jpg';
const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The entries of a zip (stored or deflated), read from its central directory: name → bytes. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'end of central directory').toBeGreaterThanOrEqual(0);
  let at = zip.readUInt32LE(end + 16);
  const count = zip.readUInt16LE(end + 10);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + compressed);
    if (!name.endsWith('/')) entries.set(name, method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}


/** Uploads fixture photos into a folder through the app and waits for their thumbnails (the owner's own listing). */
async function uploadInto(page: Page, folder: string, names: string[]) {
  await page.goto(`/main/files?folder=${folder}`);
  await page.getByRole('button', { name: text('shell:new'), exact: true }).click();
  await page.getByRole('menuitem', { name: text('files:upload_files') }).click();
  await page.getByTestId('upload-input').setInputFiles(names.map((name) => path.join(fixtures, name)));
  for (const name of names) {
    await expect(row(page, name).getByTestId('file-thumbnail')).toHaveAttribute('data-state', 'loaded', { timeout: 60_000 });
  }
}

/** Sign-up through the screens (the same steps as auth-shell.spec.ts), wherever the form is shown. */
async function signUpInUi(page: Page, user = newUser()) {
  await page.getByRole('textbox', { name: text('auth:email_label'), exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: text('auth:phone_label') }).fill(user.phoneNumber);
  await page.getByLabel(text('auth:password_label'), { exact: true }).fill(user.password);
  const eulaWords = text('auth:eula_accept')
    .split(/<\/?\w+>/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0]!;
  await page.getByRole('checkbox', { name: eulaWords }).check();
  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: text('auth:signup_submit'), exact: true }).click();
  const digit = (n: number) => text('common:otp_digit', { n });
  await expect(page.getByRole('textbox', { name: digit(1), exact: true })).toBeVisible();
  const otp = await codeFor(`+90${user.phoneNumber}`, sentAfter);
  await page.getByRole('textbox', { name: digit(1), exact: true }).click();
  await page.keyboard.type(otp);
  return user;
}

test.describe.configure({ mode: 'serial' });

test('a visitor opens a public folder link, browses, previews, downloads everything, signs up and saves it; then the owner revokes it', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(600_000);
  const owner = await createAccount(request);
  await signIn(page, owner.email, owner.password);
  const ownerToken = await sessionToken(page);
  const auth = { 'x-auth-token': ownerToken };
  const top = `Tatil ${info.project.name}`;
  const topUuid = await createFolder(request, ownerToken, top);
  const subUuid = await createFolder(request, ownerToken, 'Günler', topUuid);
  await uploadInto(page, topUuid, TOP_PHOTOS);
  await uploadInto(page, subUuid, [SUB_PHOTO]);

  const created = await request.post('/api/v2/share/public', { headers: auth, data: { fileUuidList: [topUuid], isAlbum: false } });
  expect(created.status(), await created.text()).toBe(200);
  const link = (await created.json()) as { uuid: string; url: string };
  expect(link.url).toMatch(/^\/sharedFiles\?token=/);

  // A fresh browser: no session, no storage.
  const { baseURL, viewport, hasTouch } = info.project.use;
  // A Turkish browser: a visitor who chose no language gets the browser's (link-visitor.spec.ts covers English).
  const visitorContext = await browser.newContext({ baseURL, viewport, hasTouch, acceptDownloads: true, locale: 'tr-TR' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(link.url);
  // A fresh browser loads every chunk of the page first: slower than the default wait on a busy machine.
  await expect(visitor.getByRole('heading', { name: top })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText(text('sharedFiles:shared_by', { name: 'Deniz' }).replace(/\s*$/, ''), { exact: false })).toBeVisible();
  // Search and NEW are hidden; the light page's header (issue 36, no account card) offers sign-in and sign-up.
  await expect(visitor.getByRole('button', { name: text('shell:new'), exact: true })).toHaveCount(0);
  await expect(visitor.getByTestId('header').getByRole('link', { name: text('sharedFiles:sign_up'), exact: true })).toBeVisible();
  await expect(visitor.getByTestId('header').getByRole('link', { name: text('sharedFiles:sign_in'), exact: true })).toBeVisible();
  await expect(visitor.getByRole('button', { name: text('sharedFiles:download_all') })).toBeVisible();
  if (info.project.name === 'phone') {
    // Spec: the mobile header is 113 px on shared files (its second row holds the two buttons).
    expect((await visitor.getByTestId('header').boundingBox())?.height).toBe(113);
  }

  // The link is one folder: the visitor lands inside it; into its subfolder, and the crumbs (from the folder) lead back.
  for (const name of TOP_PHOTOS) await expect(row(visitor, name).getByTestId('file-thumbnail')).toHaveAttribute('data-state', 'loaded');
  await row(visitor, 'Günler').click();
  await expect(row(visitor, SUB_PHOTO).getByTestId('file-thumbnail')).toHaveAttribute('data-state', 'loaded');
  const crumbs = visitor.getByRole('navigation', { name: text('files:breadcrumb') });
  await expect(crumbs.getByText('Günler')).toBeVisible();
  // The light page's crumbs are links (issue 36).
  await crumbs.getByRole('link', { name: top }).click();
  await expect(row(visitor, TOP_PHOTOS[0]!)).toBeVisible();

  // A photo opens in the app's preview of the link (the light page hands over to it, issue 36), read-only.
  await row(visitor, TOP_PHOTOS[0]!).click();
  const viewer = visitor.getByTestId('shared-preview');
  // The app's first load in this browser (every chunk): the same wait as the page's first load above.
  await expect(viewer.getByRole('img', { name: TOP_PHOTOS[0] })).toBeVisible({ timeout: 30_000 });
  expect(await viewer.getByRole('img', { name: TOP_PHOTOS[0] }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(visitor.getByTestId('viewer-favourite')).toHaveCount(0);
  await visitor.goBack();
  await expect(viewer).toBeHidden();

  // Download All from the link's root: one zip with every photo, byte for byte.
  await visitor.goto(link.url);
  const downloadAll = visitor.getByRole('button', { name: text('sharedFiles:download_all') });
  const [download] = await Promise.all([visitor.waitForEvent('download'), downloadAll.click()]);
  const zip = readZip(fs.readFileSync(await download.path()));
  const byName = new Map([...zip].map(([name, bytes]) => [path.basename(name), sha(bytes)]));
  for (const name of [...TOP_PHOTOS, SUB_PHOTO]) expect(byName.get(name), name).toBe(sha(fs.readFileSync(path.join(fixtures, name))));
  expect([...zip.keys()].some((name) => name.includes('Günler/'))).toBe(true);

  // Save to Bulut without an account: sign-in screen inside the shared layout, then sign-up, then back and saved.
  // On the light page "Save to Bulut" is a link into the app, which takes over (issue 36).
  await visitor.getByRole('link', { name: text('sharedFiles:save_to_bulut') }).click();
  await expect(visitor).toHaveURL(/\/sharedFiles\/login\?token=/);
  await expect(visitor.getByTestId('save-sign-in-note')).toBeVisible();
  await visitor.getByRole('link', { name: text('auth:create_account') }).click();
  await expect(visitor).toHaveURL(/\/sharedFiles\/signup\?token=/);
  const saver = await signUpInUi(visitor);
  await expect(visitor).toHaveURL(/\/sharedFiles\?token=/);
  await expect(visitor.getByTestId('save-shared-success')).toBeVisible({ timeout: 30_000 });
  await visitor.getByRole('link', { name: text('sharedFiles:open_my_files') }).click();
  await expect(row(visitor, top)).toBeVisible();
  await row(visitor, top).click();
  for (const name of TOP_PHOTOS) await expect(row(visitor, name)).toBeVisible();

  // The owner stops sharing: the link answers the friendly not-found page at once.
  const revoked = await request.delete('/api/share/public', { headers: auth, data: { uuids: [link.uuid] } });
  expect(revoked.status(), await revoked.text()).toBe(204);
  await visitor.goto(link.url);
  await expect(visitor.getByRole('heading', { name: text('sharedFiles:not_found_title') })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByRole('link', { name: text('sharedFiles:save_to_bulut') })).toHaveCount(0);

  // The shared-content viewer: the owner shares a photo with the new account privately, then removes them.
  const listing = await (await request.get(`/api/filesystem?parentFolderUuid=${topUuid}&size=50`, { headers: auth })).json();
  const photo = (listing.fileList as { uuid: string; name: string; projectId: string }[]).find((item) => item.name === TOP_PHOTOS[1])!;
  const shared = await request.post('/api/shares', {
    headers: auth,
    data: { items: [photo.uuid], invitees: [saver.email], type: 'VIEWER', duration: 'UNLIMITED' },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  await visitor.goto(`/viewer/file/${photo.uuid}`);
  const frame = visitor.frameLocator('[data-testid="shared-content-frame"]');
  await expect(frame.locator('img')).toBeVisible();
  expect(await frame.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  // Nothing in the frame may run: no scripts, forms or popups (it keeps our origin only for its media's CORP).
  await expect(visitor.getByTestId('shared-content-frame')).toHaveAttribute('sandbox', /^(?!.*allow-(scripts|forms|popups|top-navigation))/);

  const acls = await (await request.get(`/api/v2/files/${photo.projectId}/${photo.uuid}/acls`, { headers: auth })).json();
  const invitee = (acls.items as { subjectType: string; subjectId: string; identifier: string }[]).find((entry) => entry.identifier === saver.email)!;
  const removed = await request.delete(
    `/api/v2/files/${photo.projectId}/${photo.uuid}/acls?subjectType=${invitee.subjectType}&subjectId=${invitee.subjectId}`,
    { headers: auth },
  );
  expect(removed.status(), await removed.text()).toBe(204);
  await visitor.reload();
  await expect(frame.locator('h1')).toBeVisible();
  await expect(frame.locator('img')).toHaveCount(0);
  await visitorContext.close();
});
