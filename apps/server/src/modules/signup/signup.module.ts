import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { SignupService } from './signup.service.js';
import { signupRoutes } from './signup.routes.js';
import { minutes } from '../../shared/time.js';
import { purgeAccount } from './signup.repository.js';

export const PURGE_SIGNUPS_SCHEDULE = 'signup.purge-stale';

/** The service's own dependencies (auth, captcha, EULA and notification services among them), and the route limit. */
type SignupDeps = ConstructorParameters<typeof SignupService>[0];

export function signupModule(d: SignupDeps & { authRateLimit: number }): ModuleWith<SignupService> {
  const signup = new SignupService(d);
  return {
    name: 'signup',
    routes: routes(signupRoutes, { signup, authRateLimit: d.authRateLimit }),
    schedules: [{ name: PURGE_SIGNUPS_SCHEDULE, everyMs: minutes(60), run: () => signup.purgeStale() }],
    tables: ['signup_request'],
    purgeAccount: (account) => purgeAccount(d.db, account),
    service: signup,
  };
}
