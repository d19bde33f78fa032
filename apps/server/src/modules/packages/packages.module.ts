import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import { packagesRoutes } from './packages.routes.js';
import { PACKAGE_ORDER_PURPOSE } from './packages.payments.js';
import { PackagesService, type PackagesDeps } from './packages.service.js';
import { exportPackages } from './packages.export.js';

export const RENEW_SCHEDULE = 'packages.renew';

export function packagesModule(d: PackagesDeps): ModuleWith<PackagesService> {
  const packages = new PackagesService(d);
  // Quota, authority and subscription change in the transaction that records the capture.
  d.payments.registerPurpose(PACKAGE_ORDER_PURPOSE, {
    onCaptured: (trx, p) => packages.onCaptured(trx, p),
    onFailed: (trx, p) => packages.onFailed(trx, p),
  });
  return {
    name: 'packages',
    routes: routes(packagesRoutes, { packages }),
    schedules: [{ name: RENEW_SCHEDULE, everyMs: minutes(10), run: () => packages.renewDue() }],
    tables: ['package', 'subscription', 'package_order'],
    purgeAccount: (account) => packages.purgeAccount(account.id),
    exportAccount: (accountId) => exportPackages(d.db, accountId),
    service: packages,
  };
}
