import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { AccountCard } from './account-card';

const stars = (active: boolean) => ({
  campaign: {
    id: 'c-1',
    kind: 'STARS',
    title: 'Stars',
    summary: 'Invite friends who buy a package',
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2026-12-31T00:00:00.000Z',
    drawAt: null,
    content: null,
    active,
  },
});

/** The account card with the shell's calls answered and the raffle call saying whether a stars campaign runs. */
async function openMenu(raffle: unknown) {
  localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  const server = mockFetch({
    'GET /api/account/info': () => json({ uuid: 'u-1', name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@example.com', status: 'ACTIVE' }),
    'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '5368709120' }),
    'GET /api/account/authority': () => json([{ type: 'AUTH_PREMIUM_USER' }]),
    'GET /api/v1/raffle': () => json(raffle),
  });
  const view = renderRoutes(
    [
      { path: '/main/files', element: <AccountCard unreadCount={0} /> },
      { path: '/main/stars-campaign', element: <h1>Stars page</h1> },
    ],
    { initialEntries: ['/main/files'] },
  );
  // Nothing is asked before the menu opens: the card sits on every signed-in screen.
  expect(server.requests.some((r) => r.url.pathname === '/api/v1/raffle')).toBe(false);
  await view.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  await screen.findByRole('menuitem', { name: 'Invite friends' });
  await waitFor(() => expect(server.requests.some((r) => r.url.pathname === '/api/v1/raffle')).toBe(true));
  return { ...view, ...server };
}

describe('the account menu and the stars campaign', () => {
  it('links the stars page while a stars campaign is active', async () => {
    const { user, router } = await openMenu(stars(true));
    await user.click(await screen.findByRole('menuitem', { name: 'Stars campaign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/stars-campaign'));
  });

  it('leaves the entry out when the stars campaign has ended or none exists', async () => {
    for (const raffle of [stars(false), { campaign: null }]) {
      const view = await openMenu(raffle);
      // The answer is in the store (not merely asked for) and the menu is drawn: the entry is absent, not late.
      await waitFor(() => {
        const queries = Object.values(view.store.getState().api.queries);
        expect(queries.some((q) => q?.endpointName === 'getRaffle' && q.status === 'fulfilled')).toBe(true);
      });
      expect(screen.getByRole('menuitem', { name: 'Invite friends' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Stars campaign' })).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
