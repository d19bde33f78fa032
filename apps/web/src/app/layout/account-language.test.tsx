import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import arFiles from '@/i18n/locales/ar/files.json';
import arShell from '@/i18n/locales/ar/shell.json';
import { createAppRoutes } from '../router';
import { createAppStore } from '../store';

const arabic = import.meta.glob<Record<string, unknown>>('../../i18n/locales/ar/*.json', { eager: true, import: 'default' });

function signedInAs(language: string | undefined) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  localStorage.setItem('i18nextLng', 'en');
  mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@example.com', status: 'ACTIVE', ...(language ? { language } : {}) }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/eula/check/en': () => json({ approved: true, eulaId: 2, version: '2' }),
    'GET /api/eula/check/ar': () => json({ approved: true, eulaId: 2, version: '2' }),
    'GET /api/filesystem': () => json({ fileList: [], page: 0, size: 50, hasMore: false }),
  });
  const store = createAppStore();
  return renderRoutes(createAppRoutes(store), { store, initialEntries: ['/main/files'] });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the account’s language (issue 26)', () => {
  it('switches a browser showing English to the Arabic the account keeps, right to left, and remembers it here', async () => {
    for (const [path, strings] of Object.entries(arabic)) i18n.addResourceBundle('ar', /([a-z-]+)\.json$/.exec(path)![1]!, strings, true, true);
    expect(i18n.language).toBe('en');
    signedInAs('ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(await screen.findByRole('heading', { level: 1, name: arFiles.title })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: arShell.menu_label });
    expect(within(menu).getByRole('link', { name: arShell.menu_files })).toBeInTheDocument();
    // The next load on this device starts in Arabic before the account answers.
    expect(localStorage.getItem('i18nextLng')).toBe('ar');
  });

  it.each([undefined, 'xx'])('keeps the interface language when the account names %s', async (language) => {
    signedInAs(language);
    expect(await screen.findByRole('heading', { level: 1, name: 'Files' })).toBeInTheDocument();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
