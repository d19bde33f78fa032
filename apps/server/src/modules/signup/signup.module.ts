import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { AuthService } from '../auth/auth.service.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { EulaService } from '../eula/eula.service.js';
import type { NotificationService } from '../notification/notification.service.js';
import { SignupService } from './signup.service.js';
import { signupRoutes } from './signup.routes.js';

export function signupModule(d: {
  db: Kysely<DB>;
  config: Config;
  messages: MessageJobs;
  auth: AuthService;
  captcha: CaptchaService;
  eula: EulaService;
  notifications: NotificationService;
}): ModuleWith<SignupService> {
  const signup = new SignupService(d);
  return {
    name: 'signup',
    routes: routes(signupRoutes, { signup, authRateLimit: d.config.authRateLimitPerMinute }),
    tables: ['signup_request'],
    service: signup,
  };
}
