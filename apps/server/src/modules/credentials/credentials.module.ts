import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { minutes } from '../../shared/time.js';
import { CredentialsService } from './credentials.service.js';
import { credentialsRoutes } from './credentials.routes.js';
import { purgeAccount as purgeRecoveryEmailLinks } from './credentials.repository.js';

export const PURGE_RECOVERY_EMAIL_LINKS_SCHEDULE = 'credentials.purge-stale';

type CredentialsDeps = ConstructorParameters<typeof CredentialsService>[0];

export function credentialsModule(
  d: CredentialsDeps & { authRateLimit: number; publicUrl: string | null },
): ModuleWith<CredentialsService> {
  const credentials = new CredentialsService(d);
  return {
    name: 'credentials',
    routes: routes(credentialsRoutes, { credentials, authRateLimit: d.authRateLimit, publicUrl: d.publicUrl }),
    schedules: [{ name: PURGE_RECOVERY_EMAIL_LINKS_SCHEDULE, everyMs: minutes(60), run: () => credentials.purgeStale() }],
    tables: ['recovery_email_token'],
    purgeAccount: (account) => purgeRecoveryEmailLinks(d.db, account.id),
    service: credentials,
  };
}
