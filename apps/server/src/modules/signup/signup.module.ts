import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { SignupService } from './signup.service.js';
import { signupRoutes } from './signup.routes.js';

/** The service's own dependencies (auth, captcha, EULA and notification services among them), and the route limit. */
type SignupDeps = ConstructorParameters<typeof SignupService>[0];

export function signupModule(d: SignupDeps & { authRateLimit: number }): ModuleWith<SignupService> {
  const signup = new SignupService(d);
  return {
    name: 'signup',
    routes: routes(signupRoutes, { signup, authRateLimit: d.authRateLimit }),
    tables: ['signup_request'],
    service: signup,
  };
}
