import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-route';
import type { ShellHandle } from '@/lib/route-handle';

const inviteHandle: ShellHandle = { pageName: 'inviteFriends', titleKey: 'campaigns:invite_title' };
const starsHandle: ShellHandle = { pageName: 'starsCampaign', titleKey: 'campaigns:stars_title' };

/** /main/inviteFriends (spec 000 §2) and /main/stars-campaign (spec 001 §2). */
export const campaignsRoutes: RouteObject[] = [
  {
    path: 'inviteFriends',
    handle: inviteHandle,
    lazy: lazyScreen(() => import('./components/invite-friends-screen'), (m) => m.InviteFriendsScreen),
  },
  {
    path: 'stars-campaign',
    handle: starsHandle,
    lazy: lazyScreen(() => import('./components/stars-campaign-screen'), (m) => m.StarsCampaignScreen),
  },
];

/** /cekilis-hakki: open to visitors (a sign-in button) and to subscribers (their rights). */
export const loadRaffleScreen = () => import('./components/raffle-screen');
