import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { baseApi, refreshAfterUnauthorized } from './base-api';
import type { ApiError } from './request';
import { getStoredUser, setNavigator } from './session';

const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    testItem: build.query<{ id: string; token: string | null }, string>({ query: (id) => `/items/${id}` }),
    testPublic: build.query<unknown, void>({ query: () => '/public', extraOptions: { public: true } }),
  }),
});

const OLD = 'old-token';
const NEW = 'new-token';

function signIn(options: { rememberMe?: string | null } = {}) {
  localStorage.setItem(
    'user',
    JSON.stringify({ deviceInfo: { uuid: 'd-1', name: 'Chrome on Linux', deviceType: 'WEB' }, latestActivityId: 'a-1', _at: OLD }),
  );
  if (options.rememberMe !== null) localStorage.setItem('rememberMeToken', options.rememberMe ?? 'rm-1');
  localStorage.setItem('userUUID', 'device-uuid');
}

/** Items answer 401 to the old token and 200 to the new one; remember-me rotates both tokens. */
function serverWithExpiredSession(refresh: 'ok' | 'fail' = 'ok') {
  return mockFetch({
    'GET /api/items/a': ({ headers }) => itemResponse('a', headers),
    'GET /api/items/b': ({ headers }) => itemResponse('b', headers),
    'GET /api/items/c': ({ headers }) => itemResponse('c', headers),
    'POST /api/auth/rememberMe': async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (refresh === 'fail') return json({ status: 'UNAUTHORIZED', message: 'Remember-me token revoked' }, { status: 401 });
      return json(
        { deviceInfo: { uuid: 'd-1', name: 'Chrome on Linux', deviceType: 'WEB' }, latestActivityId: 'a-2' },
        { headers: { 'X-Auth-Token': NEW, 'X-Remember-Me-Token': 'rm-2' } },
      );
    },
    'POST /api/auth/logout': () => json({}),
  });
}

function itemResponse(id: string, headers: Headers) {
  const token = headers.get('X-Auth-Token');
  if (token !== NEW) return json({ status: 'UNAUTHORIZED', message: 'Session expired' }, { status: 401 });
  return json({ id, token }, { headers: { 'X-Request-Id': `req-${id}` } });
}

const navigations: string[] = [];

beforeEach(() => {
  navigations.length = 0;
  setNavigator((to) => {
    navigations.push(to);
  });
});

