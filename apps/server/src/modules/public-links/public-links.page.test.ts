import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile } from '../files/files.fixtures.js';
import { addFolder } from '../upload/upload.fixtures.js';
import { linkApi } from './public-links.fixtures.js';
import { pickLanguage, type ShareStrings } from './public-links.page.js';

// The app's own locale files, as the web build hands them to this page (apps/web/scripts/share-strings.ts).
const LOCALES = fileURLToPath(new URL('../../../../web/src/i18n/locales', import.meta.url));
const LANGUAGES = ['en', 'tr', 'ru', 'uk', 'ar', 'de', 'es', 'ro', 'sq', 'fr', 'ka'];

function localeStrings(): ShareStrings {
  const strings: ShareStrings['strings'] = {};
  for (const language of LANGUAGES) {
    strings[language] = {};
    for (const namespace of ['sharedFiles', 'files', 'common']) {
      const json = JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
      for (const [key, value] of Object.entries(json)) if (typeof value === 'string') strings[language][`${namespace}:${key}`] = value;
    }
  }
  return { languages: Object.fromEntries(LANGUAGES.map((l) => [l, l.toUpperCase()])), rtl: ['ar'], strings };
}

const text = (strings: ShareStrings, language: string, key: string, vars: Record<string, string> = {}) =>
  strings.strings[language]![key]!.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => vars[name] ?? '');
const escaped = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const TEMPLATE =
  '<!doctype html><html lang="tr" dir="ltr"><head><meta name="robots" content="noindex, nofollow"><title>Bulut</title>' +
  '<script type="module" crossorigin src="/assets/share-Ab12.js"></script><link rel="stylesheet" href="/assets/share-Cd34.css"></head>' +
  '<body><div id="share-root"></div></body></html>';

describe('the visitor page’s language', () => {
  const supported = LANGUAGES;
  it.each([
    [undefined, undefined, 'en'],
    [undefined, 'de-DE,de;q=0.9,en;q=0.8', 'de'],
    [undefined, 'ja, fr;q=0.5', 'fr'],
    [undefined, 'en;q=0.2, ar;q=0.9', 'ar'],
    [undefined, 'ja, zh', 'en'],
    ['bulut_lang=tr', 'de-DE', 'tr'],
    ['other=1; bulut_lang=ka', 'de', 'ka'],
    ['bulut_lang=xx', 'ru', 'ru'],
  ])('cookie %j, Accept-Language %j → %s', (cookie, accept, expected) => {
    expect(pickLanguage(cookie, accept, supported)).toBe(expected);
  });
});

