import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { OPS_TOKEN_KEY } from '../api/session';
import { bytes } from '../components/format';
import { ADMIN, DASHBOARD, renderConsole, serveOps } from '../test-support';

// Keys are built in the test; the English strings are what the screen shows (test/setup.ts).
const t = (key: string, values?: Record<string, unknown>): string => String(i18n.t(key as never, values as never));

describe('operator sign-in', () => {
  it('takes the password, then the authenticator code, stores the token per tab and opens the dashboard with the role\'s menu', async () => {
    const seen = serveOps({
      'POST /api/ops/auth/login': ({ body }) =>
        (body as { password: string }).password === 'correct horse battery'
          ? { body: { challenge: 'challenge-1' } }
          : { status: 401, body: { status: 'UNAUTHORIZED', message: 'E-mail or password is wrong.' } },
      'POST /api/ops/auth/totp': ({ body }) =>
        (body as { code: string }).code === '492039'
          ? { body: { token: 'operator-token', operator: { ...ADMIN, role: 'support', permissions: ['ops.self', 'ops.dashboard.read', 'ops.subscriber.read'] } } }
          : { status: 401, body: { status: 'UNAUTHORIZED', message: 'Code is wrong.' } },
      'GET /api/ops/me': ({ headers }) =>
        headers.get('x-auth-token') === 'operator-token'
          ? { body: { ...ADMIN, role: 'support', permissions: ['ops.self', 'ops.dashboard.read', 'ops.subscriber.read'] } }
          : { status: 401, body: { status: 'UNAUTHORIZED', message: 'Session expired or invalid.' } },
      'GET /api/ops/dashboard': () => ({ body: DASHBOARD }),
    });
    const { user, router } = renderConsole('/ops/sign-in');

    await user.type(await screen.findByRole('textbox', { name: t('ops:email') }), 'ada@bulut.example');
    await user.type(screen.getByLabelText(t('ops:password')), 'wrong password!');
    await user.click(screen.getByRole('button', { name: t('ops:continue') }));
    expect(await screen.findByText(t('ops:sign_in_wrong'))).toBeInTheDocument();

    await user.clear(screen.getByLabelText(t('ops:password')));
    await user.type(screen.getByLabelText(t('ops:password')), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: t('ops:continue') }));

    // The code step: six boxes; a wrong code says so and signs nobody in.
    const first = await screen.findByRole('textbox', { name: t('common:otp_digit', { n: 1 }) });
    await user.click(first);
    await user.keyboard('111111');
    expect(await screen.findByText(t('ops:code_wrong'))).toBeInTheDocument();
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();

    await user.click(screen.getByRole('textbox', { name: t('common:otp_digit', { n: 1 }) }));
    await user.keyboard('492039');

    expect(await screen.findByRole('heading', { level: 1, name: t('ops:menu_dashboard') })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ops');
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBe('operator-token');
    expect(localStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
    // The challenge from the password step went with the code.
    expect(seen.filter((r) => r.path === '/api/ops/auth/totp').map((r) => r.body)).toEqual([
      { challenge: 'challenge-1', code: '111111' },
      { challenge: 'challenge-1', code: '492039' },
    ]);
    // A support operator's menu: the dashboard and subscribers, nothing of finance, marketing or admin.
    const menu = within(screen.getByRole('navigation', { name: t('ops:menu_label') }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([t('ops:menu_dashboard'), t('ops:menu_subscribers')]);
    // The figures are there, and the chart's figures are a table for screen readers too.
    expect(await screen.findByText('1,200')).toBeInTheDocument();
    // Issue 35: what storing identical files once saves, beside the storage used.
    expect(screen.getByText(t('ops:dash_saved')).nextElementSibling).toHaveTextContent(bytes(DASHBOARD.storage.savedBytes));
    expect(screen.getByRole('table', { name: t('ops:dash_uploads') })).toBeInTheDocument();
  });

  it('sends a visitor without a session to sign-in, and an ended session (401) back there', async () => {
    serveOps({ 'GET /api/ops/me': () => ({ status: 401, body: { status: 'UNAUTHORIZED', message: 'Session expired or invalid.' } }) });
    const first = renderConsole('/ops/subscribers');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/ops/sign-in'));
    expect(first.router.state.location.search).toBe(`?next=${encodeURIComponent('/ops/subscribers')}`);
    first.unmount();

    sessionStorage.setItem(OPS_TOKEN_KEY, 'expired-token');
    const second = renderConsole('/ops');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/ops/sign-in'));
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
  });
});
