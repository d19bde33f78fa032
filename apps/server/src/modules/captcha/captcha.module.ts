import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../infra/db/schema.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { CaptchaService } from './captcha.service.js';
import { captchaRoutes } from './captcha.routes.js';
import { minutes } from '../../shared/time.js';
import { purgeAccount } from './rate-counter.repository.js';

export const PURGE_CAPTCHAS_SCHEDULE = 'captcha.purge-expired';

export function captchaModule(d: { db: Kysely<DB>; config: Config }): ModuleWith<CaptchaService> {
  const captcha = new CaptchaService(d.db, d.config);
  return {
    name: 'captcha',
    routes: routes(captchaRoutes, { captcha }),
    schedules: [{ name: PURGE_CAPTCHAS_SCHEDULE, everyMs: minutes(60), run: () => captcha.purgeExpired() }],
    tables: ['captcha', 'rate_counter'],
    purgeAccount: (account) => purgeAccount(d.db, account),
    service: captcha,
  };
}
