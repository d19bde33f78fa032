import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSignIn, createAccount, createFolder, listingRow as row, text } from './support.js';

// The link visitor's light page (issue 36): the server sends the folder's name and first items in the HTML.
const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const PHOTO = 'beach-2024-05-01.jpg';
// A name that would be markup if the page pasted it in: it must show as these characters.
const MARKUP_NAME = '<img src=x onerror=alert(1)> notes.txt';
const NOTE = Buffer.from('Pack sunscreen.\n'.repeat(40));

async function upload(request: APIRequestContext, token: string, parent: string, name: string, body: Buffer, contentType: string) {
  const res = await request.put(`/api/upload/${crypto.randomUUID()}`, {
    headers: {
      'x-auth-token': token,
      'content-type': contentType,
      'x-object-meta-parent-uuid': parent,
      'x-object-meta-file-name': encodeURIComponent(name),
      'x-object-meta-favourite': 'false',
      'x-meta-strategy': '0',
      'x-object-meta-device-type': 'WEB',
    },
    data: body,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** An owner's folder with a subfolder, a photo and a note with a hostile name, shared by a public link. */
async function sharedFolder(request: APIRequestContext, label: string, password?: string) {
  const owner = await createAccount(request);
  const token = await apiSignIn(request, owner);
  const top = `Trip ${label}`;
  const topUuid = await createFolder(request, token, top);
  const subUuid = await createFolder(request, token, 'Days', topUuid);
  await upload(request, token, topUuid, PHOTO, fs.readFileSync(path.join(fixtures, PHOTO)), 'image/jpeg');
  await upload(request, token, topUuid, MARKUP_NAME, NOTE, 'text/plain');
  await upload(request, token, subUuid, 'day-one.txt', NOTE, 'text/plain');
  const created = await request.post('/api/v2/share/public', {
    headers: { 'x-auth-token': token },
    data: { fileUuidList: [topUuid], isAlbum: false, ...(password ? { password } : {}) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const url = ((await created.json()) as { url: string }).url;
  if (!password) {
    // The photo's thumbnail is made in the background: the page shows it once it exists.
    const shareToken = new URLSearchParams(url.split('?')[1]).get('token')!;
    await expect
      .poll(
        async () => {
          const page = await (await request.get('/api/share/visitor/files?size=50', { headers: { 'x-share-token': shareToken } })).json();
          return (page.fileList as { name: string; thumbnailUrl: string | null }[]).find((item) => item.name === PHOTO)?.thumbnailUrl ?? null;
        },
        { timeout: 60_000 },
      )
      .not.toBeNull();
  }
  return { top, url };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'en-US' });

  test('the folder’s name and first items are in the page the server sends; folders and the crumbs are plain links', async ({ page, request }, info) => {
    const { top, url } = await sharedFolder(request, `${info.project.name} plain`);
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect((await response!.allHeaders())['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: top })).toBeVisible();
    await expect(page.getByText(text('sharedFiles:item_count', { count: 3 }, 'en'))).toBeVisible();
    for (const name of ['Days', PHOTO, MARKUP_NAME]) await expect(row(page, name)).toBeVisible();
    // The hostile name is text: no element came of it.
    await expect(row(page, MARKUP_NAME).getByText(MARKUP_NAME)).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    // The photo's thumbnail is a plain lazy image with the visitor's thumbnail URL.
    await expect(row(page, PHOTO).locator('img')).toHaveAttribute('loading', 'lazy');

    await row(page, 'Days').getByRole('link').click();
    const crumbs = page.getByRole('navigation', { name: text('files:breadcrumb', {}, 'en') });
    await expect(crumbs.getByRole('listitem')).toHaveText([top, 'Days']);
    await expect(row(page, 'day-one.txt')).toBeVisible();
    await crumbs.getByRole('link', { name: top }).click();
    await expect(row(page, MARKUP_NAME)).toBeVisible();
    await expect(crumbs.getByRole('listitem')).toHaveText([top]);
  });

  test('a password link shows its form, nothing of its content', async ({ page, request }, info) => {
    const { top, url } = await sharedFolder(request, `${info.project.name} locked`, 'open sesame');
    await page.goto(url);
    await expect(page.getByRole('heading', { name: text('sharedFiles:password_title', {}, 'en') })).toBeVisible();
    await expect(page.getByText(top)).toHaveCount(0);
    await expect(page.getByText('Days')).toHaveCount(0);
  });
});

test.describe('with JavaScript', () => {
  test.use({ locale: 'en-US', acceptDownloads: true });

  test('opens a subfolder on the page and downloads a file from it', async ({ page, request }, info) => {
    const { top, url } = await sharedFolder(request, `${info.project.name} js`);
    const documents: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(req.url());
    });
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: top })).toBeVisible();
    await expect(row(page, PHOTO).getByTestId('file-thumbnail')).toHaveAttribute('data-state', 'loaded', { timeout: 60_000 });

    await row(page, 'Days').click();
    const crumbs = page.getByRole('navigation', { name: text('files:breadcrumb', {}, 'en') });
    await expect(crumbs.getByRole('listitem')).toHaveText([top, 'Days']);
    await expect(page).toHaveURL(/[?&]folder=/);
    // The folder came through the page's script, not as a new page.
    expect(documents).toHaveLength(1);

    const note = row(page, 'day-one.txt');
    const [download] = await Promise.all([page.waitForEvent('download'), note.getByRole('button', { name: /day-one\.txt/ }).click()]);
    expect(download.suggestedFilename()).toBe('day-one.txt');
    expect(fs.readFileSync(await download.path()).equals(NOTE)).toBe(true);

    // The browser's back button returns to the link's root.
    await page.goBack();
    await expect(crumbs.getByRole('listitem')).toHaveText([top]);
    await expect(row(page, MARKUP_NAME)).toBeVisible();
  });

  test('the password form opens a protected link on the same page', async ({ page, request }, info) => {
    const { top, url } = await sharedFolder(request, `${info.project.name} unlock`, 'open sesame');
    await page.goto(url);
    const password = page.getByLabel(text('sharedFiles:password_label', {}, 'en'));
    await password.fill('wrong guess');
    await page.getByRole('button', { name: text('sharedFiles:password_submit', {}, 'en') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('sharedFiles:password_wrong', {}, 'en'));
    await password.fill('open sesame');
    await page.getByRole('button', { name: text('sharedFiles:password_submit', {}, 'en') }).click();
    await expect(page.getByRole('heading', { level: 1, name: top })).toBeVisible();
    await expect(row(page, 'Days')).toBeVisible();
    // Into a folder of the protected link: the proof goes along.
    await row(page, 'Days').click();
    await expect(row(page, 'day-one.txt')).toBeVisible();
  });
});
