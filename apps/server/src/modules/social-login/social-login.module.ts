import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { SocialLoginService } from './social-login.service.js';
import { socialLoginRoutes } from './social-login.routes.js';
import { minutes } from '../../shared/time.js';
import { purgeAccount as purgeIdentities } from './social-login.repository.js';

export const PURGE_SOCIAL_SCHEDULE = 'social-login.purge-expired';

type SocialDeps = ConstructorParameters<typeof SocialLoginService>[0];

export function socialLoginModule(
  d: SocialDeps & { publicUrl: string | null; authRateLimit: number },
): ModuleWith<SocialLoginService> {
  const social = new SocialLoginService(d);
  return {
    name: 'social-login',
    routes: routes(socialLoginRoutes, { social, publicUrl: d.publicUrl, authRateLimit: d.authRateLimit }),
    schedules: [{ name: PURGE_SOCIAL_SCHEDULE, everyMs: minutes(60), run: () => social.purgeExpired() }],
    tables: ['social_identity', 'social_login_state', 'social_callback'],
    purgeAccount: (account) => purgeIdentities(d.db, account.id),
    service: social,
  };
}
