import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import { SharesService, type SharesServiceDeps } from './share.service.js';
import { SharedViewerService, type SharedViewerDeps } from './share-viewer.service.js';
import { shareRoutes } from './share.routes.js';
import { shareViewerRoutes } from './share-viewer.routes.js';
import { purgeAccount } from './share.repository.js';

export const PURGE_SHARES_SCHEDULE = 'shares.purge';

const plugin: FastifyPluginAsyncTypebox<{ shares: SharesService; viewer: SharedViewerService }> = async (app, opts) => {
  await app.register(shareRoutes, { shares: opts.shares });
  await app.register(shareViewerRoutes, { viewer: opts.viewer });
};

export function sharesModule(d: SharesServiceDeps & Pick<SharedViewerDeps, 'media' | 'inline'>): ModuleWith<SharesService> {
  const shares = new SharesService(d);
  const viewer = new SharedViewerService({ db: d.db, media: d.media, inline: d.inline });
  return {
    name: 'shares',
    routes: routes(plugin, { shares, viewer }),
    // Access ends at once without it (the policy reads removed_at and expires_at); this only drops old rows.
    schedules: [{ name: PURGE_SHARES_SCHEDULE, everyMs: minutes(60), run: () => shares.purgeOld() }],
    tables: ['share'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    service: shares,
  };
}
