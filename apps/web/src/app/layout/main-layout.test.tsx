import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { takeReturnUrl } from '@/features/auth/return-url';
import { createAppRoutes } from '../router';
import { createAppStore } from '../store';

interface Account {
  status?: 'ACTIVE' | 'READ_ONLY';
  used?: string;
  premium?: boolean;
  unread?: number;
  isFamilyMember?: boolean;
  isFamilyAdmin?: boolean;
}

function server(account: Account = {}, extra: Record<string, MockHandler> = {}) {
  const unread = account.unread ?? 3;
  return mockFetch({
    'GET /api/account/info': () =>
      json({
        uuid: 'u-1',
        name: 'Ayşe',
        surname: 'Yılmaz',
        email: 'ayse@example.com',
        status: account.status ?? 'ACTIVE',
        isFamilyMember: account.isFamilyMember ?? false,
        isFamilyAdmin: account.isFamilyAdmin ?? false,
      }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': account.used ?? '1288490188', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json(account.premium === false ? [] : [{ type: 'AUTH_PREMIUM_USER' }]),
    'GET /api/notification/communication/fetch': () =>
      json(
        Array.from({ length: unread + 1 }, (_, i) => ({
          notificationId: `n-${i}`,
          status: i < unread ? 'UNREAD' : 'READ',
          title: `Title ${i}`,
          body: `Body ${i}`,
          createdDate: '2026-01-05T09:07:00',
        })),
      ),
    ...Object.fromEntries(
      Array.from({ length: unread + 1 }, (_, i) => [`GET /api/notification/communication/read/n-${i}`, () => json({ notificationId: `n-${i}`, status: 'READ' })]),
    ),
    'POST /api/auth/logout': () => json({}),
    ...extra,
  });
}

function signIn() {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  localStorage.setItem('rememberMeToken', 'rm-1');
}

function renderMain(path = '/main') {
  const store = createAppStore();
  return renderRoutes(createAppRoutes(store), { store, initialEntries: [path] });
}

describe('signed-in layout', () => {
  it('sends visitors without a session to the sign-in screen', async () => {
    server();
    mockFetch({ 'GET /api/captcha/required': () => json({ captchaRequired: false }) });
    const { router } = renderMain('/main/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Signing in from here returns to the page asked for.
    expect(takeReturnUrl()).toBe('/main/settings');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens Files from /main, and the side menu links the built sections in spec order', async () => {
    signIn();
    server({}, { 'GET /api/filesystem': () => json({ fileList: [], page: 0, size: 50, hasMore: false }) });
    const { router } = renderMain('/main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/files'));
    expect(await screen.findByRole('region', { name: 'Files' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Files');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    // Only built screens are linked, in spec order (Photos, For You, Files, Discover — ours —, Shares, Trash), nothing dead.
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Photos', 'For You', 'Contacts', 'Files', 'Discover', 'Shares', 'Trash']);
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
  });

  it('opens the NEW menu for ?uploadFile and drops the parameter', async () => {
    signIn();
    server({}, { 'GET /api/filesystem': () => json({ fileList: [], page: 0, size: 50, hasMore: false }) });
    const { router } = renderMain('/main/files?uploadFile');
    expect(await screen.findByRole('menuitem', { name: 'Upload files' })).toHaveTextContent('Upload files');
    expect(screen.getByRole('menuitem', { name: 'Create folder' })).toHaveTextContent('Create folder');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows notifications with the title, side menu and account card', async () => {
    signIn();
    server();
    const { user } = renderMain('/main/notifications');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Notifications'));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByText('Ayşe Yılmaz')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Clear All' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();

    // Opening the notifications marks them read: the unread badge clears.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Account menu/ })).not.toHaveAccessibleName(/unread/));
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    const card = await screen.findByRole('menu', { name: /^Account menu/ });
    // Each part of the card fills in as its own query answers (slow on a loaded machine): wait for each.
    await waitFor(() => expect(within(card).getByRole('menuitem', { name: /^Notifications/ })).toHaveTextContent(/^Notifications$/));
    const usage = await within(card).findByRole('progressbar', { name: 'Storage' });
    await waitFor(() => expect(usage).toHaveTextContent('1.2 GB / 5 GB'));
    expect(usage).toHaveAttribute('aria-valuenow', '24');
    expect(within(card).queryByRole('group', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });

  it('shows the whole e-mail on hover in the side panel and in full in the account card', async () => {
    signIn();
    server();
    const { user } = renderMain('/main/notifications');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    // The narrow side panel may cut the e-mail with an ellipsis: its title holds it whole.
    expect(await within(menu).findByText('ayse@example.com')).toHaveAttribute('title', 'ayse@example.com');
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    const card = await screen.findByRole('menu', { name: /^Account menu/ });
    expect(within(card).getByTestId('account-email')).toHaveTextContent(/^ayse@example\.com$/);
  });

  it('caps the unread badge at 9+ and shows the premium prompt, whose button opens the packages', async () => {
    signIn();
    server({ unread: 12, premium: false });
    const { user, router } = renderMain('/main/trash');
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    const card = await screen.findByRole('menu', { name: /^Account menu/ });
    await waitFor(() => expect(within(card).getByRole('menuitem', { name: /^Notifications/ })).toHaveTextContent('9+'));
    const prompt = await within(card).findByRole('group', { name: 'Upgrade to Premium' });
    expect(prompt).toHaveTextContent('Upgrade to Premium');
    await user.click(within(prompt).getByRole('menuitem', { name: 'See packages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/packages'));
  });

  it('opens Settings on the Profile tab from the account card', async () => {
    signIn();
    server();
    const { user, router } = renderMain('/main/notifications');
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/settings'));
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Settings');
  });

  // The sign-in screen is a lazy chunk that Vitest transforms on first use here: give it more than the 5 s default.
  it('logs out: tells the server, clears stored credentials and returns to sign-in', async () => {
    signIn();
    localStorage.setItem('recentSearches', '["beach"]');
    sessionStorage.setItem('navToPackages', 'true');
    const { requests } = server({}, { 'GET /api/captcha/required': () => json({ captchaRequired: false }) });
    const { user, router } = renderMain('/main/notifications');
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logoutCall = requests.find((r) => r.url.pathname === '/api/auth/logout');
    expect(logoutCall?.headers.get('X-Auth-Token')).toBe('token-1');
    expect(logoutCall?.headers.get('X-Remember-Me-Token')).toBe('rm-1');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('rememberMeToken')).toBeNull();
    expect(localStorage.getItem('recentSearches')).toBeNull();
    expect(sessionStorage.getItem('navToPackages')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('shows the read-only banner, and the full-storage modal above 80 % until dismissed', async () => {
    signIn();
    server({ status: 'READ_ONLY', used: String(Math.round(5368709120 * 0.85)) });
    const { user } = renderMain('/main/notifications');
    expect(await screen.findByText(/Your account is read-only/)).toBeInTheDocument();
    const modal = await screen.findByRole('dialog', { name: 'Your storage is almost full' });
    expect(modal).toHaveTextContent('Your storage is almost full');
    await user.click(within(modal).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sessionStorage.getItem('fullStorageDismissed')).toBe('true');
  });

  it("the full-storage modal's confirm opens the packages", async () => {
    signIn();
    server({ status: 'READ_ONLY', used: String(Math.round(5368709120 * 0.9)) });
    const { user, router } = renderMain('/main/notifications');
    const modal = await screen.findByRole('dialog', { name: 'Your storage is almost full' });
    await user.click(within(modal).getByRole('button', { name: 'Upgrade package' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/packages'));
    expect(sessionStorage.getItem('fullStorageDismissed')).toBe('true');
  });

  it('stores the family flags from the account info', async () => {
    signIn();
    server({ isFamilyAdmin: true });
    renderMain('/main/notifications');
    await waitFor(() => expect(localStorage.getItem('isFamilyMember')).toBe('true'));
    expect(localStorage.getItem('status')).toBe('ACTIVE');
    expect(localStorage.getItem('isFamilyUserMember')).toBeNull();
  });

  it('uses a hamburger with the unread badge under 768 px', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    signIn();
    server({ unread: 10 });
    const { user } = renderMain('/main/trash');
    const hamburger = await screen.findByRole('button', { name: /^Open menu/ });
    await waitFor(() => expect(within(hamburger).getByText('9+')).toBeInTheDocument());
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await user.click(hamburger);
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('on a phone the notifications header has the trash icon (Clear All), and opening them clears the hamburger badge', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    signIn();
    server({ unread: 2 });
    renderMain('/main/notifications');
    const header = await screen.findByTestId('header');
    expect(await within(header).findByRole('button', { name: 'Clear All' })).toBeEnabled();
    const hamburger = within(header).getByRole('button', { name: /^Open menu/ });
    await waitFor(() => expect(hamburger).toHaveAccessibleName('Open menu'));
  });
});