describe('base query', () => {
  it('sends the stored token and the language, and returns data, status and headers', async () => {
    localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: NEW }));
    const { requests } = serverWithExpiredSession();
    const store = createAppStore();
    const result = await store.dispatch(testApi.endpoints.testItem.initiate('a'));
    expect(result.data).toEqual({ id: 'a', token: NEW });
    expect(requests[0]?.headers.get('X-Auth-Token')).toBe(NEW);
    expect(requests[0]?.headers.get('X-Client-Language')).toBe('en');
  });

  it('sends no token on public endpoints and never refreshes for them', async () => {
    signIn();
    const { requests } = mockFetch({ 'GET /api/public': () => json({ status: 'UNAUTHORIZED' }, { status: 401 }) });
    const store = createAppStore();
    const result = await store.dispatch(testApi.endpoints.testPublic.initiate());
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.has('X-Auth-Token')).toBe(false);
    expect((result.error as ApiError).errorStatus).toBe(401);
    expect(getStoredUser()?._at).toBe(OLD);
  });

  it('maps failures to errorStatus, errorData, headers and responseStatus', async () => {
    localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: NEW }));
    mockFetch({
      'GET /api/items/missing': () => json({ status: 'NOT_FOUND', message: 'No such item' }, { status: 404, headers: { 'X-Trace': 't-1' } }),
      'GET /api/items/broken': () => new Response('{not json', { status: 200, headers: { 'content-type': 'application/json' } }),
      'GET /api/items/offline': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const store = createAppStore();
    const missing = await store.dispatch(testApi.endpoints.testItem.initiate('missing'));
    expect(missing.error).toEqual({
      errorStatus: 404,
      errorData: { status: 'NOT_FOUND', message: 'No such item' },
      headers: expect.objectContaining({ 'x-trace': 't-1' }),
      responseStatus: 404,
    });
    const broken = await store.dispatch(testApi.endpoints.testItem.initiate('broken'));
    expect(broken.error).toMatchObject({ errorStatus: 'PARSING_ERROR', errorData: '{not json', responseStatus: 200 });
    const offline = await store.dispatch(testApi.endpoints.testItem.initiate('offline'));
    expect(offline.error).toMatchObject({ errorStatus: 'FETCH_ERROR' });
  });

  it('refreshes once for concurrent 401s, stores the new session and retries each call', async () => {
    signIn();
    const { requests } = serverWithExpiredSession('ok');
    const store = createAppStore();

    const results = await Promise.all(['a', 'b', 'c'].map((id) => store.dispatch(testApi.endpoints.testItem.initiate(id))));

    expect(results.map((result) => result.data)).toEqual([
      { id: 'a', token: NEW },
      { id: 'b', token: NEW },
      { id: 'c', token: NEW },
    ]);
    const refreshes = requests.filter((request) => request.url.pathname === '/api/auth/rememberMe');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.headers.get('X-Remember-Me-Token')).toBe('rm-1');
    expect(refreshes[0]?.headers.get('X-Auth-Token')).toBe(OLD);
    expect(refreshes[0]?.body).toEqual({ uuid: 'device-uuid', name: expect.any(String), deviceType: 'WEB' });
    expect(getStoredUser()).toEqual({
      deviceInfo: { uuid: 'd-1', name: 'Chrome on Linux', deviceType: 'WEB' },
      latestActivityId: 'a-2',
      _at: NEW,
    });
    expect(localStorage.getItem('rememberMeToken')).toBe('rm-2');
    expect(navigations).toEqual([]);
  });

  it('makes requests started during a refresh wait for it and use the new token', async () => {
    signIn();
    const { requests } = serverWithExpiredSession('ok');
    const store = createAppStore();
    const first = store.dispatch(testApi.endpoints.testItem.initiate('a'));
    // Let the first call hit its 401 and take the lock.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = store.dispatch(testApi.endpoints.testItem.initiate('b'));
    const [a, b] = await Promise.all([first, second]);
    expect(a.data?.token).toBe(NEW);
    expect(b.data?.token).toBe(NEW);
    const itemCallsForB = requests.filter((request) => request.url.pathname === '/api/items/b');
    expect(itemCallsForB).toHaveLength(1);
    expect(itemCallsForB[0]?.headers.get('X-Auth-Token')).toBe(NEW);
  });

  it('logs out once when the refresh fails', async () => {
    signIn();
    localStorage.setItem('recentSearches', '["cats"]');
    sessionStorage.setItem('navToPackages', 'true');
    const { requests } = serverWithExpiredSession('fail');
    const store = createAppStore();

    const results = await Promise.all(['a', 'b'].map((id) => store.dispatch(testApi.endpoints.testItem.initiate(id))));

    // Logout resets every cached query, so nothing of the failed calls is left behind.
    expect(results.every((result) => result.data === undefined)).toBe(true);
    expect(requests.filter((request) => request.url.pathname === '/api/auth/rememberMe')).toHaveLength(1);
    expect(requests.filter((request) => request.url.pathname === '/api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('rememberMeToken')).toBeNull();
    expect(localStorage.getItem('recentSearches')).toBeNull();
    expect(sessionStorage.getItem('navToPackages')).toBeNull();
    expect(navigations).toEqual(['/']);
  });

  it('logs out without calling remember-me when no remember-me token is stored', async () => {
    signIn({ rememberMe: null });
    const { requests } = serverWithExpiredSession('ok');
    const store = createAppStore();
    const result = await store.dispatch(testApi.endpoints.testItem.initiate('a'));
    expect(result.data).toBeUndefined();
    expect(requests.some((request) => request.url.pathname === '/api/auth/rememberMe')).toBe(false);
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigations).toEqual(['/']);
  });

  it('shares one refresh between the base query and callers outside RTK Query (the upload engine)', async () => {
    signIn();
    const { requests } = serverWithExpiredSession('ok');
    const store = createAppStore();
    const [query, token] = await Promise.all([
      store.dispatch(testApi.endpoints.testItem.initiate('a')),
      // An upload piece that got 401 with the old token.
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return store.dispatch(refreshAfterUnauthorized(OLD));
      })(),
    ]);
    expect(query.data?.token).toBe(NEW);
    expect(token).toBe(NEW);
    expect(requests.filter((request) => request.url.pathname === '/api/auth/rememberMe')).toHaveLength(1);
    // Already refreshed: a late 401 with the old token just gets the current one, without another refresh.
    expect(await store.dispatch(refreshAfterUnauthorized(OLD))).toBe(NEW);
    expect(requests.filter((request) => request.url.pathname === '/api/auth/rememberMe')).toHaveLength(1);
  });
});