describe.each(DIALECTS)('GET /sharedFiles, the visitor page rendered by the server (%s)', (dialect) => {
  let t: TestApp;
  let dist: string;
  let api: ReturnType<typeof linkApi>;
  let owner: { token: string; accountId: string };
  const strings = localeStrings();
  const ids = {} as Record<'trip' | 'sub' | 'evil' | 'plain' | 'many' | 'secret', string>;
  const EVIL = '<img src=x onerror=alert(1)>.txt';
  let folderLink: { uuid: string; token: string };
  let passwordLink: { uuid: string; token: string };

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-share-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Bulut</title></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, 'share.html'), TEMPLATE);
    fs.writeFileSync(path.join(dist, 'share-strings.json'), JSON.stringify(strings));
    t = await startTestApp(dialect, { WEB_DIST_DIR: dist });
    api = linkApi(t);
    owner = await signUp(t);
    ids.trip = await addFolder(t, owner.accountId, 'Trip & Co');
    ids.sub = await addFolder(t, owner.accountId, 'Days', ids.trip);
    ids.evil = (await addFile(t, owner.accountId, EVIL, { parentId: ids.trip, bytes: 2048, contentType: 'text/plain' })).id;
    ids.plain = (await addFile(t, owner.accountId, 'notes.txt', { parentId: ids.trip, bytes: 10, contentType: 'text/plain' })).id;
    ids.many = await addFolder(t, owner.accountId, 'Many');
    for (let i = 0; i < 51; i++) await addFile(t, owner.accountId, `file-${String(i).padStart(2, '0')}.txt`, { parentId: ids.many, bytes: 1 });
    ids.secret = (await addFile(t, owner.accountId, 'secret-plan.txt', { parentId: ids.sub })).id;
    folderLink = await api.owner(owner.token).link({ fileUuidList: [ids.trip], isAlbum: false });
    passwordLink = await api.owner(owner.token).link({ fileUuidList: [ids.sub], isAlbum: false, password: 'open sesame' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = (query: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/sharedFiles?${query}`, headers });

  it('paints the folder’s name and first items in the HTML, names escaped, out of search engines, scripts only from our origin', async () => {
    const res = await page(`token=${folderLink.token}`, { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toMatch(/<h1 id="shared-link-name"[^>]*><bdi>Trip &amp; Co<\/bdi><\/h1>/);
    expect(html).toContain('<title>Trip &amp; Co</title>');
    // Its first items, by name, folders first as the API sorts them.
    const rows = [...html.matchAll(/data-name="([^"]*)"/g)].map((m) => m[1]);
    expect(rows).toEqual(['Days', escaped(EVIL), 'notes.txt']);
    // A name is text, never markup.
    expect(html).toContain(`<bdi>${escaped(EVIL)}</bdi>`);
    expect(html).not.toContain('<img src=x');
    // The subfolder opens on this page; a file hands over to the app's preview.
    expect(html).toContain(`href="/sharedFiles?token=${folderLink.token}&amp;folder=${ids.sub}"`);
    expect(html).toContain(`href="/sharedFiles/preview?token=${folderLink.token}&amp;uuid=${ids.plain}"`);
    expect(html).toContain(escaped(text(strings, 'en', 'sharedFiles:item_count', { count: '3' })));
    expect(html).toContain('2 KB');
    expect(html).toContain(`href="/sharedFiles/save?token=${folderLink.token}"`);
    // No inline script (the CSP forbids it): every script is a file of the build.
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/\ssrc="\/assets\//);
    // The subfolder's content is not on the first page.
    expect(html).not.toContain('secret-plan.txt');
  });

  it('speaks the chosen language (cookie) over the browser’s, Arabic right to left', async () => {
    const german = await page(`token=${folderLink.token}`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body).toContain(escaped(text(strings, 'de', 'sharedFiles:save_to_bulut')));
    const arabic = await page(`token=${folderLink.token}`, { 'accept-language': 'de', cookie: 'bulut_lang=ar' });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain(escaped(text(strings, 'ar', 'sharedFiles:download_all')));
    // Numbers in the language's digits, as the app writes them.
    expect(arabic.body).toContain('٢');
  });

  it('opens a subfolder with its crumbs from the link’s root, and an empty one says so', async () => {
    const res = await page(`token=${folderLink.token}&folder=${ids.sub}`, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<nav class="sh-crumbs" aria-label="Folder path"><ol><li><a href="[^"]+"><bdi>Trip &amp; Co<\/bdi><\/a><\/li><li aria-current="page"><bdi>Days<\/bdi><\/li><\/ol><\/nav>/);
    expect(res.body).toContain('secret-plan.txt');
  });

  it('pages the list by 50 with links that work without a script', async () => {
    const link = await api.owner(owner.token).link({ fileUuidList: [ids.many], isAlbum: false });
    const first = await page(`token=${link.token}`, { 'accept-language': 'en' });
    expect([...first.body.matchAll(/data-testid="file-row"/g)]).toHaveLength(50);
    expect(first.body).toContain(`rel="next" class="sh-button" href="/sharedFiles?token=${link.token}&amp;page=1"`);
    const second = await page(`token=${link.token}&page=1`, { 'accept-language': 'en' });
    expect([...second.body.matchAll(/data-name="([^"]*)"/g)].map((m) => m[1])).toEqual(['file-50.txt']);
    expect(second.body).toContain('rel="prev"');
    expect(second.body).not.toContain('rel="next"');
  });

  it('a password link shows its form and nothing of its content until the request carries a proof', async () => {
    const locked = await page(`token=${passwordLink.token}`, { 'accept-language': 'en' });
    expect(locked.statusCode).toBe(200);
    expect(locked.body).toContain('data-testid="shared-password"');
    expect(locked.body).toContain('data-unlock');
    expect(locked.body).not.toContain('secret-plan.txt');
    expect(locked.body).not.toContain('Days');
    expect(locked.headers['x-robots-tag']).toBe('noindex, nofollow');

    const forged = await page(`token=${passwordLink.token}`, { 'accept-language': 'en', 'x-share-unlock': 'not-a-proof' });
    expect(forged.body).toContain('data-testid="shared-password"');
    expect(forged.body).toContain(escaped(text(strings, 'en', 'sharedFiles:password_expired')));
    expect(forged.body).not.toContain('secret-plan.txt');

    const { unlock } = (await api.visitor(passwordLink.token).unlock('open sesame')).json() as { unlock: string };
    const open = await page(`token=${passwordLink.token}`, { 'accept-language': 'en', 'x-share-unlock': unlock });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('secret-plan.txt');
    // A proof is for its own link only.
    const elsewhere = await page(`token=${folderLink.token}&folder=${ids.sub}`, { 'x-share-unlock': unlock });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('an unknown, malformed or revoked link is the one problem page with 404, still noindex', async () => {
    const revoked = await api.owner(owner.token).link({ fileUuidList: [ids.plain], isAlbum: false });
    expect((await api.owner(owner.token).remove([revoked.uuid])).statusCode).toBe(204);
    for (const query of ['token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '', `token=${'x'.repeat(300)}`, `token=${revoked.token}`]) {
      const res = await page(query, { 'accept-language': 'en' });
      expect(res.statusCode, query).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.body).toContain('data-testid="shared-notFound"');
      expect(res.body).toContain(escaped(text(strings, 'en', 'sharedFiles:not_found_title')));
      expect(res.body).not.toContain('notes.txt');
    }
  });

  it('a folder the link does not reach shows no content: 404 inside the link’s frame', async () => {
    const other = await addFolder(t, owner.accountId, 'Private');
    await addFile(t, owner.accountId, 'private.txt', { parentId: other });
    for (const folder of [other, 'not-a-uuid']) {
      const res = await page(`token=${folderLink.token}&folder=${folder}`, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('data-testid="shared-folder-gone"');
      expect(res.body).not.toContain('private.txt');
    }
  });

  it('the link’s other pages stay the app’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/sharedFiles/login?token=${folderLink.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
