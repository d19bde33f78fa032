import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppRoutes, patchAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

/** A signed-in landing needs the shell's calls; they answer with an ordinary account. */
const shellCalls: Record<string, MockHandler> = {
  'GET /api/account/info': () => json({ uuid: 'u-1', name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@example.com', status: 'ACTIVE' }),
  'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
  'GET /api/account/authority': () => json([{ type: 'AUTH_PREMIUM_USER' }]),
  'GET /api/notification/communication/fetch': () => json([]),
};

function renderLogin(calls: Record<string, MockHandler>, at = '/') {
  const server = mockFetch({ ...shellCalls, ...calls });
  const store = createAppStore();
  const view = renderRoutes(createAppRoutes(store), { store, initialEntries: [at] });
  return { ...view, ...server };
}

const captchaNotRequired = { 'GET /api/captcha/required': () => json({ captchaRequired: false }) };

describe('LoginScreen', () => {
  it('shows the sign-in form with language picker and sign-up link, without captcha by default', async () => {
    const { requests } = renderLogin(captchaNotRequired);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail or phone number')).toBe(screen.getByRole('textbox', { name: 'E-mail or phone number' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Keep me signed in')).toBe(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/signup');
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/captcha/required')).toBe(true));
    expect(requests.find((r) => r.url.pathname === '/api/captcha/required')?.url.searchParams.get('channel')).toBe('LOGIN');
    expect(screen.queryByRole('img', { name: 'Security code image' })).not.toBeInTheDocument();
  });

  it('shows the captcha when the server requires it and sends the answer with the sign-in', async () => {
    const { user, requests } = renderLogin({
      'GET /api/captcha/required': () => json({ captchaRequired: true }),
      'POST /api/auth/token': () => json({ status: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' }, { status: 401 }),
    });
    const image = await screen.findByRole('img', { name: 'Security code image' });
    expect(image.getAttribute('src')).toMatch(/^\/api\/captcha\/IMAGE\/[0-9a-f-]{36}$/);
    expect(screen.getByRole('textbox', { name: 'Security code' })).toHaveAttribute('placeholder', 'Type the characters you see');

    await user.type(screen.getByRole('textbox', { name: 'E-mail or phone number' }), 'ayse@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the security code.')).toBeInTheDocument();

    const captchaId = image.getAttribute('src')!.split('/').pop();
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '4821');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid username or password.')).toBeInTheDocument();
    const login = requests.find((r) => r.url.pathname === '/api/auth/token');
    expect(login?.headers.get('X-Captcha-Id')).toBe(captchaId);
    expect(login?.headers.get('X-Captcha-Answer')).toBe('4821');
    expect(login?.body).toEqual({ username: 'ayse@example.com', password: 'secret123' });
    // A used challenge is replaced by a new one.
    expect(screen.getByRole('img', { name: 'Security code image' }).getAttribute('src')).not.toContain(captchaId);
  });

  it('turns the captcha on after CAPTCHA_REQUIRED and asks the server again', async () => {
    const { user, requests } = renderLogin({
      ...captchaNotRequired,
      'POST /api/auth/token': () => json({ status: 'CAPTCHA_REQUIRED', message: 'Captcha required.' }, { status: 412 }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail or phone number' }), '5321234567');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('img', { name: 'Security code image' })).toBeInTheDocument();
    expect(screen.getByText('Please complete the security check to continue.')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/captcha/required')).toHaveLength(2));
  });

  it('explains TOO_MANY_REQUESTS', async () => {
    const { user } = renderLogin({
      ...captchaNotRequired,
      'POST /api/auth/token': () => json({ status: 'TOO_MANY_REQUESTS', message: 'Too many requests!' }, { status: 429 }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail or phone number' }), 'ayse@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Please try again in a few minutes.')).toBeInTheDocument();
  });

  it('explains ACCOUNT_LOCKED', async () => {
    const { user } = renderLogin({
      ...captchaNotRequired,
      'POST /api/auth/token': () =>
        json({ status: 'ACCOUNT_LOCKED', message: 'Too many failed sign-ins. Try again later.' }, { status: 429, headers: { 'Retry-After': '60' } }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail or phone number' }), 'ayse@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Too many failed sign-ins for this account. Sign-in is paused for a while; please try again later.'),
    ).toBeInTheDocument();
  });

  it('explains ACCOUNT_SUSPENDED', async () => {
    const { user } = renderLogin({
      ...captchaNotRequired,
      'POST /api/auth/token': () => json({ status: 'ACCOUNT_SUSPENDED', message: 'This account is suspended. Please contact Bulut support.' }, { status: 403 }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail or phone number' }), 'ayse@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This account is suspended. Please contact Bulut support.')).toBeInTheDocument();
  });

  it('stores the session and opens the signed-in area on success', async () => {
    const { user, router, requests } = renderLogin({
      ...captchaNotRequired,
      'POST /api/auth/token': () =>
        json(
          { userUuid: 'u-1', deviceInfo: { uuid: 'd-1', name: 'Chrome on Linux', deviceType: 'WEB' }, latestActivityId: 'a-1' },
          { headers: { 'X-Auth-Token': 'token-1', 'X-Remember-Me-Token': 'rm-1' } },
        ),
    });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail or phone number' }), 'ayse@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/main/files'));
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      deviceInfo: { uuid: 'd-1', name: 'Chrome on Linux', deviceType: 'WEB' },
      latestActivityId: 'a-1',
      _at: 'token-1',
    });
    expect(localStorage.getItem('rememberMeToken')).toBe('rm-1');
    expect(requests.find((r) => r.url.pathname === '/api/auth/token')?.url.searchParams.get('rememberMe')).toBe('true');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Files'));
  });

  const signedIn = {
    ...captchaNotRequired,
    'POST /api/auth/token': () => json({ userUuid: 'u-1', deviceInfo: null, latestActivityId: null }, { headers: { 'X-Auth-Token': 'token-r' } }),
    'GET /api/v1/raffle': () => json({ campaign: null }),
    'GET /api/v1/raffle/rights': () => json({ stars: null, draws: [] }),
  };
  async function signInAt(at: string) {
    const view = renderLogin(signedIn, at);
    await view.user.type(await screen.findByRole('textbox', { name: 'E-mail or phone number' }), 'ayse@example.com');
    await view.user.type(screen.getByLabelText('Password'), 'secret123');
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
    return view;
  }

  it('returns to the raffle-rights page it was opened from (?next=/cekilis-hakki)', async () => {
    const { router } = await signInAt(`/auth/login?next=${encodeURIComponent('/cekilis-hakki')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cekilis-hakki'));
  });

  it.each(['//evil.example/phish', 'https://evil.example/', '/\\evil.example', '/cekilis-hakki.evil.example', 'javascript:alert(1)'])(
    'never follows a return address off the site or off the list (%s): lands on the signed-in area',
    async (next) => {
      const { router } = await signInAt(`/auth/login?next=${encodeURIComponent(next)}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/main/files'));
    },
  );

  it('signs in with no Redux store on the page, and loads the store only for the signed-in shell (issue 17)', async () => {
    const server = mockFetch({
      ...shellCalls,
      ...captchaNotRequired,
      'POST /api/auth/token': () => json({ userUuid: 'u-1', deviceInfo: null, latestActivityId: null }, { headers: { 'X-Auth-Token': 'token-9' } }),
    });
    let storeLoads = 0;
    const loadStore = () => {
      storeLoads += 1;
      return Promise.resolve(createAppStore());
    };
    // As main.tsx renders the app: no Provider around the router.
    const router = createMemoryRouter(createAppRoutes(loadStore), { initialEntries: ['/auth/login'], patchRoutesOnNavigation: patchAppRoutes });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail or phone number' }), 'ayse@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    expect(storeLoads).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Files'));
    expect(storeLoads).toBe(1);
    expect(router.state.location.pathname).toBe('/main/files');
    const signIn = server.requests.find((r) => r.url.pathname === '/api/auth/token');
    expect(signIn?.headers.get('x-client-language')).toBe('en');
    expect(signIn?.headers.get('x-auth-token')).toBeNull();
  });
});
