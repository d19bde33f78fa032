import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import { PrivateSharesService, type PrivateSharesServiceDeps } from './private-shares.service.js';
import { PrivateSharesViewerService, type PrivateSharesViewerDeps } from './private-shares.viewer.service.js';
import { privateSharesRoutes } from './private-shares.routes.js';
import { privateSharesViewerRoutes } from './private-shares.viewer.routes.js';
import { purgeAccount } from './private-shares.repository.js';
import { exportShares } from './private-shares.export.js';

export const PURGE_SHARES_SCHEDULE = 'shares.purge';

const plugin: FastifyPluginAsyncTypebox<{ shares: PrivateSharesService; viewer: PrivateSharesViewerService }> = async (app, opts) => {
  await app.register(privateSharesRoutes, { shares: opts.shares });
  await app.register(privateSharesViewerRoutes, { viewer: opts.viewer });
};

export function privateSharesModule(d: PrivateSharesServiceDeps & Pick<PrivateSharesViewerDeps, 'media' | 'inline'>): ModuleWith<PrivateSharesService> {
  const shares = new PrivateSharesService(d);
  const viewer = new PrivateSharesViewerService({ db: d.db, media: d.media, inline: d.inline });
  return {
    name: 'private-shares',
    routes: routes(plugin, { shares, viewer }),
    // Access ends at once without it (the policy reads removed_at and expires_at); this only drops old rows.
    schedules: [{ name: PURGE_SHARES_SCHEDULE, everyMs: minutes(60), run: () => shares.purgeOld() }],
    tables: ['share'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    exportAccount: (accountId, archive) => exportShares(d.db, accountId, archive),
    service: shares,
  };
}
