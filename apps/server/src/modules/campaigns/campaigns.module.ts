import { hours } from '../../shared/time.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { campaignsRoutes } from './campaigns.routes.js';
import { CampaignsService, type CampaignsDeps } from './campaigns.service.js';
import * as repo from './campaigns.repository.js';

export const SETTLE_REFERRALS_SCHEDULE = 'campaigns.settle-referrals';

/** Campaign definitions (console), invite friends, the stars campaign and raffle rights (issue 30). */
export function campaignsModule(d: CampaignsDeps): ModuleWith<CampaignsService> {
  const campaigns = new CampaignsService(d);
  return {
    name: 'campaigns',
    routes: routes(campaignsRoutes, { campaigns, publicUrl: d.publicUrl }),
    // Rewards fall due 30 days after a friend joined; a day's precision is plenty, an hour keeps the wait short.
    schedules: [{ name: SETTLE_REFERRALS_SCHEDULE, everyMs: hours(1), run: () => campaigns.settleDue() }],
    tables: ['campaign', 'referral_link', 'referral', 'referral_credit', 'stars_entry'],
    purgeAccount: ({ id }) => repo.purgeAccount(d.db, id, d.clock()),
    service: campaigns,
  };
}
