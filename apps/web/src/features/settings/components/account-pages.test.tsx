import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { renderSignedIn } from '@/test/settings-fixtures';

describe('Account pages', () => {
  it('verifies an e-mail from its link once, signed out too', async () => {
    const { requests } = mockFetch({
      'POST /api/verify/emailAddress': ({ body }) =>
        (body as { token: string }).token === 'good' ? json({ email: 'new@example.com' }) : json({ status: 'INVALID_LINK', message: 'x' }, { status: 400 }),
    });
    const store = createAppStore();
    renderRoutes(createAppRoutes(store), { store, initialEntries: ['/verify/email?token=good'] });
    expect(await screen.findByTestId('verify-done')).toHaveTextContent('Your e-mail address is now new@example.com.');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/verify/emailAddress')).toHaveLength(1);
  });

  it('says when a recovery e-mail link is no longer valid', async () => {
    mockFetch({ 'POST /api/verify/recoveryEmailAddress': () => json({ status: 'LINK_EXPIRED', message: 'expired' }, { status: 400 }) });
    const store = createAppStore();
    renderRoutes(createAppRoutes(store), { store, initialEntries: ['/verify/recovery-email?token=old'] });
    const failed = await screen.findByTestId('verify-failed');
    expect(failed).toHaveTextContent('This link is invalid, expired or already used.');
  });

  it('sends a signed-in user with an older accepted agreement to /update/eula and back once accepted', async () => {
    let approved = false;
    const { user, router, requests } = renderSignedIn('/main/settings?tab=6', {
      'GET /api/eula/check/en': () => json({ approved, eulaId: 7, version: '3' }),
      'GET /api/eula/get/en': () => json({ content: '<p>New terms</p>', id: 7 }),
      'POST /api/eula/approve': () => {
        approved = true;
        return json({});
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/update/eula'));
    expect(await screen.findByText('New terms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/settings'));
    expect(router.state.location.search).toBe('?tab=6');
    expect(requests.find((r) => r.url.pathname === '/api/eula/approve')?.body).toEqual({ eulaId: 7 });
  });

  it('deletes the account only with the password and the typed word, then leaves for the landing page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: vi.fn() });
    const { user, requests } = renderSignedIn('/main/settings?tab=7', {
      'DELETE /api/account/delete': ({ body }) =>
        (body as { password: string }).password === 'Right-pass-1'
          ? json({}, { status: 202 })
          : json({ status: 'INVALID_PASSWORD', message: 'The password is not correct.', field: 'password' }, { status: 400 }),
      'POST /api/auth/logout': () => json({}),
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Delete account' });
    const submit = within(panel).getByRole('button', { name: 'Delete my account permanently' });
    expect(submit).toBeDisabled();
    await user.type(within(panel).getByLabelText('Current password'), 'Wrong-pass');
    await user.type(within(panel).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(submit);
    expect(await within(panel).findByText('The password is wrong.')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Current password'));
    await user.type(within(panel).getByLabelText('Current password'), 'Right-pass-1');
    await user.click(submit);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/index.html'));
    expect(requests.filter((r) => r.url.pathname === '/api/account/delete').at(-1)?.body).toEqual({ password: 'Right-pass-1', confirmation: 'DELETE' });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('permissions switch with the remote-config texts', async () => {
    const { user, requests } = renderSignedIn('/main/settings?tab=3', {
      'GET /api/account/permission/list': () =>
        json([
          { type: 'ETK', isApproved: false, isEditable: true, updatedAt: null },
          { type: 'KVKK', isApproved: true, isEditable: false, updatedAt: 1764000000000 },
        ]),
      'GET /api/remoteconfig': ({ url }) => json({ parameter: url.searchParams.get('parameter'), value: `Text of ${url.searchParams.get('parameter')}` }),
      'POST /api/account/permission/update': () =>
        json([
          { type: 'ETK', isApproved: true, isEditable: true, updatedAt: 1764000000001 },
          { type: 'KVKK', isApproved: true, isEditable: false, updatedAt: 1764000000000 },
        ]),
    });
    const etk = await screen.findByRole('switch', { name: 'Commercial electronic messages' });
    expect(await screen.findByText('Text of etk_permission_description')).toBeInTheDocument();
    expect(screen.getByText('Text of text_etk_and_kvkk')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Processing of personal data' })).toBeDisabled();
    await user.click(etk);
    await waitFor(() => expect(etk).toHaveAttribute('aria-checked', 'true'));
    expect(requests.find((r) => r.url.pathname === '/api/account/permission/update')?.body).toEqual([{ type: 'ETK', isApproved: true }]);
  });
});
