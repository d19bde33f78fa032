import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { createAppStore } from '@/app/store';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { InviteFriendsScreen } from './components/invite-friends-screen';
import { StarsCampaignScreen } from './components/stars-campaign-screen';
import { RaffleScreen } from './components/raffle-screen';
import { shareIntents } from './share-intents';

const GB = 1024 ** 3;

function setup(ui: React.ReactNode, routes: Record<string, MockHandler>, signedIn = true) {
  if (signedIn) localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
  else localStorage.removeItem('user');
  const { requests } = mockFetch(routes);
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
  return { requests, user: userEvent.setup() };
}

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('InviteFriendsScreen', () => {
  it('shows my link with share intents, the friends who joined as the server masked them, and what I earned', async () => {
    setup(<InviteFriendsScreen />, {
      'GET /api/v1/referral': () =>
        json({
          url: 'https://bulut.example/auth/inviteuser?referrerToken=abc',
          campaign: { id: 'c1', kind: 'REFERRAL', title: 'Invite friends', summary: '', startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2027-01-01T00:00:00.000Z', drawAt: null, rules: { bonusBytes: GB, monthlyCap: 10 } },
          friends: [
            { username: 'Ay*** Ka***', joinedAt: '2026-11-20T10:00:00.000Z', status: 'REWARDED', reason: null, earnedBytes: GB },
            { username: 'Me*** Öz***', joinedAt: '2026-11-25T10:00:00.000Z', status: 'QUALIFIED', reason: null, earnedBytes: 0 },
          ],
          earnedBytes: GB,
        }),
    });
    expect(await screen.findByRole('textbox', { name: 'Your invitation link' })).toHaveValue('https://bulut.example/auth/inviteuser?referrerToken=abc');
    expect(screen.getByText(/You both get 1 GB/)).toBeInTheDocument();
    const share = screen.getByRole('group', { name: 'Share with' });
    expect(within(share).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', expect.stringContaining('https://wa.me/?text='));
    const list = screen.getByTestId('invite-friends-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Ay*** Ka***');
    expect(list).toHaveTextContent('Rewarded (+1 GB)');
    expect(list).toHaveTextContent('Phone verified, reward pending');
    expect(screen.getByTestId('invite-earned')).toHaveTextContent('1 GB');
  });

  it('says so when nobody joined yet', async () => {
    setup(<InviteFriendsScreen />, {
      'GET /api/v1/referral': () => json({ url: 'https://bulut.example/auth/inviteuser?referrerToken=abc', campaign: null, friends: [], earnedBytes: 0 }),
    });
    expect(await screen.findByRole('group', { name: 'No friends yet' })).toBeInTheDocument();
  });
});

describe('StarsCampaignScreen', () => {
  it('generates the link, lists buyers and raffle entries, and opens the sanitised details', async () => {
    const { user } = setup(<StarsCampaignScreen />, {
      'GET /api/v1/stars/link': () => json({ url: 'https://bulut.example/auth/inviteuser?referrerToken=xyz' }),
      'GET /api/v1/stars/participants': () => json({ purchasedOnly: [{ username: 'Ze*** Ak***' }], purchasedAndActivated: [{ username: 'Me*** Öz***' }] }),
      'GET /api/v1/stars/detail': () => json({ content: '<p>Invite and <strong>win</strong></p>' }),
    });
    expect(await screen.findByTestId('stars-bought-list')).toHaveTextContent('Me*** Öz***Ze*** Ak***');
    expect(screen.getByRole('heading', { name: 'Friends who bought a package (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Raffle entries (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate link' }));
    expect(await screen.findByRole('textbox', { name: 'Your invitation link' })).toHaveValue('https://bulut.example/auth/inviteuser?referrerToken=xyz');
    const toggle = screen.getByRole('button', { name: /Campaign details/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByTestId('stars-details')).toContainHTML('<strong>win</strong>');
  });

  it('shows 8101 as "no active campaign", 8102 in the details, and the link error', async () => {
    const { user } = setup(<StarsCampaignScreen />, {
      'GET /api/v1/stars/link': () => json({ status: 8101, message: 'There is no active campaign.' }, { status: 404 }),
      'GET /api/v1/stars/participants': () => json({ status: 8101, message: 'There is no active campaign.' }, { status: 404 }),
      'GET /api/v1/stars/detail': () => json({ status: 8102, message: 'The campaign has no details.' }, { status: 404 }),
    });
    expect(await screen.findByText('There is no active campaign.')).toBeInTheDocument();
    expect(screen.getByTestId('stars-bought-empty')).toHaveTextContent('None of your friends has bought a package yet.');
    expect(screen.getByTestId('stars-entries-empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate link' }));
    expect(await screen.findByTestId('stars-link-error')).toHaveTextContent('The invitation link could not be created. Please try again.');
    await user.click(screen.getByRole('button', { name: /Campaign details/ }));
    expect(await screen.findByText('There are no campaign details.')).toBeInTheDocument();
  });
});

describe('RaffleScreen', () => {
  const raffle = {
    campaign: { id: 'c1', kind: 'STARS', title: 'Stars', summary: 'Invite and win', startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-12-31T00:00:00.000Z', drawAt: '2027-01-05T00:00:00.000Z', content: null, active: true },
  };

  it('shows a visitor the campaign and a sign-in button, without asking for rights', async () => {
    const { requests } = setup(<RaffleScreen />, { 'GET /api/v1/raffle': () => json(raffle) }, false);
    expect(await screen.findByRole('heading', { name: 'Stars' })).toBeInTheDocument();
    // The sign-in comes back here (the auth feature checks the address: login-screen.test).
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login?next=%2Fcekilis-hakki');
    expect(requests.some((r) => r.url.pathname === '/api/v1/raffle/rights')).toBe(false);
  });

  it('shows a subscriber their rights and the draw results', async () => {
    setup(<RaffleScreen />, {
      'GET /api/v1/raffle': () => json(raffle),
      'GET /api/v1/raffle/rights': () =>
        json({ stars: { title: 'Stars', drawAt: '2027-01-05T00:00:00.000Z', rights: 2 }, draws: [{ campaignId: 'd1', enteredAt: '2026-11-10T00:00:00.000Z', drawAt: '2026-11-30T00:00:00.000Z', won: true }] }),
    });
    expect(await screen.findByTestId('raffle-rights-count')).toHaveTextContent('3');
    expect(screen.getByText("Stars: 2 from friends' purchases")).toBeInTheDocument();
    expect(screen.getByText('You won!')).toBeInTheDocument();
  });
});

describe('shareIntents', () => {
  it('puts the message and link in each intent, encoded', () => {
    const intents = shareIntents('https://b.example/auth/inviteuser?referrerToken=a&b', 'Join me:', 'Join');
    expect(intents.sms).toBe('sms:?&body=Join%20me%3A%20https%3A%2F%2Fb.example%2Fauth%2Finviteuser%3FreferrerToken%3Da%26b');
    expect(intents.email).toContain('mailto:?subject=Join&body=');
  });
});
