import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { i18n } from '@/i18n/i18n';
import kaShell from '@/i18n/locales/ka/shell.json';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

function setup(path: string, routes: Record<string, MockHandler> = {}) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([]),
    'GET /api/notification/communication/fetch': () => json([]),
    ...routes,
  });
  const store = createAppStore();
  return renderRoutes(createAppRoutes(store), { store, initialEntries: [path] });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('not found, signed in', () => {
  it('a path without a screen shows the in-app page inside the shell', async () => {
    setup('/main/no-such-screen');
    expect(await screen.findByRole('group', { name: 'Page not found' })).toBeInTheDocument();
    // The shell stays: its side menu is there.
    expect(screen.getAllByRole('link', { name: 'Files' }).length).toBeGreaterThan(0);
  });

  it('an album id no album can have is not found inside the shell, not a load error', async () => {
    setup('/main/photos/album/xyz', {
      'GET /api/album/xyz': () => json({ status: 'VALIDATION_ERROR', message: 'params/uuid must match format "uuid"', field: 'uuid' }, { status: 400 }),
    });
    expect(await screen.findByRole('group', { name: 'This album doesn’t exist or was deleted.' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Files' }).length).toBeGreaterThan(0);
  });

  it('an unknown path outside the app is the in-app page too, in the interface language', async () => {
    // Tests load English only; this one brings Georgian along.
    i18n.addResourceBundle('ka', 'shell', kaShell);
    await i18n.changeLanguage('ka');
    const { router } = setup('/no/such/page');
    expect(await screen.findByRole('group', { name: 'გვერდი ვერ მოიძებნა' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main/not-found');
  });
});
