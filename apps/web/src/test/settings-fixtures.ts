import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

export function accountInfo(fields: Record<string, unknown> = {}) {
  const info: Record<string, unknown> = {
    uuid: 'u-1',
    name: 'Ayşe',
    surname: 'Yılmaz',
    email: 'ayse@example.com',
    emailVerified: true,
    pendingEmail: null,
    phoneNumber: '5321234567',
    phoneVerified: true,
    countryCode: '90',
    address: null,
    birthday: null,
    url: null,
    status: 'ACTIVE',
    language: 'en',
    ...fields,
  };
  return info as typeof info & { pendingEmail: string | null };
}

/** Renders the app at `path` signed in, with the shell's own calls answered and `routes` added. */
export function renderSignedIn(path: string, routes: Record<string, MockHandler> = {}, info = accountInfo()) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'GET /api/account/info': () => json(info),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([{ type: 'AUTH_PREMIUM_USER' }]),
    'GET /api/notification/communication/fetch': () => json([]),
    'GET /api/eula/check/en': () => json({ approved: true, eulaId: 2, version: '2' }),
    ...routes,
  });
  const store = createAppStore();
  return { ...renderRoutes(createAppRoutes(store), { store, initialEntries: [path] }), ...server };
}
