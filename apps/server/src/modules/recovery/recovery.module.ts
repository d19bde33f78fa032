import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import { RecoveryService } from './recovery.service.js';
import { recoveryRoutes } from './recovery.routes.js';
import { purgeAccount as purgeRecoveries } from './recovery.repository.js';

export const PURGE_RECOVERIES_SCHEDULE = 'recovery.purge-stale';

type RecoveryDeps = ConstructorParameters<typeof RecoveryService>[0];

export function recoveryModule(
  d: RecoveryDeps & { authRateLimit: number; publicUrl: string | null },
): ModuleWith<RecoveryService> {
  const recovery = new RecoveryService(d);
  return {
    name: 'recovery',
    routes: routes(recoveryRoutes, { recovery, authRateLimit: d.authRateLimit, publicUrl: d.publicUrl }),
    schedules: [{ name: PURGE_RECOVERIES_SCHEDULE, everyMs: minutes(60), run: () => recovery.purgeStale() }],
    tables: ['password_recovery'],
    purgeAccount: (account) => purgeRecoveries(d.db, account.id),
    service: recovery,
  };
}
